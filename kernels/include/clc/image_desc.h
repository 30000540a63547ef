// How an image and a sampler reach a kernel (docs/design.md, "Images and
// samplers"). Plain C++ like ndrange.h: the shim includes this header to fill
// the descriptor at clSetKernelArg, the device library reads it.
//
// An image's pixels are linear device memory: pixel (x, y, z) of layer l
// starts at
//   data + x * element_size + y * row_pitch + (z or l) * slice_pitch
// where a 1D image array's layers are rows (slice_pitch = row_pitch) and a 2D
// image array's layers are slices. Reads, filtering and format conversions
// are done by the device library in software, so every format in the shim's
// format table works the same way and results are exact where the spec
// allows it. Where the texture unit can do a read as OpenCL asks (read-only
// arguments of the formats CUDA textures take), the shim also fills
// `textures`: one texture object per sampler state, over the same memory
// for 1D and 2D images, over a CUDA-array copy that the shim keeps current
// for image arrays and 3D images; read_imagef with float coordinates
// samples through it.
#pragma once

#if defined(__CUDACC__)
#define CLC_HOST_DEVICE __host__ __device__
#else
#define CLC_HOST_DEVICE
#endif

namespace clc {

// cl_channel_order and cl_channel_type values (CL/cl.h), as the descriptor
// holds them.
enum channel_order : unsigned int {
  order_r = 0x10B0,
  order_a = 0x10B1,
  order_rg = 0x10B2,
  order_ra = 0x10B3,
  order_rgb = 0x10B4,
  order_rgba = 0x10B5,
  order_bgra = 0x10B6,
  order_argb = 0x10B7,
  order_intensity = 0x10B8,
  order_luminance = 0x10B9,
  order_depth = 0x10BD,
  order_srgba = 0x10C1,
  order_sbgra = 0x10C2,
  order_abgr = 0x10C3,
};
enum channel_type : unsigned int {
  type_snorm_int8 = 0x10D0,
  type_snorm_int16 = 0x10D1,
  type_unorm_int8 = 0x10D2,
  type_unorm_int16 = 0x10D3,
  type_unorm_short_565 = 0x10D4,
  type_unorm_short_555 = 0x10D5,
  type_unorm_int_101010 = 0x10D6,
  type_signed_int8 = 0x10D7,
  type_signed_int16 = 0x10D8,
  type_signed_int32 = 0x10D9,
  type_unsigned_int8 = 0x10DA,
  type_unsigned_int16 = 0x10DB,
  type_unsigned_int32 = 0x10DC,
  type_half_float = 0x10DD,
  type_float = 0x10DE,
};

// How write_imagef may store a whole pixel at once (one 4- or 16-byte
// store, the components in the channel order's places): RGBA and BGRA
// images of unorm8 or floats whose every pixel is aligned to its size.
// Decided once by the shim for the descriptor rather than by each write
// (image_bilinear_rgba8 on an H100: 10 of 114 instructions a work-item).
// Bits, so that a write tests one rather than comparing kinds.
enum whole_pixel_store : unsigned int {
  whole_pixel_none = 0,
  whole_pixel_bgra_bit = 1,
  whole_pixel_float_bit = 2,
  whole_pixel_unorm8_rgba = 4,
  whole_pixel_unorm8_bgra = whole_pixel_unorm8_rgba | whole_pixel_bgra_bit,
  whole_pixel_float_rgba = whole_pixel_unorm8_rgba | whole_pixel_float_bit,
  whole_pixel_float_bgra = whole_pixel_float_rgba | whole_pixel_bgra_bit,
};
inline CLC_HOST_DEVICE unsigned int whole_pixel_of(unsigned int order, unsigned int type,
                                                   unsigned long long data,
                                                   unsigned long long row_pitch,
                                                   unsigned long long slice_pitch) {
  const bool bgra = order == order_bgra;
  if ((order != order_rgba && !bgra) || (type != type_unorm_int8 && type != type_float))
    return whole_pixel_none;
  const unsigned long long size = type == type_float ? 16 : 4;
  if (data % size != 0 || row_pitch % size != 0 || slice_pitch % size != 0)
    return whole_pixel_none;
  if (type == type_float)
    return bgra ? whole_pixel_float_bgra : whole_pixel_float_rgba;
  return bgra ? whole_pixel_unorm8_bgra : whole_pixel_unorm8_rgba;
}

// Texture objects per image: unnormalized coordinates with two addressing
// modes, normalized with four, each with two filters (texture_slot).
constexpr unsigned int texture_slots = 12;

// Every image kernel argument is launched as this struct, by value.
struct image_desc {
  unsigned char *data;             // the first pixel, in device memory
  unsigned long long row_pitch;    // bytes from one row to the next
  unsigned long long slice_pitch;  // bytes from one slice (3D) or layer (arrays) to the next
  unsigned int width;              // in pixels
  unsigned int height;             // 1 for 1D images and 1D arrays
  unsigned int depth;              // 1 unless 3D
  unsigned int array_size;         // layers of an image array, 1 otherwise
  unsigned int channel_order;      // cl_channel_order (CL_RGBA = 0x10B5, ...) = CLK_RGBA
  unsigned int channel_data_type;  // cl_channel_type (CL_UNORM_INT8 = 0x10D2, ...)
  unsigned int element_size;       // bytes per pixel
  unsigned int image_type;         // cl_mem_object_type (CL_MEM_OBJECT_IMAGE2D = 0x10F1, ...)
  unsigned int whole_pixel;        // whole_pixel_of(...): how write_imagef may store a pixel
  // CUtexObject per texture_slot(sampler), 0 where the read is done in software.
  unsigned long long textures[texture_slots];
};
static_assert(sizeof(image_desc) == 160, "the launch layout the metadata's size= records");

// A sampler argument (and a sampler_t value in device code) is launched as an
// unsigned int holding OpenCL C's CLK_* bits, the values Clang's
// opencl-c-base.h gives them.
enum sampler_bits : unsigned int {
  sampler_normalized_coords = 0x1,  // CLK_NORMALIZED_COORDS_TRUE
  sampler_address_mask = 0xE,       // CLK_ADDRESS_*:
  sampler_address_none = 0x0,       //   CLK_ADDRESS_NONE
  sampler_address_clamp_to_edge = 0x2,
  sampler_address_clamp = 0x4,
  sampler_address_repeat = 0x6,
  sampler_address_mirrored_repeat = 0x8,
  sampler_filter_mask = 0x30,       // CLK_FILTER_*:
  sampler_filter_nearest = 0x10,
  sampler_filter_linear = 0x20,
};

// The texture object a sampler's state reads through, or -1 where CUDA's
// texture unit has no such state (REPEAT and MIRRORED_REPEAT need
// normalized coordinates, as in OpenCL). NONE is read as CLAMP_TO_EDGE
// (outside the image is undefined), CLAMP as CUDA's border of zeros.
inline CLC_HOST_DEVICE int texture_slot(unsigned int sampler) {
  int address;
  switch (sampler & sampler_address_mask) {
  case sampler_address_none:
  case sampler_address_clamp_to_edge:
    address = 0;
    break;
  case sampler_address_clamp:
    address = 1;
    break;
  case sampler_address_repeat:
    address = 2;
    break;
  case sampler_address_mirrored_repeat:
    address = 3;
    break;
  default:
    return -1;
  }
  const bool normalized = sampler & sampler_normalized_coords;
  if (!normalized && address > 1)
    return -1;
  const int linear = (sampler & sampler_filter_mask) == sampler_filter_linear ? 1 : 0;
  return ((normalized ? 2 : 0) + address) * 2 + linear;
}

} // namespace clc
