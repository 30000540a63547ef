// y = a * x + y: streams 12 bytes per element.
__kernel void saxpy(float a, __global const float *x, __global float *y, uint n) {
  uint i = get_global_id(0);
  if (i < n)
    y[i] = a * x[i] + y[i];
}
