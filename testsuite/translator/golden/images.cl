// Images and samplers: image types become clc:: structs (access qualifier
// dropped, recorded in the metadata), sampler_t an unsigned int, samplers
// declared in the program compile-time constants, image builtins clc::
// functions of image.h (software sampling on linear memory).
// RUN-OPTIONS: -cl-std=CL3.0
// CHECK: #include <clc/image.h>
// CHECK: constexpr clc::sampler_t program_sampler =
__constant sampler_t program_sampler = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
// CHECK: constexpr clc::sampler_t bare_constant = 0x14;
constant sampler_t bare_constant = 0x14;
// CHECK: const clc::sampler_t const_sampler =
const sampler_t const_sampler = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

// CHECK: __device__ clc::float4 sample_at(clc::image2d_t image, clc::sampler_t sampler, clc::float2 coord) {
float4 sample_at(read_only image2d_t image, sampler_t sampler, float2 coord) {
  // CHECK: return clc::read_imagef(image, sampler, coord);
  return read_imagef(image, sampler, coord);
}

#ifdef __IMAGE_SUPPORT__
// CHECK: extern "C" __global__ void images(clc::image2d_t src, clc::image2d_t dst, clc::sampler_t arg_sampler,
kernel void images(__read_only image2d_t src, __write_only image2d_t dst, sampler_t arg_sampler,
                   // CHECK: clc::image3d_t volume, clc::image1d_buffer_t buffer, clc::image2d_array_depth_t depth,
                   image3d_t volume, read_write image1d_buffer_t buffer, image2d_array_depth_t depth,
                   // CHECK: clc::image1d_array_t rows, clc::image2d_array_t layers, clc::image1d_t line, clc::image2d_depth_t plane, clc::float4 *out,
                   write_only image1d_array_t rows, read_only image2d_array_t layers, image1d_t line, image2d_depth_t plane, global float4 *out,
                   global int4 *sizes) {
  // CHECK: const clc::sampler_t local_sampler =
  const sampler_t local_sampler = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  // CHECK: clc::read_imagef(src, local_sampler, p) + clc::read_imagef(src, p) + sample_at(src, program_sampler, clc::float2(0.5f, 0.5f))
  float4 v = read_imagef(src, local_sampler, p) + read_imagef(src, p) + sample_at(src, program_sampler, (float2)(0.5f, 0.5f));
  // CHECK: clc::read_imagef(src, arg_sampler, clc::float2(1.0f, 2.0f)) + clc::read_imagef(volume, const_sampler, clc::int4(1, 2, 3, 0))
  v += read_imagef(src, arg_sampler, (float2)(1.0f, 2.0f)) + read_imagef(volume, const_sampler, (int4)(1, 2, 3, 0));
  // CHECK: clc::read_imagef(layers, bare_constant, clc::float4(0.5f, 0.5f, 1.0f, 0.0f))
  v += read_imagef(layers, bare_constant, (float4)(0.5f, 0.5f, 1.0f, 0.0f)) + read_imagef(line, 1);
  // CHECK: clc::uint4 u = clc::read_imageui(buffer, 3);
  uint4 u = read_imageui(buffer, 3);
  // CHECK: v.x += clc::read_imagef(depth, bare_constant, clc::float4(1.0f, 2.0f, 3.0f, 0.0f)) + clc::read_imagef(plane, p);
  v.x += read_imagef(depth, bare_constant, (float4)(1.0f, 2.0f, 3.0f, 0.0f)) + read_imagef(plane, p);
  int4 i = read_imagei(layers, (int4)(0, 0, 1, 0));
  // CHECK: clc::write_imagef(dst, p, v);
  write_imagef(dst, p, v);
  // CHECK: clc::write_imageui(buffer, 2, u);
  write_imageui(buffer, 2, u);
  // CHECK: clc::write_imagei(rows, clc::int2(1, 0), i);
  write_imagei(rows, (int2)(1, 0), i);
  // CHECK: clc::get_image_width(src), clc::get_image_height(src), clc::get_image_depth(volume), (int)clc::get_image_array_size(depth)
  sizes[0] = (int4)(get_image_width(src), get_image_height(src), get_image_depth(volume), (int)get_image_array_size(depth));
  // CHECK: clc::get_image_channel_order(src), clc::get_image_channel_data_type(src), clc::get_image_dim(src)
  sizes[1] = (int4)(get_image_channel_order(src), get_image_channel_data_type(src), get_image_dim(src));
  sizes[2] = get_image_dim(volume);
  out[0] = v;
}
#endif
// METADATA: arg name="src" type="image2d_t" kind=image address=global access=read_only qualifiers=none size=160 align=8
// METADATA-NEXT: arg name="dst" type="image2d_t" kind=image address=global access=write_only qualifiers=none size=160 align=8
// METADATA-NEXT: arg name="arg_sampler" type="sampler_t" kind=sampler address=private access=none qualifiers=none size=4 align=4
// METADATA-NEXT: arg name="volume" type="image3d_t" kind=image address=global access=read_only qualifiers=none size=160 align=8
// METADATA-NEXT: arg name="buffer" type="image1d_buffer_t" kind=image address=global access=read_write qualifiers=none size=160 align=8
// METADATA-NEXT: arg name="depth" type="image2d_array_depth_t" kind=image address=global access=read_only qualifiers=none size=160 align=8
// METADATA-NEXT: arg name="rows" type="image1d_array_t" kind=image address=global access=write_only qualifiers=none size=160 align=8
// METADATA-NEXT: arg name="layers" type="image2d_array_t" kind=image
// METADATA-NEXT: arg name="line" type="image1d_t" kind=image
// METADATA-NEXT: arg name="plane" type="image2d_depth_t" kind=image
