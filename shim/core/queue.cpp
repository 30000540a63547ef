#include "queue.h"

#include "cuda/errors.h"
#include "settings.h"

namespace clcuda::core {

using cuda::api;

namespace {

Event *eventOf(cl_event handle) {
  // The API layer validated the wait list; the header sits at offset 0.
  return static_cast<Event *>(reinterpret_cast<ObjectHeader *>(handle));
}

} // namespace

// ---- HeldCommand ----

HeldCommand::HeldCommand(Queue &queue, Ref<Event> event, CommandKind kind, bool all_previous,
                         std::vector<Dependency> dependencies, IssueFunction issue)
    : queue_(&queue), event_(std::move(event)), kind_(kind), all_previous_(all_previous),
      dependencies_(std::move(dependencies)), issue_(std::move(issue)) {}

bool HeldCommand::arm() {
  // unresolved_ starts at 1, a guard against dependencies that resolve
  // while we are still registering with the others.
  for (Dependency &dependency : dependencies_) {
    unresolved_.fetch_add(1, std::memory_order_acq_rel);
    if (!dependency.event->listen(this))
      unresolved_.fetch_sub(1, std::memory_order_acq_rel);
  }
  return unresolved_.fetch_sub(1, std::memory_order_acq_rel) == 1;
}

void HeldCommand::dependencyResolved() {
  // Once the count reaches zero another thread may submit and destroy this
  // command, and with it the queue's last reference: hold one of our own.
  Ref<Queue> queue = queue_;
  if (unresolved_.fetch_sub(1, std::memory_order_acq_rel) == 1)
    queue->heldCommandReady();
}

// ---- Queue ----

void Queue::Notifications::deliver() {
  for (Ref<Event> &event : submitted)
    event->publishSubmitted();
  for (auto &[event, status] : finished)
    event->finish(status);
  submitted.clear();
  finished.clear();
}

Queue::Queue(Context &context, Device &device, cl_command_queue_properties properties,
             std::vector<cl_queue_properties> properties_array)
    : context_(&context), device_(&device), properties_(properties),
      properties_array_(std::move(properties_array)) {
  // Slots are never reallocated: StreamSlot references stay valid.
  streams_.reserve(settings().out_of_order_streams);
}

cl_int Queue::create(Context &context, Device &device, cl_command_queue_properties properties,
                     std::vector<cl_queue_properties> properties_array, Queue *&out) {
  std::unique_ptr<Queue> queue(new Queue(context, device, properties, std::move(properties_array)));
  cl_int error = CL_SUCCESS;
  if (!queue->pickStream(nullptr, error)) // the first stream now: errors surface here
    return error;
  context.registerQueue(queue.get());
  out = queue.release();
  return CL_SUCCESS;
}

cl_command_queue_properties Queue::properties() const {
  return properties_.load(std::memory_order_relaxed);
}

Ref<Event> Queue::newEvent(cl_command_type type, bool for_application) {
  Ref<Event> event(Event::createCommand(*this, type));
  if (!for_application)
    event->release(); // only internal references remain
  return event;
}

Queue::StreamSlot *Queue::pickStream(CUstream preferred, cl_int &error) {
  if (preferred)
    for (StreamSlot &slot : streams_)
      if (slot.stream.get() == preferred)
        return &slot;
  std::size_t index = 0;
  if (outOfOrder())
    index = next_stream_++ % settings().out_of_order_streams;
  while (streams_.size() <= index) {
    cuda::ScopedContext scope(device_->cudaContext());
    CUstream stream = nullptr;
    CUresult result = api().cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING);
    if (result != CUDA_SUCCESS) {
      error = cuda::toClError(result);
      return nullptr;
    }
    // A new stream has waited for no barrier yet: barrier_seen stays 0.
    streams_.emplace_back();
    streams_.back().stream = cuda::UniqueStream(stream);
  }
  return &streams_[index];
}

CUresult Queue::waitForDependency(StreamSlot &slot, const Event::Readiness &readiness) {
  if (!readiness.done || readiness.stream == slot.stream.get())
    return CUDA_SUCCESS;
  return api().cuStreamWaitEvent(slot.stream.get(), readiness.done, 0);
}

cl_int Queue::submitLocked(StreamSlot &slot, CommandKind kind, bool all_previous, IssueRef issue,
                           Event *event, PooledEvent *blocking_done, Notifications &notifications) {
  cuda::ScopedContext scope(device_->cudaContext());
  DeviceRuntime &runtime = device_->runtime();
  CUstream stream = slot.stream.get();
  CUresult result = CUDA_SUCCESS;
  if (outOfOrder()) {
    if (barrier_ && slot.barrier_seen < barrier_epoch_) {
      result = waitForDependency(slot, barrier_->readiness());
      slot.barrier_seen = barrier_epoch_;
    }
    if (kind != CommandKind::normal && all_previous) {
      // "All previous commands": the tail of every other stream used since
      // the last barrier (which itself is covered above).
      for (StreamSlot &other : streams_) {
        if (&other == &slot || !other.used_since_barrier || result != CUDA_SUCCESS)
          continue;
        PooledEvent tail;
        result = runtime.events().record(other.stream.get(), false, tail);
        if (result == CUDA_SUCCESS)
          result = api().cuStreamWaitEvent(stream, tail.get(), 0);
      }
    }
  }
  const bool timing = event && profiling();
  PooledEvent start, done;
  std::shared_ptr<const ClockPoint> clock;
  std::uint64_t submit_ns = 0;
  if (timing && result == CUDA_SUCCESS) {
    result = runtime.clockPoint(clock);
    submit_ns = hostTimeNs();
    if (result == CUDA_SUCCESS)
      result = runtime.events().record(stream, true, start);
  }
  if (result == CUDA_SUCCESS)
    result = issue(stream);
  if (result == CUDA_SUCCESS && (event || blocking_done))
    result = runtime.events().record(stream, timing, done);
  if (result != CUDA_SUCCESS)
    return context_->check(result, "CUDA error while issuing a command");
  slot.used = slot.used_since_barrier = true;
  if (kind == CommandKind::barrier && outOfOrder()) {
    barrier_ = event;
    ++barrier_epoch_;
    for (StreamSlot &other : streams_)
      other.used_since_barrier = false;
    slot.barrier_seen = barrier_epoch_;
  }
  if (event) {
    event->setSubmitted(stream, std::move(start), std::move(done), submit_ns, std::move(clock));
    notifications.submitted.emplace_back(event);
  } else if (blocking_done) {
    *blocking_done = std::move(done);
  }
  return CL_SUCCESS;
}

cl_int Queue::submitHeld(HeldCommand &command, Notifications &notifications) {
  Event *event = command.event_.get();
  if (context_->lost()) {
    notifications.finished.emplace_back(event, CL_OUT_OF_RESOURCES);
    return CL_OUT_OF_RESOURCES;
  }
  CUstream preferred = nullptr;
  for (HeldCommand::Dependency &dependency : command.dependencies_) {
    Event::Readiness readiness = dependency.event->readiness();
    if (readiness.failed && dependency.propagates_failure) {
      notifications.finished.emplace_back(event, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
      return CL_SUCCESS;
    }
    if (!preferred && dependency.event->queue() == this)
      preferred = readiness.stream;
  }
  cl_int error = CL_SUCCESS;
  StreamSlot *slot = pickStream(preferred, error);
  CUresult result = CUDA_SUCCESS;
  if (slot) {
    cuda::ScopedContext scope(device_->cudaContext());
    for (HeldCommand::Dependency &dependency : command.dependencies_)
      if (result == CUDA_SUCCESS)
        result = waitForDependency(*slot, dependency.event->readiness());
    error = context_->check(result, "waiting for a command's wait list");
  }
  if (error == CL_SUCCESS)
    error = submitLocked(*slot, command.kind_, command.all_previous_, IssueRef(command.issue_),
                         event, nullptr, notifications);
  if (error != CL_SUCCESS)
    notifications.finished.emplace_back(event, error);
  return error;
}

void Queue::drainHeld(std::vector<std::unique_ptr<HeldCommand>> &finished,
                      Notifications &notifications) {
  if (!outOfOrder()) {
    // In order: only the head may go, and then whatever is ready behind it.
    while (!held_.empty() && held_.front()->ready()) {
      finished.push_back(std::move(held_.front()));
      held_.pop_front();
      submitHeld(*finished.back(), notifications);
    }
    return;
  }
  for (auto it = held_.begin(); it != held_.end();) {
    if ((*it)->ready()) {
      finished.push_back(std::move(*it));
      it = held_.erase(it);
      submitHeld(*finished.back(), notifications);
    } else {
      ++it;
    }
  }
}

void Queue::heldCommandReady() {
  // Declared first, destroyed last: a held command may hold the last
  // reference to this queue, so it goes after the lock is released.
  std::vector<std::unique_ptr<HeldCommand>> finished;
  Notifications notifications;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    drainHeld(finished, notifications);
  }
  notifications.deliver();
}

// ---- Enqueue ----

Queue::Enqueue::Enqueue(Queue &queue, const Command &command, Event **event_out)
    : queue_(queue), command_(command), event_out_(event_out), lock_(queue.mutex_) {
  if (queue_.context_->lost()) {
    error_ = CL_OUT_OF_RESOURCES;
    path_ = Path::fail;
    return;
  }
  if (queue_.profiling())
    queued_ns_ = hostTimeNs();
  bool hold = false;
  for (cl_uint i = 0; i < command_.num_events; ++i) {
    Event::Readiness readiness = eventOf(command_.wait_list[i])->readiness();
    if (readiness.failed) {
      path_ = Path::fail; // the command never runs; its event fails
      return;
    }
    hold = hold || !readiness.resolved;
  }
  const bool all_previous = command_.kind != CommandKind::normal && command_.num_events == 0;
  if (!queue_.held_.empty() && (!queue_.outOfOrder() || all_previous))
    hold = true;
  if (queue_.outOfOrder() && queue_.barrier_ && !queue_.barrier_->readiness().resolved)
    hold = true;
  path_ = hold ? Path::hold : Path::issue;
}

void Queue::Enqueue::issue(IssueRef function) {
  const bool out_of_order = queue_.outOfOrder();
  if (event_out_ || (command_.kind == CommandKind::barrier && out_of_order)) {
    event_ = queue_.newEvent(command_.type, event_out_ != nullptr);
    event_->setQueuedTime(queued_ns_);
  }
  CUstream preferred = nullptr;
  for (cl_uint i = 0; i < command_.num_events && out_of_order && !preferred; ++i) {
    Event *dependency = eventOf(command_.wait_list[i]);
    if (dependency->queue() == &queue_)
      preferred = dependency->readiness().stream;
  }
  StreamSlot *slot = queue_.pickStream(preferred, error_);
  if (!slot)
    return;
  cuda::ScopedContext scope(queue_.device_->cudaContext());
  CUresult result = CUDA_SUCCESS;
  for (cl_uint i = 0; i < command_.num_events && result == CUDA_SUCCESS; ++i)
    result = queue_.waitForDependency(*slot, eventOf(command_.wait_list[i])->readiness());
  if (result != CUDA_SUCCESS) {
    error_ = queue_.context_->check(result, "waiting for a command's wait list");
    return;
  }
  // In order, the command is done when its stream is: a blocking one needs
  // no event of its own.
  const bool wait_for_stream = command_.blocking && !event_ && !out_of_order;
  error_ = queue_.submitLocked(*slot, command_.kind, command_.num_events == 0, function,
                               event_.get(),
                               command_.blocking && !wait_for_stream ? &blocking_done_ : nullptr,
                               notifications_);
  if (error_ == CL_SUCCESS && wait_for_stream)
    blocking_stream_ = slot->stream.get();
}

void Queue::Enqueue::hold(IssueFunction function) {
  event_ = queue_.newEvent(command_.type, event_out_ != nullptr);
  event_->setQueuedTime(queued_ns_);
  const bool all_previous = command_.kind != CommandKind::normal && command_.num_events == 0;
  std::vector<HeldCommand::Dependency> dependencies;
  for (cl_uint i = 0; i < command_.num_events; ++i)
    dependencies.push_back({Ref<Event>(eventOf(command_.wait_list[i])), true});
  if (queue_.outOfOrder()) {
    if (queue_.barrier_)
      dependencies.push_back({queue_.barrier_, false});
    if (all_previous)
      for (const std::unique_ptr<HeldCommand> &previous : queue_.held_)
        dependencies.push_back({previous->event_, false});
    if (command_.kind == CommandKind::barrier)
      queue_.barrier_ = event_; // later commands wait for it, held or not
  }
  auto held = std::make_unique<HeldCommand>(queue_, event_, command_.kind, all_previous,
                                            std::move(dependencies), std::move(function));
  const bool ready = held->arm();
  queue_.held_.push_back(std::move(held));
  if (ready)
    queue_.drainHeld(submitted_held_, notifications_);
}

cl_int Queue::Enqueue::complete() {
  cl_int result = error_;
  Ref<Event> event = std::move(event_);
  PooledEvent blocking_done = std::move(blocking_done_);
  lock_.unlock();
  submitted_held_.clear();
  notifications_.deliver();
  if (path_ == Path::fail && result == CL_SUCCESS) {
    // A wait-list event failed: the command never runs, its event fails.
    if (event_out_) {
      event = queue_.newEvent(command_.type, true);
      event->finish(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    }
    if (command_.blocking)
      result = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
  } else if (result == CL_SUCCESS && command_.blocking) {
    if (event) {
      cl_int status = event->wait();
      if (status < 0)
        result = status;
    } else if (blocking_done) {
      result = queue_.context_->check(waitForEvent(blocking_done.get(), blocking_done.context()),
                                      "a command failed on the GPU");
    } else if (blocking_stream_) {
      result = queue_.context_->check(queue_.waitForStream(blocking_stream_),
                                      "a command failed on the GPU");
    }
  }
  if (event_out_ && event) {
    if (result == CL_SUCCESS)
      *event_out_ = event.get(); // the application's reference
    else
      event->release();
  }
  return result;
}

// ---- whole-queue operations ----

cl_int Queue::finish() {
  if (context_->lost())
    return CL_OUT_OF_RESOURCES;
  if (!outOfOrder()) {
    CUstream stream = nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (held_.empty())
        stream = streams_[0].stream.get();
    }
    if (stream)
      return context_->check(waitForStream(stream), "a command failed on the GPU");
  }
  // Out of order, or commands held: a marker after everything, and wait.
  Event *marker = nullptr;
  auto nothing = [](CUstream) { return CUDA_SUCCESS; };
  cl_int error =
      enqueue(Command{CL_COMMAND_MARKER, 0, nullptr, CommandKind::marker, false}, nothing, &marker);
  if (error != CL_SUCCESS)
    return error;
  cl_int status = marker->wait();
  marker->release();
  return status < 0 ? status : CL_SUCCESS;
}

cl_int Queue::setProperties(cl_command_queue_properties bits, bool enable,
                            cl_command_queue_properties *old_properties) {
  cl_int error = finish();
  if (error != CL_SUCCESS)
    return error;
  std::lock_guard<std::mutex> lock(mutex_);
  cl_command_queue_properties current = properties();
  if (old_properties)
    *old_properties = current;
  properties_.store(enable ? current | bits : current & ~bits, std::memory_order_relaxed);
  return CL_SUCCESS;
}

CUresult Queue::waitForStream(CUstream stream) {
  // A short wait ends in the poll; the queue stays open to other threads.
  CUresult result = spinOnStream(stream, device_->cudaContext());
  if (result != CUDA_ERROR_NOT_READY)
    return result;
  cuda::ScopedContext scope(device_->cudaContext());
  PooledEvent tail;
  result = device_->runtime().events().record(stream, false, tail);
  return result == CUDA_SUCCESS ? api().cuEventSynchronize(tail.get()) : result;
}

CUresult Queue::recordTails(std::vector<SharedEvent> &tails) {
  std::lock_guard<std::mutex> lock(mutex_);
  cuda::ScopedContext scope(device_->cudaContext());
  for (StreamSlot &slot : streams_) {
    if (!slot.used)
      continue;
    PooledEvent tail;
    CUresult result = device_->runtime().events().record(slot.stream.get(), false, tail);
    if (result != CUDA_SUCCESS)
      return result;
    tails.push_back(std::make_shared<const PooledEvent>(std::move(tail)));
  }
  return CUDA_SUCCESS;
}

void Queue::destroy() {
  // Work may still run in the streams: the context keeps fences on it for
  // buffers released later, and cuStreamDestroy frees a stream only once its
  // work is done.
  std::vector<SharedEvent> tails;
  recordTails(tails);
  context_->unregisterQueue(this, std::move(tails));
  {
    cuda::ScopedContext scope(device_->cudaContext());
    streams_.clear();
  }
  delete this;
}

} // namespace clcuda::core
