// How an OpenCL NDRange becomes CUDA launches (docs/design.md, "The hidden
// NDRange parameter"; docs/programs.md, "Launches"): the local size to use
// when the application gives none, and the split of one NDRange into
// launches of uniform blocks: the remainder groups of a non-uniform NDRange
// get their own launch with a smaller block, and a dimension with more
// groups than a grid allows is launched in chunks; and where __local
// arguments go in dynamic shared memory.
//
// Host code, plain C++17 and header-only: the shim (kernels/host/launch_plan.h)
// and the launch helpers of cl2cuda --launch-helpers (clc/launch.h) share it.
// It is not handed to NVRTC (kernels/CMakeLists.txt): translated device code
// never includes it. Tests check it without a GPU.
#pragma once

#include <clc/ndrange.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <utility>

namespace clc {

using Size3 = std::array<std::size_t, 3>;

namespace detail {

inline std::size_t roundUp(std::size_t value, std::size_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

// The largest divisor of `value` not above `limit` (limit >= 1).
inline std::size_t largestDivisorAtMost(std::size_t value, std::size_t limit) {
  if (value <= limit)
    return value;
  for (std::size_t candidate = limit; candidate > 1; --candidate)
    if (value % candidate == 0)
      return candidate;
  return 1;
}

} // namespace detail

// `offset` rounded up to a multiple of `alignment` (>= 1): where a __local
// argument of that alignment starts.
inline std::size_t align_local(std::size_t offset, std::size_t alignment) {
  return detail::roundUp(offset, alignment);
}

// Where __local pointer arguments go in dynamic shared memory (docs/design.md,
// "Kernel arguments as launched"): one after another, each at its alignment,
// after `base` bytes (the kernel's own __local variables that the translator
// placed there). Returns the end of the last: the dynamic shared memory a
// launch needs.
inline std::size_t local_arguments_end(
    std::size_t base,
    std::initializer_list<std::pair<std::size_t, std::size_t>> bytes_and_alignments) {
  std::size_t end = base;
  for (const auto &[bytes, alignment] : bytes_and_alignments)
    end = align_local(end, alignment) + bytes;
  return end;
}

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
inline Size3 chooseLocalSize(unsigned work_dim, const Size3 &global,
                             const LocalSizeLimits &limits) {
  Size3 local{1, 1, 1};
  const std::size_t warp = std::max<std::size_t>(limits.warp, 1);
  std::size_t budget = std::max<std::size_t>(
      std::min(limits.preferred ? limits.preferred : limits.max_work_group, limits.max_work_group),
      1);
  // Few work-items: smaller groups, so that every multiprocessor gets some.
  std::size_t total = 1;
  for (unsigned d = 0; d < work_dim; ++d)
    total *= global[d];
  const std::size_t per_multiprocessor = detail::roundUp(
      (total + limits.multiprocessors - 1) / std::max<std::size_t>(limits.multiprocessors, 1),
      warp);
  budget = std::max(std::min(budget, per_multiprocessor), std::min(budget, warp));
  for (unsigned d = 0; d < work_dim; ++d) {
    // Never larger than the range itself: a group of idle work-items is waste.
    const std::size_t limit =
        std::max<std::size_t>(std::min({budget, limits.max_work_item_sizes[d], global[d]}), 1);
    std::size_t size = detail::largestDivisorAtMost(global[d], limit);
    // Non-uniform groups may be allowed: a divisor that makes groups less
    // than half as large as they could be loses to full groups of a warp
    // multiple plus one smaller remainder group.
    if (!limits.uniform && size < limit / 2)
      size = limit >= warp ? limit / warp * warp : limit;
    local[d] = size;
    budget = std::max<std::size_t>(budget / size, 1);
  }
  return local;
}

// Group ids are 32-bit in CUDA and in clc::ndrange::group_offset: a
// dimension of `global` work-items in groups of `local` must have fewer
// than 2^32 - 1 groups. A LaunchPlan needs it of every dimension.
inline bool groupCountFits(std::size_t global, std::size_t local) {
  return (global - 1) / local < std::size_t(UINT32_MAX);
}

// The grid of CUDA: groups per launch and dimension.
struct GridLimits {
  std::array<std::uint64_t, 3> max_groups{2147483647u, 65535u, 65535u};
};

// One launch of a split NDRange.
struct SubLaunch {
  std::array<unsigned, 3> grid;
  std::array<unsigned, 3> block;
  std::array<unsigned, 3> group_offset; // clc::ndrange::group_offset
};

// The launches of one NDRange. `work_dim`, `global`, `offset` and `local`
// are valid (the caller checked them, groupCountFits included; unused
// dimensions 1, 0, 1).
class LaunchPlan {
public:
  LaunchPlan(unsigned work_dim, const Size3 &global, const Size3 &offset, const Size3 &local,
             const GridLimits &limits = GridLimits()) {
    // One division per used dimension in the common case: uniform groups
    // that fit one grid make one launch.
    range_.work_dim = work_dim;
    bool one_launch = true;
    for (unsigned d = 0; d < 3; ++d) {
      Dimension &dimension = dimensions_[d];
      dimension.block = unsigned(local[d]);
      dimension.max_groups = limits.max_groups[d];
      dimension.full_groups = d < work_dim ? global[d] / local[d] : 1;
      dimension.remainder = unsigned(global[d] - dimension.full_groups * local[d]);
      one_launch =
          one_launch && !dimension.remainder && dimension.full_groups <= dimension.max_groups;
      range_.global_size[d] = global[d];
      range_.global_offset[d] = offset[d];
      range_.enqueued_local_size[d] = local[d];
      range_.num_groups[d] = dimension.full_groups + (dimension.remainder ? 1 : 0);
      range_.group_offset[d] = 0;
    }
    if (one_launch) {
      for (int d = 0; d < 3; ++d) {
        single_.grid[d] = unsigned(dimensions_[d].full_groups);
        single_.block[d] = dimensions_[d].block;
      }
      return;
    }
    count_ = dimensions_[0].pieces() * dimensions_[1].pieces() * dimensions_[2].pieces();
    if (count_ == 1) // a single remainder group (a range smaller than one group)
      single_ = launch(0);
  }

  // The hidden argument, group_offset zero.
  const ndrange &range() const { return range_; }
  // More than one launch?
  bool split() const { return count_ > 1; }
  std::uint64_t launchCount() const { return count_; }

  SubLaunch launch(std::uint64_t index) const {
    SubLaunch piece{};
    for (int d = 0; d < 3; ++d) {
      const Dimension &dimension = dimensions_[d];
      const std::uint64_t pieces = dimension.pieces();
      const std::uint64_t which = index % pieces;
      index /= pieces;
      if (which < dimension.chunks()) {
        const std::uint64_t first = which * dimension.max_groups;
        piece.group_offset[d] = unsigned(first);
        piece.grid[d] = unsigned(std::min(dimension.max_groups, dimension.full_groups - first));
        piece.block[d] = dimension.block;
      } else {
        piece.group_offset[d] = unsigned(dimension.full_groups);
        piece.grid[d] = 1;
        piece.block[d] = dimension.remainder;
      }
    }
    return piece;
  }

  // Launches each piece with `launch_one(const SubLaunch &)`; stops at the
  // first result other than 0 (CUDA_SUCCESS, cudaSuccess) and returns it.
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

  ndrange range_{};
  std::array<Dimension, 3> dimensions_{};
  std::uint64_t count_ = 1;
  SubLaunch single_{}; // the launch, when there is one (the common case)
};

} // namespace clc
