// c = a * b for n x n row-major matrices, n a multiple of TILE: each
// TILE x TILE block stages tiles of a and b through shared memory.
#define TILE 16

extern "C" __global__ void sgemm(const float *a, const float *b, float *c, unsigned n) {
  __shared__ float a_tile[TILE][TILE];
  __shared__ float b_tile[TILE][TILE];
  unsigned col = blockIdx.x * TILE + threadIdx.x;
  unsigned row = blockIdx.y * TILE + threadIdx.y;
  float acc = 0.0f;
  for (unsigned t = 0; t < n; t += TILE) {
    a_tile[threadIdx.y][threadIdx.x] = a[row * n + t + threadIdx.x];
    b_tile[threadIdx.y][threadIdx.x] = b[(t + threadIdx.y) * n + col];
    __syncthreads();
    for (unsigned k = 0; k < TILE; ++k)
      acc += a_tile[threadIdx.y][k] * b_tile[k][threadIdx.x];
    __syncthreads();
  }
  c[row * n + col] = acc;
}
