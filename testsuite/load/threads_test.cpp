// Scenario "threads" (docs/reliability.md, "Load"): --threads threads
// (16) for --seconds seconds enqueue buffer writes, fills, copies, kernels,
// reads and markers on one shared in-order queue, one shared out-of-order
// queue and a queue of their own, wait for them three ways (clWaitForEvents,
// clFinish, an event callback) and release everything, some of it while the
// commands run. Every result, every event's status and every callback is
// checked; a watchdog fails the run when progress stops for
// --stall-seconds (60).
#include "load_fixture.h"

#include <chrono>
#include <memory>
#include <sstream>

namespace clcuda::test {
namespace {

using Clock = std::chrono::steady_clock;

// What the threads share.
struct Shared {
  cl_context context;
  cl_device_id device;
  cl_program program;
  cl_command_queue in_order, out_of_order;
  bool kernels_run;
  Clock::time_point end;
  Watchdog *watchdog = nullptr;
  std::atomic<std::uint64_t> iterations{0}, commands{0}, kernels{0};
  // Set on every event a thread enqueues, each callback counted once.
  std::atomic<std::uint64_t> callbacks_set{0}, callbacks_run{0}, callbacks_not_complete{0};
};

void CL_CALLBACK countCallback(cl_event, cl_int status, void *data) {
  Shared &run = *static_cast<Shared *>(data);
  if (status != CL_COMPLETE)
    run.callbacks_not_complete.fetch_add(1);
  run.callbacks_run.fetch_add(1);
}

// What an iteration that waits by callback waits on.
struct Latch {
  std::mutex mutex;
  std::condition_variable opened;
  bool open = false;
  cl_int status = CL_QUEUED;
};

void CL_CALLBACK openLatch(cl_event, cl_int status, void *data) {
  Latch &latch = *static_cast<Latch *>(data);
  std::lock_guard<std::mutex> lock(latch.mutex);
  latch.open = true;
  latch.status = status;
  latch.opened.notify_all();
}

enum class Wait { events, finish, callback };

const char *const kQueueNames[] = {"shared in-order queue", "shared out-of-order queue",
                                   "own queue"};

class Worker {
public:
  Worker(Shared &run, int index) : run_(run), index_(index) {}

  void work() {
    cl_int error = CL_SUCCESS;
    own_ = clCreateCommandQueueWithProperties(run_.context, run_.device, nullptr, &error);
    ASSERT_CL(CL_SUCCESS, error);
    for (std::uint64_t k = 0; Clock::now() < run_.end && !::testing::Test::HasFailure(); ++k) {
      iteration_.store(k);
      iteration(k);
      run_.iterations.fetch_add(1);
      run_.watchdog->progress();
    }
    doing_ = "clFinish on its own queue, at the end";
    EXPECT_CL(CL_SUCCESS, clFinish(own_));
  }

  // After the threads are done: waits for what a failed iteration left
  // behind, since the commands write into this worker's vectors.
  ~Worker() {
    if (own_) {
      clFinish(own_);
      clReleaseCommandQueue(own_);
    }
  }

  std::string where() const {
    const std::uint64_t k = iteration_.load();
    return "thread " + std::to_string(index_) + " in " + doing_.load() + " (iteration " +
           std::to_string(k) + ", " + kQueueNames[phase(k) % 3] + ")";
  }

private:
  // Threads start at different points of the combinations, so that every
  // queue and every way of waiting has threads on it at any time.
  std::uint64_t phase(std::uint64_t k) const { return k + std::uint64_t(index_) * 7; }

  cl_mem makeBuffer(std::size_t bytes) {
    cl_int error = CL_SUCCESS;
    cl_mem buffer = clCreateBuffer(run_.context, CL_MEM_READ_WRITE, bytes, nullptr, &error);
    EXPECT_CL(CL_SUCCESS, error);
    return buffer;
  }

  void iteration(std::uint64_t k) {
    const std::uint64_t p = phase(k); // 36 in a row cover every combination
    cl_command_queue queue = p % 3 == 0 ? run_.in_order : p % 3 == 1 ? run_.out_of_order : own_;
    const Wait wait = Wait(p / 3 % 3);
    const bool gated = p % 4 == 3;         // the write waits for a user event
    const bool release_early = p % 2 == 1; // buffers and kernel go while the commands run
    const std::size_t n = 64 + (k * 97 + std::size_t(index_) * 31) % 4032;
    const std::size_t bytes = n * sizeof(cl_uint);
    const cl_uint seed = cl_uint(index_) * 0x01000193u + cl_uint(k) * 2654435761u;
    const cl_uint fill = ~seed;
    source_.resize(n);
    for (std::size_t i = 0; i < n; ++i)
      source_[i] = seed + cl_uint(i) * 7;
    copied_.assign(n, 0);
    filled_.assign(n, 0);
    sums_.assign(n, 0);

    doing_ = "clCreateBuffer";
    cl_mem a = makeBuffer(bytes), b = makeBuffer(bytes), copy = makeBuffer(bytes),
           sum = makeBuffer(bytes);
    ASSERT_TRUE(a && b && copy && sum);
    cl_int error = CL_SUCCESS;
    cl_event user = nullptr;
    if (gated) {
      user = clCreateUserEvent(run_.context, &error);
      ASSERT_CL(CL_SUCCESS, error);
    }
    doing_ = "clCreateKernel";
    cl_kernel add = clCreateKernel(run_.program, "add", &error);
    ASSERT_CL(CL_SUCCESS, error);
    ASSERT_CL(CL_SUCCESS, clSetKernelArg(add, 0, sizeof a, &a));
    ASSERT_CL(CL_SUCCESS, clSetKernelArg(add, 1, sizeof b, &b));
    ASSERT_CL(CL_SUCCESS, clSetKernelArg(add, 2, sizeof sum, &sum));

    // write, fill, copy, add, three reads, marker: the out-of-order queue
    // needs the wait lists, the in-order ones take them as well.
    cl_event events[8] = {};
    cl_event &write = events[0], &filled = events[1], &copied = events[2], &added = events[3],
             &read_copy = events[4], &read_fill = events[5], &read_sum = events[6],
             &marker = events[7];
    doing_ = "enqueueing";
    ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(queue, a, CL_FALSE, 0, bytes, source_.data(),
                                               gated ? 1 : 0, gated ? &user : nullptr, &write));
    ASSERT_CL(CL_SUCCESS,
              clEnqueueFillBuffer(queue, b, &fill, sizeof fill, 0, bytes, 0, nullptr, &filled));
    ASSERT_CL(CL_SUCCESS, clEnqueueCopyBuffer(queue, a, copy, 0, 0, bytes, 1, &write, &copied));
    const cl_event inputs[] = {write, filled};
    ASSERT_CL(CL_SUCCESS,
              clEnqueueNDRangeKernel(queue, add, 1, nullptr, &n, nullptr, 2, inputs, &added));
    ASSERT_CL(CL_SUCCESS, clEnqueueReadBuffer(queue, copy, CL_FALSE, 0, bytes, copied_.data(), 1,
                                              &copied, &read_copy));
    ASSERT_CL(CL_SUCCESS, clEnqueueReadBuffer(queue, b, CL_FALSE, 0, bytes, filled_.data(), 1,
                                              &filled, &read_fill));
    ASSERT_CL(CL_SUCCESS, clEnqueueReadBuffer(queue, sum, CL_FALSE, 0, bytes, sums_.data(), 1,
                                              &added, &read_sum));
    const cl_event reads[] = {read_copy, read_fill, read_sum};
    ASSERT_CL(CL_SUCCESS, clEnqueueMarkerWithWaitList(queue, 3, reads, &marker));
    run_.commands.fetch_add(8);
    run_.kernels.fetch_add(1);
    doing_ = "releasing while the commands run";
    if (release_early) {
      EXPECT_CL(CL_SUCCESS, clReleaseKernel(add));
      for (cl_mem buffer : {a, b, copy, sum})
        EXPECT_CL(CL_SUCCESS, clReleaseMemObject(buffer));
    }
    doing_ = "clSetEventCallback";
    for (cl_event event : events) {
      ASSERT_CL(CL_SUCCESS, clSetEventCallback(event, CL_COMPLETE, countCallback, &run_));
      run_.callbacks_set.fetch_add(1);
    }
    if (gated) {
      doing_ = "clSetUserEventStatus";
      ASSERT_CL(CL_SUCCESS, clSetUserEventStatus(user, CL_COMPLETE));
    }
    if (p % 5 == 0) {
      doing_ = "clFlush";
      EXPECT_CL(CL_SUCCESS, clFlush(queue));
    }

    switch (wait) {
    case Wait::events:
      doing_ = "clWaitForEvents";
      ASSERT_CL(CL_SUCCESS, clWaitForEvents(8, events));
      break;
    case Wait::finish:
      doing_ = "clFinish";
      ASSERT_CL(CL_SUCCESS, clFinish(queue));
      break;
    case Wait::callback: {
      doing_ = "waiting for the marker's callback";
      Latch latch;
      ASSERT_CL(CL_SUCCESS, clSetEventCallback(marker, CL_COMPLETE, openLatch, &latch));
      std::unique_lock<std::mutex> lock(latch.mutex);
      latch.opened.wait(lock, [&] { return latch.open; });
      EXPECT_EQ(latch.status, CL_COMPLETE);
      break;
    }
    }

    doing_ = "checking";
    for (cl_event event : events) {
      cl_int status = CL_QUEUED;
      EXPECT_CL(CL_SUCCESS, clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status,
                                           &status, nullptr));
      EXPECT_EQ(status, CL_COMPLETE) << where();
    }
    for (std::size_t i = 0; i < n; ++i) {
      ASSERT_EQ(copied_[i], source_[i]) << "copy, element " << i << ", " << where();
      ASSERT_EQ(filled_[i], fill) << "fill, element " << i << ", " << where();
      if (run_.kernels_run) {
        ASSERT_EQ(sums_[i], source_[i] + fill) << "kernel, element " << i << ", " << where();
      }
    }

    doing_ = "releasing";
    for (cl_event event : events)
      EXPECT_CL(CL_SUCCESS, clReleaseEvent(event));
    if (user) {
      EXPECT_CL(CL_SUCCESS, clReleaseEvent(user));
    }
    if (!release_early) {
      EXPECT_CL(CL_SUCCESS, clReleaseKernel(add));
      for (cl_mem buffer : {a, b, copy, sum})
        EXPECT_CL(CL_SUCCESS, clReleaseMemObject(buffer));
    }
  }

  Shared &run_;
  const int index_;
  cl_command_queue own_ = nullptr;
  std::atomic<const char *> doing_{"starting"};
  std::atomic<std::uint64_t> iteration_{0};
  // The commands' host memory, kept with the worker (see ~Worker).
  std::vector<cl_uint> source_, copied_, filled_, sums_;
};

TEST_F(Load, Threads) {
  const int threads = int(option("threads", 16));
  const double seconds = option("seconds", 2);
  const double stall_seconds = option("stall-seconds", 60);
  ASSERT_GT(threads, 0);
  Shared run;
  run.context = context;
  run.device = device;
  run.program = build(kLoadSource);
  run.in_order = queue;
  run.out_of_order = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  run.kernels_run = kernelsRun();
  ASSERT_TRUE(run.program && run.out_of_order);
  const Memory before = memory();

  std::vector<std::unique_ptr<Worker>> workers;
  for (int i = 0; i < threads; ++i)
    workers.push_back(std::make_unique<Worker>(run, i));
  Watchdog watchdog("threads", stall_seconds, [&] {
    std::string text = std::to_string(run.callbacks_run.load()) + " of " +
                       std::to_string(run.callbacks_set.load()) + " callbacks ran";
    for (const auto &worker : workers)
      text += "; " + worker->where();
    return text;
  });
  run.watchdog = &watchdog;
  const Clock::time_point start = Clock::now();
  run.end =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  std::atomic<int> running{threads};
  std::vector<std::thread> pool;
  for (auto &worker : workers)
    pool.emplace_back([&worker, &running] {
      worker->work();
      running.fetch_sub(1);
    });
  while (running.load() > 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    takeFakeLaunches();
  }
  for (std::thread &thread : pool)
    thread.join();
  EXPECT_CL(CL_SUCCESS, clFinish(run.in_order));
  EXPECT_CL(CL_SUCCESS, clFinish(run.out_of_order));
  // Every command is done: every callback must come (the watchdog ends a
  // wait for one that never does).
  while (run.callbacks_run.load() < run.callbacks_set.load())
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  const double elapsed = secondsSince(start);
  EXPECT_EQ(run.callbacks_run.load(), run.callbacks_set.load());
  EXPECT_EQ(run.callbacks_not_complete.load(), 0u) << "callbacks with a status but CL_COMPLETE";
  if (!run.kernels_run) {
    EXPECT_EQ(fakeLaunches("add"), run.kernels.load()) << "launches the fake driver recorded";
  }
  workers.clear();
  // Streams come back to clcuda's pools, which keep a bounded number: the
  // busiest moment of the run is not held for the life of the process. A
  // watch gives its stream back when its host function returns, which may
  // be just after its callback ran: they get a few seconds to.
  long streams = fakeLiveStreams();
  for (const auto settled = std::chrono::steady_clock::now() + std::chrono::seconds(5);
       streams > 64 && std::chrono::steady_clock::now() < settled; streams = fakeLiveStreams())
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  if (streams >= 0) {
    EXPECT_LE(streams, 64) << "CUDA streams alive after the run";
  }
  const Memory after = memory();
  std::ostringstream line;
  line << threads << " threads, " << fixed(elapsed, 1) << " s, " << run.iterations.load()
       << " iterations, " << run.commands.load() << " commands ("
       << fixed(double(run.commands.load()) / elapsed, 0) << " per s), " << run.kernels.load()
       << " kernels, " << run.callbacks_run.load() << " callbacks, " << verdict() << "; "
       << memoryChange(before, after);
  if (streams >= 0)
    line << "; " << streams << " CUDA streams alive at the end";
  printSummary("threads", line.str());
}

} // namespace
} // namespace clcuda::test
