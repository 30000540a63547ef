// The fixture of the GPU tests that use clcuda through the OpenCL API: the
// clcuda platform, its first GPU, a context and an in-order queue. Skips,
// with the reason, where there is no CUDA device.
#pragma once

#include "opencl_test.h"

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace clcuda::test {

class GpuTest : public ::testing::Test {
protected:
  void SetUp() override;
  void TearDown() override;

  // Created objects are released by TearDown.
  cl_command_queue makeQueue(cl_command_queue_properties properties = 0);
  cl_mem makeBuffer(cl_mem_flags flags, size_t size, void *host = nullptr);
  cl_event makeUserEvent();

  // The CPU stand-in for the driver (testsuite/shim/fake_cuda): it runs
  // the logic, not the performance, so timing assertions skip on it.
  bool fakeDevice() const;

  // Reads a whole buffer, blocking.
  std::vector<unsigned char> readAll(cl_mem buffer, size_t size);
  cl_int status(cl_event event);

  cl_platform_id platform = nullptr;
  cl_device_id device = nullptr;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;

private:
  std::vector<cl_command_queue> queues_;
  std::vector<cl_mem> buffers_;
  std::vector<cl_event> events_;
};

// Polls `done` every millisecond for up to `timeout`; true once it holds.
bool waitUntil(const std::function<bool()> &done,
               std::chrono::milliseconds timeout = std::chrono::seconds(10));

// Bytes with a position-dependent pattern, so misplaced bytes show.
std::vector<unsigned char> patternBytes(size_t size, unsigned seed);

double secondsSince(std::chrono::steady_clock::time_point start);

} // namespace clcuda::test
