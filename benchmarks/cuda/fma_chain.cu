// A kernel whose run time is set by its arguments: each thread applies a
// dependent chain of `iterations` fused multiply-adds to its element.
extern "C" __global__ void fma_chain(float *data, unsigned iterations, float scale, float offset) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = data[i];
  for (unsigned k = 0; k < iterations; ++k)
    x = fmaf(x, scale, offset);
  data[i] = x;
}
