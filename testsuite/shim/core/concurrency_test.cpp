// Concurrency, blocking-wait CPU cost, held kernels, callbacks, profiling
// and launch cost, with a PTX spin kernel issued as a core command (the way
// issue 5's kernel launches go). The OpenCL objects come from the entry
// points, linked in.
#include "spin_kernel.h"

#include "core/device.h"
#include "cuda/driver.h"
#include "cuda/errors.h"

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>

namespace {

using namespace clcuda;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

constexpr std::uint64_t kMillisecond = 1000000;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

double cpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

template <class Done> bool waitUntil(Done &&done, std::chrono::milliseconds timeout = 10s) {
  const auto deadline = Clock::now() + timeout;
  while (!done()) {
    if (Clock::now() > deadline)
      return false;
    std::this_thread::sleep_for(1ms);
  }
  return true;
}

class CoreTest : public ::testing::Test {
protected:
  void SetUp() override {
    if (cuda::deviceCount() == 0)
      GTEST_SKIP() << "no CUDA device: " << cuda::driverUnavailableReason();
    cl_platform_id platform = nullptr;
    ASSERT_EQ(clGetPlatformIDs(1, &platform, nullptr), CL_SUCCESS);
    ASSERT_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 1, &device, nullptr), CL_SUCCESS);
    cl_int error = CL_SUCCESS;
    context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &error);
    ASSERT_EQ(error, CL_SUCCESS);
    queue = makeQueue(0);
    kernels = std::make_unique<test::TestKernels>(core(queue));
    ASSERT_EQ(kernels->loadResult(), CUDA_SUCCESS) << cuda::resultName(kernels->loadResult());
  }
  void TearDown() override {
    kernels.reset();
    for (cl_command_queue made : queues) {
      clFinish(made);
      clReleaseCommandQueue(made);
    }
    if (context)
      clReleaseContext(context);
  }

  cl_command_queue makeQueue(cl_command_queue_properties properties) {
    const cl_queue_properties list[] = {CL_QUEUE_PROPERTIES, properties, 0};
    cl_int error = CL_SUCCESS;
    cl_command_queue made = clCreateCommandQueueWithProperties(context, device, list, &error);
    EXPECT_EQ(error, CL_SUCCESS);
    queues.push_back(made);
    return made;
  }
  static core::Queue &core(cl_command_queue handle) {
    return *core::fromHandle<core::Queue>(handle);
  }
  cl_int spin(cl_command_queue on, std::uint64_t nanoseconds, cl_event *event = nullptr,
              cl_uint num_events = 0, const cl_event *wait_list = nullptr) {
    return test::enqueueSpin(core(on), kernels->spin(), nanoseconds, num_events, wait_list, event);
  }
  bool fakeDevice() {
    char name[256] = {};
    clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof(name), name, nullptr);
    return std::strncmp(name, "clcuda fake CUDA device", 23) == 0;
  }
  cl_ulong profiled(cl_event event, cl_profiling_info param) {
    cl_ulong value = 0;
    EXPECT_EQ(clGetEventProfilingInfo(event, param, sizeof(value), &value, nullptr), CL_SUCCESS);
    return value;
  }

  cl_device_id device = nullptr;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;
  std::vector<cl_command_queue> queues;
  std::unique_ptr<test::TestKernels> kernels;
};

TEST_F(CoreTest, OutOfOrderQueueRunsIndependentKernelsTogether) {
  cl_command_queue ooo = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  ASSERT_EQ(spin(ooo, kMillisecond), CL_SUCCESS); // warm up the module and streams
  ASSERT_EQ(spin(ooo, kMillisecond), CL_SUCCESS);
  ASSERT_EQ(clFinish(ooo), CL_SUCCESS);
  auto start = Clock::now();
  ASSERT_EQ(spin(ooo, 50 * kMillisecond), CL_SUCCESS);
  ASSERT_EQ(spin(ooo, 50 * kMillisecond), CL_SUCCESS);
  ASSERT_EQ(clFinish(ooo), CL_SUCCESS);
  const double together = secondsSince(start);
  // The same two kernels, the second waiting for the first.
  start = Clock::now();
  cl_event first = nullptr;
  ASSERT_EQ(spin(ooo, 50 * kMillisecond, &first), CL_SUCCESS);
  ASSERT_EQ(spin(ooo, 50 * kMillisecond, nullptr, 1, &first), CL_SUCCESS);
  ASSERT_EQ(clFinish(ooo), CL_SUCCESS);
  const double chained = secondsSince(start);
  clReleaseEvent(first);
  std::printf("two 50 ms kernels, out-of-order queue: independent %.1f ms, dependent %.1f ms\n",
              together * 1e3, chained * 1e3);
  EXPECT_LT(together, 0.080) << "independent kernels did not overlap";
  EXPECT_GE(chained, 0.098) << "the dependency was not honoured";
}

TEST_F(CoreTest, TwoInOrderQueuesRunTogether) {
  cl_command_queue other = makeQueue(0);
  ASSERT_EQ(spin(queue, kMillisecond), CL_SUCCESS);
  ASSERT_EQ(spin(other, kMillisecond), CL_SUCCESS);
  clFinish(queue);
  clFinish(other);
  auto start = Clock::now();
  ASSERT_EQ(spin(queue, 50 * kMillisecond), CL_SUCCESS);
  ASSERT_EQ(spin(other, 50 * kMillisecond), CL_SUCCESS);
  clFinish(queue);
  clFinish(other);
  const double together = secondsSince(start);
  start = Clock::now();
  ASSERT_EQ(spin(queue, 50 * kMillisecond), CL_SUCCESS);
  ASSERT_EQ(spin(queue, 50 * kMillisecond), CL_SUCCESS);
  clFinish(queue);
  const double one_queue = secondsSince(start);
  std::printf("two 50 ms kernels: two in-order queues %.1f ms, one in-order queue %.1f ms\n",
              together * 1e3, one_queue * 1e3);
  EXPECT_LT(together, 0.080);
  EXPECT_GE(one_queue, 0.098) << "an in-order queue ran two commands at once";
}

TEST_F(CoreTest, BlockingWaitsSleep) {
  // clFinish, clWaitForEvents and a blocking read, each behind ~1 s of GPU
  // work: together well under 10% of one core.
  cl_int error = CL_SUCCESS;
  cl_mem buffer = clCreateBuffer(context, 0, 4096, nullptr, &error);
  ASSERT_EQ(error, CL_SUCCESS);
  std::vector<unsigned char> host(4096);
  ASSERT_EQ(spin(queue, kMillisecond), CL_SUCCESS);
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  const double cpu_before = cpuSeconds();
  const auto start = Clock::now();
  ASSERT_EQ(spin(queue, 1000 * kMillisecond), CL_SUCCESS);
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  cl_event spun = nullptr;
  ASSERT_EQ(spin(queue, 1000 * kMillisecond, &spun), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &spun), CL_SUCCESS);
  ASSERT_EQ(spin(queue, 1000 * kMillisecond), CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, 4096, host.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  const double wall = secondsSince(start), cpu = cpuSeconds() - cpu_before;
  std::printf("3 s of GPU work behind blocking waits: %.3f s wall, %.3f s CPU (%.1f%% of a core)\n",
              wall, cpu, 100 * cpu / wall);
  EXPECT_GE(wall, 2.9);
  EXPECT_LT(cpu, 0.1 * wall);
  clReleaseEvent(spun);
  clReleaseMemObject(buffer);
}

TEST_F(CoreTest, UserEventsHoldKernels) {
  cl_int error = CL_SUCCESS;
  cl_event gate = clCreateUserEvent(context, &error);
  ASSERT_EQ(error, CL_SUCCESS);
  cl_event held = nullptr, behind = nullptr;
  const auto enqueued = Clock::now();
  ASSERT_EQ(spin(queue, 50 * kMillisecond, &held, 1, &gate), CL_SUCCESS);
  ASSERT_EQ(spin(queue, kMillisecond, &behind), CL_SUCCESS); // in order: behind the held one
  EXPECT_LT(secondsSince(enqueued), 0.01) << "enqueueing must not wait for the user event";
  std::this_thread::sleep_for(100ms);
  cl_int status = CL_COMPLETE;
  clGetEventInfo(held, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, nullptr);
  EXPECT_EQ(status, CL_QUEUED);
  clGetEventInfo(behind, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, nullptr);
  EXPECT_EQ(status, CL_QUEUED);
  const auto released = Clock::now();
  ASSERT_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &behind), CL_SUCCESS);
  const double ran = secondsSince(released);
  EXPECT_GE(ran, 0.045) << "the held kernel ran before its user event completed";
  EXPECT_LT(ran, 1.0);
  for (cl_event event : {gate, held, behind})
    clReleaseEvent(event);
}

TEST_F(CoreTest, CallbacksArrivePromptly) {
  cl_command_queue profiling = makeQueue(CL_QUEUE_PROFILING_ENABLE);
  cl_event spun = nullptr;
  ASSERT_EQ(spin(profiling, 100 * kMillisecond, &spun), CL_SUCCESS);
  struct Arrival {
    std::atomic<cl_ulong> at{0};
    cl_device_id device;
  } arrival;
  arrival.device = device;
  ASSERT_EQ(clSetEventCallback(
                spun, CL_COMPLETE,
                [](cl_event, cl_int, void *data) {
                  auto *arrival = static_cast<Arrival *>(data);
                  cl_ulong now = 0;
                  clGetHostTimer(arrival->device, &now);
                  arrival->at = now;
                },
                &arrival),
            CL_SUCCESS);
  ASSERT_TRUE(waitUntil([&] { return arrival.at != 0; })) << "no callback within 10 s";
  const double latency = double(arrival.at - profiled(spun, CL_PROFILING_COMMAND_END)) / 1e6;
  std::printf("COMPLETE callback %.3f ms after the kernel ended\n", latency);
  EXPECT_LT(latency, 20.0);
  clReleaseEvent(spun);
}

TEST_F(CoreTest, ProfilingMeasuresTheKernel) {
  cl_command_queue profiling = makeQueue(CL_QUEUE_PROFILING_ENABLE);
  cl_event warm = nullptr, spun = nullptr;
  ASSERT_EQ(spin(profiling, kMillisecond, &warm), CL_SUCCESS);
  ASSERT_EQ(spin(profiling, 50 * kMillisecond, &spun), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &spun), CL_SUCCESS);
  const cl_ulong queued = profiled(spun, CL_PROFILING_COMMAND_QUEUED);
  const cl_ulong submit = profiled(spun, CL_PROFILING_COMMAND_SUBMIT);
  const cl_ulong start = profiled(spun, CL_PROFILING_COMMAND_START);
  const cl_ulong end = profiled(spun, CL_PROFILING_COMMAND_END);
  EXPECT_LE(queued, submit);
  EXPECT_LE(submit, start);
  EXPECT_GE(start + 2000, profiled(warm, CL_PROFILING_COMMAND_END));
  const double duration = double(end - start) / 1e6;
  std::printf("a 50 ms kernel: START..END %.3f ms\n", duration);
  EXPECT_GE(duration, 49.5);
  EXPECT_LT(duration, 60.0);
  clReleaseEvent(warm);
  clReleaseEvent(spun);
}

TEST_F(CoreTest, HeldCommandsKeepTheirOrder) {
  cl_command_queue profiling = makeQueue(CL_QUEUE_PROFILING_ENABLE);
  cl_int error = CL_SUCCESS;
  cl_event gate = clCreateUserEvent(context, &error);
  cl_event first = nullptr, second = nullptr;
  ASSERT_EQ(spin(profiling, 20 * kMillisecond, &first, 1, &gate), CL_SUCCESS);
  ASSERT_EQ(spin(profiling, 20 * kMillisecond, &second), CL_SUCCESS);
  ASSERT_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &second), CL_SUCCESS);
  EXPECT_GE(profiled(second, CL_PROFILING_COMMAND_START) + 2000,
            profiled(first, CL_PROFILING_COMMAND_END));
  for (cl_event event : {gate, first, second})
    clReleaseEvent(event);
}

TEST_F(CoreTest, OutOfOrderBarrierWaitsForAllBefore) {
  cl_command_queue ooo =
      makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE);
  cl_event a = nullptr, b = nullptr, after = nullptr;
  ASSERT_EQ(spin(ooo, 30 * kMillisecond, &a), CL_SUCCESS);
  ASSERT_EQ(spin(ooo, 40 * kMillisecond, &b), CL_SUCCESS);
  ASSERT_EQ(clEnqueueBarrierWithWaitList(ooo, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(spin(ooo, kMillisecond, &after), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &after), CL_SUCCESS);
  const cl_ulong start = profiled(after, CL_PROFILING_COMMAND_START);
  EXPECT_GE(start + 2000, profiled(a, CL_PROFILING_COMMAND_END));
  EXPECT_GE(start + 2000, profiled(b, CL_PROFILING_COMMAND_END));
  for (cl_event event : {a, b, after})
    clReleaseEvent(event);
}

TEST_F(CoreTest, SixteenThreadsLaunchIntoOneQueue) {
  for (cl_command_queue_properties properties :
       {cl_command_queue_properties(0),
        cl_command_queue_properties(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)}) {
    cl_command_queue shared = makeQueue(properties);
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 16; ++t)
      threads.emplace_back([&] {
        cl_event previous = nullptr;
        for (int i = 0; i < 100; ++i) {
          cl_event next = nullptr;
          if (spin(shared, 1000, &next, previous ? 1 : 0, previous ? &previous : nullptr) !=
              CL_SUCCESS)
            ++failures;
          if (previous)
            clReleaseEvent(previous);
          previous = next;
        }
        if (clWaitForEvents(1, &previous) != CL_SUCCESS)
          ++failures;
        clReleaseEvent(previous);
      });
    for (std::thread &thread : threads)
      thread.join();
    EXPECT_EQ(failures, 0) << "properties " << properties;
    EXPECT_EQ(clFinish(shared), CL_SUCCESS);
  }
}

TEST_F(CoreTest, ReleasingEverythingWithAKernelInFlightIsSafe) {
  cl_int error = CL_SUCCESS;
  cl_context temporary = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &error);
  ASSERT_EQ(error, CL_SUCCESS);
  cl_command_queue doomed = clCreateCommandQueueWithProperties(temporary, device, nullptr, &error);
  ASSERT_EQ(error, CL_SUCCESS);
  cl_mem buffer = clCreateBuffer(temporary, 0, 1 << 20, nullptr, &error);
  ASSERT_EQ(error, CL_SUCCESS);
  cl_event spun = nullptr;
  ASSERT_EQ(spin(doomed, 200 * kMillisecond, &spun), CL_SUCCESS);
  const unsigned char zero = 0;
  ASSERT_EQ(clEnqueueFillBuffer(doomed, buffer, &zero, 1, 0, 1 << 20, 0, nullptr, nullptr),
            CL_SUCCESS);
  std::atomic<bool> called{false};
  ASSERT_EQ(
      clSetEventCallback(
          spun, CL_COMPLETE,
          [](cl_event, cl_int, void *flag) { *static_cast<std::atomic<bool> *>(flag) = true; },
          &called),
      CL_SUCCESS);
  EXPECT_EQ(clReleaseMemObject(buffer), CL_SUCCESS);
  EXPECT_EQ(clReleaseCommandQueue(doomed), CL_SUCCESS);
  EXPECT_EQ(clReleaseContext(temporary), CL_SUCCESS);
  EXPECT_TRUE(waitUntil([&] { return called.load(); }));
  cl_int status = CL_QUEUED;
  EXPECT_EQ(
      clGetEventInfo(spun, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, nullptr),
      CL_SUCCESS);
  EXPECT_EQ(status, CL_COMPLETE);
  clReleaseEvent(spun);
}

} // namespace
