// out = transpose(in) for an n x n matrix, n a multiple of TILE.
#define TILE 32
#define BLOCK_ROWS 8

// One element per work-item: reads coalesced, writes strided by n.
__kernel void transpose_naive(__global float *out, __global const float *in, uint n) {
  uint x = get_global_id(0);
  uint y = get_global_id(1);
  out[x * n + y] = in[y * n + x];
}

// A TILE x TILE tile per 32 x 8 work-group through local memory, so both the
// reads and the writes are coalesced; the extra column keeps the transposed
// reads of the tile free of bank conflicts.
__kernel void transpose_tiled(__global float *out, __global const float *in, uint n) {
  __local float tile[TILE][TILE + 1];
  uint tile_x = get_group_id(0) * TILE;
  uint tile_y = get_group_id(1) * TILE;
  uint lx = get_local_id(0);
  uint ly = get_local_id(1);
  for (uint r = ly; r < TILE; r += BLOCK_ROWS)
    tile[r][lx] = in[(tile_y + r) * n + tile_x + lx];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint r = ly; r < TILE; r += BLOCK_ROWS)
    out[(tile_x + r) * n + tile_y + lx] = tile[lx][r];
}
