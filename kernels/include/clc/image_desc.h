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
  unsigned int padding;
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
