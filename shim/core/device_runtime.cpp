#include "device_runtime.h"

#include "cuda/errors.h"
#include "settings.h"
#include "worker.h"

#include <atomic>
#include <chrono>
#include <ctime>
#include <thread>

namespace clcuda::core {

using cuda::api;

PooledEvent::PooledEvent(PooledEvent &&other) noexcept
    : pool_(std::exchange(other.pool_, nullptr)), event_(std::exchange(other.event_, nullptr)),
      timing_(other.timing_) {}

PooledEvent &PooledEvent::operator=(PooledEvent &&other) noexcept {
  if (this != &other) {
    reset();
    pool_ = std::exchange(other.pool_, nullptr);
    event_ = std::exchange(other.event_, nullptr);
    timing_ = other.timing_;
  }
  return *this;
}

CUcontext PooledEvent::context() const { return pool_ ? pool_->context() : nullptr; }

void PooledEvent::reset() {
  if (event_)
    pool_->giveBack(event_, timing_);
  pool_ = nullptr;
  event_ = nullptr;
}

CUresult EventPool::acquire(bool timing, PooledEvent &out) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<cuda::UniqueEvent> &list = free_[timing];
    if (!list.empty()) {
      out = PooledEvent(this, list.back().release(), timing);
      list.pop_back();
      return CUDA_SUCCESS;
    }
  }
  cuda::ScopedContext scope(context_);
  CUevent event = nullptr;
  unsigned flags = CU_EVENT_BLOCKING_SYNC | (timing ? 0 : CU_EVENT_DISABLE_TIMING);
  CUresult result = api().cuEventCreate(&event, flags);
  if (result == CUDA_SUCCESS)
    out = PooledEvent(this, event, timing);
  return result;
}

CUresult EventPool::record(CUstream stream, bool timing, PooledEvent &out) {
  CUresult result = acquire(timing, out);
  if (result == CUDA_SUCCESS)
    result = api().cuEventRecord(out.get(), stream);
  if (result != CUDA_SUCCESS)
    out.reset();
  return result;
}

void EventPool::giveBack(CUevent event, bool timing) {
  std::lock_guard<std::mutex> lock(mutex_);
  free_[timing].emplace_back(event);
}

constexpr std::size_t kMaxIdleStreams = 32;

struct Watcher::Watch {
  Watcher *owner;
  cuda::UniqueStream stream;
  std::function<void()> then;
  std::atomic<bool> claimed{false}; // by its host function or by abandonPending()
};

void CUDA_CB Watcher::onHostFunction(void *data) {
  // Inside a CUDA host function: no CUDA calls, no user code. Hand over.
  auto *watch = static_cast<Watch *>(data);
  postToWorker([watch] {
    Watcher &owner = *watch->owner;
    if (watch->claimed.exchange(true)) {
      delete watch; // abandoned, its `then` ran already: this was its last user
      return;
    }
    std::function<void()> then = std::move(watch->then);
    {
      std::lock_guard<std::mutex> lock(owner.mutex_);
      owner.pending_.erase(watch);
      if (owner.idle_.size() < kMaxIdleStreams)
        owner.idle_.push_back(std::move(watch->stream));
    }
    {
      cuda::ScopedContext scope(owner.context_); // a stream the pool has no room for goes
      delete watch;
    }
    then();
  });
}

namespace {

// The thread that notices a dead context for watchers with pending watches
// (see Watcher). It runs only once a watcher asked, and every watcher it
// knows lives to the end of the process (device runtimes are never destroyed).
class Sentinel {
public:
  static Sentinel &instance() {
    static Sentinel *sentinel = new Sentinel(); // never destroyed, as the worker
    return *sentinel;
  }
  // Once per watcher (its first watch).
  void add(Watcher *watcher) {
    std::lock_guard<std::mutex> lock(mutex_);
    watchers_.push_back(watcher);
    if (!started_) {
      started_ = true;
      std::thread([this] { run(); }).detach();
    }
  }

private:
  [[noreturn]] void run() {
    for (;;) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      std::vector<Watcher *> watchers;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        watchers = watchers_;
      }
      for (Watcher *watcher : watchers)
        watcher->checkContext();
    }
  }
  std::mutex mutex_;
  std::vector<Watcher *> watchers_;
  bool started_ = false;
};

} // namespace

void Watcher::checkContext() {
  CUstream probe = nullptr;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (pending_.empty())
      return;
    probe = probe_.get();
  }
  if (contextDied(context_, probe))
    abandonPending();
}

bool contextDied(CUcontext context, CUstream stream) {
  cuda::ScopedContext scope(context);
  const CUresult state = api().cuStreamQuery(stream);
  return state != CUDA_SUCCESS && cuda::losesContext(state);
}

void Watcher::abandonPending() {
  std::unordered_set<Watch *> pending;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    pending.swap(pending_);
  }
  // An abandoned watch stays allocated: its host function, should it run
  // after all, still reads it (and then frees it).
  for (Watch *watch : pending)
    if (!watch->claimed.exchange(true))
      postToWorker([then = std::move(watch->then)] { then(); });
}

CUresult Watcher::watch(const std::vector<CUevent> &events, std::function<void()> then) {
  cuda::ScopedContext scope(context_);
  cuda::UniqueStream stream;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!idle_.empty()) {
      stream = std::move(idle_.back());
      idle_.pop_back();
    }
  }
  if (!stream) {
    CUstream created = nullptr;
    CUresult result = api().cuStreamCreate(&created, CU_STREAM_NON_BLOCKING);
    if (result != CUDA_SUCCESS)
      return result;
    stream = cuda::UniqueStream(created);
  }
  CUresult result = CUDA_SUCCESS;
  for (CUevent event : events)
    if (result == CUDA_SUCCESS)
      result = api().cuStreamWaitEvent(stream.get(), event, 0);
  if (result != CUDA_SUCCESS)
    return result; // the stream may hold a wait that never ends: drop it
  CUstream handle = stream.get();
  auto *watch = new Watch{this, std::move(stream), std::move(then)};
  std::lock_guard<std::mutex> lock(mutex_); // before the host function can look
  if (!probe_) { // the first watch: the sentinel starts looking at this watcher
    CUstream probe = nullptr;
    if ((result = api().cuStreamCreate(&probe, CU_STREAM_NON_BLOCKING)) != CUDA_SUCCESS) {
      delete watch;
      return result;
    }
    probe_ = cuda::UniqueStream(probe);
    Sentinel::instance().add(this);
  }
  result = api().cuLaunchHostFunc(handle, &Watcher::onHostFunction, watch);
  if (result != CUDA_SUCCESS) {
    delete watch;
    return result;
  }
  pending_.insert(watch);
  return CUDA_SUCCESS;
}

CUresult StagingPool::acquire(std::unique_ptr<StagingRing> &ring) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!free_.empty()) {
      ring = std::move(free_.back());
      free_.pop_back();
      return CUDA_SUCCESS;
    }
  }
  cuda::ScopedContext scope(context_);
  auto fresh = std::make_unique<StagingRing>();
  for (int i = 0; i < StagingRing::kChunks; ++i) {
    void *chunk = nullptr;
    CUresult result = api().cuMemHostAlloc(&chunk, chunk_bytes_, CU_MEMHOSTALLOC_PORTABLE);
    if (result != CUDA_SUCCESS)
      return result;
    fresh->chunks[i] = cuda::UniqueHostMemory(chunk);
    CUevent event = nullptr;
    result = api().cuEventCreate(&event, CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING);
    if (result != CUDA_SUCCESS)
      return result;
    fresh->done[i] = cuda::UniqueEvent(event);
  }
  ring = std::move(fresh);
  return CUDA_SUCCESS;
}

void StagingPool::giveBack(std::unique_ptr<StagingRing> ring) {
  std::lock_guard<std::mutex> lock(mutex_);
  free_.push_back(std::move(ring));
}

std::uint64_t hostTimeNs() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return std::uint64_t(now.tv_sec) * 1000000000u + std::uint64_t(now.tv_nsec);
}

CUresult DeviceRuntime::create(CUdevice device, std::unique_ptr<DeviceRuntime> &out) {
  startWorker();
  std::unique_ptr<DeviceRuntime> runtime(new DeviceRuntime());
  CUresult result = runtime->primary_.retain(device);
  if (result != CUDA_SUCCESS)
    return result;
  cuda::ScopedContext scope(runtime->context());
  CUstream utility = nullptr, clock = nullptr;
  result = api().cuStreamCreate(&utility, CU_STREAM_NON_BLOCKING);
  if (result != CUDA_SUCCESS)
    return result;
  runtime->utility_stream_ = cuda::UniqueStream(utility);
  result = api().cuStreamCreate(&clock, CU_STREAM_NON_BLOCKING);
  if (result != CUDA_SUCCESS)
    return result;
  runtime->clock_stream_ = cuda::UniqueStream(clock);
  runtime->events_ = std::make_unique<EventPool>(runtime->context());
  runtime->watcher_ = std::make_unique<Watcher>(runtime->context());
  runtime->staging_ =
      std::make_unique<StagingPool>(runtime->context(), settings().staging_chunk_bytes);
  out = std::move(runtime);
  return CUDA_SUCCESS;
}

CUresult DeviceRuntime::clockPoint(std::shared_ptr<const ClockPoint> &out) {
  constexpr std::uint64_t kRecalibrateNs = 1000000000u;
  cuda::ScopedContext scope(context());
  std::lock_guard<std::mutex> lock(clock_mutex_);
  if (!clock_point_ || hostTimeNs() - clock_point_->host_ns > kRecalibrateNs) {
    CUresult result = calibrate(clock_point_);
    if (result != CUDA_SUCCESS)
      return result;
  }
  out = clock_point_;
  return CUDA_SUCCESS;
}

CUresult DeviceRuntime::calibrate(std::shared_ptr<const ClockPoint> &out) {
  // Record an event on an idle stream and poll it: the GPU stamped it between
  // the record call and the poll that saw it done. Of three tries, keep the
  // one with the narrowest window and take its midpoint; a host preempted in
  // all three (a loaded machine: windows of milliseconds, and profiling
  // times that late) tries again, up to kMaxTries.
  constexpr int kTries = 3, kMaxTries = 30;
  constexpr std::uint64_t kGoodWindowNs = 50000;
  std::shared_ptr<ClockPoint> best;
  std::uint64_t best_window = ~std::uint64_t(0);
  for (int attempt = 0; attempt < kMaxTries && (attempt < kTries || best_window > kGoodWindowNs);
       ++attempt) {
    auto point = std::make_shared<ClockPoint>();
    CUresult result = events_->acquire(true, point->event);
    if (result != CUDA_SUCCESS)
      return result;
    std::uint64_t before = hostTimeNs();
    result = api().cuEventRecord(point->event.get(), clock_stream_.get());
    if (result == CUDA_SUCCESS) {
      do
        result = api().cuEventQuery(point->event.get());
      while (result == CUDA_ERROR_NOT_READY);
    }
    std::uint64_t after = hostTimeNs();
    if (result != CUDA_SUCCESS)
      return result;
    if (after - before < best_window) {
      best_window = after - before;
      point->host_ns = before + (after - before) / 2;
      best = std::move(point);
    }
  }
  out = std::move(best);
  return CUDA_SUCCESS;
}

CUresult queryEvent(CUevent event, CUcontext context) {
  cuda::ScopedContext scope(context);
  return api().cuEventQuery(event);
}

namespace {

std::atomic<bool> device_printf_launched{false};

// Polls `query` without sleeping until it stops answering
// CUDA_ERROR_NOT_READY or CLCUDA_SPIN_US pass. A blocking-sync wait wakes
// tens of microseconds after the GPU is done; a poll sees it at once.
template <class Query> CUresult spin(Query query) {
  const std::uint64_t deadline = hostTimeNs() + settings().spin_us * 1000u;
  for (;;) {
    CUresult result = query();
    if (result != CUDA_ERROR_NOT_READY || hostTimeNs() >= deadline)
      return result;
  }
}

} // namespace

CUresult waitForEvent(CUevent event, CUcontext context) {
  cuda::ScopedContext scope(context);
  CUresult result = spin([event] { return api().cuEventQuery(event); });
  // Synchronizing is also what makes CUDA print device printf output: a
  // command's lines are out when its wait returns.
  const bool synchronize =
      result == CUDA_ERROR_NOT_READY || (result == CUDA_SUCCESS && printfMayHaveRun());
  return synchronize ? api().cuEventSynchronize(event) : result;
}

CUresult spinOnStream(CUstream stream, CUcontext context) {
  cuda::ScopedContext scope(context);
  CUresult result = spin([stream] { return api().cuStreamQuery(stream); });
  // An idle stream's synchronize returns at once and prints device printf
  // output, as waitForEvent's does.
  return result == CUDA_SUCCESS && printfMayHaveRun() ? api().cuStreamSynchronize(stream) : result;
}

bool printfMayHaveRun() { return device_printf_launched.load(std::memory_order_relaxed); }

void noteDevicePrintf() {
  if (!printfMayHaveRun())
    device_printf_launched.store(true, std::memory_order_relaxed);
}

} // namespace clcuda::core
