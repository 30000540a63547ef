#include "load_fixture.h"

#include "cuda/driver.h"

#include <malloc.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>

namespace clcuda::test {

const char *const kLoadSource = R"(
__kernel void add(__global const uint *a, __global const uint *b, __global uint *sum) {
  const size_t i = get_global_id(0);
  sum[i] = a[i] + b[i];
}

__kernel void increment(__global uint *counter) { counter[0] += 1u; }
)";

double option(const char *name, double fallback) {
  const std::string prefix = std::string("--") + name + "=";
  for (const std::string &argument : arguments()) {
    if (argument.rfind(prefix, 0) != 0)
      continue;
    const char *text = argument.c_str() + prefix.size();
    char *end = nullptr;
    const double value = std::strtod(text, &end);
    if (end == text || *end != '\0' || value < 0) {
      ADD_FAILURE() << argument << ": not a number, " << fallback << " taken";
      return fallback;
    }
    return value;
  }
  return fallback;
}

std::string mib(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MiB", bytes / (1 << 20));
  return text;
}

std::string fixed(double value, int decimals) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

Watchdog::Watchdog(const char *scenario, double stall_seconds,
                   std::function<std::string()> describe)
    : scenario_(scenario), stall_seconds_(stall_seconds), describe_(std::move(describe)),
      thread_([this] { watch(); }) {}

Watchdog::~Watchdog() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  stop_changed_.notify_all();
  thread_.join();
}

void Watchdog::watch() {
  using Clock = std::chrono::steady_clock;
  std::uint64_t seen = progress_.load(std::memory_order_relaxed);
  Clock::time_point last_change = Clock::now();
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stop_changed_.wait_for(lock, std::chrono::milliseconds(200), [&] { return stop_; })) {
    const std::uint64_t now = progress_.load(std::memory_order_relaxed);
    if (now != seen) {
      seen = now;
      last_change = Clock::now();
      continue;
    }
    if (std::chrono::duration<double>(Clock::now() - last_change).count() < stall_seconds_)
      continue;
    // The stuck threads cannot be unwound: report and end the process.
    std::fprintf(stderr, "load %s: FAILED: no progress for %.0f s (a hang): %s\n",
                 scenario_.c_str(), stall_seconds_, describe_().c_str());
    std::fflush(stderr);
    std::_Exit(1);
  }
}

void LoadTest::SetUp() {
  ProgramTest::SetUp();
  if (IsSkipped() || HasFatalFailure())
    return;
  kernels_run_ = !fakeDevice();
  live_streams_ = fakeDriverFunction<ClcudaFakeLiveStreams>("clcuda_fake_live_streams");
  if (fakeDevice()) // its launches are drained as the run goes
    launch_chunk_.resize(kLaunchChunk);
}

Memory LoadTest::memory() {
  Memory now{};
  std::ifstream statm("/proc/self/statm");
  double size = 0, pages = 0;
  statm >> size >> pages;
  now.resident = pages * double(sysconf(_SC_PAGESIZE));
  const struct mallinfo2 heap = mallinfo2();
  now.heap = double(heap.uordblks + heap.hblkhd);
  now.gpu = -1;
  const cuda::DriverApi *api = cuda::driver();
  CUdevice cuda_device = 0;
  CUcontext cuda_context = nullptr;
  if (fakeDevice() || !api || api->cuDeviceGet(&cuda_device, 0) != CUDA_SUCCESS ||
      api->cuDevicePrimaryCtxRetain(&cuda_context, cuda_device) != CUDA_SUCCESS)
    return now;
  std::size_t free = 0, total = 0;
  if (api->cuCtxPushCurrent(cuda_context) == CUDA_SUCCESS) {
    if (api->cuMemGetInfo(&free, &total) == CUDA_SUCCESS)
      now.gpu = double(total - free);
    api->cuCtxPopCurrent(nullptr);
  }
  api->cuDevicePrimaryCtxRelease(cuda_device);
  return now;
}

namespace {

std::string change(const char *what, double before, double after) {
  char delta[32];
  std::snprintf(delta, sizeof delta, " (%+.1f)", (after - before) / (1 << 20));
  return what + mib(before) + " -> " + mib(after) + delta;
}

} // namespace

std::string LoadTest::memoryChange(const Memory &before, const Memory &after) {
  std::string text = change("RSS ", before.resident, after.resident) + ", " +
                     change("heap in use ", before.heap, after.heap) + ", ";
  if (before.gpu >= 0 && after.gpu >= 0)
    return text + change("GPU used ", before.gpu, after.gpu);
  return text + (fakeDevice() ? "GPU n/a (fake driver: device memory is host memory, in RSS)"
                              : "GPU n/a (cuMemGetInfo failed)");
}

std::string LoadTest::verdict() const {
  if (HasFailure())
    return "FAILED";
  return kernels_run_ ? "all checked"
                      : "all checked but the kernels' results (the fake driver runs no kernel: "
                        "their launches are counted)";
}

void LoadTest::printSummary(const char *scenario, const std::string &figures) {
  std::printf("load %s on %s: %s\n", scenario, deviceString(device, CL_DEVICE_NAME).c_str(),
              figures.c_str());
  std::fflush(stdout);
}

void LoadTest::takeFakeLaunches() {
  if (launch_chunk_.empty())
    return;
  std::lock_guard<std::mutex> lock(launches_mutex_);
  drainFakeLaunches(launch_chunk_, [this](const ClcudaFakeLaunch &launch) {
    ++launch_counts_[launch.function];
  });
}

std::uint64_t LoadTest::fakeLaunches(const std::string &kernel) {
  takeFakeLaunches();
  std::lock_guard<std::mutex> lock(launches_mutex_);
  return launch_counts_[kernel];
}

} // namespace clcuda::test
