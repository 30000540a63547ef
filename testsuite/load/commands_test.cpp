// Scenario "commands" (docs/reliability.md, "Load"): --commands commands
// (10^6 for the full run) through the fixture's in-order queue: seven
// kernels (one work-item adding one to a counter) to one marker, an event
// asked for (and released at once) by one command in ten, a clFlush every
// thousand, one clFinish at the end. The counter must equal the
// kernels enqueued; the line gives commands per second, enqueue to finish.
#include "load_fixture.h"

#include <chrono>
#include <sstream>

namespace clcuda::test {
namespace {

TEST_F(Load, Commands) {
  const auto commands = std::uint64_t(option("commands", 20000));
  const double stall_seconds = option("stall-seconds", 60);
  cl_kernel increment = kernel(build(kLoadSource), "increment");
  cl_uint zero = 0;
  cl_mem counter = makeBuffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero, &zero);
  ASSERT_TRUE(increment && counter);
  setArg(increment, 0, counter);
  const Memory before = memory();

  std::atomic<std::uint64_t> enqueued{0};
  Watchdog watchdog("commands", stall_seconds, [&] {
    return std::to_string(enqueued.load()) + " of " + std::to_string(commands) +
           " commands enqueued";
  });
  std::uint64_t kernels = 0, markers = 0, events = 0;
  const std::size_t one = 1;
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < commands; ++i) {
    cl_event event = nullptr;
    cl_event *event_out = i % 10 == 9 ? &event : nullptr;
    if (i % 8 == 7) {
      ASSERT_CL(CL_SUCCESS, clEnqueueMarkerWithWaitList(queue, 0, nullptr, event_out)) << i;
      ++markers;
    } else {
      ASSERT_CL(CL_SUCCESS, clEnqueueNDRangeKernel(queue, increment, 1, nullptr, &one, nullptr, 0,
                                                   nullptr, event_out))
          << i;
      ++kernels;
    }
    if (event) {
      ASSERT_CL(CL_SUCCESS, clReleaseEvent(event));
      ++events;
    }
    if (i % 1000 == 999) {
      ASSERT_CL(CL_SUCCESS, clFlush(queue));
    }
    if (i % 256 == 255) { // the fake driver keeps 4.7 KB per launch until taken
      takeFakeLaunches();
      enqueued.store(i + 1);
      watchdog.progress();
    }
  }
  enqueued.store(commands);
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  const double elapsed = secondsSince(start);

  cl_uint count = 0;
  ASSERT_CL(CL_SUCCESS, clEnqueueReadBuffer(queue, counter, CL_TRUE, 0, sizeof count, &count, 0,
                                            nullptr, nullptr));
  if (kernelsRun()) {
    EXPECT_EQ(count, kernels) << "the counter the kernels incremented";
  } else {
    EXPECT_EQ(fakeLaunches("increment"), kernels) << "launches the fake driver recorded";
  }
  const Memory after = memory();
  std::ostringstream line;
  line << commands << " commands (" << kernels << " kernels, " << markers << " markers, " << events
       << " with an event) through one in-order queue, " << fixed(elapsed, 1) << " s, "
       << fixed(double(commands) / elapsed, 0) << " per s, " << verdict() << "; "
       << memoryChange(before, after);
  printSummary("commands", line.str());
}

} // namespace
} // namespace clcuda::test
