// Samplers: the three properties of clCreateSampler, and the CLK_* bits a
// sampler argument is launched as (kernels/include/clc/image_desc.h).
#pragma once

#include "context.h"

#include <vector>

namespace clcuda::core {

class Sampler : public Object<Sampler, Tag::sampler> {
public:
  // The values are valid (the API layer checked them); `properties` is the
  // list as given (CL_SAMPLER_PROPERTIES), empty for clCreateSampler.
  Sampler(Context &context, bool normalized_coords, cl_addressing_mode addressing,
          cl_filter_mode filter, std::vector<cl_sampler_properties> properties)
      : context_(&context), normalized_coords_(normalized_coords), addressing_(addressing),
        filter_(filter), properties_(std::move(properties)) {}

  Context &context() const { return *context_; }
  bool normalizedCoords() const { return normalized_coords_; }
  cl_addressing_mode addressing() const { return addressing_; }
  cl_filter_mode filter() const { return filter_; }
  const std::vector<cl_sampler_properties> &properties() const { return properties_; }
  // The sampler_t value kernels see.
  unsigned bits() const;

private:
  Ref<Context> context_;
  bool normalized_coords_;
  cl_addressing_mode addressing_;
  cl_filter_mode filter_;
  std::vector<cl_sampler_properties> properties_;
};

template <> struct HandleOf<Sampler> { using type = cl_sampler; };

// The CLK_* bits of a sampler with these properties.
unsigned samplerBits(bool normalized_coords, cl_addressing_mode addressing, cl_filter_mode filter);

} // namespace clcuda::core
