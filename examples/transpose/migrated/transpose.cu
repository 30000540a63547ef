#include <clc/core.h>
// Matrix transpose: `in` has `height` rows of `width` floats, `out` has
// `width` rows of `height` floats. Both kernels run on TILE x ROWS work-groups
// and need width and height to be multiples of TILE.
#define TILE 32
#define ROWS 8 // each work-item moves TILE / ROWS elements

// Reads are coalesced, writes are strided by `height`: slow on a GPU.
extern "C" __global__ void transpose_naive(const float *in, float *out, uint width,
                              uint height) {
  uint x = blockIdx.x * TILE + threadIdx.x;
  uint y = blockIdx.y * TILE + threadIdx.y;
  for (uint j = 0; j < TILE; j += ROWS)
    out[x * height + y + j] = in[(y + j) * width + x];
}

// Through a tile in local memory, so reads and writes are both coalesced. The
// tile has one padding column (TILE + 1): a column of the tile then falls in
// distinct banks.
extern "C" __global__ void transpose_tiled(const float *in, float *out, uint width,
                              uint height) {
  __shared__ float tile[TILE][TILE + 1];
  uint tx = threadIdx.x;
  uint ty = threadIdx.y;
  uint x = blockIdx.x * TILE + tx;
  uint y = blockIdx.y * TILE + ty;
  for (uint j = 0; j < TILE; j += ROWS)
    tile[ty + j][tx] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + tx;
  y = blockIdx.x * TILE + ty;
  for (uint j = 0; j < TILE; j += ROWS)
    out[(y + j) * height + x] = tile[tx][ty + j];
}

#ifndef __CUDACC_RTC__
// cl2cuda --launch-helpers: host functions that launch the kernels above as
// clEnqueueNDRangeKernel does (docs/translator.md, "Launch helpers").
#include <clc/launch.h>

// transpose_naive as clEnqueueNDRangeKernel(queue, kernel, work_dim, global_work_offset,
// global_work_size, local_work_size, ...) launches it, with the arguments that
// clSetKernelArg sets (a __local argument: its size in bytes). It reads CUDA's
// built-in variables: one launch of full work-groups, no global offset.
inline cudaError_t launch_transpose_naive(cudaStream_t stream, unsigned int work_dim,
    const size_t *global_work_offset, const size_t *global_work_size,
    const size_t *local_work_size, const float *in, float *out, uint width, uint height) {
  return clc::launch_ndrange(
      transpose_naive, clc::launch_groups::uniform, {0, 0, 0}, work_dim,
      global_work_offset, global_work_size, local_work_size,
      [&](dim3 grid, dim3 block, const clc::ndrange &) {
        transpose_naive<<<grid, block, 0, stream>>>(in, out, width, height);
      });
}

// transpose_tiled as clEnqueueNDRangeKernel(queue, kernel, work_dim, global_work_offset,
// global_work_size, local_work_size, ...) launches it, with the arguments that
// clSetKernelArg sets (a __local argument: its size in bytes). It reads CUDA's
// built-in variables: one launch of full work-groups, no global offset.
inline cudaError_t launch_transpose_tiled(cudaStream_t stream, unsigned int work_dim,
    const size_t *global_work_offset, const size_t *global_work_size,
    const size_t *local_work_size, const float *in, float *out, uint width, uint height) {
  return clc::launch_ndrange(
      transpose_tiled, clc::launch_groups::uniform, {0, 0, 0}, work_dim,
      global_work_offset, global_work_size, local_work_size,
      [&](dim3 grid, dim3 block, const clc::ndrange &) {
        transpose_tiled<<<grid, block, 0, stream>>>(in, out, width, height);
      });
}
#endif
