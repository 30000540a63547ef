// The fixture of the shared virtual memory tests: the GPU fixture plus SVM
// allocations freed at the end. Skips, with the reason, on a device that
// advertises no SVM (CL_DEVICE_SVM_CAPABILITIES 0).
#pragma once

#include "gpu_fixture.h"

#include <vector>

namespace clcuda::test {

// What clcuda advertises wherever the device has concurrent managed access.
constexpr cl_device_svm_capabilities kSvmBuffers =
    CL_DEVICE_SVM_COARSE_GRAIN_BUFFER | CL_DEVICE_SVM_FINE_GRAIN_BUFFER;

template <class Base> class SvmFixture : public Base {
protected:
  void SetUp() override {
    Base::SetUp();
    if (this->IsSkipped() || this->HasFatalFailure())
      return;
    ASSERT_CL(CL_SUCCESS, clGetDeviceInfo(this->device, CL_DEVICE_SVM_CAPABILITIES,
                                          sizeof(capabilities), &capabilities, nullptr));
    if (capabilities == 0)
      GTEST_SKIP() << "the device advertises no SVM (no concurrent managed access)";
    ASSERT_EQ(capabilities, kSvmBuffers);
  }
  void TearDown() override {
    for (void *pointer : allocations_)
      clSVMFree(this->context, pointer);
    Base::TearDown();
  }

  // Fails the test if clSVMAlloc does; freed by TearDown. Fine-grained
  // unless asked otherwise: the host may use it in place between commands.
  template <class T = unsigned char>
  T *svmAlloc(size_t count,
              cl_svm_mem_flags flags = CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER) {
    void *pointer = clSVMAlloc(this->context, flags, count * sizeof(T), 0);
    EXPECT_NE(pointer, nullptr) << "clSVMAlloc of " << count * sizeof(T) << " bytes, flags 0x"
                                << std::hex << flags;
    if (pointer)
      allocations_.push_back(pointer);
    return static_cast<T *>(pointer);
  }

  cl_device_svm_capabilities capabilities = 0;

private:
  std::vector<void *> allocations_;
};

} // namespace clcuda::test
