// NDRange to cuLaunchKernel calls: the split of non-uniform and oversized
// NDRanges, the local size chosen for a NULL local_work_size, and where
// __local arguments go (the shim's layout and the launch helpers' count).
#include "launch_plan.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <map>
#include <random>
#include <utility>
#include <vector>

namespace {

using namespace clcuda;

// What every work-item sees, computed as the device library computes it
// (kernels/include/clc/core.h) from the launches of a plan.
struct WorkItem {
  Size3 group, local_id, local_size;
};

std::map<Size3, WorkItem> emulate(const LaunchPlan &plan) {
  std::map<Size3, WorkItem> items;
  const clc::ndrange &range = plan.range();
  for (std::uint64_t index = 0; index < plan.launchCount(); ++index) {
    const SubLaunch piece = plan.launch(index);
    for (unsigned bz = 0; bz < piece.grid[2]; ++bz)
      for (unsigned by = 0; by < piece.grid[1]; ++by)
        for (unsigned bx = 0; bx < piece.grid[0]; ++bx)
          for (unsigned tz = 0; tz < piece.block[2]; ++tz)
            for (unsigned ty = 0; ty < piece.block[1]; ++ty)
              for (unsigned tx = 0; tx < piece.block[0]; ++tx) {
                const unsigned block[3] = {bx, by, bz}, thread[3] = {tx, ty, tz};
                Size3 global;
                WorkItem item;
                for (int d = 0; d < 3; ++d) {
                  item.group[d] = piece.group_offset[d] + block[d];
                  item.local_id[d] = thread[d];
                  item.local_size[d] = piece.block[d];
                  global[d] = item.group[d] * range.enqueued_local_size[d] + thread[d] +
                              range.global_offset[d];
                }
                EXPECT_TRUE(items.emplace(global, item).second) << "a work-item ran twice";
              }
  }
  return items;
}

// The OpenCL view of the same NDRange, for each work-item.
void expectOpenClSemantics(const Size3 &global, const Size3 &offset, const Size3 &local,
                           const LaunchPlan &plan) {
  const std::map<Size3, WorkItem> items = emulate(plan);
  ASSERT_EQ(items.size(), global[0] * global[1] * global[2]);
  for (const auto &[id, item] : items)
    for (int d = 0; d < 3; ++d) {
      ASSERT_GE(id[d], offset[d]);
      ASSERT_LT(id[d], offset[d] + global[d]);
      const std::size_t relative = id[d] - offset[d];
      ASSERT_EQ(item.group[d], relative / local[d]);
      ASSERT_EQ(item.local_id[d], relative % local[d]);
      const std::size_t full = global[d] / local[d] * local[d];
      ASSERT_EQ(item.local_size[d], relative < full ? local[d] : global[d] - full);
    }
  for (int d = 0; d < 3; ++d) {
    EXPECT_EQ(plan.range().global_size[d], global[d]);
    EXPECT_EQ(plan.range().enqueued_local_size[d], local[d]);
    EXPECT_EQ(plan.range().num_groups[d], (global[d] + local[d] - 1) / local[d]);
    EXPECT_EQ(plan.range().group_offset[d], 0u);
  }
}

TEST(LaunchPlan, UniformIsOneLaunch) {
  const LaunchPlan plan(1, {1024, 1, 1}, {0, 0, 0}, {256, 1, 1});
  EXPECT_FALSE(plan.split());
  const SubLaunch piece = plan.launch(0);
  EXPECT_EQ(piece.grid, (std::array<unsigned, 3>{4, 1, 1}));
  EXPECT_EQ(piece.block, (std::array<unsigned, 3>{256, 1, 1}));
  EXPECT_EQ(plan.range().work_dim, 1u);
  expectOpenClSemantics({1024, 1, 1}, {0, 0, 0}, {256, 1, 1}, plan);
}

TEST(LaunchPlan, NonUniformGroupsGetTheirOwnLaunches) {
  const Size3 global{100, 30, 1}, offset{5, 7, 0}, local{16, 8, 1};
  const LaunchPlan plan(2, global, offset, local);
  EXPECT_EQ(plan.launchCount(), 4u); // full x full, rest x full, full x rest, rest x rest
  const SubLaunch corner = plan.launch(3);
  EXPECT_EQ(corner.grid, (std::array<unsigned, 3>{1, 1, 1}));
  EXPECT_EQ(corner.block, (std::array<unsigned, 3>{4, 6, 1}));
  EXPECT_EQ(corner.group_offset, (std::array<unsigned, 3>{6, 3, 0}));
  expectOpenClSemantics(global, offset, local, plan);
}

TEST(LaunchPlan, ThreeDimensionsWithRemainders) {
  const Size3 global{9, 10, 11}, offset{1, 2, 3}, local{4, 3, 2};
  const LaunchPlan plan(3, global, offset, local);
  EXPECT_EQ(plan.launchCount(), 8u);
  expectOpenClSemantics(global, offset, local, plan);
}

TEST(LaunchPlan, LocalLargerThanGlobalIsOneSmallGroup) {
  const LaunchPlan plan(1, {5, 1, 1}, {0, 0, 0}, {8, 1, 1});
  EXPECT_EQ(plan.launchCount(), 1u);
  EXPECT_EQ(plan.launch(0).block[0], 5u);
  // forEach issues what launch(0) describes (it once issued an empty grid).
  std::vector<SubLaunch> issued;
  plan.forEach([&](const SubLaunch &piece) {
    issued.push_back(piece);
    return 0;
  });
  ASSERT_EQ(issued.size(), 1u);
  EXPECT_EQ(issued[0].grid, (std::array<unsigned, 3>{1, 1, 1}));
  EXPECT_EQ(issued[0].block, (std::array<unsigned, 3>{5, 1, 1}));
  expectOpenClSemantics({5, 1, 1}, {0, 0, 0}, {8, 1, 1}, plan);
}

TEST(LaunchPlan, GridsBeyondTheLimitAreChunked) {
  GridLimits small;
  small.max_groups = {3, 2, 2};
  const Size3 global{40, 10, 6}, local{4, 2, 1};
  const LaunchPlan plan(3, global, {0, 0, 0}, local, small);
  // x: 10 groups in chunks of 3 (4 pieces); y: 5 in 2s (3); z: 6 in 2s (3).
  EXPECT_EQ(plan.launchCount(), 4u * 3u * 3u);
  for (std::uint64_t i = 0; i < plan.launchCount(); ++i)
    for (int d = 0; d < 3; ++d)
      EXPECT_LE(plan.launch(i).grid[d], small.max_groups[d]);
  expectOpenClSemantics(global, {0, 0, 0}, local, plan);
}

TEST(LaunchPlan, RealLimitsSplitOnlyWhereNeeded) {
  const LaunchPlan plan(2, {64, 70000, 1}, {0, 0, 0}, {64, 1, 1});
  EXPECT_EQ(plan.launchCount(), 2u);
  EXPECT_EQ(plan.launch(0).grid[1], 65535u);
  EXPECT_EQ(plan.launch(1).grid[1], 70000u - 65535u);
  EXPECT_EQ(plan.launch(1).group_offset[1], 65535u);
}

TEST(LaunchPlan, RandomNdRangesKeepOpenClSemantics) {
  std::mt19937 random(11);
  GridLimits small;
  small.max_groups = {5, 3, 2};
  for (int round = 0; round < 200; ++round) {
    const unsigned dims = 1 + random() % 3;
    Size3 global{1, 1, 1}, offset{0, 0, 0}, local{1, 1, 1};
    for (unsigned d = 0; d < dims; ++d) {
      global[d] = 1 + random() % 23;
      offset[d] = random() % 4;
      local[d] = 1 + random() % 7;
    }
    SCOPED_TRACE(testing::Message() << "round " << round);
    expectOpenClSemantics(global, offset, local, LaunchPlan(dims, global, offset, local, small));
  }
}

LocalSizeLimits hopper(bool uniform) {
  LocalSizeLimits limits;
  limits.max_work_item_sizes = {1024, 1024, 64};
  limits.max_work_group = 1024;
  limits.preferred = 768;
  limits.warp = 32;
  limits.multiprocessors = 132;
  limits.uniform = uniform;
  return limits;
}

std::size_t product(const Size3 &size) { return size[0] * size[1] * size[2]; }

TEST(LocalSize, LargeRangesGetTheOccupancyBlockSize) {
  EXPECT_EQ(chooseLocalSize(1, {1 << 24, 1, 1}, hopper(true)), (Size3{512, 1, 1}));
  EXPECT_EQ(chooseLocalSize(1, {768 * 1000, 1, 1}, hopper(true)), (Size3{768, 1, 1}));
  EXPECT_EQ(chooseLocalSize(1, {1 << 24, 1, 1}, hopper(false)), (Size3{512, 1, 1}));
}

TEST(LocalSize, UniformSizesDivideTheGlobalSize) {
  std::mt19937 random(3);
  for (int round = 0; round < 500; ++round) {
    const unsigned dims = 1 + random() % 3;
    Size3 global{1, 1, 1};
    for (unsigned d = 0; d < dims; ++d)
      global[d] = 1 + random() % 5000;
    const Size3 local = chooseLocalSize(dims, global, hopper(true));
    for (int d = 0; d < 3; ++d) {
      EXPECT_EQ(global[d] % local[d], 0u);
      EXPECT_LE(local[d], hopper(true).max_work_item_sizes[d]);
    }
    EXPECT_LE(product(local), 768u);
  }
}

TEST(LocalSize, NonUniformPrefersWarpMultiplesOverPoorDivisors) {
  // 2 x 1031 has no divisor between 2 and 1031.
  EXPECT_EQ(chooseLocalSize(1, {2062 * 100, 1, 1}, hopper(true))[0], 200u);
  EXPECT_EQ(chooseLocalSize(1, {2062, 1, 1}, hopper(true))[0], 2u);
  const Size3 free = chooseLocalSize(1, {2062, 1, 1}, hopper(false));
  EXPECT_EQ(free[0] % 32, 0u);
  EXPECT_GT(free[0], 2u);
}

TEST(LocalSize, SmallRangesSpreadOverTheMultiprocessors) {
  // 4096 work-items on 132 multiprocessors: groups of at most 32 keep them busy.
  const Size3 local = chooseLocalSize(1, {4096, 1, 1}, hopper(true));
  EXPECT_LE(local[0], 32u);
  EXPECT_EQ(4096 % local[0], 0u);
  EXPECT_EQ(chooseLocalSize(1, {1, 1, 1}, hopper(true)), (Size3{1, 1, 1}));
  EXPECT_EQ(chooseLocalSize(1, {7, 1, 1}, hopper(true)), (Size3{7, 1, 1}));
  // Non-uniform groups allowed: still no group larger than the range.
  EXPECT_EQ(chooseLocalSize(1, {1, 1, 1}, hopper(false)), (Size3{1, 1, 1}));
  EXPECT_EQ(chooseLocalSize(2, {3, 5, 1}, hopper(false)), (Size3{3, 5, 1}));
}

TEST(LocalSize, LaterDimensionsShareTheBudget) {
  const Size3 local = chooseLocalSize(2, {8192, 8192, 1}, hopper(true));
  EXPECT_EQ(local[0], 512u);
  EXPECT_EQ(local[1], 1u);
  const Size3 narrow = chooseLocalSize(3, {3, 6000, 64}, hopper(true));
  EXPECT_EQ(narrow[0], 3u);
  EXPECT_LE(product(narrow), 768u);
  EXPECT_EQ(6000 % narrow[1], 0u);
  EXPECT_LE(narrow[2], 64u);
}

TEST(LocalSize, KernelLimitsWin) {
  LocalSizeLimits limits = hopper(true);
  limits.max_work_group = 128; // registers limit this kernel
  limits.preferred = 0;        // the occupancy API had no answer
  EXPECT_EQ(chooseLocalSize(1, {1 << 20, 1, 1}, limits), (Size3{128, 1, 1}));
}

// __local arguments follow the kernel's own __local variables, each at its
// pointee's alignment: the layout the shim and the translator's execution
// tests launch with.
cl2cuda::KernelArg argument(cl2cuda::ArgKind kind, std::uint32_t alignment) {
  cl2cuda::KernelArg arg;
  arg.kind = kind;
  arg.alignment = alignment;
  return arg;
}

TEST(LocalArguments, FollowTheKernelsVariablesAtTheirAlignment) {
  cl2cuda::KernelMetadata kernel;
  kernel.local_variable_bytes = 24;
  kernel.args = {
      argument(cl2cuda::ArgKind::Buffer, 8), argument(cl2cuda::ArgKind::LocalPointer, 16),
      argument(cl2cuda::ArgKind::ByValue, 4), argument(cl2cuda::ArgKind::LocalPointer, 4)};
  const LocalArgumentLayout layout = layOutLocalArguments(kernel, {64, 100, 4, 8});
  EXPECT_EQ(layout.offsets, (std::vector<std::uint32_t>{0, 32, 0, 132}));
  EXPECT_EQ(layout.bytes, 140u);
  kernel.local_variable_bytes = 0;
  EXPECT_EQ(layOutLocalArguments(kernel, {0, 0, 0, 0}).bytes, 0u);
}

TEST(LocalArguments, AlignLocalRoundsUpToTheAlignment) {
  EXPECT_EQ(clc::align_local(0, 16), 0u);
  EXPECT_EQ(clc::align_local(1, 16), 16u);
  EXPECT_EQ(clc::align_local(16, 16), 16u);
  EXPECT_EQ(clc::align_local(17, 16), 32u);
  EXPECT_EQ(clc::align_local(7, 1), 7u);
  EXPECT_EQ(clc::align_local(10, 12), 12u); // a 3-vector's alignment is no power of two
}

// What cl2cuda's launch helpers pass as dynamic shared memory.
TEST(LocalArguments, EndFollowsTheBaseAndEachAlignment) {
  EXPECT_EQ(clc::local_arguments_end(0, {}), 0u);
  EXPECT_EQ(clc::local_arguments_end(40, {}), 40u);
  EXPECT_EQ(clc::local_arguments_end(0, {{100, 4}}), 100u);
  // 24 -> 32 (+100) -> 132 (+8) = 140; 3 -> 8 (+1) -> 9 (+6) -> 16 (+0)
  EXPECT_EQ(clc::local_arguments_end(24, {{100, 16}, {8, 4}}), 140u);
  EXPECT_EQ(clc::local_arguments_end(3, {{1, 8}, {6, 1}, {0, 16}}), 16u);
}

// The shim (by metadata) and the launch helpers (by the kernel's types) agree
// on where the __local arguments (bytes, alignment) go after `variables`
// bytes: the launch's shared memory, and the last argument's offset.
void expectSameLayout(std::uint32_t variables,
                      std::initializer_list<std::pair<std::size_t, std::size_t>> locals) {
  cl2cuda::KernelMetadata kernel;
  kernel.local_variable_bytes = variables;
  std::vector<std::size_t> sizes;
  for (const auto &[bytes, alignment] : locals) {
    // A buffer before each __local argument: other arguments take no room.
    kernel.args.push_back(argument(cl2cuda::ArgKind::Buffer, 8));
    kernel.args.push_back(argument(cl2cuda::ArgKind::LocalPointer, std::uint32_t(alignment)));
    sizes.insert(sizes.end(), {8, bytes});
  }
  const LocalArgumentLayout layout = layOutLocalArguments(kernel, sizes);
  const std::size_t end = clc::local_arguments_end(variables, locals);
  EXPECT_EQ(layout.bytes, end) << "after " << variables << " bytes of variables";
  EXPECT_EQ(layout.offsets.back(), end - sizes.back()) << "after " << variables << " bytes";
}

TEST(LocalArguments, LayoutAgreesWithLocalArgumentsEnd) {
  expectSameLayout(0, {{256, 4}});
  expectSameLayout(24, {{100, 16}, {8, 4}});
  expectSameLayout(49152, {{1, 1}, {64, 8}, {3, 4}, {4096, 128}});
  expectSameLayout(7, {{0, 32}, {12, 16}});
  expectSameLayout(5, {{10, 12}, {2, 2}, {40, 16}});
}

} // namespace
