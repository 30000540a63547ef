// OpenCL pragma lines: readable output drops them; FP_CONTRACT OFF becomes
// NVRTC's --fmad=false for the program.
// RUN-OPTIONS: -cl-mad-enable
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// READABLE-NOT: #pragma OPENCL
// METADATA: nvrtc_option "--fmad=false"
// METADATA-NOT: --fmad=true
kernel void k(global float *p) {
  // CHECK: p[0] = p[1] * p[2] + p[3];
  p[0] = p[1] * p[2] + p[3];
}

// cl_nv_pragma_unroll: the extension's macro is defined, and #pragma unroll,
// with or without a count, reaches NVRTC (compile mode re-emits what Clang
// consumed, the count evaluated).
#ifndef cl_nv_pragma_unroll
#error "cl_nv_pragma_unroll is claimed"
#endif
#define UNROLL_COUNT 4
kernel void unrolled(global float *p) {
  // CHECK: #pragma unroll 8
  // CHECK: for (int i = 0; i < 32; ++i)
#pragma unroll 8
  for (int i = 0; i < 32; ++i)
    p[i] *= 2.0f;
  // CHECK: #pragma unroll
  // CHECK: for (int j = 0; j < 32; ++j)
#pragma unroll
  for (int j = 0; j < 32; ++j)
    p[j] += 1.0f;
  // A macro as the count is written as its value in both modes: nvcc's host
  // preprocessor leaves a macro in a pragma unexpanded.
  // CHECK: #pragma unroll 4
  // CHECK: for (int k = 0; k < 32; ++k)
#pragma unroll UNROLL_COUNT
  for (int k = 0; k < 32; ++k)
    p[k] -= 3.0f;
  // COMPILE: #pragma unroll 1
  // READABLE: #pragma nounroll
  // CHECK: for (int m = 0; m < 32; ++m)
#pragma nounroll
  for (int m = 0; m < 32; ++m)
    p[m] *= p[m];
}
