// The argument rules of the image entry points that need no object:
// descriptors, pitches, origins and regions. Pure functions, so unit tests
// check every rule without a GPU.
#pragma once

#include "core/image.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clcuda::api {

// clCreateImage's format and descriptor against the format table and the
// device limits: CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
// CL_INVALID_IMAGE_DESCRIPTOR, CL_IMAGE_FORMAT_NOT_SUPPORTED,
// CL_INVALID_IMAGE_SIZE. `flags` are the image's (valid ones). With no
// buffer in the descriptor, nonzero pitches need `host_ptr`. On success
// `layout` holds the image's layout (pitches: given, else tight).
cl_int checkImageDescriptor(const cl_image_format *format, const cl_image_desc *desc,
                            cl_mem_flags flags, const void *host_ptr, core::ImageLayout &layout);

// An origin and region of an image command (pixels, as OpenCL gives them
// per image type): CL_INVALID_VALUE when NULL, empty, out of the image or
// using a dimension the type lacks (ImageLayout::extent).
cl_int checkImageRegion(const core::ImageLayout &layout, const size_t *origin, const size_t *region,
                        core::Pixels &pixel_origin, core::Pixels &pixel_region);

// The host pitches of clEnqueueReadImage/WriteImage (0: tight) for
// `region`: CL_INVALID_VALUE when too small, or a slice pitch for a 1D or
// 2D image. On success they are the steps of y and z in the host memory (a
// 1D array's y steps by its slice pitch, a layer).
cl_int resolveImageHostPitches(const core::ImageLayout &layout, const core::Pixels &region,
                               std::size_t &row_pitch, std::size_t &slice_pitch);

// Two regions of one image overlap (clEnqueueCopyImage).
bool imageRegionsOverlap(const core::Pixels &a, const core::Pixels &b, const core::Pixels &region);

// clSetKernelArg of an image: the image's type and channel order against
// the argument's type name (image2d_depth_t takes a CL_DEPTH 2D image ...)
// give CL_INVALID_MEM_OBJECT, its flags against the access qualifier
// (read_only takes no CL_MEM_WRITE_ONLY image, write_only no
// CL_MEM_READ_ONLY one) CL_INVALID_ARG_VALUE.
cl_int checkImageArgument(const std::string &type_name, std::uint32_t access_qualifier,
                          const core::ImageLayout &image, cl_mem_flags flags);

// clCreateSampler's values: CL_INVALID_VALUE for an unknown addressing or
// filter mode.
cl_int checkSampler(cl_bool normalized_coords, cl_addressing_mode addressing,
                    cl_filter_mode filter);

// clCreateSamplerWithProperties: the three properties, defaults (normalized,
// CL_ADDRESS_CLAMP, CL_FILTER_NEAREST) for those not given; CL_INVALID_VALUE
// for an unknown or repeated name or a bad value. `copy` gets the list with
// its terminating 0 (empty for NULL), as CL_SAMPLER_PROPERTIES returns it.
struct SamplerSettings {
  cl_bool normalized_coords = CL_TRUE;
  cl_addressing_mode addressing = CL_ADDRESS_CLAMP;
  cl_filter_mode filter = CL_FILTER_NEAREST;
};
cl_int parseSamplerProperties(const cl_sampler_properties *properties, SamplerSettings &settings,
                              std::vector<cl_sampler_properties> &copy);

} // namespace clcuda::api
