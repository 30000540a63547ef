// The seeds' 3x3 Laplacian (1 1 1 / 1 -8 1 / 1 1 1) over a width x height
// grayscale image; edge pixels repeat (clamp to edge).
__kernel void laplacian(__global const float *in, __global float *out, uint width, uint height) {
  uint x = get_global_id(0);
  uint y = get_global_id(1);
  if (x >= width || y >= height)
    return;
  uint left = x > 0 ? x - 1 : 0;
  uint right = x + 1 < width ? x + 1 : x;
  uint up = y > 0 ? y - 1 : 0;
  uint down = y + 1 < height ? y + 1 : y;
  float sum = in[up * width + left] + in[up * width + x] + in[up * width + right] +
              in[y * width + left] - 8.0f * in[y * width + x] + in[y * width + right] +
              in[down * width + left] + in[down * width + x] + in[down * width + right];
  out[y * width + x] = sum;
}
