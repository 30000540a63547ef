#include "common.h"

#include "core/device.h"
#include "core/memory.h"
#include "core/queue.h"
#include "info.h"

#include <algorithm>

namespace clcuda::api {

namespace {

// "NAME[i]", for the element of a list that a reason names.
std::string element(const char *name, cl_uint index) {
  return std::string(name) + "[" + std::to_string(index) + "]";
}

} // namespace

cl_int checkWaitList(const core::Context &context, cl_uint num_events, const cl_event *events) {
  if ((num_events == 0) != (events == nullptr))
    return refuse(CL_INVALID_EVENT_WAIT_LIST,
                  events ? "num_events_in_wait_list is 0 but event_wait_list is not NULL"
                         : "num_events_in_wait_list is " + std::to_string(num_events) +
                               " but event_wait_list is NULL");
  for (cl_uint i = 0; i < num_events; ++i) {
    core::Event *event = fromHandle<core::Event>(events[i]);
    if (!event)
      return refuse(CL_INVALID_EVENT_WAIT_LIST,
                    element("event_wait_list", i) + " is not a valid cl_event");
    if (&event->context() != &context)
      return refuse(CL_INVALID_CONTEXT,
                    element("event_wait_list", i) + " belongs to another context");
  }
  return CL_SUCCESS;
}

cl_int collectDevices(cl_uint num_devices, const cl_device_id *devices,
                      std::vector<core::Device *> &out, Duplicates duplicates, const char *name) {
  if (num_devices == 0)
    return refuse(CL_INVALID_VALUE, "num_devices is 0");
  if (!devices)
    return refuse(CL_INVALID_VALUE, std::string(name) + " is NULL");
  out.clear();
  for (cl_uint i = 0; i < num_devices; ++i) {
    core::Device *device = fromHandle<core::Device>(devices[i]);
    if (!device)
      return refuse(CL_INVALID_DEVICE, element(name, i) + " is not a valid cl_device_id");
    if (std::find(out.begin(), out.end(), device) == out.end())
      out.push_back(device);
    else if (duplicates == Duplicates::invalid)
      return refuse(CL_INVALID_DEVICE, element(name, i) + " repeats an earlier device");
  }
  return CL_SUCCESS;
}

cl_int coreResult(cl_int error, const char *operation) {
  if (error == CL_SUCCESS)
    return error;
  if (error == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    return refuse(error, std::string(operation) +
                             " waited for an event of the wait list that ended in an error");
  return refuse(error, std::string(operation) + " failed");
}

DeviceHandles deviceHandles(const std::vector<core::Device *> &devices) {
  DeviceHandles handles;
  for (core::Device *device : devices)
    handles.push_back(toHandle(device));
  return handles;
}

SizeTriple maxWorkItemSizes(const core::DeviceProperties &properties) {
  return {std::size_t(properties.max_block_dim[0]), std::size_t(properties.max_block_dim[1]),
          std::size_t(properties.max_block_dim[2])};
}

cl_int copyMemoryProperties(const cl_mem_properties *properties,
                            std::vector<cl_mem_properties> &copy) {
  if (properties && properties[0] != 0)
    return refuse(CL_INVALID_PROPERTY, "properties names " + hexText(cl_ulong(properties[0])) +
                                           "; no memory property is supported");
  if (properties)
    copy.push_back(0);
  return CL_SUCCESS;
}

std::size_t maxAllocation(const core::Context &context) {
  std::size_t limit = 0;
  for (const core::Device *device : context.devices())
    limit = std::max(limit, device->properties().total_memory);
  return limit;
}

cl_command_queue queueHandle(core::Queue *queue) { return queue ? toHandle(queue) : nullptr; }
cl_mem memoryHandle(core::Memory *memory) { return memory ? toHandle(memory) : nullptr; }

} // namespace clcuda::api
