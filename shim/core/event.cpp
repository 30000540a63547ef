#include "event.h"

#include "cuda/errors.h"
#include "queue.h"
#include "worker.h"

#include <algorithm>

namespace clcuda::core {

using cuda::api;

Event::Event(Context &context, Queue *queue, cl_command_type type, cl_int status)
    : context_(&context), queue_(queue), type_(type), is_user_(queue == nullptr), status_(status) {}

Event *Event::createUser(Context &context) {
  return new Event(context, nullptr, CL_COMMAND_USER, CL_SUBMITTED);
}

Event *Event::createCommand(Queue &queue, cl_command_type type) {
  return new Event(queue.context(), &queue, type, CL_QUEUED);
}

Queue *Event::queue() const { return queue_.get(); }

cl_int Event::executionStatus() {
  cl_int status = status_.load(std::memory_order_acquire);
  if (status <= CL_COMPLETE || !submitted_.load(std::memory_order_acquire))
    return status;
  CUresult result = queryEvent(done_.get(), done_.context());
  if (result == CUDA_ERROR_NOT_READY)
    return status;
  finish(result == CUDA_SUCCESS ? CL_COMPLETE
                                : context_->check(result, "a command failed on the GPU"));
  return status_.load(std::memory_order_acquire);
}

cl_int Event::wait() {
  {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] {
      return status_.load(std::memory_order_acquire) <= CL_COMPLETE ||
             submitted_.load(std::memory_order_acquire);
    });
  }
  // Also when a query already found the command done, once a printf kernel
  // has been launched: the wait's synchronization is what prints the
  // command's device printf output.
  if (status_.load(std::memory_order_acquire) > CL_COMPLETE ||
      (status_.load(std::memory_order_acquire) == CL_COMPLETE && done_ && printfMayHaveRun())) {
    CUresult result = waitForEvent(done_.get(), done_.context());
    finish(result == CUDA_SUCCESS ? CL_COMPLETE
                                  : context_->check(result, "a command failed on the GPU"));
  }
  return status_.load(std::memory_order_acquire);
}

cl_int Event::setUserStatus(cl_int status) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (status_.load(std::memory_order_relaxed) <= CL_COMPLETE)
      return CL_INVALID_OPERATION;
  }
  finish(status);
  return CL_SUCCESS;
}

cl_int Event::addCallback(cl_int status, EventCallback callback, void *user_data) {
  bool watch = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    cl_int now = status_.load(std::memory_order_acquire);
    if (now > status) {
      callbacks_.push_back({status, callback, user_data});
      // A command in a stream finishes without anyone asking: watch it.
      watch = status <= CL_RUNNING && submitted_.load(std::memory_order_acquire) && !watching_;
      watching_ = watching_ || watch;
    } else {
      deliver({{status, callback, user_data}}, now < 0 ? now : CL_SUCCESS);
    }
  }
  if (watch)
    startWatch();
  return CL_SUCCESS;
}

void Event::deliver(std::vector<Callback> callbacks, cl_int failure) {
  if (callbacks.empty())
    return;
  // Status order: a command's CL_SUBMITTED callbacks run before its
  // CL_RUNNING ones, and those before CL_COMPLETE ones.
  std::stable_sort(callbacks.begin(), callbacks.end(),
                   [](const Callback &a, const Callback &b) { return a.status > b.status; });
  postToWorker([self = Ref<Event>(this), callbacks = std::move(callbacks), failure] {
    for (const Callback &callback : callbacks)
      callback.function(toHandle(self.get()), failure < 0 ? failure : callback.status,
                        callback.user_data);
  });
}

void Event::startWatch() {
  Ref<Event> self(this);
  CUresult result = queue_->device().runtime().watcher().watch({done_.get()},
                                                               [self] { self->executionStatus(); });
  if (result != CUDA_SUCCESS) {
    // No watch stream to be had: wait on the worker instead. Late
    // callbacks beat lost ones.
    postToWorker([self] { self->wait(); });
  }
}

Event::Readiness Event::readiness() {
  cl_int status = status_.load(std::memory_order_acquire);
  bool submitted = submitted_.load(std::memory_order_acquire);
  Readiness readiness{};
  readiness.failed = status < 0;
  readiness.resolved = status <= CL_COMPLETE || submitted;
  if (submitted && status > CL_COMPLETE) {
    readiness.done = done_.get();
    readiness.stream = stream_;
  }
  return readiness;
}

bool Event::listen(HeldCommand *command) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (listeners_fired_ || status_.load(std::memory_order_acquire) <= CL_COMPLETE ||
      submitted_.load(std::memory_order_acquire))
    return false;
  listeners_.push_back(command);
  return true;
}

void Event::setSubmitted(CUstream stream, PooledEvent start, PooledEvent done,
                         std::uint64_t submit_ns, std::shared_ptr<const ClockPoint> clock) {
  std::lock_guard<std::mutex> lock(mutex_);
  stream_ = stream;
  start_ = std::move(start);
  done_ = std::move(done);
  submit_ns_ = submit_ns;
  clock_ = std::move(clock);
  cl_int queued = CL_QUEUED;
  status_.compare_exchange_strong(queued, CL_SUBMITTED, std::memory_order_acq_rel);
  submitted_.store(true, std::memory_order_release);
  changed_.notify_all();
}

void Event::publishSubmitted() {
  std::vector<HeldCommand *> listeners;
  std::vector<Callback> submitted_callbacks;
  bool watch = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!listeners_fired_) {
      listeners.swap(listeners_);
      listeners_fired_ = true;
    }
    auto first_later =
        std::stable_partition(callbacks_.begin(), callbacks_.end(), [](const Callback &callback) {
          return callback.status == CL_SUBMITTED;
        });
    submitted_callbacks.assign(callbacks_.begin(), first_later);
    callbacks_.erase(callbacks_.begin(), first_later);
    watch =
        !callbacks_.empty() && !watching_ && status_.load(std::memory_order_acquire) > CL_COMPLETE;
    watching_ = watching_ || watch;
  }
  for (HeldCommand *listener : listeners)
    listener->dependencyResolved();
  deliver(std::move(submitted_callbacks), CL_SUCCESS);
  if (watch)
    startWatch();
}

void Event::finish(cl_int status) {
  std::vector<HeldCommand *> listeners;
  std::vector<Callback> callbacks;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (status_.load(std::memory_order_acquire) <= CL_COMPLETE)
      return;
    status_.store(status, std::memory_order_release);
    if (!listeners_fired_) {
      listeners.swap(listeners_);
      listeners_fired_ = true;
    }
    callbacks.swap(callbacks_);
  }
  changed_.notify_all();
  for (HeldCommand *listener : listeners)
    listener->dependencyResolved();
  deliver(std::move(callbacks), status < 0 ? status : CL_SUCCESS);
}

bool Event::resolveProfilingTimes() {
  // START comes from the calibration point taken when the command was
  // submitted (at most a second before), END from START and the command's
  // own duration: both short spans, so float milliseconds keep sub-µs
  // precision. The clamps keep QUEUED <= SUBMIT <= START <= END.
  std::lock_guard<std::mutex> lock(mutex_);
  if (profiling_resolved_)
    return true;
  if (!start_ || !done_ || !clock_)
    return false;
  cuda::ScopedContext scope(queue_->device().cudaContext());
  float since_clock_ms = 0, duration_ms = 0;
  if (api().cuEventElapsedTime(&since_clock_ms, clock_->event.get(), start_.get()) !=
          CUDA_SUCCESS ||
      api().cuEventElapsedTime(&duration_ms, start_.get(), done_.get()) != CUDA_SUCCESS)
    return false;
  auto to_ns = [](float ms) { return ms > 0 ? std::uint64_t(double(ms) * 1e6) : 0; };
  // The clamps move START and END only where the calibration error would
  // break the order; END is not dragged along when START is raised.
  const std::uint64_t start_on_clock = clock_->host_ns + to_ns(since_clock_ms);
  submit_ns_ = std::max(submit_ns_, queued_ns_);
  start_ns_ = std::max(start_on_clock, submit_ns_);
  end_ns_ = std::max(start_on_clock + to_ns(duration_ms), start_ns_);
  profiling_resolved_ = true;
  return true;
}

cl_int Event::profilingInfo(cl_profiling_info param, cl_ulong &value) {
  if (is_user_ || !queue_->profiling() || executionStatus() != CL_COMPLETE ||
      !resolveProfilingTimes())
    return CL_PROFILING_INFO_NOT_AVAILABLE;
  switch (param) {
  case CL_PROFILING_COMMAND_QUEUED:
    value = queued_ns_;
    return CL_SUCCESS;
  case CL_PROFILING_COMMAND_SUBMIT:
    value = submit_ns_;
    return CL_SUCCESS;
  case CL_PROFILING_COMMAND_START:
    value = start_ns_;
    return CL_SUCCESS;
  case CL_PROFILING_COMMAND_END:
  case CL_PROFILING_COMMAND_COMPLETE: // no child commands: same as END
    value = end_ns_;
    return CL_SUCCESS;
  default:
    return CL_INVALID_VALUE;
  }
}

} // namespace clcuda::core
