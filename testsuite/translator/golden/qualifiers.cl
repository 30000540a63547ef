// Address-space qualifiers, kernels and helpers, const/restrict/volatile.
// CHECK: #include <clc/core.h>
// CHECK: __constant__ float scale = 2.0f;
__constant float scale = 2.0f;
// CHECK: __constant__ int table[4] = {1, 2, 3, 4};
constant int table[4] = {1, 2, 3, 4};

// CHECK: __device__ float twice(const float *p, int i)
float twice(__constant float *p, int i) { return 2.0f * p[i]; }

// (No kernel calls it: compile mode leaves it out, linkage.cl.)
// READABLE: __device__ void store(float *__restrict__ out, volatile int *flag)
void store(__global float *restrict out, __global volatile int *flag) {
  out[0] = 1.0f;
  *flag = 1;
}

// CHECK: extern "C" __global__ void qualifiers(float *out, const float *in, const int *c,
// COMPILE-NEXT: float *__restrict__ r, const __grid_constant__ clc::ndrange clc_ndrange) {
// READABLE-NEXT: float *__restrict__ r) {
__kernel void qualifiers(__global float *out, __global const float *in, __constant int *c,
                         global float *restrict r) {
  // CHECK: float x = in[0];
  __private float x = in[0];
  // CHECK: static const float weights[2] = {0.25f, 0.75f};
  __constant float weights[2] = {0.25f, 0.75f};
  // CHECK: const float *w = weights;
  __constant float *w = weights;
  // CHECK: float *g = out;
  __global float *g = out;
  g[0] = x * scale + w[1] + twice(&scale, 0) + table[c[0]] + r[0];
}
// METADATA: kernel "qualifiers" "qualifiers"
// METADATA-NEXT: arg name="out" type="float*" kind=buffer address=global access=none qualifiers=none size=8 align=8
// METADATA-NEXT: arg name="in" type="float*" kind=buffer address=global access=none qualifiers=const size=8 align=8
// METADATA-NEXT: arg name="c" type="int*" kind=constant_buffer address=constant access=none qualifiers=const size=8 align=8
// METADATA-NEXT: arg name="r" type="float*" kind=buffer address=global access=none qualifiers=restrict size=8 align=8
