// Launch-parameter sizes of kernel arguments, shared by the OpenCL C and
// SPIR-V front ends (docs/design.md, "Kernel arguments as launched").
#pragma once

#include <clc/image_desc.h>

#include <cstdint>

namespace cl2cuda {

inline constexpr uint32_t kDevicePointerSize = 8;
inline constexpr uint32_t kLocalOffsetSize = 4;
inline constexpr uint32_t kImageDescSize = sizeof(clc::image_desc);
inline constexpr uint32_t kImageDescAlignment = alignof(clc::image_desc);
inline constexpr uint32_t kSamplerSize = 4; // clc::sampler_t, an unsigned int of CLK_* bits

} // namespace cl2cuda
