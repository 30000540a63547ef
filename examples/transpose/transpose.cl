// Matrix transpose: `in` has `height` rows of `width` floats, `out` has
// `width` rows of `height` floats. Both kernels run on TILE x ROWS work-groups
// and need width and height to be multiples of TILE.
#define TILE 32
#define ROWS 8 // each work-item moves TILE / ROWS elements

// Reads are coalesced, writes are strided by `height`: slow on a GPU.
__kernel void transpose_naive(__global const float *in, __global float *out, uint width,
                              uint height) {
  uint x = get_group_id(0) * TILE + get_local_id(0);
  uint y = get_group_id(1) * TILE + get_local_id(1);
  for (uint j = 0; j < TILE; j += ROWS)
    out[x * height + y + j] = in[(y + j) * width + x];
}

// Through a tile in local memory, so reads and writes are both coalesced. The
// tile has one padding column (TILE + 1): a column of the tile then falls in
// distinct banks.
__kernel void transpose_tiled(__global const float *in, __global float *out, uint width,
                              uint height) {
  __local float tile[TILE][TILE + 1];
  uint tx = get_local_id(0);
  uint ty = get_local_id(1);
  uint x = get_group_id(0) * TILE + tx;
  uint y = get_group_id(1) * TILE + ty;
  for (uint j = 0; j < TILE; j += ROWS)
    tile[ty + j][tx] = in[(y + j) * width + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  x = get_group_id(1) * TILE + tx;
  y = get_group_id(0) * TILE + ty;
  for (uint j = 0; j < TILE; j += ROWS)
    out[(y + j) * height + x] = tile[tx][ty + j];
}
