// image_bilinear.cl's resampling, layer by layer, in a 2D image array: pixel
// (x, y) of layer l of dst is layer l of src sampled at ((x + 0.5) * scale +
// offset, (y + 0.5) * scale + offset) in pixels, linear filter, clamp to
// edge. clcuda samples image arrays through the texture unit, over a
// CUDA-array copy of the image (it read them in software until 4cccbbe, the
// path this workload was first added to measure). The coordinates are
// unnormalized: PoCL 3.1, the CPU reference the smoke test runs, normalizes
// an array's layer coordinate too when the sampler's are normalized, which
// OpenCL does not.
const sampler_t bilinear =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;

// CL_RGBA, CL_UNORM_INT8
__kernel void bilinear_array_rgba8(__read_only image2d_array_t src,
                                   __write_only image2d_array_t dst, uint width, uint height,
                                   float scale, float offset) {
  uint x = get_global_id(0);
  uint y = get_global_id(1);
  uint layer = get_global_id(2);
  if (x >= width || y >= height)
    return;
  float4 coord = (float4)(((float)x + 0.5f) * scale + offset, ((float)y + 0.5f) * scale + offset,
                          (float)layer, 0.0f);
  write_imagef(dst, (int4)((int)x, (int)y, (int)layer, 0), read_imagef(src, bilinear, coord));
}
