// Shared virtual memory rules without a device: what the CUDA attributes
// make clcuda advertise, and clSVMAlloc's flag and alignment rules.
#include "api/validation.h"
#include "core/svm.h"

#include <gtest/gtest.h>

namespace {

using clcuda::core::DeviceProperties;
using clcuda::core::svmCapabilities;

constexpr cl_device_svm_capabilities kBuffers =
    CL_DEVICE_SVM_COARSE_GRAIN_BUFFER | CL_DEVICE_SVM_FINE_GRAIN_BUFFER;

DeviceProperties withManagedMemory(bool managed, bool concurrent) {
  DeviceProperties properties;
  properties.managed_memory = managed;
  properties.concurrent_managed_access = concurrent;
  return properties;
}

TEST(SvmCapabilities, NeedConcurrentManagedAccess) {
  EXPECT_EQ(svmCapabilities(withManagedMemory(true, true)), kBuffers);
  // Managed memory the host may not touch while kernels run: no SVM at all.
  EXPECT_EQ(svmCapabilities(withManagedMemory(true, false)), 0u);
  EXPECT_EQ(svmCapabilities(withManagedMemory(false, false)), 0u);
  EXPECT_EQ(svmCapabilities(withManagedMemory(false, true)), 0u);
}

TEST(SvmAllocation, FlagsFollowTheCapabilities) {
  using clcuda::api::validSvmAllocation;
  const cl_device_svm_capabilities coarse = CL_DEVICE_SVM_COARSE_GRAIN_BUFFER;
  const cl_device_svm_capabilities atomics = kBuffers | CL_DEVICE_SVM_ATOMICS;
  EXPECT_TRUE(validSvmAllocation(0, 0, coarse));
  EXPECT_TRUE(validSvmAllocation(CL_MEM_READ_ONLY, 0, coarse));
  EXPECT_FALSE(validSvmAllocation(CL_MEM_READ_WRITE, 0, 0)) << "no device has SVM";
  EXPECT_FALSE(validSvmAllocation(CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 0, kBuffers));
  EXPECT_FALSE(validSvmAllocation(CL_MEM_ALLOC_HOST_PTR, 0, kBuffers));
  EXPECT_FALSE(validSvmAllocation(CL_MEM_SVM_FINE_GRAIN_BUFFER, 0, coarse));
  EXPECT_TRUE(validSvmAllocation(CL_MEM_SVM_FINE_GRAIN_BUFFER, 0, kBuffers));
  EXPECT_FALSE(validSvmAllocation(CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS, 0, kBuffers));
  EXPECT_TRUE(validSvmAllocation(CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS, 0, atomics));
  EXPECT_FALSE(validSvmAllocation(CL_MEM_SVM_ATOMICS, 0, atomics)) << "atomics need fine grain";
}

TEST(SvmAllocation, AlignmentIsAPowerOfTwoUpToLong16) {
  using clcuda::api::validSvmAllocation;
  for (cl_uint alignment = 1; alignment <= 128; alignment *= 2)
    EXPECT_TRUE(validSvmAllocation(0, alignment, kBuffers)) << alignment;
  EXPECT_TRUE(validSvmAllocation(0, 0, kBuffers)) << "0: the default";
  EXPECT_FALSE(validSvmAllocation(0, 256, kBuffers));
  EXPECT_FALSE(validSvmAllocation(0, 3, kBuffers));
  EXPECT_FALSE(validSvmAllocation(0, 96, kBuffers));
}

} // namespace
