// kernels/image_array_bilinear.cl in CUDA: src is a texture object over a
// layered CUDA array (linear filter, clamp addressing, unnormalized
// coordinates, unorm8 read as normalized floats), dst a surface object over
// a second layered array; layer l of dst is layer l of src resampled.

// OpenCL's write to CL_UNORM_INT8: saturate, scale by 255, round to nearest even.
__device__ unsigned char unorm8(float value) {
  return static_cast<unsigned char>(__float2uint_rn(__saturatef(value) * 255.0f));
}

extern "C" __global__ void bilinear_array_rgba8(cudaTextureObject_t src, cudaSurfaceObject_t dst,
                                                unsigned width, unsigned height, float scale,
                                                float offset) {
  const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  const unsigned layer = blockIdx.z * blockDim.z + threadIdx.z;
  if (x >= width || y >= height)
    return;
  const float4 p =
      tex2DLayered<float4>(src, (x + 0.5f) * scale + offset, (y + 0.5f) * scale + offset, layer);
  surf2DLayeredwrite(make_uchar4(unorm8(p.x), unorm8(p.y), unorm8(p.z), unorm8(p.w)), dst,
                     x * sizeof(uchar4), y, layer);
}
