// The fixture of the load tests (docs/reliability.md, "Load"): the program
// fixture (a context and an in-order queue on clcuda's first device, a
// private kernel cache; SKIPPED without a device) and what the three
// scenarios share: their sizes from the command line, the memory figures,
// a watchdog, and on the fake driver the kernel launches it recorded.
#pragma once

#include "program_fixture.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace clcuda::test {

// The OpenCL C program of the scenarios.
extern const char *const kLoadSource;

// --name=value from the command line, else `fallback`: the ctest runs use
// the fallbacks (small), scripts/load passes the full sizes.
double option(const char *name, double fallback);

// "12.3 MiB".
std::string mib(double bytes);

// `value` with `decimals` decimals.
std::string fixed(double value, int decimals);

// Fails the process with a message when progress stops for `stall_seconds`:
// a hang must end the run, not wait for ctest's timeout. `describe` says
// where things stand, for the message.
class Watchdog {
public:
  Watchdog(const char *scenario, double stall_seconds, std::function<std::string()> describe);
  ~Watchdog();
  void progress() { progress_.fetch_add(1, std::memory_order_relaxed); }

private:
  void watch();
  std::string scenario_;
  double stall_seconds_;
  std::function<std::string()> describe_;
  std::atomic<std::uint64_t> progress_{0};
  std::mutex mutex_;
  std::condition_variable stop_changed_;
  bool stop_ = false;
  std::thread thread_;
};

// Memory at one point of a run, in bytes.
struct Memory {
  double resident; // RSS (/proc/self/statm)
  double heap;     // what malloc handed out and did not get back (mallinfo2):
                   // grows with a leak, not with fragmentation or stacks
  double gpu;      // used device memory (cuMemGetInfo); negative where no
                   // figure means anything: the fake driver's device
                   // memory is host memory, in RSS
};

class LoadTest : public ProgramTest {
protected:
  void SetUp() override;

  // The memory figures now.
  Memory memory();
  // "RSS 40.1 MiB -> 40.3 MiB (+0.2), heap ..., GPU ..." for the summary lines.
  std::string memoryChange(const Memory &before, const Memory &after);
  // Kernels run on a GPU; the fake driver only records their launches.
  bool kernelsRun() const { return kernels_run_; }
  // What the checks found, for the summary line.
  std::string verdict() const;
  // Prints "load SCENARIO on DEVICE: FIGURES", the line
  // docs/reliability.md quotes.
  void printSummary(const char *scenario, const std::string &figures);
  // Takes the launches the fake driver recorded since the last call and
  // counts them by kernel name: a long run would otherwise keep 4.7 KB per
  // launch. Thread-safe; nothing on a GPU.
  void takeFakeLaunches();
  std::uint64_t fakeLaunches(const std::string &kernel);
  // The CUDA streams alive in the process, as the fake driver counts them;
  // -1 on a GPU.
  long fakeLiveStreams() const { return live_streams_ ? live_streams_() : -1; }

private:
  bool kernels_run_ = true;
  static constexpr std::size_t kLaunchChunk = 64;
  ClcudaFakeLiveStreams live_streams_ = nullptr;
  std::mutex launches_mutex_;
  std::vector<ClcudaFakeLaunch> launch_chunk_;
  std::map<std::string, std::uint64_t> launch_counts_;
};

// The scenarios are Load.Threads, Load.Cycles and Load.Commands.
using Load = LoadTest;

} // namespace clcuda::test
