// Launch-parameter sizes of kernel arguments, shared by the OpenCL C and
// SPIR-V front ends (docs/design.md, "Kernel arguments as launched").
#pragma once

#include <clc/image_desc.h>
#include <clc/ndrange.h>

#include <cstdint>

namespace cl2cuda {

inline constexpr uint32_t kDevicePointerSize = 8;
inline constexpr uint32_t kLocalOffsetSize = 4;
inline constexpr uint32_t kImageDescSize = sizeof(clc::image_desc);
inline constexpr uint32_t kImageDescAlignment = alignof(clc::image_desc);
inline constexpr uint32_t kSamplerSize = 4; // clc::sampler_t, an unsigned int of CLK_* bits

// The most bytes of __local variables kept in static __shared__ memory:
// CUDA's 48 KiB, less room for the device library's own __shared__ scratch
// (the work-group collectives' 32 partials a type). Past it, both front ends
// put a kernel's __local variables into dynamic shared memory before the
// __local arguments (KernelMetadata::local_variable_bytes).
inline constexpr uint64_t kStaticLocalBytes = 46 * 1024;

// A sub-group is a warp (the device library's size); a work-group, a CUDA
// block of at most 1,024 threads.
inline constexpr uint32_t kSubgroupSize = clc::sub_group_size;
inline constexpr uint32_t kMaxWorkGroupSize = 1024;

} // namespace cl2cuda
