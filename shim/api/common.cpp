#include "common.h"

#include "core/device.h"
#include "core/memory.h"
#include "core/queue.h"
#include "info.h"

#include <algorithm>

namespace clcuda::api {

cl_int checkWaitList(const core::Context &context, cl_uint num_events, const cl_event *events) {
  if ((num_events == 0) != (events == nullptr))
    return CL_INVALID_EVENT_WAIT_LIST;
  for (cl_uint i = 0; i < num_events; ++i) {
    core::Event *event = fromHandle<core::Event>(events[i]);
    if (!event)
      return CL_INVALID_EVENT_WAIT_LIST;
    if (&event->context() != &context)
      return CL_INVALID_CONTEXT;
  }
  return CL_SUCCESS;
}

cl_int collectDevices(cl_uint num_devices, const cl_device_id *devices,
                      std::vector<core::Device *> &out, Duplicates duplicates) {
  if (num_devices == 0 || !devices)
    return CL_INVALID_VALUE;
  out.clear();
  for (cl_uint i = 0; i < num_devices; ++i) {
    core::Device *device = fromHandle<core::Device>(devices[i]);
    if (!device)
      return CL_INVALID_DEVICE;
    if (std::find(out.begin(), out.end(), device) == out.end())
      out.push_back(device);
    else if (duplicates == Duplicates::invalid)
      return CL_INVALID_DEVICE;
  }
  return CL_SUCCESS;
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
    return CL_INVALID_PROPERTY;
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
