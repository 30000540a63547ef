#include "image_rules.h"

#include "entry.h"

#include <cl2cuda/metadata.h>

namespace clcuda::api {

using core::ImageLayout;
using core::Pixels;

namespace {

bool isImageType(cl_mem_object_type type) {
  return type == CL_MEM_OBJECT_IMAGE1D || type == CL_MEM_OBJECT_IMAGE1D_BUFFER ||
         type == CL_MEM_OBJECT_IMAGE1D_ARRAY || type == CL_MEM_OBJECT_IMAGE2D ||
         type == CL_MEM_OBJECT_IMAGE2D_ARRAY || type == CL_MEM_OBJECT_IMAGE3D;
}

// The sizes `desc` gives the type, against the device limits.
bool withinLimits(const cl_image_desc &desc) {
  switch (desc.image_type) {
  case CL_MEM_OBJECT_IMAGE1D:
    return desc.image_width <= core::kImage2DMaxSize;
  case CL_MEM_OBJECT_IMAGE1D_BUFFER:
    return desc.image_width <= core::kImageMaxBufferSize;
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    return desc.image_width <= core::kImage2DMaxSize &&
           desc.image_array_size <= core::kImageMaxArraySize;
  case CL_MEM_OBJECT_IMAGE2D:
    return desc.image_width <= core::kImage2DMaxSize && desc.image_height <= core::kImage2DMaxSize;
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    return desc.image_width <= core::kImage2DMaxSize &&
           desc.image_height <= core::kImage2DMaxSize &&
           desc.image_array_size <= core::kImageMaxArraySize;
  default: // CL_MEM_OBJECT_IMAGE3D
    return desc.image_width <= core::kImage3DMaxSize &&
           desc.image_height <= core::kImage3DMaxSize && desc.image_depth <= core::kImage3DMaxSize;
  }
}

bool hasHeight(cl_mem_object_type type) {
  return type == CL_MEM_OBJECT_IMAGE2D || type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
         type == CL_MEM_OBJECT_IMAGE3D;
}

} // namespace

cl_int checkImageDescriptor(const cl_image_format *format, const cl_image_desc *desc,
                            cl_mem_flags flags, const void *host_ptr, ImageLayout &layout) {
  if (!format)
    return refuse(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "image_format is NULL");
  if (!core::validImageFormatDescriptor(*format))
    return refuse(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
                  "image_format's channel order " + hexText(format->image_channel_order) +
                      " and data type " + hexText(format->image_channel_data_type) +
                      " are not a valid pair");
  if (!desc)
    return refuse(CL_INVALID_IMAGE_DESCRIPTOR, "image_desc is NULL");
  if (!isImageType(desc->image_type))
    return refuse(CL_INVALID_IMAGE_DESCRIPTOR,
                  "image_type " + hexText(desc->image_type) + " is not an image type");
  if (desc->num_mip_levels || desc->num_samples)
    return refuse(CL_INVALID_IMAGE_DESCRIPTOR, "num_mip_levels and num_samples must be 0");
  const cl_mem_object_type type = desc->image_type;
  const bool on_buffer = desc->mem_object != nullptr;
  if (on_buffer != (type == CL_MEM_OBJECT_IMAGE1D_BUFFER) &&
      !(on_buffer && type == CL_MEM_OBJECT_IMAGE2D))
    return refuse(CL_INVALID_IMAGE_DESCRIPTOR,
                  on_buffer ? "mem_object is set for an image type other than "
                              "CL_MEM_OBJECT_IMAGE1D_BUFFER and CL_MEM_OBJECT_IMAGE2D"
                            : "mem_object is NULL for a CL_MEM_OBJECT_IMAGE1D_BUFFER");
  const bool array = type == CL_MEM_OBJECT_IMAGE1D_ARRAY || type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
  if (desc->image_width == 0 || (hasHeight(type) && desc->image_height == 0) ||
      (type == CL_MEM_OBJECT_IMAGE3D && desc->image_depth == 0) ||
      (array && desc->image_array_size == 0))
    return refuse(CL_INVALID_IMAGE_SIZE,
                  "image_width, image_height, image_depth or image_array_size is 0 where the "
                  "image type needs it");
  // Pitches come with host memory or an image's buffer (the CTS gives a 1D
  // buffer image its row's size); the image's pixels need not fill them, but
  // they must hold whole rows and slices.
  const core::ImageFormat *supported = core::findImageFormat(*format);
  const std::size_t element_size =
      supported ? supported->bytes_per_pixel : 1; // checked below, after the pitches
  const bool pitches_allowed = host_ptr || on_buffer;
  if (!pitches_allowed && (desc->image_row_pitch || desc->image_slice_pitch))
    return refuse(CL_INVALID_IMAGE_DESCRIPTOR,
                  "image_row_pitch or image_slice_pitch is not 0 without host_ptr or mem_object");
  const std::size_t tight_row = desc->image_width * element_size;
  if (desc->image_row_pitch &&
      (desc->image_row_pitch < tight_row || desc->image_row_pitch % element_size))
    return refuse(CL_INVALID_IMAGE_DESCRIPTOR,
                  "image_row_pitch " + std::to_string(desc->image_row_pitch) +
                      " is below the row's " + std::to_string(tight_row) +
                      " bytes or not a multiple of the pixel size " + std::to_string(element_size));
  const std::size_t row_pitch = desc->image_row_pitch ? desc->image_row_pitch : tight_row;
  const bool sliced = array || type == CL_MEM_OBJECT_IMAGE3D;
  const std::size_t min_slice =
      type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? row_pitch : row_pitch * desc->image_height;
  if (sliced && desc->image_slice_pitch &&
      (desc->image_slice_pitch < min_slice || desc->image_slice_pitch % row_pitch))
    return refuse(CL_INVALID_IMAGE_DESCRIPTOR,
                  "image_slice_pitch " + std::to_string(desc->image_slice_pitch) + " is below " +
                      std::to_string(min_slice) + " or not a multiple of the row pitch " +
                      std::to_string(row_pitch));
  if (!supported || !core::formatSupports(*supported, type, flags))
    return refuse(CL_IMAGE_FORMAT_NOT_SUPPORTED,
                  "image_format (channel order " + hexText(format->image_channel_order) +
                      ", data type " + hexText(format->image_channel_data_type) +
                      ") is not supported for this image type and flags");
  if (!withinLimits(*desc))
    return refuse(CL_INVALID_IMAGE_SIZE, "the image's sizes are above the device's image limits");
  layout = core::makeImageLayout(type, *supported, desc->image_width, desc->image_height,
                                 desc->image_depth, desc->image_array_size, desc->image_row_pitch,
                                 sliced ? desc->image_slice_pitch : 0);
  return CL_SUCCESS;
}

cl_int checkImageRegion(const ImageLayout &layout, const size_t *origin, const size_t *region,
                        Pixels &pixel_origin, Pixels &pixel_region) {
  if (!origin || !region)
    return refuse(CL_INVALID_VALUE, origin ? "region is NULL" : "origin is NULL");
  // The dimensions the type lacks: origin 0, region 1.
  pixel_origin = {origin[0], origin[1], origin[2]};
  pixel_region = {region[0], region[1], region[2]};
  const Pixels limit = layout.extent();
  for (int d = 0; d < 3; ++d) {
    // Built only for a refusal.
    auto at = [d](const char *name, std::size_t value) {
      return std::string(name) + "[" + std::to_string(d) + "] " + std::to_string(value);
    };
    if (pixel_region[d] == 0)
      return refuse(CL_INVALID_VALUE, "region[" + std::to_string(d) + "] is 0");
    if (pixel_origin[d] > limit[d] || pixel_region[d] > limit[d] - pixel_origin[d])
      return refuse(CL_INVALID_VALUE, at("origin", pixel_origin[d]) + " + " +
                                          at("region", pixel_region[d]) +
                                          " is beyond the image's " + std::to_string(limit[d]) +
                                          " (a dimension the image type lacks takes origin 0 "
                                          "and region 1)");
  }
  return CL_SUCCESS;
}

cl_int resolveImageHostPitches(const ImageLayout &layout, const Pixels &region,
                               std::size_t &row_pitch, std::size_t &slice_pitch) {
  const std::size_t tight_row = region[0] * layout.element_size;
  if (row_pitch == 0)
    row_pitch = tight_row;
  else if (row_pitch < tight_row)
    return refuse(CL_INVALID_VALUE, "row_pitch " + std::to_string(row_pitch) +
                                        " is below the region's row of " +
                                        std::to_string(tight_row) + " bytes");
  switch (layout.type) {
  case CL_MEM_OBJECT_IMAGE1D:
  case CL_MEM_OBJECT_IMAGE1D_BUFFER:
  case CL_MEM_OBJECT_IMAGE2D:
    if (slice_pitch)
      return refuse(CL_INVALID_VALUE, "slice_pitch is not 0 for a 1D or 2D image");
    slice_pitch = row_pitch * region[1];
    return CL_SUCCESS;
  case CL_MEM_OBJECT_IMAGE1D_ARRAY: // y steps layers, by the slice pitch
    if (slice_pitch == 0)
      slice_pitch = row_pitch;
    else if (slice_pitch < row_pitch)
      return refuse(CL_INVALID_VALUE, "slice_pitch " + std::to_string(slice_pitch) +
                                          " is below the row pitch " + std::to_string(row_pitch));
    row_pitch = slice_pitch;
    slice_pitch = row_pitch * region[1];
    return CL_SUCCESS;
  default:
    if (slice_pitch == 0)
      slice_pitch = row_pitch * region[1];
    if (slice_pitch < row_pitch * region[1])
      return refuse(CL_INVALID_VALUE, "slice_pitch " + std::to_string(slice_pitch) +
                                          " is below row_pitch times region[1], " +
                                          std::to_string(row_pitch * region[1]));
    return CL_SUCCESS;
  }
}

bool imageRegionsOverlap(const Pixels &a, const Pixels &b, const Pixels &region) {
  for (int d = 0; d < 3; ++d)
    if (a[d] + region[d] <= b[d] || b[d] + region[d] <= a[d])
      return false;
  return true;
}

cl_int checkImageArgument(const std::string &type_name, std::uint32_t access_qualifier,
                          const ImageLayout &image, cl_mem_flags flags) {
  struct ArgumentType {
    const char *name;
    cl_mem_object_type type;
    bool depth;
  };
  static constexpr ArgumentType kTypes[] = {
      {"image1d_t", CL_MEM_OBJECT_IMAGE1D, false},
      {"image1d_buffer_t", CL_MEM_OBJECT_IMAGE1D_BUFFER, false},
      {"image1d_array_t", CL_MEM_OBJECT_IMAGE1D_ARRAY, false},
      {"image2d_t", CL_MEM_OBJECT_IMAGE2D, false},
      {"image2d_depth_t", CL_MEM_OBJECT_IMAGE2D, true},
      {"image2d_array_t", CL_MEM_OBJECT_IMAGE2D_ARRAY, false},
      {"image2d_array_depth_t", CL_MEM_OBJECT_IMAGE2D_ARRAY, true},
      {"image3d_t", CL_MEM_OBJECT_IMAGE3D, false},
  };
  // The type name may carry the access qualifier ("read_only image2d_t").
  const std::string name = type_name.substr(type_name.rfind(' ') + 1);
  const bool depth = image.format.image_channel_order == CL_DEPTH;
  bool matches = false;
  for (const ArgumentType &type : kTypes)
    matches = matches || (name == type.name && image.type == type.type && depth == type.depth);
  if (!matches)
    return refuse(CL_INVALID_MEM_OBJECT,
                  "the image's type or channel order does not fit " + type_name);
  if (access_qualifier == cl2cuda::kArgAccessReadOnly && (flags & CL_MEM_WRITE_ONLY))
    return refuse(CL_INVALID_ARG_VALUE, "a CL_MEM_WRITE_ONLY image for a read_only argument");
  if (access_qualifier == cl2cuda::kArgAccessWriteOnly && (flags & CL_MEM_READ_ONLY))
    return refuse(CL_INVALID_ARG_VALUE, "a CL_MEM_READ_ONLY image for a write_only argument");
  return CL_SUCCESS;
}

cl_int checkSampler(cl_bool normalized_coords, cl_addressing_mode addressing,
                    cl_filter_mode filter) {
  const bool known_addressing =
      addressing >= CL_ADDRESS_NONE && addressing <= CL_ADDRESS_MIRRORED_REPEAT;
  const bool known_filter = filter == CL_FILTER_NEAREST || filter == CL_FILTER_LINEAR;
  const bool boolean = normalized_coords == CL_TRUE || normalized_coords == CL_FALSE;
  if (!known_addressing)
    return refuse(CL_INVALID_VALUE,
                  "addressing_mode " + hexText(addressing) + " is not an addressing mode");
  if (!known_filter)
    return refuse(CL_INVALID_VALUE, "filter_mode " + hexText(filter) + " is not a filter mode");
  if (!boolean)
    return refuse(CL_INVALID_VALUE, "normalized_coords is neither CL_TRUE nor CL_FALSE");
  return CL_SUCCESS;
}

cl_int parseSamplerProperties(const cl_sampler_properties *properties, SamplerSettings &settings,
                              std::vector<cl_sampler_properties> &copy) {
  copy.clear();
  if (!properties)
    return CL_SUCCESS;
  bool seen[3] = {false, false, false};
  for (; *properties; properties += 2) {
    const cl_sampler_properties name = properties[0], value = properties[1];
    int index;
    switch (name) {
    case CL_SAMPLER_NORMALIZED_COORDS:
      index = 0;
      settings.normalized_coords = cl_bool(value);
      break;
    case CL_SAMPLER_ADDRESSING_MODE:
      index = 1;
      settings.addressing = cl_addressing_mode(value);
      break;
    case CL_SAMPLER_FILTER_MODE:
      index = 2;
      settings.filter = cl_filter_mode(value);
      break;
    default:
      return refuse(CL_INVALID_VALUE,
                    "sampler_properties names " + hexText(name) + ", not a sampler property");
    }
    if (seen[index])
      return refuse(CL_INVALID_VALUE, "sampler_properties names " + hexText(name) + " twice");
    if (cl_sampler_properties(cl_uint(value)) != value)
      return refuse(CL_INVALID_VALUE, "sampler property " + hexText(name) + " has the value " +
                                          hexText(value) + ", beyond 32 bits");
    seen[index] = true;
    copy.push_back(name);
    copy.push_back(value);
  }
  copy.push_back(0);
  return checkSampler(settings.normalized_coords, settings.addressing, settings.filter);
}

} // namespace clcuda::api
