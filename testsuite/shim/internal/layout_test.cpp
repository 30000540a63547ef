// The ICD contract of the objects and the dispatch table.
#include "core/device.h"

#include "api/entry.h"

#include <gtest/gtest.h>

namespace {

using clcuda::core::ObjectHeader;
using clcuda::core::Platform;

TEST(Layout, HandleIsTheObjectHeaderAtOffsetZero) {
  Platform &platform = Platform::instance();
  cl_platform_id handle = clcuda::core::toHandle(&platform);
  EXPECT_EQ(static_cast<void *>(handle), static_cast<void *>(&platform));
  // What the ICD loader reads: the first pointer-sized word of the object.
  EXPECT_EQ(*reinterpret_cast<const cl_icd_dispatch *const *>(handle), clcuda::core::icdDispatch());
}

TEST(Layout, HandleChecksRejectNullWrongTypeAndDeadObjects) {
  Platform &platform = Platform::instance();
  EXPECT_EQ(clcuda::core::fromHandle<Platform>(nullptr), nullptr);
  EXPECT_EQ(clcuda::core::fromHandle<Platform>(clcuda::core::toHandle(&platform)), &platform);
  // A platform is not a device.
  EXPECT_EQ(clcuda::core::fromHandle<clcuda::core::Device>(
                reinterpret_cast<cl_device_id>(clcuda::core::toHandle(&platform))),
            nullptr);
  ObjectHeader dead{clcuda::core::icdDispatch(), {clcuda::core::Tag::dead}};
  EXPECT_EQ(clcuda::core::fromHandle<Platform>(reinterpret_cast<cl_platform_id>(&dead)), nullptr);
}

TEST(Dispatch, EverySlotIsFilled) {
  // ocl-icd calls slots without checking them: an empty one is a crash.
  static_assert(sizeof(cl_icd_dispatch) % sizeof(void *) == 0, "the table is all pointers");
  const auto *slots = reinterpret_cast<void *const *>(clcuda::core::icdDispatch());
  // The headers' table, and OpenCL 3.1's slot after it (shim/icd/dispatch.cpp).
  const std::size_t count = sizeof(cl_icd_dispatch) / sizeof(void *) + 1;
  EXPECT_GE(count, 150u);
  for (std::size_t i = 0; i < count; ++i)
    EXPECT_NE(slots[i], nullptr) << "dispatch slot " << i;
}

TEST(Dispatch, SlotsAreTheEntryPoints) {
  const cl_icd_dispatch &table = *clcuda::core::icdDispatch();
  EXPECT_EQ(table.clGetPlatformIDs, &clGetPlatformIDs);
  EXPECT_EQ(table.clCreateBuffer, &clCreateBuffer);
  EXPECT_EQ(table.clEnqueueNDRangeKernel, &clEnqueueNDRangeKernel);
  EXPECT_EQ(table.clSetContextDestructorCallback, &clSetContextDestructorCallback);
  EXPECT_EQ(table.clGetKernelSubGroupInfoKHR, &clGetKernelSubGroupInfoKHR);
  const auto *after = reinterpret_cast<void *const *>(&table + 1);
  EXPECT_EQ(after[0], reinterpret_cast<void *>(&clGetKernelSuggestedLocalWorkSize));
}

TEST(Dispatch, ExtensionFunctionsAreFound) {
  EXPECT_EQ(clGetExtensionFunctionAddress("clIcdGetPlatformIDsKHR"),
            reinterpret_cast<void *>(&clIcdGetPlatformIDsKHR));
  EXPECT_EQ(clGetExtensionFunctionAddress("clNoSuchFunctionKHR"), nullptr);
  EXPECT_EQ(clGetExtensionFunctionAddress(nullptr), nullptr);
  cl_platform_id platform = clcuda::core::toHandle(&Platform::instance());
  EXPECT_EQ(clGetExtensionFunctionAddressForPlatform(platform, "clIcdGetPlatformIDsKHR"),
            reinterpret_cast<void *>(&clIcdGetPlatformIDsKHR));
  EXPECT_EQ(clGetExtensionFunctionAddressForPlatform(nullptr, "clIcdGetPlatformIDsKHR"), nullptr);
}

} // namespace
