// The launch helpers of cl2cuda --launch-helpers on a CUDA device, through
// clc/launch.h and the CUDA runtime: the kernels and helpers of
// ../sources/launch/launch_helpers.cu, launched as clEnqueueNDRangeKernel
// would be, and read back. Built with nvcc; every test reports SKIPPED
// without a CUDA device.
#include "launch_helpers.cu"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

// `count` floats on the device, 0, 1, 2, ... at first; freed with the test.
class Floats {
public:
  explicit Floats(size_t count) : count_(count) {
    std::vector<float> values(count);
    for (size_t i = 0; i < count; ++i)
      values[i] = float(i);
    EXPECT_EQ(cudaMalloc(&data_, count * sizeof(float)), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(data_, values.data(), count * sizeof(float), cudaMemcpyHostToDevice),
              cudaSuccess);
  }
  ~Floats() { cudaFree(data_); }
  Floats(const Floats &) = delete;
  Floats &operator=(const Floats &) = delete;

  float *data() const { return data_; }
  // The values once every launch has finished.
  std::vector<float> read() const {
    std::vector<float> values(count_);
    EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(values.data(), data_, count_ * sizeof(float), cudaMemcpyDeviceToHost),
              cudaSuccess);
    return values;
  }

private:
  float *data_ = nullptr;
  size_t count_;
};

class LaunchHelpers : public ::testing::Test {
protected:
  void SetUp() override {
    int devices = 0;
    const cudaError_t status = cudaGetDeviceCount(&devices);
    if (status == cudaErrorInsufficientDriver) // what the runtime says without a driver too
      GTEST_SKIP() << "no CUDA device: no NVIDIA driver, or one older than the CUDA runtime";
    if (status != cudaSuccess || devices == 0)
      GTEST_SKIP() << "no CUDA device: "
                   << (status != cudaSuccess ? cudaGetErrorString(status)
                                             : "the runtime reports none");
  }
};

// Every element i of `data` is expected(i) once every launch has finished.
template <class Expected> void expectValues(const Floats &data, Expected expected) {
  const std::vector<float> values = data.read();
  for (size_t i = 0; i < values.size(); ++i)
    ASSERT_EQ(values[i], expected(i)) << "element " << i;
}

float unchanged(size_t i) { return float(i); }

// twice over `size` elements doubles each exactly once; `local` may be NULL.
void expectTwiceDoublesEachOnce(size_t size, const size_t *local) {
  Floats data(size);
  const size_t global[] = {size};
  ASSERT_EQ(launch_twice(nullptr, 1, nullptr, global, local, data.data(), unsigned(size)),
            cudaSuccess);
  expectValues(data, [](size_t i) { return 2.0f * float(i); });
}

// scaled adds the global offset to the elements of its NDRange: each element
// of [offset, offset + size) gains it exactly once, and the others (a few
// past the end too) keep their value. `local` may be NULL.
void expectScaledOnce(size_t offset, size_t size, const size_t *local) {
  Floats data(offset + size + 100);
  const size_t offsets[] = {offset}, global[] = {size};
  ASSERT_EQ(launch_scaled(nullptr, 1, offsets, global, local, data.data()), cudaSuccess);
  expectValues(data, [&](size_t i) {
    return float(i) + (i >= offset && i < offset + size ? float(offset) : 0.0f);
  });
}

TEST_F(LaunchHelpers, UniformSizesDoubleEveryElementOnce) {
  const size_t local[] = {256};
  expectTwiceDoublesEachOnce(4096, local);
}

TEST_F(LaunchHelpers, NullLocalSizeIsChosenToDivideTheGlobalSize) {
  expectTwiceDoublesEachOnce(1000, nullptr);
}

TEST_F(LaunchHelpers, NonUniformGroupsReachEveryElementOnce) {
  const size_t local[] = {64};
  expectScaledOnce(5, 1000, local);
}

TEST_F(LaunchHelpers, NonUniformRangeWithNullLocalSize) {
  expectScaledOnce(3, 100003, nullptr); // a prime: no divisor to choose
}

TEST_F(LaunchHelpers, GlobalOffsetIsReadBack) {
  const size_t local[] = {64};
  expectScaledOnce(1000, 256, local);
}

// reverse_groups has 40 KiB of static shared memory: 16 KiB more is past what
// a function may use unasked (48 KiB in all), and 64 KiB past 48 KiB of
// dynamic shared memory. One test, in this order: the permission stays.
TEST_F(LaunchHelpers, SharedMemoryPastTheDefaultLimitIsAllowed) {
  const size_t global[] = {1024}, local[] = {256};
  for (const size_t scratch_bytes : {16 * 1024, 64 * 1024}) {
    Floats data(1024);
    ASSERT_EQ(launch_reverse_groups(nullptr, 1, nullptr, global, local, data.data(), scratch_bytes),
              cudaSuccess)
        << scratch_bytes << " bytes of scratch";
    expectValues(data, [](size_t i) { return float(i / 256 * 256 + 255 - i % 256); });
  }
}

TEST_F(LaunchHelpers, RangesAUniformKernelCannotTakeAreRefused) {
  Floats data(1000);
  const size_t global[] = {1000}, local[] = {64}, offset[] = {1};
  // Groups that do not divide the range, an offset: blockIdx cannot carry them.
  EXPECT_EQ(launch_twice(nullptr, 1, nullptr, global, local, data.data(), 1000),
            cudaErrorInvalidConfiguration);
  EXPECT_EQ(launch_twice(nullptr, 1, offset, global, nullptr, data.data(), 1000),
            cudaErrorInvalidValue);
  expectValues(data, unchanged); // nothing launched
}

TEST_F(LaunchHelpers, InvalidSizesAreRefused) {
  Floats data(1024);
  const size_t global[] = {1024, 1}, zero[] = {0}, too_large[] = {2048}, empty_group[] = {0};
  EXPECT_EQ(launch_twice(nullptr, 0, nullptr, global, nullptr, data.data(), 1024),
            cudaErrorInvalidValue);
  EXPECT_EQ(launch_twice(nullptr, 4, nullptr, global, nullptr, data.data(), 1024),
            cudaErrorInvalidValue);
  EXPECT_EQ(launch_twice(nullptr, 1, nullptr, nullptr, nullptr, data.data(), 1024),
            cudaErrorInvalidValue);
  EXPECT_EQ(launch_scaled(nullptr, 1, nullptr, zero, nullptr, data.data()), cudaErrorInvalidValue);
  EXPECT_EQ(launch_scaled(nullptr, 1, nullptr, global, too_large, data.data()),
            cudaErrorInvalidConfiguration);
  EXPECT_EQ(launch_scaled(nullptr, 1, nullptr, global, empty_group, data.data()),
            cudaErrorInvalidConfiguration);
  expectValues(data, unchanged); // nothing launched
}

} // namespace
