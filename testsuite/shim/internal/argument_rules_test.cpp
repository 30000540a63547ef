// The argument rules of clSetKernelArg and clEnqueueNDRangeKernel's work
// sizes, one by one (api/validation.h: pure functions, no GPU).
#include "api/validation.h"

#include <gtest/gtest.h>

namespace {

using namespace clcuda::api;
using cl2cuda::ArgKind;

TEST(KernelArgRules, BuffersTakeAClMemOrNull) {
  cl_mem handle = nullptr;
  for (ArgKind kind : {ArgKind::Buffer, ArgKind::ConstantBuffer}) {
    EXPECT_EQ(checkKernelArg(kind, 8, sizeof(cl_mem), &handle), CL_SUCCESS);
    EXPECT_EQ(checkKernelArg(kind, 8, sizeof(cl_mem), nullptr), CL_SUCCESS);
    EXPECT_EQ(checkKernelArg(kind, 8, 4, &handle), CL_INVALID_ARG_SIZE);
    EXPECT_EQ(checkKernelArg(kind, 8, 0, nullptr), CL_INVALID_ARG_SIZE);
  }
}

TEST(KernelArgRules, LocalArgumentsTakeASizeAndNoValue) {
  int value = 0;
  EXPECT_EQ(checkKernelArg(ArgKind::LocalPointer, 4, 1024, nullptr), CL_SUCCESS);
  // OpenCL 3.1 takes a size of 0; 3.0 refuses it (OpenCL31.ThreePointZeroWhenAsked).
  EXPECT_EQ(checkKernelArg(ArgKind::LocalPointer, 4, 0, nullptr), CL_SUCCESS);
  EXPECT_EQ(checkKernelArg(ArgKind::LocalPointer, 4, 16, &value), CL_INVALID_ARG_VALUE);
}

TEST(KernelArgRules, ValuesMatchTheirSizeExactly) {
  double value = 0;
  EXPECT_EQ(checkKernelArg(ArgKind::ByValue, 8, 8, &value), CL_SUCCESS);
  EXPECT_EQ(checkKernelArg(ArgKind::ByValue, 8, 4, &value), CL_INVALID_ARG_SIZE);
  EXPECT_EQ(checkKernelArg(ArgKind::ByValue, 16, 12, &value), CL_INVALID_ARG_SIZE); // float3 is 16
  EXPECT_EQ(checkKernelArg(ArgKind::ByValue, 8, 8, nullptr), CL_INVALID_ARG_VALUE);
}

WorkSizeLimits hopper() {
  WorkSizeLimits limits;
  limits.max_work_item_sizes = {1024, 1024, 64};
  limits.max_work_group_size = 1024;
  limits.uniform = true;
  return limits;
}

TEST(WorkSizeRules, Dimensions) {
  const size_t global[3] = {64, 64, 64};
  EXPECT_EQ(checkWorkSizes(0, nullptr, global, nullptr, hopper()), CL_INVALID_WORK_DIMENSION);
  EXPECT_EQ(checkWorkSizes(4, nullptr, global, nullptr, hopper()), CL_INVALID_WORK_DIMENSION);
  for (cl_uint dims = 1; dims <= 3; ++dims)
    EXPECT_EQ(checkWorkSizes(dims, nullptr, global, nullptr, hopper()), CL_SUCCESS);
}

TEST(WorkSizeRules, NullGlobalSizeIsAnEmptyRange) {
  // OpenCL 2.1 and later (the CTS's zero_sized_enqueue and profiling_timebase).
  for (cl_uint dims = 1; dims <= 3; ++dims)
    EXPECT_EQ(checkWorkSizes(dims, nullptr, nullptr, nullptr, hopper()), CL_SUCCESS);
}

TEST(WorkSizeRules, ZeroGlobalSizesAreAnEmptyRange) {
  const size_t global[2] = {0, 16}, local[2] = {4, 4};
  EXPECT_EQ(checkWorkSizes(2, nullptr, global, nullptr, hopper()), CL_SUCCESS);
  EXPECT_EQ(checkWorkSizes(2, nullptr, global, local, hopper()), CL_SUCCESS);
}

TEST(WorkSizeRules, OffsetsMustNotOverflow) {
  const size_t global[1] = {SIZE_MAX / 2 + 2}, offset[1] = {SIZE_MAX / 2}, fine[1] = {7};
  EXPECT_EQ(checkWorkSizes(1, offset, global, nullptr, hopper()), CL_INVALID_GLOBAL_OFFSET);
  EXPECT_EQ(checkWorkSizes(1, fine, global, nullptr, hopper()), CL_SUCCESS);
}

TEST(WorkSizeRules, LocalSizes) {
  const size_t global[3] = {1024, 64, 64};
  const size_t zero[1] = {0}, too_wide[3] = {2048, 1, 1}, too_deep[3] = {1, 1, 128};
  const size_t too_many[3] = {64, 32, 1}, fine[3] = {32, 32, 1}, not_dividing[1] = {3};
  EXPECT_EQ(checkWorkSizes(1, nullptr, global, zero, hopper()), CL_INVALID_WORK_GROUP_SIZE);
  EXPECT_EQ(checkWorkSizes(3, nullptr, global, too_wide, hopper()), CL_INVALID_WORK_ITEM_SIZE);
  EXPECT_EQ(checkWorkSizes(3, nullptr, global, too_deep, hopper()), CL_INVALID_WORK_ITEM_SIZE);
  EXPECT_EQ(checkWorkSizes(3, nullptr, global, too_many, hopper()), CL_INVALID_WORK_GROUP_SIZE);
  EXPECT_EQ(checkWorkSizes(3, nullptr, global, fine, hopper()), CL_SUCCESS);
  EXPECT_EQ(checkWorkSizes(1, nullptr, global, not_dividing, hopper()), CL_INVALID_WORK_GROUP_SIZE);
  WorkSizeLimits non_uniform = hopper();
  non_uniform.uniform = false;
  EXPECT_EQ(checkWorkSizes(1, nullptr, global, not_dividing, non_uniform), CL_SUCCESS);
  WorkSizeLimits heavy = hopper();
  heavy.max_work_group_size = 256; // the kernel's own limit
  EXPECT_EQ(checkWorkSizes(3, nullptr, global, fine, heavy), CL_INVALID_WORK_GROUP_SIZE);
}

TEST(WorkSizeRules, RequiredWorkGroupSize) {
  WorkSizeLimits limits = hopper();
  limits.required = {8, 4, 1};
  const size_t global[2] = {64, 64}, right[2] = {8, 4}, wrong[2] = {4, 8};
  const size_t global_1d[1] = {64}, local_1d[1] = {8}, odd[2] = {12, 64};
  EXPECT_EQ(checkWorkSizes(2, nullptr, global, right, limits), CL_SUCCESS);
  EXPECT_EQ(checkWorkSizes(2, nullptr, global, wrong, limits), CL_INVALID_WORK_GROUP_SIZE);
  EXPECT_EQ(checkWorkSizes(2, nullptr, global, nullptr, limits), CL_SUCCESS);
  // A 1-D range cannot have the required 4 in y.
  EXPECT_EQ(checkWorkSizes(1, nullptr, global_1d, local_1d, limits), CL_INVALID_WORK_GROUP_SIZE);
  EXPECT_EQ(checkWorkSizes(1, nullptr, global_1d, nullptr, limits), CL_INVALID_WORK_GROUP_SIZE);
  // Uniform groups: the required size must divide the range.
  EXPECT_EQ(checkWorkSizes(2, nullptr, odd, nullptr, limits), CL_INVALID_WORK_GROUP_SIZE);
  limits.uniform = false;
  EXPECT_EQ(checkWorkSizes(2, nullptr, odd, nullptr, limits), CL_SUCCESS);
}

} // namespace
