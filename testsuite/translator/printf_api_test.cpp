// printf through clcuda's OpenCL API (labels translator and gpu), as the
// Khronos CTS checks it (test_printf): standard output goes to a file, one
// work-item runs a printf kernel, and when clWaitForEvents (or clFinish)
// returns, the kernel's line must be in the file, exactly. CUDA writes device
// printf output only when the host synchronizes, so a wait that merely
// queried the command's event would leave the line for a later launch.
// clcuda is loaded through the ICD loader from a private vendors directory;
// without a CUDA device it has no GPU and the tests report SKIPPED.
#include "CapturedStdout.h"
#include "icd_vendors.h"

#include <gtest/gtest.h>

#include <CL/cl.h>

#include <cstdio>
#include <memory>
#include <string>

namespace {

using cl2cuda::testing::CapturedStdout;

const char *kSource = R"(
kernel void print_line(int n) {
  printf("line %d: %hhd %hhx %#v2hhx %s %% %.2f %a\n", n, 127, -128, (uchar2)(0xFA, 0xFB),
         "foo", 10.3456f, 1.5f);
}
kernel void print_value(global int *result) {
  result[0] = printf("value %d\n", 1);
}
)";

std::string expectedLine(int n) {
  return "line " + std::to_string(n) + ": 127 80 0xfa,0xfb foo % 10.35 0x1.8p+0\n";
}

class PrintfApiTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    vendors_ = std::make_unique<clcuda::icd::TemporaryDirectory>("clcuda_printf_icd");
    clcuda::icd::registerPlatforms(vendors_->path(), CLCUDA_LIBRARY_PATH);
  }
  static void TearDownTestSuite() { vendors_.reset(); }

  void SetUp() override {
    cl_uint count = 0;
    clGetPlatformIDs(0, nullptr, &count);
    std::vector<cl_platform_id> platforms(count);
    if (count)
      clGetPlatformIDs(count, platforms.data(), nullptr);
    cl_platform_id clcuda = nullptr;
    for (cl_platform_id platform : platforms) {
      char name[64] = {};
      clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof name - 1, name, nullptr);
      if (std::string(name) == "clcuda")
        clcuda = platform;
    }
    ASSERT_NE(clcuda, nullptr) << "the ICD loader did not load " << CLCUDA_LIBRARY_PATH;
    if (clGetDeviceIDs(clcuda, CL_DEVICE_TYPE_GPU, 1, &device_, nullptr) != CL_SUCCESS)
      GTEST_SKIP() << "clcuda has no device here (no CUDA GPU)";
    cl_int status = CL_SUCCESS;
    context_ = clCreateContext(nullptr, 1, &device_, nullptr, nullptr, &status);
    ASSERT_EQ(status, CL_SUCCESS) << "clCreateContext";
    queue_ = clCreateCommandQueueWithProperties(context_, device_, nullptr, &status);
    ASSERT_EQ(status, CL_SUCCESS) << "clCreateCommandQueueWithProperties";
    program_ = clCreateProgramWithSource(context_, 1, &kSource, nullptr, &status);
    ASSERT_EQ(status, CL_SUCCESS) << "clCreateProgramWithSource";
    if (clBuildProgram(program_, 1, &device_, "", nullptr, nullptr) != CL_SUCCESS) {
      size_t size = 0;
      clGetProgramBuildInfo(program_, device_, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
      std::string log(size, '\0');
      clGetProgramBuildInfo(program_, device_, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
      FAIL() << "clBuildProgram failed:\n" << log;
    }
  }
  void TearDown() override {
    if (program_)
      clReleaseProgram(program_);
    if (queue_)
      clReleaseCommandQueue(queue_);
    if (context_)
      clReleaseContext(context_);
  }

  cl_kernel kernel(const char *name) {
    cl_int status = CL_SUCCESS;
    cl_kernel created = clCreateKernel(program_, name, &status);
    EXPECT_EQ(status, CL_SUCCESS) << "clCreateKernel(" << name << ")";
    return created;
  }

  // One work-item of print_line(n), then `wait`; what stdout got meanwhile.
  template <class Wait> std::string printLine(cl_kernel print_line, int n, Wait wait) {
    EXPECT_EQ(clSetKernelArg(print_line, 0, sizeof n, &n), CL_SUCCESS);
    CapturedStdout captured;
    const size_t one = 1;
    cl_event done = nullptr;
    cl_int launched =
        clEnqueueNDRangeKernel(queue_, print_line, 1, nullptr, &one, nullptr, 0, nullptr, &done);
    cl_int flushed = clFlush(queue_);
    cl_int waited = launched == CL_SUCCESS ? wait(done) : launched;
    std::string text = captured.text();
    EXPECT_EQ(launched, CL_SUCCESS) << "clEnqueueNDRangeKernel";
    EXPECT_EQ(flushed, CL_SUCCESS) << "clFlush";
    EXPECT_EQ(waited, CL_SUCCESS) << "the wait";
    if (done)
      clReleaseEvent(done);
    return text;
  }

  static std::unique_ptr<clcuda::icd::TemporaryDirectory> vendors_;
  cl_device_id device_ = nullptr;
  cl_context context_ = nullptr;
  cl_command_queue queue_ = nullptr;
  cl_program program_ = nullptr;
};

std::unique_ptr<clcuda::icd::TemporaryDirectory> PrintfApiTest::vendors_;

// Many launches: a short kernel is often done before the wait looks at it,
// which is when a wait that only queries misses the output.
constexpr int kLaunches = 25;

TEST_F(PrintfApiTest, OutputIsPrintedWhenClWaitForEventsReturns) {
  cl_kernel print_line = kernel("print_line");
  ASSERT_NE(print_line, nullptr);
  for (int n = 0; n < kLaunches; ++n) {
    std::string text =
        printLine(print_line, n, [](cl_event done) { return clWaitForEvents(1, &done); });
    EXPECT_EQ(text, expectedLine(n)) << "launch " << n << " of " << kLaunches;
  }
  clReleaseKernel(print_line);
}

TEST_F(PrintfApiTest, OutputIsPrintedWhenClFinishReturns) {
  cl_kernel print_line = kernel("print_line");
  ASSERT_NE(print_line, nullptr);
  for (int n = 0; n < kLaunches; ++n) {
    std::string text = printLine(print_line, n, [this](cl_event) { return clFinish(queue_); });
    EXPECT_EQ(text, expectedLine(n)) << "launch " << n << " of " << kLaunches;
  }
  clReleaseKernel(print_line);
}

TEST_F(PrintfApiTest, ReturnsZeroOnSuccess) {
  cl_kernel print_value = kernel("print_value");
  ASSERT_NE(print_value, nullptr);
  cl_int status = CL_SUCCESS;
  cl_int result = -7;
  cl_mem buffer = clCreateBuffer(context_, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof result,
                                 &result, &status);
  ASSERT_EQ(status, CL_SUCCESS) << "clCreateBuffer";
  EXPECT_EQ(clSetKernelArg(print_value, 0, sizeof buffer, &buffer), CL_SUCCESS);
  CapturedStdout captured;
  const size_t one = 1;
  EXPECT_EQ(
      clEnqueueNDRangeKernel(queue_, print_value, 1, nullptr, &one, nullptr, 0, nullptr, nullptr),
      CL_SUCCESS);
  EXPECT_EQ(
      clEnqueueReadBuffer(queue_, buffer, CL_TRUE, 0, sizeof result, &result, 0, nullptr, nullptr),
      CL_SUCCESS);
  std::string text = captured.text();
  EXPECT_EQ(result, 0) << "OpenCL's printf returns 0 on success";
  EXPECT_EQ(text, "value 1\n") << "printed by the time the blocking read returned";
  clReleaseMemObject(buffer);
  clReleaseKernel(print_value);
}

} // namespace
