#include "image.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace clcuda::core {

using cuda::api;

const std::vector<ImageFormat> &imageFormats() {
  static const std::vector<ImageFormat> table = {
#define CLCUDA_IMAGE_FORMAT(order, type, bytes, usage) {order, type, bytes, ImageUsage::usage},
#include "image_formats.def"
  };
  return table;
}

const ImageFormat *findImageFormat(const cl_image_format &format) {
  for (const ImageFormat &entry : imageFormats())
    if (entry.order == format.image_channel_order && entry.type == format.image_channel_data_type)
      return &entry;
  return nullptr;
}

namespace {

bool isPackedType(cl_channel_type type) {
  return type == CL_UNORM_SHORT_565 || type == CL_UNORM_SHORT_555 || type == CL_UNORM_INT_101010 ||
         type == CL_UNORM_INT_101010_2 || type == CL_UNORM_INT24;
}

bool isNormalizedOrFloat(cl_channel_type type) {
  return type != CL_SIGNED_INT8 && type != CL_SIGNED_INT16 && type != CL_SIGNED_INT32 &&
         type != CL_UNSIGNED_INT8 && type != CL_UNSIGNED_INT16 && type != CL_UNSIGNED_INT32;
}

} // namespace

bool validImageFormatDescriptor(const cl_image_format &format) {
  const cl_channel_order order = format.image_channel_order;
  const cl_channel_type type = format.image_channel_data_type;
  const bool known_order =
      (order >= CL_R && order <= CL_ABGR) || order == CL_DEPTH || order == CL_DEPTH_STENCIL;
  const bool known_type = type >= CL_SNORM_INT8 && type <= CL_UNORM_INT_101010_2;
  if (!known_order || !known_type)
    return false;
  // The spec's pairings: packed types only with RGB/RGBx (101010_2 with
  // RGBA), INTENSITY and LUMINANCE only normalized or float types.
  if (isPackedType(type) != (order == CL_RGB || order == CL_RGBx || type == CL_UNORM_INT_101010_2 ||
                             type == CL_UNORM_INT24))
    return false;
  if ((order == CL_INTENSITY || order == CL_LUMINANCE) && !isNormalizedOrFloat(type))
    return false;
  return true;
}

bool formatSupports(const ImageFormat &format, cl_mem_object_type type, cl_mem_flags flags) {
  switch (format.usage) {
  case ImageUsage::any_image:
    return true;
  case ImageUsage::read_only_image: // no access flag is CL_MEM_READ_WRITE
    return (flags & CL_MEM_READ_ONLY) &&
           !(flags & (CL_MEM_WRITE_ONLY | CL_MEM_READ_WRITE | CL_MEM_KERNEL_READ_AND_WRITE));
  case ImageUsage::depth_image:
    return type == CL_MEM_OBJECT_IMAGE2D || type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
  }
  return false;
}

Pixels ImageLayout::extent() const {
  switch (type) {
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    return {width, array_size, 1};
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    return {width, height, array_size};
  default:
    return {width, height, depth};
  }
}

clc::image_desc ImageLayout::descriptor(unsigned long long address) const {
  clc::image_desc desc{};
  desc.data = reinterpret_cast<unsigned char *>(address);
  desc.row_pitch = row_pitch;
  desc.slice_pitch = slice_pitch;
  desc.width = unsigned(width);
  desc.height = unsigned(height);
  desc.depth = unsigned(depth);
  desc.array_size = unsigned(array_size);
  desc.channel_order = format.image_channel_order;
  desc.channel_data_type = format.image_channel_data_type;
  desc.element_size = unsigned(element_size);
  desc.image_type = type;
  desc.whole_pixel = clc::whole_pixel_of(desc.channel_order, desc.channel_data_type, address,
                                         desc.row_pitch, desc.slice_pitch);
  return desc;
}

ImageLayout makeImageLayout(cl_mem_object_type type, const ImageFormat &format, std::size_t width,
                            std::size_t height, std::size_t depth, std::size_t array_size,
                            std::size_t row_pitch, std::size_t slice_pitch) {
  ImageLayout layout{};
  layout.type = type;
  layout.format = {format.order, format.type};
  layout.element_size = format.bytes_per_pixel;
  layout.width = width;
  const bool two_dimensional = type == CL_MEM_OBJECT_IMAGE2D ||
                               type == CL_MEM_OBJECT_IMAGE2D_ARRAY || type == CL_MEM_OBJECT_IMAGE3D;
  layout.height = two_dimensional ? height : 1;
  layout.depth = type == CL_MEM_OBJECT_IMAGE3D ? depth : 1;
  layout.array_size = layout.isArray() ? array_size : 1;
  layout.row_pitch = row_pitch ? row_pitch : width * format.bytes_per_pixel;
  // A 1D array's layers are rows; a 2D image's one slice is the image.
  const std::size_t tight_slice = layout.row_pitch * layout.height;
  layout.slice_pitch = slice_pitch ? slice_pitch : tight_slice;
  if (type == CL_MEM_OBJECT_IMAGE1D_ARRAY && !slice_pitch)
    layout.slice_pitch = layout.row_pitch;
  return layout;
}

namespace {

// The CUDA texture format of each channel type the texture unit reads as
// OpenCL does (normalized integers to [0, 1] or [-1, 1], half and float);
// the others (integer reads, packed and 24-bit types) have no row.
struct TextureFormatRow {
  cl_channel_type type;
  CUarray_format format;
};
constexpr TextureFormatRow kTextureFormats[] = {
    {CL_UNORM_INT8, CU_AD_FORMAT_UNSIGNED_INT8},  {CL_SNORM_INT8, CU_AD_FORMAT_SIGNED_INT8},
    {CL_UNORM_INT16, CU_AD_FORMAT_UNSIGNED_INT16}, {CL_SNORM_INT16, CU_AD_FORMAT_SIGNED_INT16},
    {CL_HALF_FLOAT, CU_AD_FORMAT_HALF},            {CL_FLOAT, CU_AD_FORMAT_FLOAT},
};

// The stored channels of each order the device library places after a
// texture read (components_of); none for three channels (CUDA has no
// 3-channel textures), sRGB (decoded before filtering) or depth.
struct TextureOrderRow {
  cl_channel_order order;
  unsigned channels;
};
constexpr TextureOrderRow kTextureOrders[] = {
    {CL_R, 1},  {CL_A, 1},    {CL_INTENSITY, 1}, {CL_LUMINANCE, 1}, {CL_RG, 2},
    {CL_RA, 2}, {CL_RGBA, 4}, {CL_BGRA, 4},      {CL_ARGB, 4},      {CL_ABGR, 4},
};

// Each OpenCL addressing mode as CUDA's texture unit does it: NONE (outside
// is undefined) as CLAMP_TO_EDGE, CLAMP as the border (zeros: the texture
// descriptor's border colour is left 0).
struct TextureAddressRow {
  unsigned sampler_bits;
  CUaddress_mode mode;
};
constexpr TextureAddressRow kTextureAddressModes[] = {
    {clc::sampler_address_none, CU_TR_ADDRESS_MODE_CLAMP},
    {clc::sampler_address_clamp_to_edge, CU_TR_ADDRESS_MODE_CLAMP},
    {clc::sampler_address_clamp, CU_TR_ADDRESS_MODE_BORDER},
    {clc::sampler_address_repeat, CU_TR_ADDRESS_MODE_WRAP},
    {clc::sampler_address_mirrored_repeat, CU_TR_ADDRESS_MODE_MIRROR},
};

std::size_t roundUp(std::size_t value, std::size_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

// A pitch-2D resource over a 1D or 2D image's own memory, false where the
// device's texture alignments or linear limits rule it out.
bool describeOwnMemory(const ImageLayout &layout, CUdeviceptr address, CUarray_format format,
                       unsigned channels, const DeviceProperties &device,
                       CUDA_RESOURCE_DESC &resource) {
  if (device.texture_alignment <= 0 || device.texture_pitch_alignment <= 0 ||
      address % std::size_t(device.texture_alignment) != 0)
    return false;
  // A 1D image is one row: its pitch only has to be aligned, nothing is read past it.
  const std::size_t pitch =
      layout.type == CL_MEM_OBJECT_IMAGE1D
          ? roundUp(layout.row_pitch, std::size_t(device.texture_pitch_alignment))
          : layout.row_pitch;
  if (pitch % std::size_t(device.texture_pitch_alignment) != 0 ||
      layout.width > std::size_t(device.texture2d_linear_max_width) ||
      layout.height > std::size_t(device.texture2d_linear_max_height) ||
      pitch > std::size_t(device.texture2d_linear_max_pitch))
    return false;
  resource.resType = CU_RESOURCE_TYPE_PITCH2D;
  auto &pitch2d = resource.res.pitch2D;
  pitch2d.devPtr = address;
  pitch2d.width = layout.width;
  pitch2d.height = layout.height;
  pitch2d.pitchInBytes = pitch;
  pitch2d.format = format;
  pitch2d.numChannels = channels;
  return true;
}

// The layers (arrays) or slices (3D) of `layout` as cuMemcpy3D steps them,
// or false where its pitches have no such description.
bool textureArrayRows(const ImageLayout &layout, std::size_t &row_pitch, std::size_t &rows) {
  if (layout.type == CL_MEM_OBJECT_IMAGE1D_ARRAY) { // each layer one row
    row_pitch = layout.slice_pitch;
    rows = 1;
    return true;
  }
  row_pitch = layout.row_pitch;
  rows = layout.slice_pitch / layout.row_pitch;
  return layout.slice_pitch % layout.row_pitch == 0;
}

// A CUDA array for the pixels of an image array or 3D image, and the event
// that marks copies into it, in `textures`; false where CUDA refuses either
// or the array would take more than half the free device memory (the
// application's own allocations come first).
bool describeArrayCopy(const ImageLayout &layout, CUarray_format format, unsigned channels,
                       ImageTextures &textures, CUDA_RESOURCE_DESC &resource) {
  std::size_t row_pitch = 0, rows = 0, free = 0, total = 0;
  if (!textureArrayRows(layout, row_pitch, rows) ||
      api().cuMemGetInfo(&free, &total) != CUDA_SUCCESS || layout.bytes() > free / 2)
    return false;
  CUDA_ARRAY3D_DESCRIPTOR array{};
  array.Width = layout.width;
  array.Height = layout.type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? 0 : layout.height;
  array.Depth = layout.slices();
  array.Format = format;
  array.NumChannels = channels;
  array.Flags = layout.isArray() ? CUDA_ARRAY3D_LAYERED : 0;
  CUarray handle = nullptr;
  if (api().cuArray3DCreate(&handle, &array) != CUDA_SUCCESS)
    return false;
  textures.copy = cuda::UniqueArray(handle);
  CUevent copied = nullptr;
  if (api().cuEventCreate(&copied, CU_EVENT_DISABLE_TIMING) != CUDA_SUCCESS) {
    textures.copy.reset();
    return false;
  }
  textures.copied = cuda::UniqueEvent(copied);
  resource.resType = CU_RESOURCE_TYPE_ARRAY;
  resource.res.array.hArray = handle;
  return true;
}

} // namespace

ImageTextures makeImageTextures(const ImageLayout &layout, CUdeviceptr address,
                                const DeviceProperties &device) {
  ImageTextures textures;
  const auto *order = std::find_if(std::begin(kTextureOrders), std::end(kTextureOrders),
                                   [&](const TextureOrderRow &row) {
                                     return row.order == layout.format.image_channel_order;
                                   });
  const auto *format = std::find_if(std::begin(kTextureFormats), std::end(kTextureFormats),
                                    [&](const TextureFormatRow &row) {
                                      return row.type == layout.format.image_channel_data_type;
                                    });
  // A 3D image of halves or floats stays in software: the texture unit's
  // 8-bit filter weights, over eight neighbours of any range, miss the CTS's
  // bound for LINEAR reads (test_image_streams 3D read float, CL_RG
  // CL_HALF_FLOAT and CL_R CL_FLOAT, where NVIDIA's OpenCL fails the same
  // way); normalized integers keep within it, as in 1D and 2D.
  const cl_channel_type type = layout.format.image_channel_data_type;
  const bool unfilterable =
      layout.type == CL_MEM_OBJECT_IMAGE3D && (type == CL_HALF_FLOAT || type == CL_FLOAT);
  if (order == std::end(kTextureOrders) || format == std::end(kTextureFormats) ||
      layout.type == CL_MEM_OBJECT_IMAGE1D_BUFFER || unfilterable)
    return textures;
  CUDA_RESOURCE_DESC resource{};
  const bool own_memory =
      layout.type == CL_MEM_OBJECT_IMAGE1D || layout.type == CL_MEM_OBJECT_IMAGE2D;
  if (own_memory
          ? !describeOwnMemory(layout, address, format->format, order->channels, device, resource)
          : !describeArrayCopy(layout, format->format, order->channels, textures, resource))
    return textures;
  // Every sampler state; each slot is made once (NONE shares CLAMP_TO_EDGE's).
  for (unsigned normalized : {0u, unsigned(clc::sampler_normalized_coords)})
    for (const TextureAddressRow &address_mode : kTextureAddressModes)
      for (unsigned filter : {unsigned(clc::sampler_filter_nearest),
                              unsigned(clc::sampler_filter_linear)}) {
        const int slot = clc::texture_slot(normalized | address_mode.sampler_bits | filter);
        if (slot < 0 || textures.handles[slot])
          continue;
        CUDA_TEXTURE_DESC texture{};
        for (CUaddress_mode &axis : texture.addressMode)
          axis = address_mode.mode;
        texture.filterMode = filter == clc::sampler_filter_linear ? CU_TR_FILTER_MODE_LINEAR
                                                                  : CU_TR_FILTER_MODE_POINT;
        texture.flags = normalized ? CU_TRSF_NORMALIZED_COORDINATES : 0;
        CUtexObject handle = 0;
        if (api().cuTexObjectCreate(&handle, &resource, &texture, nullptr) != CUDA_SUCCESS)
          continue;
        textures.owners.emplace_back(handle);
        textures.handles[slot] = handle;
      }
  return textures;
}

CUresult copyToTextureArray(const ImageLayout &layout, CUdeviceptr address, CUarray copy,
                            CUstream stream) {
  std::size_t row_pitch = 0, rows = 0;
  textureArrayRows(layout, row_pitch, rows);
  CUDA_MEMCPY3D copy3d{};
  copy3d.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  copy3d.srcDevice = address;
  copy3d.srcPitch = row_pitch;
  copy3d.srcHeight = rows;
  copy3d.dstMemoryType = CU_MEMORYTYPE_ARRAY;
  copy3d.dstArray = copy;
  copy3d.WidthInBytes = layout.width * layout.element_size;
  copy3d.Height = layout.height; // 1 for a 1D array, whose layers are rows
  copy3d.Depth = layout.slices();
  return api().cuMemcpy3DAsync(&copy3d, stream);
}

unsigned short floatToHalf(float value) {
  std::uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  const std::uint32_t sign = (bits >> 16) & 0x8000u;
  const std::uint32_t magnitude = bits & 0x7fffffffu;
  if (magnitude >= 0x7f800000u) // infinity or NaN (kept quiet)
    return std::uint16_t(sign | 0x7c00u | (magnitude > 0x7f800000u ? 0x200u : 0u));
  if (magnitude >= 0x477ff000u) // rounds to above the largest half: infinity
    return std::uint16_t(sign | 0x7c00u);
  if (magnitude < 0x38800000u) { // a half subnormal (or zero): units of 2^-24
    const int shift = 126 - int(magnitude >> 23);
    if (shift > 24)
      return std::uint16_t(sign);
    const std::uint32_t mantissa = (magnitude & 0x7fffffu) | 0x800000u;
    std::uint32_t result = mantissa >> shift;
    const std::uint32_t rest = mantissa & ((1u << shift) - 1);
    const std::uint32_t half_way = 1u << (shift - 1);
    if (rest > half_way || (rest == half_way && (result & 1)))
      ++result;
    return std::uint16_t(sign | result);
  }
  // Normal: rebias the exponent, round the 13 dropped bits to nearest even.
  std::uint32_t result = (magnitude - 0x38000000u) >> 13;
  const std::uint32_t rest = magnitude & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (result & 1)))
    ++result; // may carry into the exponent, up to infinity: still right
  return std::uint16_t(sign | result);
}

namespace {

// Round to nearest even, after clamping to [low, high] (NaN becomes 0).
long long roundSaturated(double value, double low, double high) {
  if (std::isnan(value))
    return 0;
  return (long long)std::nearbyint(std::clamp(value, low, high));
}

double srgbEncode(double linear) {
  if (std::isnan(linear))
    return 0;
  linear = std::clamp(linear, 0.0, 1.0);
  return linear <= 0.0031308 ? 12.92 * linear : 1.055 * std::pow(linear, 1.0 / 2.4) - 0.055;
}

// Which colour component (0 r, 1 g, 2 b, 3 a) each stored channel holds.
std::vector<int> storedComponents(cl_channel_order order) {
  switch (order) {
  case CL_A:
    return {3};
  case CL_RG:
    return {0, 1};
  case CL_RA:
    return {0, 3};
  case CL_RGB:
    return {0, 1, 2};
  case CL_RGBA:
  case CL_sRGBA:
    return {0, 1, 2, 3};
  case CL_BGRA:
  case CL_sBGRA:
    return {2, 1, 0, 3};
  case CL_ARGB:
    return {3, 0, 1, 2};
  case CL_ABGR:
    return {3, 2, 1, 0};
  default: // CL_R, CL_INTENSITY, CL_LUMINANCE, CL_DEPTH
    return {0};
  }
}

template <class T> void store(unsigned char *pixel, std::size_t channel, T value) {
  std::memcpy(pixel + channel * sizeof(T), &value, sizeof(T));
}

} // namespace

void encodePixel(const ImageFormat &format, const void *colour, unsigned char *pixel) {
  const auto *floats = static_cast<const float *>(colour);
  const auto *ints = static_cast<const std::int32_t *>(colour);
  const auto *uints = static_cast<const std::uint32_t *>(colour);
  const bool srgb = format.order == CL_sRGBA || format.order == CL_sBGRA;
  auto normalized = [&](int component) {
    const double value = floats[component];
    return srgb && component != 3 ? srgbEncode(value) : value;
  };
  switch (format.type) {
  case CL_UNORM_SHORT_565: {
    const auto packed = std::uint16_t(roundSaturated(floats[0] * 31.0, 0, 31) << 11 |
                                      roundSaturated(floats[1] * 63.0, 0, 63) << 5 |
                                      roundSaturated(floats[2] * 31.0, 0, 31));
    std::memcpy(pixel, &packed, sizeof packed);
    return;
  }
  case CL_UNORM_SHORT_555: {
    const auto packed = std::uint16_t(roundSaturated(floats[0] * 31.0, 0, 31) << 10 |
                                      roundSaturated(floats[1] * 31.0, 0, 31) << 5 |
                                      roundSaturated(floats[2] * 31.0, 0, 31));
    std::memcpy(pixel, &packed, sizeof packed);
    return;
  }
  case CL_UNORM_INT_101010: {
    const auto packed = std::uint32_t(roundSaturated(floats[0] * 1023.0, 0, 1023) << 20 |
                                      roundSaturated(floats[1] * 1023.0, 0, 1023) << 10 |
                                      roundSaturated(floats[2] * 1023.0, 0, 1023));
    std::memcpy(pixel, &packed, sizeof packed);
    return;
  }
  default:
    break;
  }
  const std::vector<int> components = storedComponents(format.order);
  for (std::size_t channel = 0; channel < components.size(); ++channel) {
    const int c = components[channel];
    switch (format.type) {
    case CL_UNORM_INT8:
      store(pixel, channel, std::uint8_t(roundSaturated(normalized(c) * 255.0, 0, 255)));
      break;
    case CL_UNORM_INT16:
      store(pixel, channel, std::uint16_t(roundSaturated(floats[c] * 65535.0, 0, 65535)));
      break;
    case CL_SNORM_INT8:
      store(pixel, channel, std::int8_t(roundSaturated(floats[c] * 127.0, -127, 127)));
      break;
    case CL_SNORM_INT16:
      store(pixel, channel, std::int16_t(roundSaturated(floats[c] * 32767.0, -32767, 32767)));
      break;
    case CL_SIGNED_INT8:
      store(pixel, channel, std::int8_t(std::clamp<std::int32_t>(ints[c], INT8_MIN, INT8_MAX)));
      break;
    case CL_SIGNED_INT16:
      store(pixel, channel, std::int16_t(std::clamp<std::int32_t>(ints[c], INT16_MIN, INT16_MAX)));
      break;
    case CL_SIGNED_INT32:
      store(pixel, channel, ints[c]);
      break;
    case CL_UNSIGNED_INT8:
      store(pixel, channel, std::uint8_t(std::min<std::uint32_t>(uints[c], UINT8_MAX)));
      break;
    case CL_UNSIGNED_INT16:
      store(pixel, channel, std::uint16_t(std::min<std::uint32_t>(uints[c], UINT16_MAX)));
      break;
    case CL_UNSIGNED_INT32:
      store(pixel, channel, uints[c]);
      break;
    case CL_HALF_FLOAT:
      store(pixel, channel, floatToHalf(floats[c]));
      break;
    default: // CL_FLOAT
      store(pixel, channel, floats[c]);
      break;
    }
  }
}

} // namespace clcuda::core
