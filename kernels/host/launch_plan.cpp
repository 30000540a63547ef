#include "launch_plan.h"

#include <algorithm>

namespace clcuda {
namespace {

// The largest divisor of `value` not above `limit` (limit >= 1).
std::size_t largestDivisorAtMost(std::size_t value, std::size_t limit) {
  if (value <= limit)
    return value;
  for (std::size_t candidate = limit; candidate > 1; --candidate)
    if (value % candidate == 0)
      return candidate;
  return 1;
}

std::size_t roundUp(std::size_t value, std::size_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

} // namespace

Size3 chooseLocalSize(unsigned work_dim, const Size3 &global, const LocalSizeLimits &limits) {
  Size3 local{1, 1, 1};
  const std::size_t warp = std::max<std::size_t>(limits.warp, 1);
  std::size_t budget = std::max<std::size_t>(
      std::min(limits.preferred ? limits.preferred : limits.max_work_group, limits.max_work_group),
      1);
  // Few work-items: smaller groups, so that every multiprocessor gets some.
  std::size_t total = 1;
  for (unsigned d = 0; d < work_dim; ++d)
    total *= global[d];
  const std::size_t per_multiprocessor = roundUp(
      (total + limits.multiprocessors - 1) / std::max<std::size_t>(limits.multiprocessors, 1),
      warp);
  budget = std::max(std::min(budget, per_multiprocessor), std::min(budget, warp));
  for (unsigned d = 0; d < work_dim; ++d) {
    // Never larger than the range itself: a group of idle work-items is waste.
    const std::size_t limit =
        std::max<std::size_t>(std::min({budget, limits.max_work_item_sizes[d], global[d]}), 1);
    std::size_t size = largestDivisorAtMost(global[d], limit);
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

LaunchPlan::LaunchPlan(unsigned work_dim, const Size3 &global, const Size3 &offset,
                       const Size3 &local, const GridLimits &limits) {
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

SubLaunch LaunchPlan::launch(std::uint64_t index) const {
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

LocalArgumentLayout layOutLocalArguments(const cl2cuda::KernelMetadata &kernel,
                                         const std::vector<std::size_t> &sizes) {
  LocalArgumentLayout layout;
  layout.offsets.assign(kernel.args.size(), 0);
  layout.bytes = kernel.local_variable_bytes;
  for (std::size_t i = 0; i < kernel.args.size() && i < sizes.size(); ++i) {
    const cl2cuda::KernelArg &arg = kernel.args[i];
    if (arg.kind != cl2cuda::ArgKind::LocalPointer)
      continue;
    const std::size_t offset = roundUp(layout.bytes, std::max<std::uint32_t>(arg.alignment, 1));
    layout.offsets[i] = std::uint32_t(std::min<std::size_t>(offset, UINT32_MAX));
    layout.bytes = offset + sizes[i];
  }
  return layout;
}

} // namespace clcuda
