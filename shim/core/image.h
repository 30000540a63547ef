// Images: the format table (image_formats.def), the layout of an image in
// linear memory, and the host-side conversion of a fill colour to a pixel.
// An image is a core::Memory with an ImageLayout (memory.h); the device
// reads it through the clc::image_desc filled from the layout
// (docs/design.md, "Images and samplers").
#pragma once

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include "cuda/handles.h"
#include "device.h"

#include <clc/image_desc.h>

#include <array>
#include <cstddef>
#include <vector>

namespace clcuda::core {

// An image origin or region in pixels: OpenCL's (x, y, z) (ImageLayout::extent).
using Pixels = std::array<std::size_t, 3>;

enum class ImageUsage { any_image, read_only_image, depth_image };

struct ImageFormat {
  cl_channel_order order;
  cl_channel_type type;
  unsigned bytes_per_pixel;
  ImageUsage usage;
};

// Every row of image_formats.def, in its order.
const std::vector<ImageFormat> &imageFormats();
// The row of `format`, nullptr when clcuda does not support it.
const ImageFormat *findImageFormat(const cl_image_format &format);
// A known channel order and data type, and a valid pair (the packed types
// need CL_RGB...): false is CL_INVALID_IMAGE_FORMAT_DESCRIPTOR.
bool validImageFormatDescriptor(const cl_image_format &format);
// Whether `format` may be used as an image of `type` with `flags`
// (clGetSupportedImageFormats and image creation).
bool formatSupports(const ImageFormat &format, cl_mem_object_type type, cl_mem_flags flags);

// Where the pixels of an image are: tight rows and slices unless the image
// was made from host memory or a buffer with other pitches.
struct ImageLayout {
  cl_mem_object_type type;
  cl_image_format format;
  std::size_t element_size;
  std::size_t width, height, depth, array_size; // 1 (not 0) where unused
  std::size_t row_pitch;
  std::size_t slice_pitch; // = row_pitch for 1D arrays, its size for 2D images

  // Slices (3D) or layers (arrays), 1 otherwise.
  std::size_t slices() const { return depth * array_size; }
  // The bytes the pixels span.
  std::size_t bytes() const { return slice_pitch * slices(); }
  bool isArray() const {
    return type == CL_MEM_OBJECT_IMAGE1D_ARRAY || type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
  }
  // Origins and regions of image commands are OpenCL's (x, y, z): a 1D
  // array's layer is y, a 2D array's z. The image's extent in them:
  Pixels extent() const;
  // The pitches a rectangle in those coordinates steps by: a 1D array's y
  // steps layers.
  std::size_t rectRowPitch() const {
    return type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? slice_pitch : row_pitch;
  }
  // The descriptor a kernel argument is launched as.
  clc::image_desc descriptor(unsigned long long address) const;
};

// The layout of an image of `type` and these sizes with tight pitches, or
// the given nonzero ones. Sizes as cl_image_desc has them.
ImageLayout makeImageLayout(cl_mem_object_type type, const ImageFormat &format, std::size_t width,
                            std::size_t height, std::size_t depth, std::size_t array_size,
                            std::size_t row_pitch, std::size_t slice_pitch);

// The texture objects a read-only image argument is sampled through
// (clc::image_desc::textures, clc::texture_slot): one per sampler state, in
// the current CUDA context, or none (all 0) where the texture unit cannot
// read the image as OpenCL asks. 1D and 2D images are sampled over their own
// memory at `address` (a pitch-2D texture), within the device's alignments
// and limits. CUDA has no texture over linear memory of more dimensions, so
// image arrays and 3D images are sampled over `copy`, a CUDA array of the
// same pixels that launches bring up to date (copyToTextureArray) after
// commands change the image's memory. The formats are CUDA's texture
// formats (8- and 16-bit normalized, half and float; 1, 2 or 4 stored
// channels, sRGB and depth excepted). A texture object or array that CUDA
// refuses leaves its reads in software.
struct ImageTextures {
  cuda::UniqueArray copy; // declared first: destroyed after the textures that read it
  cuda::UniqueEvent copied; // recorded after each copy into `copy`
  std::array<unsigned long long, clc::texture_slots> handles{};
  std::vector<cuda::UniqueTexObject> owners;
};
ImageTextures makeImageTextures(const ImageLayout &layout, CUdeviceptr address,
                                const DeviceProperties &device);
// Copies the image's pixels at `address` into its textures' `copy`, on `stream`.
CUresult copyToTextureArray(const ImageLayout &layout, CUdeviceptr address, CUarray copy,
                            CUstream stream);

// clEnqueueFillImage: `colour` (float[4], cl_int[4] or cl_uint[4] by the
// channel type; a float for CL_DEPTH) converted to one pixel of `format`
// with the OpenCL C conversion rules (round to nearest even, saturation,
// sRGB encoding). `pixel` gets bytes_per_pixel bytes.
void encodePixel(const ImageFormat &format, const void *colour, unsigned char *pixel);

// float -> IEEE half, round to nearest even (infinities, NaN, subnormals).
unsigned short floatToHalf(float value);

} // namespace clcuda::core

namespace clcuda::core {

// The image limits every clcuda device reports (CL_DEVICE_IMAGE*): the sizes
// NVIDIA's OpenCL reports on Hopper. An image is linear memory (no CUDA array
// limits) addressed in 64 bits (clc::image_desc's pitches, size_t on the
// host), so only memory bounds it; a 1D buffer image could go to 2^31 - 1
// pixels (the device library's int coordinates), but the CTS's min_max tests
// make an image at the limit. The argument counts are what kernels can take
// (160 bytes each in CUDA's 32764-byte parameter space on Volta and newer).
constexpr std::size_t kImage2DMaxSize = 32768;       // width and height; 1D width
constexpr std::size_t kImage3DMaxSize = 16384;       // width, height, depth
constexpr std::size_t kImageMaxArraySize = 2048;     // layers
constexpr std::size_t kImageMaxBufferSize = 1 << 28; // pixels of a 1D buffer image
constexpr unsigned kMaxReadImageArgs = 128;
constexpr unsigned kMaxWriteImageArgs = 64;
constexpr unsigned kMaxReadWriteImageArgs = 64;
constexpr unsigned kMaxSamplers = 16;
// In pixels: any row pitch that is a whole number of pixels, any base a
// buffer or sub-buffer has (the device library reads pixel by pixel).
constexpr unsigned kImagePitchAlignment = 1;
constexpr unsigned kImageBaseAddressAlignment = 1;

} // namespace clcuda::core
