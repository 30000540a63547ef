// Sum of n floats in two launches: many blocks write one partial sum each,
// then one block sums the partials.
#define BLOCK_SIZE 256

extern "C" __global__ void reduce_sum(const float *in, float *partial, unsigned n) {
  __shared__ float scratch[BLOCK_SIZE];
  float sum = 0.0f;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    sum += in[i];
  scratch[threadIdx.x] = sum;
  __syncthreads();
  for (unsigned stride = BLOCK_SIZE / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride)
      scratch[threadIdx.x] += scratch[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    partial[blockIdx.x] = scratch[0];
}
