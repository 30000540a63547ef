// The seeds' 3x3 Laplacian (1 1 1 / 1 -8 1 / 1 1 1) over a width x height
// grayscale image; edge pixels repeat (clamp to edge).
extern "C" __global__ void laplacian(const float *in, float *out, unsigned width, unsigned height) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height)
    return;
  unsigned left = x > 0 ? x - 1 : 0;
  unsigned right = x + 1 < width ? x + 1 : x;
  unsigned up = y > 0 ? y - 1 : 0;
  unsigned down = y + 1 < height ? y + 1 : y;
  float sum = in[up * width + left] + in[up * width + x] + in[up * width + right] +
              in[y * width + left] - 8.0f * in[y * width + x] + in[y * width + right] +
              in[down * width + left] + in[down * width + x] + in[down * width + right];
  out[y * width + x] = sum;
}
