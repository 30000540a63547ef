// A kernel's prototype, `extern` or not, before its definition: CUDA takes
// no storage class after extern "C", so the entry point's `extern` goes.
// COMPILE: extern "C" __global__ void scale(float *data, float factor, const __grid_constant__ clc::ndrange clc_ndrange);
// READABLE: extern "C" __global__ void scale(float *data, float factor);
extern __kernel void scale(__global float *data, float factor);
// COMPILE: extern "C" __global__ void fill(int *data, const __grid_constant__ clc::ndrange clc_ndrange);
// READABLE: extern "C" __global__ void fill(int *data);
__kernel void fill(__global int *data);

// COMPILE: extern "C" __global__ void scale(float *data, float factor, const __grid_constant__ clc::ndrange clc_ndrange) {
// READABLE: extern "C" __global__ void scale(float *data, float factor) {
__kernel void scale(__global float *data, float factor) {
  data[get_global_id(0)] *= factor;
}
__kernel void fill(__global int *data) { data[get_global_id(0)] = 7; }
// METADATA: kernel "scale" "scale"
// METADATA: kernel "fill" "fill"
