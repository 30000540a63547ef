// Runs the device library's test kernels on a CUDA device through the driver
// API the shim uses (clcuda::cuda::api()): compile with NVRTC for the
// device's architecture, load, allocate, launch, read back. Failures throw
// std::runtime_error with the CUDA error name or the NVRTC log, which
// GoogleTest reports as the test's failure.
#pragma once

#include <cuda.h>

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace clcuda::test {

typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;

// The OpenCL name of a scalar type, as the test kernels' names spell it.
template <class T> const char *typeName() {
  if constexpr (std::is_same_v<T, char>)
    return "char";
  else if constexpr (std::is_same_v<T, uchar>)
    return "uchar";
  else if constexpr (std::is_same_v<T, short>)
    return "short";
  else if constexpr (std::is_same_v<T, ushort>)
    return "ushort";
  else if constexpr (std::is_same_v<T, int>)
    return "int";
  else if constexpr (std::is_same_v<T, uint>)
    return "uint";
  else if constexpr (std::is_same_v<T, long>)
    return "long";
  else if constexpr (std::is_same_v<T, ulong>)
    return "ulong";
  else if constexpr (std::is_same_v<T, float>)
    return "float";
  else
    return "double";
}

// Why there is no device to run on, or an empty string when there is one.
std::string gpuUnavailableReason();

// The first device's NVRTC architecture, e.g. "sm_90".
std::string deviceArchitecture();

// Compiles testsuite/kernels/sources/gpu/<file> for the device and loads it
// (once per file and process).
CUmodule loadTestModule(const std::string &file);

CUfunction kernel(CUmodule module, const std::string &name);

// Device memory holding `bytes`, freed on destruction.
class DeviceBuffer {
public:
  explicit DeviceBuffer(size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer &&other) noexcept : address_(other.address_), bytes_(other.bytes_) {
    other.address_ = 0;
  }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;

  void upload(const void *data, size_t bytes);
  void download(void *data, size_t bytes) const;
  void fill(unsigned char byte);
  CUdeviceptr address() const { return address_; }
  // A kernel parameter: the address of the device pointer.
  void *parameter() { return &address_; }

private:
  CUdeviceptr address_ = 0;
  size_t bytes_;
};

template <class T> DeviceBuffer deviceCopy(const std::vector<T> &values) {
  DeviceBuffer buffer(values.size() * sizeof(T) + 1);
  buffer.upload(values.data(), values.size() * sizeof(T));
  return buffer;
}
template <class T> std::vector<T> hostCopy(const DeviceBuffer &buffer, size_t count) {
  std::vector<T> values(count);
  buffer.download(values.data(), count * sizeof(T));
  return values;
}

// A grid or block size.
struct Extent {
  unsigned x = 1, y = 1, z = 1;
};

// Launches and waits for completion. `parameters` point at each argument's
// bytes, as cuLaunchKernel takes them.
void launch(CUfunction function, Extent grid, Extent block, unsigned sharedBytes,
            std::vector<void *> parameters);

// For tests that need a device: skips with the reason when there is none.
class GpuTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::string reason = gpuUnavailableReason();
    if (!reason.empty())
      GTEST_SKIP() << reason;
  }
};

} // namespace clcuda::test
