// Command queue entry points.
#include "common.h"
#include "info_tables.h"
#include "validation.h"

#include "core/queue.h"

namespace clcuda::api {

const InfoTable<core::Queue> &queueInfoTable() {
  static const InfoTable<core::Queue> table = {
#define CLCUDA_INFO(param, type, expression)                                                       \
  CLCUDA_INFO_ENTRY(core::Queue, queue, param, type, expression)
#include "info/queue_info.def"
#undef CLCUDA_INFO
  };
  return table;
}

namespace {

constexpr cl_command_queue_properties kHostQueueBits =
    CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;

// The checks of both create functions before the properties.
cl_int checkContextDevice(cl_context context, cl_device_id device, core::Context *&context_out,
                          core::Device *&device_out) {
  context_out = fromHandle<core::Context>(context);
  if (!context_out)
    return invalidHandle(CL_INVALID_CONTEXT, "context");
  device_out = fromHandle<core::Device>(device);
  if (!device_out)
    return invalidHandle(CL_INVALID_DEVICE, "device");
  if (!context_out->hasDevice(device_out))
    return refuse(CL_INVALID_DEVICE, "device is not a device of context");
  return CL_SUCCESS;
}

cl_command_queue createQueue(core::Context &context, core::Device &device,
                             cl_command_queue_properties bits,
                             std::vector<cl_queue_properties> copy, cl_int &error) {
  core::Queue *queue = nullptr;
  error = coreResult(core::Queue::create(context, device, bits, std::move(copy), queue),
                     "creating the queue's CUDA streams");
  return error == CL_SUCCESS ? toHandle(queue) : nullptr;
}

} // namespace

} // namespace clcuda::api

using namespace clcuda;
using namespace clcuda::api;

CLCUDA_API cl_command_queue CL_API_CALL clCreateCommandQueue(cl_context context,
                                                             cl_device_id device,
                                                             cl_command_queue_properties properties,
                                                             cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> cl_command_queue {
    core::Context *context_object;
    core::Device *device_object;
    if ((error = checkContextDevice(context, device, context_object, device_object)) != CL_SUCCESS)
      return nullptr;
    if (properties & ~kHostQueueBits)
      return failWith<cl_command_queue>(error, CL_INVALID_VALUE,
                                        "properties has bits " +
                                            hexText(properties & ~kHostQueueBits) +
                                            " that a host queue cannot have");
    return createQueue(*context_object, *device_object, properties, {}, error);
  });
}

CLCUDA_API cl_command_queue CL_API_CALL
clCreateCommandQueueWithProperties(cl_context context, cl_device_id device,
                                   const cl_queue_properties *properties, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> cl_command_queue {
    core::Context *context_object;
    core::Device *device_object;
    if ((error = checkContextDevice(context, device, context_object, device_object)) != CL_SUCCESS)
      return nullptr;
    cl_command_queue_properties bits = 0;
    std::vector<cl_queue_properties> copy;
    if ((error = parseQueueProperties(properties, bits, copy)) != CL_SUCCESS)
      return nullptr;
    return createQueue(*context_object, *device_object, bits, std::move(copy), error);
  });
}

CLCUDA_API cl_int CL_API_CALL clRetainCommandQueue(cl_command_queue command_queue) {
  return guarded(__func__, [&] {
    return changeReferences<core::Queue>(command_queue, CL_INVALID_COMMAND_QUEUE, "command_queue",
                                         &core::Queue::retain);
  });
}

CLCUDA_API cl_int CL_API_CALL clReleaseCommandQueue(cl_command_queue command_queue) {
  // Commands already enqueued run to completion: they are in CUDA streams,
  // or held with a reference to the queue.
  return guarded(__func__, [&] {
    return changeReferences<core::Queue>(command_queue, CL_INVALID_COMMAND_QUEUE, "command_queue",
                                         &core::Queue::release);
  });
}

CLCUDA_API cl_int CL_API_CALL clGetCommandQueueInfo(cl_command_queue command_queue,
                                                    cl_command_queue_info param_name,
                                                    size_t param_value_size, void *param_value,
                                                    size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    // CL_QUEUE_SIZE asks a device queue; every queue here is a host queue.
    if (param_name == CL_QUEUE_SIZE && fromHandle<core::Queue>(command_queue))
      return refuse(CL_INVALID_COMMAND_QUEUE, "CL_QUEUE_SIZE asks a device queue; command_queue "
                                              "is a host queue");
    return answerInfoFor<core::Queue>(command_queue, CL_INVALID_COMMAND_QUEUE, "command_queue",
                                      queueInfoTable(), param_name, param_value_size, param_value,
                                      param_value_size_ret);
  });
}

CLCUDA_API cl_int CL_API_CALL
clSetCommandQueueProperty(cl_command_queue command_queue, cl_command_queue_properties properties,
                          cl_bool enable, cl_command_queue_properties *old_properties) {
  return guarded(__func__, [&] {
    core::Queue *queue = fromHandle<core::Queue>(command_queue);
    if (!queue)
      return invalidHandle(CL_INVALID_COMMAND_QUEUE, "command_queue");
    if (properties & ~kHostQueueBits)
      return refuse(CL_INVALID_VALUE, "properties has bits " +
                                          hexText(properties & ~kHostQueueBits) +
                                          " that a host queue cannot have");
    return coreResult(queue->setProperties(properties, enable != CL_FALSE, old_properties),
                      "finishing the queue's commands");
  });
}

CLCUDA_API cl_int CL_API_CALL clSetDefaultDeviceCommandQueue(cl_context context,
                                                             cl_device_id device,
                                                             cl_command_queue) {
  return guarded(__func__, [&] {
    core::Context *context_object;
    core::Device *device_object;
    cl_int error = checkContextDevice(context, device, context_object, device_object);
    // No device supports on-device queues, so none can be the default.
    return error != CL_SUCCESS ? error
                               : refuse(CL_INVALID_OPERATION, "no device supports on-device "
                                                              "queues");
  });
}

CLCUDA_API cl_int CL_API_CALL clFlush(cl_command_queue command_queue) {
  // Commands go to CUDA when enqueued (or when their user events complete):
  // there is nothing to flush.
  return guarded(__func__, [&] {
    return fromHandle<core::Queue>(command_queue)
               ? CL_SUCCESS
               : invalidHandle(CL_INVALID_COMMAND_QUEUE, "command_queue");
  });
}

CLCUDA_API cl_int CL_API_CALL clFinish(cl_command_queue command_queue) {
  return guarded(__func__, [&] {
    core::Queue *queue = fromHandle<core::Queue>(command_queue);
    return queue ? coreResult(queue->finish(), "waiting for the queue's commands")
                 : invalidHandle(CL_INVALID_COMMAND_QUEUE, "command_queue");
  });
}
