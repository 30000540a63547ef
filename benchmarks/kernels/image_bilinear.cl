// Bilinear resampling of a width x height RGBA image into one of the same
// size: pixel (x, y) of dst is src sampled at normalized coordinates
// (((x + 0.5) * scale + offset) / width, ((y + 0.5) * scale + offset) / height),
// with linear filtering and clamp-to-edge addressing. The sampler is a
// program-scope constant, as most OpenCL programs declare theirs.
//
// read_imagef and write_imagef convert to and from the image's format, so
// one body serves both; the two kernel names match the raw CUDA kernels,
// whose stores depend on the format.
const sampler_t bilinear =
    CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;

void resample(__read_only image2d_t src, __write_only image2d_t dst, uint width, uint height,
              float scale, float offset) {
  uint x = get_global_id(0);
  uint y = get_global_id(1);
  if (x >= width || y >= height)
    return;
  float2 coord = (float2)(((float)x + 0.5f) * scale + offset, ((float)y + 0.5f) * scale + offset) /
                 (float2)((float)width, (float)height);
  write_imagef(dst, (int2)((int)x, (int)y), read_imagef(src, bilinear, coord));
}

// CL_RGBA, CL_UNORM_INT8
__kernel void bilinear_rgba8(__read_only image2d_t src, __write_only image2d_t dst, uint width,
                             uint height, float scale, float offset) {
  resample(src, dst, width, height, scale, offset);
}

// CL_RGBA, CL_FLOAT
__kernel void bilinear_rgba32f(__read_only image2d_t src, __write_only image2d_t dst, uint width,
                               uint height, float scale, float offset) {
  resample(src, dst, width, height, scale, offset);
}
