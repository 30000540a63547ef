// Events: user events gating work, failures, callbacks, polling,
// profiling, markers and barriers, wait lists across queues, threads.
#include "gpu_fixture.h"

#include <atomic>
#include <mutex>
#include <thread>

namespace {

using namespace clcuda::test;

TEST_F(GpuTest, UserEventsHoldWorkWithoutBlocking) {
  const size_t size = 1 << 20;
  cl_mem buffer =
      makeBuffer(CL_MEM_COPY_HOST_PTR, size, std::vector<unsigned char>(size, 0).data());
  std::vector<unsigned char> data = patternBytes(size, 81);
  cl_event gate = makeUserEvent();
  EXPECT_EQ(status(gate), CL_SUBMITTED);
  const auto start = std::chrono::steady_clock::now();
  cl_event written = nullptr, after = nullptr;
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(queue, buffer, CL_FALSE, 0, size, data.data(), 1,
                                             &gate, &written));
  // In order: a command behind a held one waits too.
  ASSERT_CL(CL_SUCCESS, clEnqueueMarkerWithWaitList(queue, 0, nullptr, &after));
  EXPECT_LT(secondsSince(start), 1.0) << "enqueueing behind a user event must not block";
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(status(written), CL_QUEUED);
  EXPECT_EQ(status(after), CL_QUEUED);
  cl_command_queue other = makeQueue();
  std::vector<unsigned char> seen(size);
  ASSERT_CL(CL_SUCCESS,
            clEnqueueReadBuffer(other, buffer, CL_TRUE, 0, size, seen.data(), 0, nullptr, nullptr));
  EXPECT_EQ(seen, std::vector<unsigned char>(size, 0)) << "the held write must not have run";
  ASSERT_CL(CL_SUCCESS, clSetUserEventStatus(gate, CL_COMPLETE));
  ASSERT_CL(CL_SUCCESS, clWaitForEvents(1, &after));
  EXPECT_EQ(status(written), CL_COMPLETE);
  ASSERT_CL(CL_SUCCESS,
            clEnqueueReadBuffer(other, buffer, CL_TRUE, 0, size, seen.data(), 0, nullptr, nullptr));
  EXPECT_EQ(seen, data);
  EXPECT_CL(CL_INVALID_OPERATION, clSetUserEventStatus(gate, CL_COMPLETE)) << "set twice";
  clReleaseEvent(written);
  clReleaseEvent(after);
}

TEST_F(GpuTest, AFailedUserEventFailsItsDependents) {
  const size_t size = 4096;
  std::vector<unsigned char> zeros(size, 0);
  cl_mem buffer = makeBuffer(CL_MEM_COPY_HOST_PTR, size, zeros.data());
  std::vector<unsigned char> data = patternBytes(size, 82);
  cl_command_queue ooo = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  cl_event gate = makeUserEvent();
  cl_event written = nullptr, chained = nullptr, unrelated = nullptr;
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(queue, buffer, CL_FALSE, 0, size, data.data(), 1,
                                             &gate, &written));
  ASSERT_CL(CL_SUCCESS, clEnqueueMarkerWithWaitList(ooo, 1, &written, &chained));
  ASSERT_CL(CL_SUCCESS, clEnqueueMarkerWithWaitList(queue, 0, nullptr, &unrelated));
  ASSERT_CL(CL_SUCCESS, clSetUserEventStatus(gate, -42));
  EXPECT_CL(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, clWaitForEvents(1, &written));
  EXPECT_LT(status(written), 0);
  EXPECT_CL(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, clWaitForEvents(1, &chained));
  EXPECT_LT(status(chained), 0) << "a dependent of a failed command fails too";
  // Ordering behind a failed command is not a dependency on its data.
  EXPECT_CL(CL_SUCCESS, clWaitForEvents(1, &unrelated));
  std::vector<unsigned char> seen(size);
  EXPECT_CL(
      CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
      clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, size, seen.data(), 1, &written, nullptr));
  EXPECT_EQ(readAll(buffer, size), zeros) << "the failed write never ran";
  cl_event late = nullptr;
  EXPECT_CL(CL_SUCCESS, clEnqueueMarkerWithWaitList(queue, 1, &written, &late));
  EXPECT_LT(status(late), 0) << "enqueued after the failure";
  EXPECT_CL(CL_INVALID_VALUE, clSetUserEventStatus(makeUserEvent(), CL_SUBMITTED));
  EXPECT_CL(CL_INVALID_EVENT, clSetUserEventStatus(written, CL_COMPLETE));
  for (cl_event event : {written, chained, unrelated, late})
    clReleaseEvent(event);
}

struct CallbackLog {
  std::mutex mutex;
  std::vector<cl_int> statuses;
  void add(cl_int status) {
    std::lock_guard<std::mutex> lock(mutex);
    statuses.push_back(status);
  }
  size_t size() {
    std::lock_guard<std::mutex> lock(mutex);
    return statuses.size();
  }
};

void CL_CALLBACK logStatus(cl_event, cl_int status, void *log) {
  static_cast<CallbackLog *>(log)->add(status);
}

TEST_F(GpuTest, CallbacksFireForEveryStatusWithoutWaiting) {
  const size_t size = 16 << 20;
  std::vector<unsigned char> data = patternBytes(size, 83);
  cl_mem buffer = makeBuffer(0, size);
  cl_event gate = makeUserEvent();
  cl_event written = nullptr;
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(queue, buffer, CL_FALSE, 0, size, data.data(), 1,
                                             &gate, &written));
  CallbackLog log;
  for (cl_int kind : {CL_COMPLETE, CL_RUNNING, CL_SUBMITTED})
    ASSERT_CL(CL_SUCCESS, clSetEventCallback(written, kind, logStatus, &log));
  EXPECT_CL(CL_INVALID_VALUE, clSetEventCallback(written, CL_QUEUED, logStatus, &log));
  EXPECT_CL(CL_INVALID_VALUE, clSetEventCallback(written, CL_COMPLETE, nullptr, &log));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(log.size(), 0u) << "nothing happened yet";
  ASSERT_CL(CL_SUCCESS, clSetUserEventStatus(gate, CL_COMPLETE));
  // No clFinish, no clWaitForEvents: the callbacks come on their own.
  ASSERT_TRUE(waitUntil([&] { return log.size() == 3; })) << log.size() << " callbacks";
  std::lock_guard<std::mutex> lock(log.mutex);
  EXPECT_EQ(log.statuses, (std::vector<cl_int>{CL_SUBMITTED, CL_RUNNING, CL_COMPLETE}));
  CallbackLog late;
  ASSERT_CL(CL_SUCCESS, clSetEventCallback(written, CL_SUBMITTED, logStatus, &late));
  ASSERT_TRUE(waitUntil([&] { return late.size() == 1; })) << "registered after the fact";
  EXPECT_EQ(late.statuses[0], CL_SUBMITTED);
  clReleaseEvent(written);

  cl_event failing = makeUserEvent();
  CallbackLog failure;
  ASSERT_CL(CL_SUCCESS, clSetEventCallback(failing, CL_COMPLETE, logStatus, &failure));
  ASSERT_CL(CL_SUCCESS, clSetUserEventStatus(failing, -7));
  ASSERT_TRUE(waitUntil([&] { return failure.size() == 1; }));
  EXPECT_EQ(failure.statuses[0], -7);
}

TEST_F(GpuTest, PollingSeesCompletion) {
  const size_t size = 64 << 20;
  std::vector<unsigned char> data = patternBytes(size, 84);
  cl_mem buffer = makeBuffer(0, size);
  cl_event copied = nullptr;
  cl_mem other = makeBuffer(0, size);
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, size, data.data(), 0,
                                             nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clEnqueueCopyBuffer(queue, buffer, other, 0, 0, size, 0, nullptr, &copied));
  // Only clGetEventInfo: it must notice completion on its own.
  EXPECT_TRUE(waitUntil([&] { return status(copied) == CL_COMPLETE; }));
  clReleaseEvent(copied);
}

TEST_F(GpuTest, ProfilingTimesAreOrderedOnOneClock) {
  cl_command_queue profiled = makeQueue(CL_QUEUE_PROFILING_ENABLE);
  const size_t size = 8 << 20;
  std::vector<unsigned char> data = patternBytes(size, 85);
  cl_mem buffer = makeBuffer(0, size), other = makeBuffer(0, size);
  cl_ulong before = 0;
  ASSERT_CL(CL_SUCCESS, clGetHostTimer(device, &before));
  std::vector<cl_event> events(4);
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(profiled, buffer, CL_FALSE, 0, size, data.data(), 0,
                                             nullptr, &events[0]));
  ASSERT_CL(CL_SUCCESS,
            clEnqueueCopyBuffer(profiled, buffer, other, 0, 0, size, 0, nullptr, &events[1]));
  const unsigned char zero = 0;
  ASSERT_CL(CL_SUCCESS,
            clEnqueueFillBuffer(profiled, buffer, &zero, 1, 0, size, 0, nullptr, &events[2]));
  ASSERT_CL(CL_SUCCESS, clEnqueueMarkerWithWaitList(profiled, 0, nullptr, &events[3]));
  ASSERT_CL(CL_SUCCESS, clWaitForEvents(4, events.data()));
  cl_ulong after = 0;
  ASSERT_CL(CL_SUCCESS, clGetHostTimer(device, &after));
  cl_ulong previous_end = 0;
  for (cl_event event : events) {
    cl_ulong queued, submit, start, end, complete;
    ASSERT_CL(CL_SUCCESS, clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_QUEUED,
                                                  sizeof(queued), &queued, nullptr));
    ASSERT_CL(CL_SUCCESS, clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_SUBMIT,
                                                  sizeof(submit), &submit, nullptr));
    ASSERT_CL(CL_SUCCESS, clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_START, sizeof(start),
                                                  &start, nullptr));
    ASSERT_CL(CL_SUCCESS,
              clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof(end), &end, nullptr));
    ASSERT_CL(CL_SUCCESS, clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_COMPLETE,
                                                  sizeof(complete), &complete, nullptr));
    EXPECT_LE(before, queued);
    EXPECT_LE(queued, submit);
    EXPECT_LE(submit, start);
    EXPECT_LE(start, end);
    EXPECT_EQ(end, complete);
    EXPECT_LE(end, after + 10000) << "the host clock, within the calibration error";
    // In order: a command starts after the one before it ended (2 µs slack
    // for the float milliseconds CUDA reports).
    EXPECT_LE(previous_end, start + 2000);
    previous_end = end;
    clReleaseEvent(event);
  }
  cl_event plain = nullptr;
  ASSERT_CL(CL_SUCCESS, clEnqueueMarkerWithWaitList(queue, 0, nullptr, &plain));
  ASSERT_CL(CL_SUCCESS, clWaitForEvents(1, &plain));
  cl_ulong value = 0;
  EXPECT_CL(
      CL_PROFILING_INFO_NOT_AVAILABLE,
      clGetEventProfilingInfo(plain, CL_PROFILING_COMMAND_END, sizeof(value), &value, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clGetEventProfilingInfo(plain, 0x7777, sizeof(value), &value, nullptr));
  clReleaseEvent(plain);
  cl_event user = makeUserEvent();
  EXPECT_CL(
      CL_PROFILING_INFO_NOT_AVAILABLE,
      clGetEventProfilingInfo(user, CL_PROFILING_COMMAND_END, sizeof(value), &value, nullptr));
  cl_event held = nullptr;
  ASSERT_CL(CL_SUCCESS, clEnqueueMarkerWithWaitList(profiled, 1, &user, &held));
  EXPECT_CL(
      CL_PROFILING_INFO_NOT_AVAILABLE,
      clGetEventProfilingInfo(held, CL_PROFILING_COMMAND_START, sizeof(value), &value, nullptr));
  clSetUserEventStatus(user, CL_COMPLETE);
  clWaitForEvents(1, &held);
  clReleaseEvent(held);
}

TEST_F(GpuTest, BarriersAndMarkersOrderOutOfOrderQueues) {
  cl_command_queue ooo = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  const size_t size = 4 << 20;
  std::vector<unsigned char> data = patternBytes(size, 86);
  cl_mem a = makeBuffer(0, size), b = makeBuffer(0, size), c = makeBuffer(0, size);
  ASSERT_CL(CL_SUCCESS,
            clEnqueueWriteBuffer(ooo, a, CL_FALSE, 0, size, data.data(), 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clEnqueueBarrierWithWaitList(ooo, 0, nullptr, nullptr));
  cl_event copied = nullptr;
  ASSERT_CL(CL_SUCCESS, clEnqueueCopyBuffer(ooo, a, b, 0, 0, size, 0, nullptr, &copied));
  ASSERT_CL(CL_SUCCESS, clEnqueueCopyBuffer(ooo, b, c, 0, 0, size, 1, &copied, nullptr));
  cl_event marker = nullptr;
  ASSERT_CL(CL_SUCCESS, clEnqueueMarkerWithWaitList(ooo, 0, nullptr, &marker));
  ASSERT_CL(CL_SUCCESS, clWaitForEvents(1, &marker));
  EXPECT_EQ(readAll(c, size), data);
  cl_command_type type = 0;
  clGetEventInfo(marker, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, nullptr);
  EXPECT_EQ(type, cl_command_type(CL_COMMAND_MARKER));
  clGetEventInfo(copied, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, nullptr);
  EXPECT_EQ(type, cl_command_type(CL_COMMAND_COPY_BUFFER));
  clReleaseEvent(marker);
  clReleaseEvent(copied);

  // A barrier behind a user event holds everything after it.
  cl_event gate = makeUserEvent();
  ASSERT_CL(CL_SUCCESS, clEnqueueBarrierWithWaitList(ooo, 1, &gate, nullptr));
  cl_event later = nullptr;
  ASSERT_CL(CL_SUCCESS, clEnqueueFillBuffer(ooo, c, &data[0], 1, 0, size, 0, nullptr, &later));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(status(later), CL_QUEUED);
  ASSERT_CL(CL_SUCCESS, clSetUserEventStatus(gate, CL_COMPLETE));
  ASSERT_CL(CL_SUCCESS, clWaitForEvents(1, &later));
  clReleaseEvent(later);
  ASSERT_CL(CL_SUCCESS, clFinish(ooo));

  EXPECT_CL(CL_INVALID_VALUE, clEnqueueMarker(ooo, nullptr));
  cl_event legacy = nullptr;
  ASSERT_CL(CL_SUCCESS, clEnqueueMarker(ooo, &legacy));
  ASSERT_CL(CL_SUCCESS, clEnqueueWaitForEvents(ooo, 1, &legacy));
  ASSERT_CL(CL_SUCCESS, clEnqueueBarrier(ooo));
  EXPECT_CL(CL_INVALID_VALUE, clEnqueueWaitForEvents(ooo, 0, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(ooo));
  clReleaseEvent(legacy);
}

TEST_F(GpuTest, WaitListsCrossQueues) {
  cl_command_queue first = makeQueue(), second = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  const size_t size = 16 << 20;
  std::vector<unsigned char> data = patternBytes(size, 87), back(size);
  cl_mem buffer = makeBuffer(0, size);
  cl_event written = nullptr;
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(first, buffer, CL_FALSE, 0, size, data.data(), 0,
                                             nullptr, &written));
  ASSERT_CL(CL_SUCCESS, clEnqueueReadBuffer(second, buffer, CL_TRUE, 0, size, back.data(), 1,
                                            &written, nullptr));
  EXPECT_EQ(back, data);
  cl_context owner = nullptr;
  clGetEventInfo(written, CL_EVENT_CONTEXT, sizeof(owner), &owner, nullptr);
  EXPECT_EQ(owner, context);
  cl_uint references = 0;
  clGetEventInfo(written, CL_EVENT_REFERENCE_COUNT, sizeof(references), &references, nullptr);
  EXPECT_EQ(references, 1u);
  clReleaseEvent(written);
  EXPECT_CL(CL_INVALID_VALUE, clWaitForEvents(0, nullptr));
  cl_int error = CL_SUCCESS;
  cl_context other = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &error);
  cl_event mine = makeUserEvent(), theirs = clCreateUserEvent(other, &error);
  cl_event both[] = {mine, theirs};
  EXPECT_CL(CL_INVALID_CONTEXT, clWaitForEvents(2, both));
  clSetUserEventStatus(mine, CL_COMPLETE);
  clSetUserEventStatus(theirs, CL_COMPLETE);
  clReleaseEvent(theirs);
  clReleaseContext(other);
  cl_command_queue user_queue = first;
  EXPECT_CL(CL_SUCCESS,
            clGetEventInfo(mine, CL_EVENT_COMMAND_QUEUE, sizeof(user_queue), &user_queue, nullptr));
  EXPECT_EQ(user_queue, nullptr) << "a user event has no queue";
}

TEST_F(GpuTest, SixteenThreadsEnqueueIntoOneQueue) {
  constexpr int kThreads = 16, kRounds = 40;
  const size_t slice = 64 << 10;
  cl_mem buffer = makeBuffer(0, slice * kThreads);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < kRounds; ++round) {
        std::vector<unsigned char> data = patternBytes(slice, unsigned(t * 1000 + round));
        std::vector<unsigned char> back(slice);
        cl_event written = nullptr;
        if (clEnqueueWriteBuffer(queue, buffer, CL_FALSE, t * slice, slice, data.data(), 0, nullptr,
                                 &written) != CL_SUCCESS ||
            clEnqueueReadBuffer(queue, buffer, CL_TRUE, t * slice, slice, back.data(), 1, &written,
                                nullptr) != CL_SUCCESS ||
            back != data)
          ++failures;
        clReleaseEvent(written);
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(failures, 0);
  EXPECT_CL(CL_SUCCESS, clFinish(queue));
}

TEST_F(GpuTest, OutOfOrderQueuesOverlapCopiesBothWays) {
  if (fakeDevice())
    GTEST_SKIP() << "the CPU stand-in for the driver has no copy engines to overlap";
  // Host-to-device and device-to-host copies use different copy engines:
  // on independent streams they run at the same time.
  const size_t size = size_t(1) << 30;
  cl_mem host_in = makeBuffer(CL_MEM_ALLOC_HOST_PTR, size), device_in = makeBuffer(0, size);
  cl_mem device_out = makeBuffer(0, size), host_out = makeBuffer(CL_MEM_ALLOC_HOST_PTR, size);
  cl_command_queue ooo = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  auto timed = [&](bool up, bool down) {
    clFinish(ooo);
    const auto start = std::chrono::steady_clock::now();
    if (up)
      clEnqueueCopyBuffer(ooo, host_in, device_in, 0, 0, size, 0, nullptr, nullptr);
    if (down)
      clEnqueueCopyBuffer(ooo, device_out, host_out, 0, 0, size, 0, nullptr, nullptr);
    clFinish(ooo);
    return secondsSince(start);
  };
  timed(true, true); // warm up
  const double up = timed(true, false), down = timed(false, true), both = timed(true, true);
  std::printf("1 GiB copies: H2D %.1f ms, D2H %.1f ms, both at once %.1f ms\n", up * 1e3,
              down * 1e3, both * 1e3);
  EXPECT_LT(both, 0.8 * (up + down)) << "the two directions did not overlap";
}

} // namespace
