// 256-bin histogram of the low byte of n values: each block counts into
// shared memory with atomics, then adds its counts to the global bins.
#define BINS 256

extern "C" __global__ void histogram(const unsigned *data, unsigned *bins, unsigned n) {
  __shared__ unsigned block_bins[BINS];
  for (unsigned b = threadIdx.x; b < BINS; b += blockDim.x)
    block_bins[b] = 0;
  __syncthreads();
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&block_bins[data[i] & (BINS - 1)], 1u);
  __syncthreads();
  for (unsigned b = threadIdx.x; b < BINS; b += blockDim.x)
    atomicAdd(&bins[b], block_bins[b]);
}
