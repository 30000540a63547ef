// Prototypes, empty and (void) parameter lists, program-scope constants of
// vector and struct type, C++ and CUDA reserved names.
// CHECK: __constant__ clc::float4 weights = clc::float4(0.1f, 0.2f, 0.3f, 0.4f);
__constant float4 weights = (float4)(0.1f, 0.2f, 0.3f, 0.4f);
typedef struct { int2 size; float scale; } params_t;
// CHECK: __constant__ params_t defaults = {clc::int2(4, 4), 0.5f};
__constant params_t defaults = {(int2)(4, 4), 0.5f};
// CHECK: __constant__ clc::int2 corners[2] = {clc::int2(0, 0), clc::int2(1, 1)};
__constant int2 corners[2] = {(int2)(0, 0), (int2)(1, 1)};

// COMPILE: __device__ float helper(float x, const clc::ndrange &clc_ndrange);
// READABLE: __device__ float helper(float x);
float helper(float x);
// COMPILE: extern "C" __global__ void later(float *out, const __grid_constant__ clc::ndrange clc_ndrange);
// READABLE: extern "C" __global__ void later(float *out);
kernel void later(global float *out);

// COMPILE: extern "C" __global__ void no_arguments(const __grid_constant__ clc::ndrange clc_ndrange) {}
// READABLE: extern "C" __global__ void no_arguments(void) {}
kernel void no_arguments(void) {}
// COMPILE: extern "C" __global__ void empty(const __grid_constant__ clc::ndrange clc_ndrange) {}
// READABLE: extern "C" __global__ void empty() {}
kernel void empty() {}

// COMPILE: extern "C" __global__ void later(float *out, const __grid_constant__ clc::ndrange clc_ndrange) {
// READABLE: extern "C" __global__ void later(float *out) {
kernel void later(global float *out) {
  // CHECK: int threadIdx_cl = 1, blockDim_cl = 2, clc_cl = 3;
  int threadIdx = 1, blockDim = 2, clc = 3;
  // COMPILE: out[0] = helper(weights.x * defaults.scale, clc_ndrange) + threadIdx_cl + blockDim_cl + clc_cl + corners[1].y;
  // READABLE: out[0] = helper(weights.x * defaults.scale) + threadIdx_cl + blockDim_cl + clc_cl + corners[1].y;
  out[0] = helper(weights.x * defaults.scale) + threadIdx + blockDim + clc + corners[1].y;
}

// COMPILE: __device__ float helper(float x, const clc::ndrange &clc_ndrange) { return x * clc::get_global_size(clc_ndrange, 0); }
// READABLE: __device__ float helper(float x) { return x * ((size_t)gridDim.x * blockDim.x); }
float helper(float x) { return x * get_global_size(0); }
