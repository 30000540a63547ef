#include "gpu_fixture.h"

#include "cuda/driver.h"

#include <thread>

namespace clcuda::test {

void GpuTest::SetUp() {
  if (clcuda::cuda::deviceCount() == 0)
    GTEST_SKIP() << "no CUDA device: " << clcuda::cuda::driverUnavailableReason();
  platform = findClcudaPlatform();
  ASSERT_NE(platform, nullptr) << "no clcuda platform (loading mode " << loadingMode() << ")";
  ASSERT_CL(CL_SUCCESS, clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 1, &device, nullptr));
  cl_int error = CL_SUCCESS;
  context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  queue = makeQueue();
}

void GpuTest::TearDown() {
  for (cl_event event : events_)
    clReleaseEvent(event);
  for (cl_mem buffer : buffers_)
    clReleaseMemObject(buffer);
  for (cl_command_queue created : queues_) {
    clFinish(created);
    clReleaseCommandQueue(created);
  }
  if (context) {
    EXPECT_CL(CL_SUCCESS, clReleaseContext(context));
  }
}

cl_command_queue GpuTest::makeQueue(cl_command_queue_properties properties) {
  const cl_queue_properties list[] = {CL_QUEUE_PROPERTIES, properties, 0};
  cl_int error = CL_SUCCESS;
  cl_command_queue created = clCreateCommandQueueWithProperties(context, device, list, &error);
  EXPECT_CL(CL_SUCCESS, error);
  if (created)
    queues_.push_back(created);
  return created;
}

cl_mem GpuTest::makeBuffer(cl_mem_flags flags, size_t size, void *host) {
  cl_int error = CL_SUCCESS;
  cl_mem buffer = clCreateBuffer(context, flags, size, host, &error);
  EXPECT_CL(CL_SUCCESS, error) << "flags 0x" << std::hex << flags;
  if (buffer)
    buffers_.push_back(buffer);
  return buffer;
}

cl_event GpuTest::makeUserEvent() {
  cl_int error = CL_SUCCESS;
  cl_event event = clCreateUserEvent(context, &error);
  EXPECT_CL(CL_SUCCESS, error);
  if (event)
    events_.push_back(event);
  return event;
}

bool GpuTest::fakeDevice() const {
  return deviceString(device, CL_DEVICE_NAME).rfind("clcuda fake CUDA device", 0) == 0;
}

std::vector<unsigned char> GpuTest::readAll(cl_mem buffer, size_t size) {
  std::vector<unsigned char> bytes(size);
  EXPECT_CL(CL_SUCCESS, clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, size, bytes.data(), 0,
                                            nullptr, nullptr));
  return bytes;
}

cl_int GpuTest::status(cl_event event) {
  cl_int value = CL_QUEUED;
  EXPECT_CL(CL_SUCCESS, clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(value),
                                       &value, nullptr));
  return value;
}

bool waitUntil(const std::function<bool()> &done, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

std::vector<unsigned char> patternBytes(size_t size, unsigned seed) {
  std::vector<unsigned char> bytes(size);
  for (size_t i = 0; i < size; ++i)
    bytes[i] = static_cast<unsigned char>((i * 131 + seed * 17 + (i >> 8)) & 0xff);
  return bytes;
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace clcuda::test
