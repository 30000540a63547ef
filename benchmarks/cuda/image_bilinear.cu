// Bilinear resampling of a width x height RGBA image into one of the same
// size, as kernels/image_bilinear.cl does: pixel (x, y) of dst is src sampled
// at normalized coordinates (((x + 0.5) * scale + offset) / width,
// ((y + 0.5) * scale + offset) / height). src is a texture object over a CUDA
// array made by the host with linear filtering, clamp addressing and
// normalized coordinates (unorm8 read as normalized floats); dst is a surface
// object over a CUDA array, written with the format's own pixel type.
__device__ float4 resampled(cudaTextureObject_t src, unsigned x, unsigned y, unsigned width,
                            unsigned height, float scale, float offset) {
  return tex2D<float4>(src, ((x + 0.5f) * scale + offset) / width,
                       ((y + 0.5f) * scale + offset) / height);
}

// OpenCL's write to CL_UNORM_INT8: saturate, scale by 255, round to nearest even.
__device__ unsigned char unorm8(float value) {
  return static_cast<unsigned char>(__float2uint_rn(__saturatef(value) * 255.0f));
}

// This thread's pixel; false outside the image.
__device__ bool thread_pixel(unsigned width, unsigned height, unsigned &x, unsigned &y) {
  x = blockIdx.x * blockDim.x + threadIdx.x;
  y = blockIdx.y * blockDim.y + threadIdx.y;
  return x < width && y < height;
}

extern "C" __global__ void bilinear_rgba8(cudaTextureObject_t src, cudaSurfaceObject_t dst,
                                          unsigned width, unsigned height, float scale,
                                          float offset) {
  unsigned x, y;
  if (!thread_pixel(width, height, x, y))
    return;
  float4 p = resampled(src, x, y, width, height, scale, offset);
  surf2Dwrite(make_uchar4(unorm8(p.x), unorm8(p.y), unorm8(p.z), unorm8(p.w)), dst,
              x * sizeof(uchar4), y);
}

extern "C" __global__ void bilinear_rgba32f(cudaTextureObject_t src, cudaSurfaceObject_t dst,
                                            unsigned width, unsigned height, float scale,
                                            float offset) {
  unsigned x, y;
  if (!thread_pixel(width, height, x, y))
    return;
  surf2Dwrite(resampled(src, x, y, width, height, scale, offset), dst, x * sizeof(float4), y);
}
