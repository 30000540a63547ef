// The shim's side of the launch contract: what clEnqueueNDRangeKernel checks
// a kernel's work sizes against, and where __local arguments go by a
// kernel's metadata. The NDRange logic itself (the local size for a NULL
// local_work_size, the split into launches) is header-only in
// clc/launch_plan.h, shared with cl2cuda's launch helpers (clc/launch.h);
// its names are brought into clcuda here. Pure functions, used by the shim
// and by the translator's execution tests; tests check them without a GPU.
#pragma once

#include <cl2cuda/metadata.h>
#include <clc/launch_plan.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace clcuda {

using clc::chooseLocalSize;
using clc::GridLimits;
using clc::groupCountFits;
using clc::LaunchPlan;
using clc::LocalSizeLimits;
using clc::Size3;
using clc::SubLaunch;

// What clEnqueueNDRangeKernel checks a kernel's work sizes against on one
// device (api/validation.h, checkWorkSizes); each kernel keeps its own.
struct WorkSizeLimits {
  Size3 max_work_item_sizes{};             // CL_DEVICE_MAX_WORK_ITEM_SIZES
  std::size_t max_work_group_size = 0;     // the kernel's CL_KERNEL_WORK_GROUP_SIZE
  std::array<std::uint32_t, 3> required{}; // reqd_work_group_size, or 0s
  bool uniform = true; // work-groups must be uniform (OpenCL C 1.x, -cl-uniform-work-group-size)
};

// Where a kernel's __local pointer arguments go in dynamic shared memory
// (docs/design.md, "Kernel arguments as launched"): one after another, each
// at its pointee's alignment, after the kernel's own __local variables that
// the translator put there, as clc::local_arguments_end counts them.
// `sizes[i]` is argument i's size in bytes (other arguments' are ignored).
// The launch's shared memory is `bytes`.
struct LocalArgumentLayout {
  std::vector<std::uint32_t> offsets; // per argument; 0 for other arguments
  std::size_t bytes = 0;
};
LocalArgumentLayout layOutLocalArguments(const cl2cuda::KernelMetadata &kernel,
                                         const std::vector<std::size_t> &sizes);

} // namespace clcuda
