// How an OpenCL NDRange becomes cuLaunchKernel calls (docs/design.md, "The
// hidden NDRange parameter"; docs/programs.md, "Launches"): the local size
// clcuda picks when the application gives none, and the split of one
// NDRange into launches of uniform blocks: the remainder groups of a
// non-uniform NDRange get their own launch with a smaller block, and a
// dimension with more groups than a grid allows is launched in chunks; and
// where __local arguments go. Pure functions, used by the shim and by the
// translator's execution tests; tests check them without a GPU.
#pragma once

#include <cl2cuda/metadata.h>
#include <clc/ndrange.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace clcuda {

using Size3 = std::array<std::size_t, 3>;

// What clEnqueueNDRangeKernel checks a kernel's work sizes against on one
// device (api/validation.h, checkWorkSizes); each kernel keeps its own.
struct WorkSizeLimits {
  Size3 max_work_item_sizes{};             // CL_DEVICE_MAX_WORK_ITEM_SIZES
  std::size_t max_work_group_size = 0;     // the kernel's CL_KERNEL_WORK_GROUP_SIZE
  std::array<std::uint32_t, 3> required{}; // reqd_work_group_size, or 0s
  bool uniform = true; // work-groups must be uniform (OpenCL C 1.x, -cl-uniform-work-group-size)
};

// What the local-size choice may use.
struct LocalSizeLimits {
  Size3 max_work_item_sizes;      // CL_DEVICE_MAX_WORK_ITEM_SIZES
  std::size_t max_work_group = 0; // CL_KERNEL_WORK_GROUP_SIZE
  std::size_t preferred = 0;      // the occupancy API's block size for the kernel
  std::size_t warp = 32;
  std::size_t multiprocessors = 1;
  bool uniform = true; // every work-group full: local sizes divide global sizes
};

// The local size for a NULL local_work_size: the occupancy API's block
// size, smaller when that would leave multiprocessors idle, spread over the
// dimensions from the first; with `uniform`, divisors of the global sizes.
// Unused dimensions are 1.
Size3 chooseLocalSize(unsigned work_dim, const Size3 &global, const LocalSizeLimits &limits);

// The grid of CUDA: groups per launch and dimension.
struct GridLimits {
  std::array<std::uint64_t, 3> max_groups{2147483647u, 65535u, 65535u};
};

// One cuLaunchKernel of a split NDRange.
struct SubLaunch {
  std::array<unsigned, 3> grid;
  std::array<unsigned, 3> block;
  std::array<unsigned, 3> group_offset; // clc::ndrange::group_offset
};

// The launches of one NDRange. `work_dim`, `global`, `offset` and `local`
// are valid (the API checked them; unused dimensions 1, 0, 1).
class LaunchPlan {
public:
  LaunchPlan(unsigned work_dim, const Size3 &global, const Size3 &offset, const Size3 &local,
             const GridLimits &limits = GridLimits());

  // The hidden argument, group_offset zero.
  const clc::ndrange &range() const { return range_; }
  // More than one launch?
  bool split() const { return count_ > 1; }
  std::uint64_t launchCount() const { return count_; }
  SubLaunch launch(std::uint64_t index) const;

  // Launches each piece with `launch_one(const SubLaunch &)`; stops at the
  // first result other than 0 (CUDA_SUCCESS) and returns it.
  template <class LaunchOne> auto forEach(LaunchOne &&launch_one) const {
    if (count_ == 1)
      return launch_one(single_);
    decltype(launch_one(SubLaunch{})) result{};
    for (std::uint64_t i = 0; i < count_ && result == decltype(result){}; ++i)
      result = launch_one(launch(i));
    return result;
  }

private:
  // One dimension: chunks of full groups, then the remainder group.
  struct Dimension {
    std::uint64_t full_groups;
    unsigned block;
    unsigned remainder; // work-items of the last group; 0 when none
    std::uint64_t max_groups;
    std::uint64_t chunks() const { return (full_groups + max_groups - 1) / max_groups; }
    std::uint64_t pieces() const { return chunks() + (remainder ? 1 : 0); }
  };

  clc::ndrange range_{};
  std::array<Dimension, 3> dimensions_{};
  std::uint64_t count_ = 1;
  SubLaunch single_{}; // the launch, when there is one (the common case)
};

// Where a kernel's __local pointer arguments go in dynamic shared memory
// (docs/design.md, "Kernel arguments as launched"): one after another, each
// at its pointee's alignment, after the kernel's own __local variables that
// the translator put there. `sizes[i]` is argument i's size in bytes (other
// arguments' are ignored). The launch's shared memory is `bytes`.
struct LocalArgumentLayout {
  std::vector<std::uint32_t> offsets; // per argument; 0 for other arguments
  std::size_t bytes = 0;
};
LocalArgumentLayout layOutLocalArguments(const cl2cuda::KernelMetadata &kernel,
                                         const std::vector<std::size_t> &sizes);

} // namespace clcuda
