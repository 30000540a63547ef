// What clcuda keeps per CUDA device once a context uses it: the retained
// primary context, pooled CUevents, the completion watcher, the profiling
// clock and a stream for clcuda's own transfers.
#pragma once

#include "cuda/handles.h"

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_set>
#include <vector>

namespace clcuda::core {

class EventPool;

// A CUevent on loan from a device's pool; goes back when destroyed. Every
// pooled event is created with CU_EVENT_BLOCKING_SYNC, so a thread that
// waits on it with cuEventSynchronize sleeps instead of spinning.
class PooledEvent {
public:
  PooledEvent() = default;
  PooledEvent(EventPool *pool, CUevent event, bool timing)
      : pool_(pool), event_(event), timing_(timing) {}
  PooledEvent(PooledEvent &&other) noexcept;
  PooledEvent &operator=(PooledEvent &&other) noexcept;
  PooledEvent(const PooledEvent &) = delete;
  PooledEvent &operator=(const PooledEvent &) = delete;
  ~PooledEvent() {
    if (event_) // most are empty: no call
      reset();
  }

  CUevent get() const { return event_; }
  // The context the event belongs to (waits and queries run in it).
  CUcontext context() const;
  explicit operator bool() const { return event_ != nullptr; }
  void reset();

private:
  EventPool *pool_ = nullptr;
  CUevent event_ = nullptr;
  bool timing_ = false;
};

// A pooled event more than one owner waits for (fences).
using SharedEvent = std::shared_ptr<const PooledEvent>;

class EventPool {
public:
  explicit EventPool(CUcontext context) : context_(context) {}
  EventPool(const EventPool &) = delete;
  EventPool &operator=(const EventPool &) = delete;

  // An event, timing-enabled when `timing` (profiling needs it; it costs more).
  CUresult acquire(bool timing, PooledEvent &out);
  // acquire() + cuEventRecord on `stream`.
  CUresult record(CUstream stream, bool timing, PooledEvent &out);
  void giveBack(CUevent event, bool timing);
  CUcontext context() const { return context_; }

private:
  CUcontext context_;
  std::mutex mutex_;
  std::vector<cuda::UniqueEvent> free_[2];
};

// A ring of pinned chunks with an event each: one pipeline's staging space.
struct StagingRing {
  static constexpr int kChunks = 4;
  std::array<cuda::UniqueHostMemory, kChunks> chunks;
  std::array<cuda::UniqueEvent, kChunks> done; // recorded after each chunk's copy
  std::array<bool, kChunks> busy{};            // `done` was recorded and may be pending
};

// Per device: rings handed out one per transfer and taken back after it.
class StagingPool {
public:
  StagingPool(CUcontext context, std::size_t chunk_bytes)
      : context_(context), chunk_bytes_(chunk_bytes) {}
  std::size_t chunkBytes() const { return chunk_bytes_; }
  CUresult acquire(std::unique_ptr<StagingRing> &ring);
  void giveBack(std::unique_ptr<StagingRing> ring);

private:
  CUcontext context_;
  std::size_t chunk_bytes_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<StagingRing>> free_;
};

// Runs host work when GPU work completes, promptly and without a thread that
// blocks: each watch takes an idle stream of a small pool, makes it wait for
// the events (cuStreamWaitEvent) and then run a CUDA host function that only
// posts the work to the clcuda worker thread. Streams go back to the pool when
// their host function has run, so one slow watch never delays another; the
// pool keeps 32, so a burst of watches does not hold its streams for life.
// A kernel fault kills the context and CUDA then calls no host function: while
// watches are pending, a sentinel thread asks CUDA every 100 ms whether the
// context is alive, and abandons them if not (abandonPending()).
class Watcher {
public:
  explicit Watcher(CUcontext context) : context_(context) {}
  Watcher(const Watcher &) = delete;
  Watcher &operator=(const Watcher &) = delete;

  // `then` runs on the worker thread once every event in `events` completed
  // (events may belong to any device). On a CUDA error nothing is scheduled.
  CUresult watch(const std::vector<CUevent> &events, std::function<void()> then);
  // The context died of a sticky error, and CUDA calls no host function in
  // it again: every pending watch's `then` runs now, on the worker (it finds
  // its events failed), so no completion is lost.
  void abandonPending();
  // The sentinel's check: abandons the pending watches if the context died.
  void checkContext();

private:
  struct Watch;
  static void CUDA_CB onHostFunction(void *watch);

  CUcontext context_;
  std::mutex mutex_;
  std::vector<cuda::UniqueStream> idle_; // at most kMaxIdleStreams; more are destroyed
  std::unordered_set<Watch *> pending_;
  cuda::UniqueStream probe_; // never used for work: its query tells the context's state
};

// The profiling clock: CUDA event times mapped onto the host's
// CLOCK_MONOTONIC (docs/shim.md, "Profiling clock").
struct ClockPoint {
  PooledEvent event;     // recorded on an idle stream
  std::uint64_t host_ns; // host time at which the GPU passed `event`
};

// Host time in nanoseconds: CLOCK_MONOTONIC, the clock of every profiling
// timestamp and of clGetHostTimer.
std::uint64_t hostTimeNs();

class DeviceRuntime {
public:
  // Retains the device's primary context and makes the per-device state.
  static CUresult create(CUdevice device, std::unique_ptr<DeviceRuntime> &out);

  CUcontext context() const { return primary_.get(); }
  EventPool &events() { return *events_; }
  Watcher &watcher() { return *watcher_; }
  StagingPool &staging() { return *staging_; }
  // A stream for clcuda's own blocking transfers (buffer initialization).
  CUstream utilityStream() const { return utility_stream_.get(); }

  // A calibration point not older than a second, made on demand.
  CUresult clockPoint(std::shared_ptr<const ClockPoint> &out);

private:
  DeviceRuntime() = default;
  CUresult calibrate(std::shared_ptr<const ClockPoint> &out);

  cuda::PrimaryContext primary_;
  std::unique_ptr<EventPool> events_;
  std::unique_ptr<Watcher> watcher_;
  std::unique_ptr<StagingPool> staging_;
  cuda::UniqueStream utility_stream_;
  cuda::UniqueStream clock_stream_;
  std::mutex clock_mutex_;
  std::shared_ptr<const ClockPoint> clock_point_;
};

// Waits for a blocking-sync event of `context`: polls for CLCUDA_SPIN_US,
// then sleeps in cuEventSynchronize if the event is not done yet, or
// synchronizes anyway if device printf may have run (the call prints its
// output).
CUresult waitForEvent(CUevent event, CUcontext context);
// Polls the stream for CLCUDA_SPIN_US: CUDA_SUCCESS once all its work is
// done (then, if device printf may have run, synchronized, which prints its
// output), CUDA_ERROR_NOT_READY if it is still busy, or the stream's error.
CUresult spinOnStream(CUstream stream, CUcontext context);
// A kernel that may call printf is being launched: from now on every wait
// ends in a synchronize call, where CUDA prints device printf output (a
// query does not). Until then waits that the poll ends skip that call.
void noteDevicePrintf();
// Whether a kernel that may call printf has been launched in this process.
bool printfMayHaveRun();
// cuEventQuery with the event's context current.
CUresult queryEvent(CUevent event, CUcontext context);
// Whether `context` died of a sticky error (a kernel fault), asked through a
// query of one of its streams.
bool contextDied(CUcontext context, CUstream stream);

} // namespace clcuda::core
