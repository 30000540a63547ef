// The OpenCL C twin of spirv/saxpy.spvasm (exec_spirv_test.cpp).
// COMPILE: y[i] = a * x[i] + y[i];
__kernel void saxpy(float a, __global float *x, __global float *y, uint n) {
  uint i = get_global_id(0);
  if (i < n)
    y[i] = a * x[i] + y[i];
}
