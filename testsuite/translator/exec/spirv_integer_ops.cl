// The OpenCL C twin of spirv/integer_ops.spvasm (exec_spirv_test.cpp): signed
// division, remainder and shift, OpenCL.std's s_max and s_abs, a switch, a
// signed comparison, a float4 through fmax and sqrt.
// COMPILE: switch (i & 3) {
__kernel void integer_ops(__global const int *a, __global const int *b, __global int *out,
                          __global float4 *v) {
  size_t i = get_global_id(0);
  int x = a[i], y = b[i];
  int r;
  switch (i & 3) {
  case 0:
    r = x / (y == 0 ? 1 : y);
    break;
  case 1:
    r = x % (y == 0 ? 1 : y);
    break;
  case 2:
    r = max(x, y) + (int)abs(x - y);
    break;
  default:
    r = x >> 3;
    break;
  }
  out[i] = r + (x < y ? 1 : 0);
  v[i] = sqrt(fmax(v[i], (float4)(0.25f)));
}
