// Checks shared by many entry points: wait lists, event out-parameters,
// handle lists.
#pragma once

#include "entry.h"
#include "info.h"

#include "core/context.h"
#include "core/device.h"
#include "core/event.h"
#include "core/memory.h"
#include "core/queue.h"

#include <string>
#include <utility>
#include <vector>

namespace clcuda::api {

// A wait list: CL_INVALID_EVENT_WAIT_LIST for a bad list or event,
// CL_INVALID_CONTEXT for an event of another context.
cl_int checkWaitList(const core::Context &context, cl_uint num_events, const cl_event *events);

// The `event` out-parameter of an enqueue: core fills it on success.
class EventOut {
public:
  explicit EventOut(cl_event *target) : target_(target) {}
  EventOut(const EventOut &) = delete;
  EventOut &operator=(const EventOut &) = delete;
  ~EventOut() {
    if (target_ && event_)
      *target_ = toHandle(event_);
  }
  core::Event **get() { return target_ ? &event_ : nullptr; }

private:
  cl_event *target_;
  core::Event *event_ = nullptr;
};

// A list of device handles: CL_INVALID_VALUE if empty or NULL,
// CL_INVALID_DEVICE for one that is not a clcuda device. Duplicates are
// dropped (clCreateContext ignores them), or CL_INVALID_DEVICE where each
// device pairs with something else (clCreateProgramWithBinary's binaries).
// `name` is the list's argument, for the reasons.
enum class Duplicates { drop, invalid };
cl_int collectDevices(cl_uint num_devices, const cl_device_id *devices,
                      std::vector<core::Device *> &out, Duplicates duplicates = Duplicates::drop,
                      const char *name = "devices");

// clRetain*/clRelease* of every reference-counted type: `change` is
// &T::retain or &T::release.
template <class T>
cl_int changeReferences(typename core::HandleOf<T>::type handle, cl_int invalid,
                        const char *argument, void (T::*change)()) {
  T *object = fromHandle<T>(handle);
  if (!object)
    return invalidHandle(invalid, argument);
  (object->*change)();
  return CL_SUCCESS;
}

// For create functions that fail: sets `error` (refused with `reason`),
// returns the null handle.
template <class Handle> Handle failWith(cl_int &error, cl_int code, std::string reason) {
  error = refuse(code, std::move(reason));
  return nullptr;
}

// The status of work done in core (and CUDA): a failure gets `operation`
// as its reason ("OPERATION failed"; the log line adds the CUDA error), or
// says that an event of the wait list ended in an error.
cl_int coreResult(cl_int error, const char *operation);

// The largest CL_DEVICE_MAX_MEM_ALLOC_SIZE (a device's whole memory) of the
// context's devices: larger buffers and SVM allocations are refused.
std::size_t maxAllocation(const core::Context &context);

DeviceHandles deviceHandles(const std::vector<core::Device *> &devices);
// CL_DEVICE_MAX_WORK_ITEM_SIZES: CUDA's block dimensions.
SizeTriple maxWorkItemSizes(const core::DeviceProperties &properties);
cl_command_queue queueHandle(core::Queue *queue);
cl_mem memoryHandle(core::Memory *memory);
// The properties of clCreateBufferWithProperties/clCreateImageWithProperties
// as CL_MEM_PROPERTIES returns them. OpenCL 3.0 defines no memory property
// and clcuda claims no extension that adds one: only the empty list is valid.
cl_int copyMemoryProperties(const cl_mem_properties *properties,
                            std::vector<cl_mem_properties> &copy);

} // namespace clcuda::api
