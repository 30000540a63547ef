#include "context.h"

#include "cuda/errors.h"
#include "queue.h"
#include "settings.h"
#include "worker.h"

#include <algorithm>

namespace clcuda::core {

using cuda::api;

cl_int Context::create(std::vector<Device *> devices, std::vector<cl_context_properties> properties,
                       ContextNotify notify, void *user_data, Context *&out) {
  for (Device *device : devices) {
    cl_int error = device->activate();
    if (error != CL_SUCCESS)
      return error == CL_DEVICE_NOT_AVAILABLE ? error : CL_OUT_OF_RESOURCES;
  }
  auto *context = new Context();
  context->devices_ = std::move(devices);
  context->properties_ = std::move(properties);
  context->notify_ = notify;
  context->notify_data_ = user_data;
  out = context;
  return CL_SUCCESS;
}

bool Context::hasDevice(const Device *device) const {
  return std::find(devices_.begin(), devices_.end(), device) != devices_.end();
}

void Context::addDestructorCallback(ContextDestructorCallback callback, void *user_data) {
  std::lock_guard<std::mutex> lock(mutex_);
  destructor_callbacks_.emplace_back(callback, user_data);
}

void Context::markLost(const std::string &reason) {
  if (lost_.exchange(true, std::memory_order_relaxed))
    return;
  const std::string message =
      "the context is lost, every later command fails with CL_OUT_OF_RESOURCES: " + reason;
  // A sticky CUDA error poisons the device's primary context, so every
  // context on it follows: one line says it for the process.
  static std::atomic<bool> reported{false};
  if (!reported.exchange(true))
    logLine(message);
  for (Device *device : devices_)
    device->checkPrimaryContext();
  notify("clcuda: " + message);
}

cl_int Context::check(CUresult result, const char *what) {
  // Also for failures no entry point returns (held commands, the worker).
  if (result != CUDA_SUCCESS && settings().log_errors)
    logLine(std::string(what) + ": " + cuda::resultName(result));
  if (result != CUDA_SUCCESS && cuda::losesContext(result))
    markLost(std::string(what) + ": " + cuda::resultName(result));
  return cuda::toClError(result);
}

void Context::notify(const std::string &message) {
  if (!notify_)
    return;
  postToWorker([self = Ref<Context>(this), message] {
    self->notify_(message.c_str(), nullptr, 0, self->notify_data_);
  });
}

void Context::registerQueue(Queue *queue) {
  std::lock_guard<std::mutex> lock(mutex_);
  queues_.push_back(queue);
}

void Context::unregisterQueue(Queue *queue, std::vector<SharedEvent> tails) {
  std::lock_guard<std::mutex> lock(mutex_);
  queues_.erase(std::remove(queues_.begin(), queues_.end(), queue), queues_.end());
  for (SharedEvent &tail : tails)
    retired_tails_.push_back(std::move(tail));
}

CUresult Context::recordFence(std::vector<SharedEvent> &fence) {
  std::lock_guard<std::mutex> lock(mutex_);
  // Tails of destroyed queues that are done need no more watching.
  retired_tails_.erase(std::remove_if(retired_tails_.begin(), retired_tails_.end(),
                                      [](const SharedEvent &tail) {
                                        return queryEvent(tail->get(), tail->context()) ==
                                               CUDA_SUCCESS;
                                      }),
                       retired_tails_.end());
  fence.insert(fence.end(), retired_tails_.begin(), retired_tails_.end());
  for (Queue *queue : queues_) {
    CUresult result = queue->recordTails(fence);
    if (result != CUDA_SUCCESS)
      return result;
  }
  return CUDA_SUCCESS;
}

void Context::afterPendingWork(std::function<void()> task) {
  postToWorker([self = Ref<Context>(this), task = std::move(task)] {
    std::vector<SharedEvent> fence;
    CUresult result = self->recordFence(fence);
    const bool idle = std::all_of(fence.begin(), fence.end(), [](const SharedEvent &event) {
      return queryEvent(event->get(), event->context()) == CUDA_SUCCESS;
    });
    if (result == CUDA_SUCCESS && !idle) {
      std::vector<CUevent> events;
      for (const SharedEvent &event : fence)
        events.push_back(event->get());
      result =
          self->devices().front()->runtime().watcher().watch(events, [fence, task] { task(); });
      if (result == CUDA_SUCCESS)
        return;
    }
    // Idle already, or no watch to be had: wait here, on the worker.
    for (const SharedEvent &event : fence)
      waitForEvent(event->get(), event->context());
    task();
  });
}

void Context::destroy() {
  // Reverse order of registration, as the spec asks.
  for (auto it = destructor_callbacks_.rbegin(); it != destructor_callbacks_.rend(); ++it)
    it->first(toHandle(this), it->second);
  delete this;
}

} // namespace clcuda::core
