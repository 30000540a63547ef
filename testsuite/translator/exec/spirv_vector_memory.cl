// The OpenCL C twin of spirv/vector_memory.spvasm (exec_spirv_test.cpp):
// vector loads and stores, and a half store rounded toward zero.
// COMPILE: clc::vload<4>(i, in)
__kernel void vector_memory(__global const float *in, __global float *out, __global half *halves) {
  size_t i = get_global_id(0);
  float4 v = vload4(i, in);
  vstore4(v * 2.0f, i, out);
  vstore_half_rtz(v.x, i, halves);
}
