// Images (image.h): sampled and sampler-less reads of every image type with
// float or int coordinates, writes, and the queries. Coordinates come as
// float4 per work-item, an array's layer after the image's dimensions; results as float4, int4 or
// uint4. The host builds each clc::image_desc by hand (gpu_images_test.cpp).
#include <clc/image.h>

namespace {
template <class Image> __device__ auto float_coordinate(const clc::float4 &c) {
  if constexpr (clc::image_traits<Image>::dims == 1 && !clc::image_traits<Image>::is_array)
    return c.x;
  else if constexpr (clc::image_traits<Image>::dims == 1 ||
                     (clc::image_traits<Image>::dims == 2 && !clc::image_traits<Image>::is_array))
    return clc::float2(c.x, c.y); // 1D arrays: the layer is y
  else
    return c;
}
template <class Image> __device__ auto int_coordinate(const clc::float4 &c) {
  auto f = float_coordinate<Image>(c);
  if constexpr (clc::detail::is_scalar<decltype(f)>) {
    return static_cast<int>(f);
  } else {
    constexpr int n = clc::detail::shape<decltype(f)>::size;
    clc::vec<int, n> i;
    for (int k = 0; k < n; ++k)
      i.elem[k] = static_cast<int>(f.elem[k]);
    return i;
  }
}
__device__ int item() { return blockIdx.x * blockDim.x + threadIdx.x; }
} // namespace

// read_imagef with a sampler and float coordinates, per image type.
#define SAMPLED_READS(Image)                                                                       \
  extern "C" __global__ void sampled_##Image(clc::Image image, clc::sampler_t sampler,             \
                                             const clc::float4 *coords, clc::float4 *out, int n) { \
    if (item() < n)                                                                                \
      out[item()] =                                                                                \
          clc::read_imagef(image, sampler, float_coordinate<clc::Image>(coords[item()]));          \
  }                                                                                                \
  extern "C" __global__ void sampled_int_##Image(clc::Image image, clc::sampler_t sampler,         \
                                                 const clc::float4 *coords, clc::float4 *out,      \
                                                 int n) {                                          \
    if (item() < n)                                                                                \
      out[item()] = clc::read_imagef(image, sampler, int_coordinate<clc::Image>(coords[item()]));  \
  }
SAMPLED_READS(image1d_t)
SAMPLED_READS(image1d_array_t)
SAMPLED_READS(image2d_t)
SAMPLED_READS(image2d_array_t)
SAMPLED_READS(image3d_t)
#undef SAMPLED_READS

// Sampler-less reads of a 2D image in each result type (the conversions).
extern "C" __global__ void plain_f(clc::image2d_t image, const clc::float4 *coords,
                                   clc::float4 *out, int n) {
  if (item() < n)
    out[item()] = clc::read_imagef(image, int_coordinate<clc::image2d_t>(coords[item()]));
}
extern "C" __global__ void plain_i(clc::image2d_t image, const clc::float4 *coords, clc::int4 *out,
                                   int n) {
  if (item() < n)
    out[item()] = clc::read_imagei(image, int_coordinate<clc::image2d_t>(coords[item()]));
}
extern "C" __global__ void plain_ui(clc::image2d_t image, const clc::float4 *coords,
                                    clc::uint4 *out, int n) {
  if (item() < n)
    out[item()] = clc::read_imageui(image, int_coordinate<clc::image2d_t>(coords[item()]));
}
extern "C" __global__ void buffer_ui(clc::image1d_buffer_t image, clc::uint4 *out, int n) {
  if (item() < n)
    out[item()] = clc::read_imageui(image, item());
}
extern "C" __global__ void depth_f(clc::image2d_depth_t image, clc::sampler_t sampler,
                                   const clc::float4 *coords, float *out, int n) {
  if (item() < n)
    out[item()] = clc::read_imagef(image, sampler, clc::float2(coords[item()].x, coords[item()].y));
}

// Writes: work-item i writes values[i] to pixel (i, 0) of a 2D image.
extern "C" __global__ void write_f(clc::image2d_t image, const clc::float4 *values, int n) {
  if (item() < n)
    clc::write_imagef(image, clc::int2(item(), 0), values[item()]);
}
extern "C" __global__ void write_i(clc::image2d_t image, const clc::int4 *values, int n) {
  if (item() < n)
    clc::write_imagei(image, clc::int2(item(), 0), values[item()]);
}
extern "C" __global__ void write_ui(clc::image2d_t image, const clc::uint4 *values, int n) {
  if (item() < n)
    clc::write_imageui(image, clc::int2(item(), 0), values[item()]);
}
// 3D and array writes: pixel (x, y, z or layer) from coords.
extern "C" __global__ void write_3d(clc::image3d_t image, const clc::float4 *coords,
                                    const clc::float4 *values, int n) {
  if (item() < n)
    clc::write_imagef(image, int_coordinate<clc::image3d_t>(coords[item()]), values[item()]);
}
extern "C" __global__ void write_2d_array(clc::image2d_array_t image, const clc::float4 *coords,
                                          const clc::float4 *values, int n) {
  if (item() < n)
    clc::write_imagef(image, int_coordinate<clc::image2d_array_t>(coords[item()]), values[item()]);
}
extern "C" __global__ void write_depth(clc::image2d_depth_t image, const float *values, int n) {
  if (item() < n)
    clc::write_imagef(image, clc::int2(item(), 0), values[item()]);
}

// The queries of a 3D image and a 2D array: width, height, depth,
// array size, order, type, get_image_dim.
extern "C" __global__ void queries(clc::image3d_t volume, clc::image2d_array_t layers, int *out) {
  out[0] = clc::get_image_width(volume);
  out[1] = clc::get_image_height(volume);
  out[2] = clc::get_image_depth(volume);
  out[3] = static_cast<int>(clc::get_image_array_size(layers));
  out[4] = clc::get_image_channel_order(layers);
  out[5] = clc::get_image_channel_data_type(layers);
  clc::int4 dim3 = clc::get_image_dim(volume);
  clc::int2 dim2 = clc::get_image_dim(layers);
  out[6] = dim3.x;
  out[7] = dim3.y;
  out[8] = dim3.z;
  out[9] = dim3.w;
  out[10] = dim2.x;
  out[11] = dim2.y;
}
