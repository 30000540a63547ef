// c = a * b for n x n row-major matrices, n a multiple of TILE: each
// TILE x TILE work-group stages tiles of a and b through local memory.
#define TILE 16

__kernel void sgemm(__global const float *a, __global const float *b, __global float *c, uint n) {
  __local float a_tile[TILE][TILE];
  __local float b_tile[TILE][TILE];
  uint lx = get_local_id(0);
  uint ly = get_local_id(1);
  uint col = get_global_id(0);
  uint row = get_global_id(1);
  float acc = 0.0f;
  for (uint t = 0; t < n; t += TILE) {
    a_tile[ly][lx] = a[row * n + t + lx];
    b_tile[ly][lx] = b[(t + ly) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 0; k < TILE; ++k)
      acc += a_tile[ly][k] * b_tile[k][lx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  c[row * n + col] = acc;
}
