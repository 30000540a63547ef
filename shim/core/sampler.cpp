#include "sampler.h"

#include <clc/image_desc.h>

namespace clcuda::core {

unsigned samplerBits(bool normalized_coords, cl_addressing_mode addressing, cl_filter_mode filter) {
  // CL_ADDRESS_NONE ... CL_ADDRESS_MIRRORED_REPEAT are consecutive, as are
  // the CLK_ADDRESS_* values in steps of 2.
  const unsigned address = (addressing - CL_ADDRESS_NONE) * 2u;
  const unsigned filtering =
      filter == CL_FILTER_LINEAR ? clc::sampler_filter_linear : clc::sampler_filter_nearest;
  return (normalized_coords ? unsigned(clc::sampler_normalized_coords) : 0u) |
         (address & clc::sampler_address_mask) | filtering;
}

unsigned Sampler::bits() const { return samplerBits(normalized_coords_, addressing_, filter_); }

} // namespace clcuda::core
