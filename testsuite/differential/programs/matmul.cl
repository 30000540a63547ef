// C = A B, row-major: A is M x K, B is K x N. Work-groups of TILE x TILE
// work-items step through K one TILE at a time, with tiles of A and B in
// local memory; each work-item computes four adjacent elements of a row of C
// as a float4, so a group covers TILE rows and 4 x TILE columns.
// M, K and N / 4 must be multiples of TILE.
#define TILE 16

__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1))) void
matmul_float4(__global const float *A, __global const float *B, __global float *C, uint M, uint N,
              uint K) {
  __local float a_tile[TILE][TILE];
  __local float4 b_tile[TILE][TILE];
  uint lx = get_local_id(0);
  uint ly = get_local_id(1);
  uint row = get_global_id(1);
  uint column4 = get_global_id(0); // C[row][4 column4 .. 4 column4 + 3]

  float4 sum = (float4)(0.0f);
  for (uint t = 0; t < K; t += TILE) {
    a_tile[ly][lx] = A[row * K + t + lx];
    b_tile[ly][lx] = vload4(column4, B + (t + ly) * N);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 0; k < TILE; ++k)
      sum += a_tile[ly][k] * b_tile[k][lx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (row < M)
    vstore4(sum, column4, C + row * N);
}
