// Kernel attributes go to __launch_bounds__ and the metadata; GNU attributes
// CUDA knows stay; unroll hints become #pragma unroll.
typedef struct __attribute__((packed)) { char c; int i; } packed_t;
// CHECK: typedef struct __attribute__((packed)) { char c; int i; } packed_t;
typedef struct { float4 v; } __attribute__((aligned(32))) aligned_t;
// CHECK: typedef struct { clc::float4 v; } __attribute__((aligned(32))) aligned_t;

// CHECK: __device__ __attribute__((always_inline)) float helper(float x) { return x * 2.0f; }
__attribute__((always_inline)) float helper(float x) { return x * 2.0f; }

// An attribute on a prototype is inherited by the definition, but written
// only on the prototype: each declaration is prefixed where it begins
// (Random123's RotL_64 in PyOpenCL, whose prototype a macro writes), and an
// unused pair is left out of compile mode whole.
#define FORCE_INLINE(decl) decl __attribute__((always_inline))
// CHECK: {{^}}__device__ static __attribute__((noinline)) float rotated(float x);
static __attribute__((noinline)) float rotated(float x);
// CHECK: {{^}}__device__ static inline float rotated(float x) { return -x; }
static inline float rotated(float x) { return -x; }
// READABLE: {{^}}__device__ static inline FORCE_INLINE(float unused_rotated(float x));
// READABLE: {{^}}__device__ static inline float unused_rotated(float x) { return x; }
// COMPILE-NOT: unused_rotated
static inline FORCE_INLINE(float unused_rotated(float x));
static inline float unused_rotated(float x) { return x; }

// READABLE: extern "C" __global__ __launch_bounds__(256) void tuned(float *out) {
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
    sum += helper(i) + rotated(i);
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
