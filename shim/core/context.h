// A context: its devices (each on its primary CUDA context), properties,
// callbacks, and the registry of queues that memory release fences cover.
#pragma once

#include "device.h"
#include "device_runtime.h"
#include "svm_heap.h"

#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace clcuda::core {

class Queue;

using ContextNotify = void(CL_CALLBACK *)(const char *, const void *, size_t, void *);
using ContextDestructorCallback = void(CL_CALLBACK *)(cl_context, void *);

class Context : public Object<Context, Tag::context> {
public:
  // Activates every device; `devices` holds no duplicates.
  static cl_int create(std::vector<Device *> devices, std::vector<cl_context_properties> properties,
                       ContextNotify notify, void *user_data, Context *&out);

  const std::vector<Device *> &devices() const { return devices_; }
  bool hasDevice(const Device *device) const;
  // More than one device: buffers live in CUDA managed memory (docs/shim.md).
  bool isMultiDevice() const { return devices_.size() > 1; }
  const std::vector<cl_context_properties> &properties() const { return properties_; }

  void addDestructorCallback(ContextDestructorCallback callback, void *user_data);

  // A kernel fault or another sticky CUDA error makes the CUDA context
  // unusable: from then on every command fails with CL_OUT_OF_RESOURCES, the
  // context's notify callback hears why, and stderr gets one line.
  bool lost() const { return lost_.load(std::memory_order_relaxed); }
  void markLost(const std::string &reason);
  // The OpenCL error for `result` (CL_SUCCESS for CUDA_SUCCESS); a sticky
  // error marks the context lost, `what` and the error's name the reason.
  cl_int check(CUresult result, const char *what);
  // Reports an error to the context's notify callback (on the worker thread).
  void notify(const std::string &message);

  // Queues register while they live; a fence records an event on every
  // stream of every queue (and keeps the still-running tails of destroyed
  // queues), so it covers all work submitted in this context so far.
  void registerQueue(Queue *queue);
  void unregisterQueue(Queue *queue, std::vector<SharedEvent> tails);
  CUresult recordFence(std::vector<SharedEvent> &fence);
  // Runs `task` on the worker thread once the GPU has finished all work
  // submitted in this context so far (releasing buffers, unloading modules).
  void afterPendingWork(std::function<void()> task);

  // The context's clSVMAlloc allocations.
  SvmHeap &svm() { return svm_; }

  void destroy();

private:
  Context() = default;

  std::vector<Device *> devices_;
  std::vector<cl_context_properties> properties_;
  ContextNotify notify_ = nullptr;
  void *notify_data_ = nullptr;
  std::atomic<bool> lost_{false};

  std::mutex mutex_;
  std::vector<std::pair<ContextDestructorCallback, void *>> destructor_callbacks_;
  std::vector<Queue *> queues_;
  std::vector<SharedEvent> retired_tails_;
  SvmHeap svm_;
};

template <> struct HandleOf<Context> { using type = cl_context; };

} // namespace clcuda::core
