// Tiled matrix multiply, C = A * B, rows of float4, local tiles.
#define TS 16
// COMPILE: extern "C" __global__ void matmul(const clc::float4 *A, const clc::float4 *B, clc::float4 *C, int N, const __grid_constant__ clc::ndrange clc_ndrange) {
// READABLE: extern "C" __global__ void matmul(const clc::float4 *A, const clc::float4 *B, clc::float4 *C, int N) {
// READABLE: __shared__ clc::float4 Asub[TS][TS / 4];
// COMPILE: __shared__ clc::float4 Asub[16][16 / 4];
// CHECK: clc::float4 acc = clc::float4(0.0f);
// CHECK: acc += a.x * Bsub[4 * k][col] + a.y * Bsub[4 * k + 1][col] + a.z * Bsub[4 * k + 2][col] +
kernel void matmul(global const float4 *A, global const float4 *B, global float4 *C, int N) {
  local float4 Asub[TS][TS / 4];
  local float4 Bsub[TS][TS / 4];
  const int row = get_local_id(1), col = get_local_id(0);
  const int globalRow = TS * get_group_id(1) + row;
  const int globalCol = (TS / 4) * get_group_id(0) + col;
  const int N4 = N / 4;
  float4 acc = (float4)(0.0f);
  for (int t = 0; t < N / TS; t++) {
    for (int c = col; c < TS / 4; c += get_local_size(0))
      Asub[row][c] = A[globalRow * N4 + t * (TS / 4) + c];
    Bsub[row][col] = B[(t * TS + row) * N4 + globalCol];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TS / 4; k++) {
      float4 a = Asub[row][k];
      acc += a.x * Bsub[4 * k][col] + a.y * Bsub[4 * k + 1][col] + a.z * Bsub[4 * k + 2][col] +
             a.w * Bsub[4 * k + 3][col];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[globalRow * N4 + globalCol] = acc;
}
