// Kernel attributes go to __launch_bounds__ and the metadata; GNU attributes
// CUDA knows stay; unroll hints become #pragma unroll.
typedef struct __attribute__((packed)) { char c; int i; } packed_t;
// CHECK: typedef struct __attribute__((packed)) { char c; int i; } packed_t;
typedef struct { float4 v; } __attribute__((aligned(32))) aligned_t;
// CHECK: typedef struct { clc::float4 v; } __attribute__((aligned(32))) aligned_t;

// CHECK: __device__ __attribute__((always_inline)) float helper(float x) { return x * 2.0f; }
__attribute__((always_inline)) float helper(float x) { return x * 2.0f; }

// READABLE: extern "C" __global__ __launch_bounds__(256) void tuned(float *out, const __grid_constant__ clc::ndrange clc_ndrange) {
// COMPILE: extern "C" __global__ __launch_bounds__(256)
// COMPILE: void tuned(float *out, const __grid_constant__ clc::ndrange clc_ndrange) {
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
__attribute__((work_group_size_hint(8, 8, 1))) __attribute__((vec_type_hint(float4)))
void tuned(__global float *out) {
  float sum = 0.0f;
  // CHECK: #pragma unroll 4
  // READABLE-NEXT: for (int i = 0; i < 16; ++i)
  // COMPILE: for (int i = 0; i < 16; ++i)
  __attribute__((opencl_unroll_hint(4)))
  for (int i = 0; i < 16; ++i)
    sum += helper(i);
  // CHECK: #pragma unroll
  // READABLE-NEXT: for (int j = 0; j < 4; ++j)
  // COMPILE: for (int j = 0; j < 4; ++j)
#pragma unroll
  for (int j = 0; j < 4; ++j)
    sum += j;
  out[get_global_id(0)] = sum + sizeof(packed_t) + sizeof(aligned_t);
}
// METADATA: kernel "tuned" "tuned"
// METADATA-NEXT: reqd_work_group_size 16 16 1
// METADATA-NEXT: work_group_size_hint 8 8 1
// METADATA-NEXT: vec_type_hint "float4"
