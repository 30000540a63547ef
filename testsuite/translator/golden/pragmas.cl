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
