// out = transpose(in) for an n x n matrix, n a multiple of TILE.
#define TILE 32
#define BLOCK_ROWS 8

// One element per thread: reads coalesced, writes strided by n.
extern "C" __global__ void transpose_naive(float *out, const float *in, unsigned n) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  out[x * n + y] = in[y * n + x];
}

// A TILE x TILE tile per 32 x 8 block through shared memory; the padding
// column keeps the transposed reads free of bank conflicts.
extern "C" __global__ void transpose_tiled(float *out, const float *in, unsigned n) {
  __shared__ float tile[TILE][TILE + 1];
  unsigned tile_x = blockIdx.x * TILE;
  unsigned tile_y = blockIdx.y * TILE;
  for (unsigned r = threadIdx.y; r < TILE; r += BLOCK_ROWS)
    tile[r][threadIdx.x] = in[(tile_y + r) * n + tile_x + threadIdx.x];
  __syncthreads();
  for (unsigned r = threadIdx.y; r < TILE; r += BLOCK_ROWS)
    out[(tile_x + r) * n + tile_y + threadIdx.x] = tile[threadIdx.x][r];
}
