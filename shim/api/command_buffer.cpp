// cl_khr_command_buffer 0.9.8 and cl_khr_command_buffer_mutable_dispatch
// 0.9.5: the entry points clGetExtensionFunctionAddress hands out
// (icd/extension_functions.def). Each command is the body of its clEnqueue*
// entry point (api/commands.h) with a core::Recording, so it is checked as
// that command is and issues the same CUDA work, captured instead of run.
#include "command_buffer.h"
#include "commands.h"
#include "common.h"
#include "info_tables.h"

#include "core/command_buffer.h"

namespace clcuda::api {

using core::CommandBuffer;
using core::MutableCommand;

namespace {

// What every command takes: a live command buffer still recording, no
// queue (one queue a buffer, so it is implied), and a valid sync-point list.
cl_int checkRecordable(khr::CommandBuffer command_buffer, cl_command_queue command_queue,
                       cl_uint num_sync_points, const khr::SyncPoint *sync_points,
                       CommandBuffer *&buffer) {
  buffer = fromHandle<CommandBuffer>(command_buffer);
  if (!buffer)
    return invalidHandle(khr::kInvalidCommandBuffer, "command_buffer");
  if (command_queue)
    return refuse(CL_INVALID_COMMAND_QUEUE,
                  "command_queue must be NULL: a command buffer has one queue");
  if (buffer->finalized())
    return refuse(CL_INVALID_OPERATION, "command_buffer is finalized");
  if ((num_sync_points == 0) != (sync_points == nullptr))
    return refuse(khr::kInvalidSyncPointWaitList,
                  sync_points ? "num_sync_points_in_wait_list is 0 but the list is not NULL"
                              : "sync_point_wait_list is NULL but its count is not 0");
  for (cl_uint i = 0; i < num_sync_points; ++i)
    if (!buffer->hasSyncPoint(sync_points[i]))
      return refuse(khr::kInvalidSyncPointWaitList,
                    "sync point " + std::to_string(sync_points[i]) +
                        " is not one of the command buffer's commands");
  return CL_SUCCESS;
}

// Records one command that is not a kernel launch: `record(queue, recording)`
// runs the clEnqueue* body. Such commands take no properties and are not
// mutable.
template <class Record>
cl_int recordInto(khr::CommandBuffer command_buffer, cl_command_queue command_queue,
                  const khr::CommandProperties *properties, cl_uint num_sync_points,
                  const khr::SyncPoint *sync_points, khr::SyncPoint *sync_point,
                  khr::MutableCommand *mutable_handle, Record &&record) {
  CommandBuffer *buffer;
  cl_int error =
      checkRecordable(command_buffer, command_queue, num_sync_points, sync_points, buffer);
  if (error != CL_SUCCESS)
    return error;
  if (properties && properties[0] != 0)
    return refuse(CL_INVALID_VALUE, "properties: this command takes none");
  if (mutable_handle)
    return refuse(CL_INVALID_VALUE, "mutable_handle: only kernel launches are mutable");
  const core::Recording recording{
      *buffer, std::vector<khr::SyncPoint>(sync_points, sync_points + num_sync_points), sync_point};
  return record(queueHandle(&buffer->queue()), &recording);
}

// A kernel launch's properties: CL_MUTABLE_DISPATCH_UPDATABLE_FIELDS_KHR
// (default: everything may change) and CL_MUTABLE_DISPATCH_ASSERTS_KHR.
cl_int kernelProperties(const khr::CommandProperties *properties,
                        std::vector<khr::CommandProperties> &array,
                        khr::MutableDispatchFields &fields) {
  constexpr khr::MutableDispatchFields kAllFields =
      khr::kDispatchGlobalOffset | khr::kDispatchGlobalSize | khr::kDispatchLocalSize |
      khr::kDispatchArguments | khr::kDispatchExecInfo;
  fields = kAllFields;
  if (!properties)
    return CL_SUCCESS;
  std::size_t i = 0;
  for (; properties[i] != 0; i += 2) {
    // The name first: an unknown one may be the array's last element.
    const khr::CommandProperties name = properties[i];
    if (name != khr::kMutableDispatchUpdatableFields && name != khr::kMutableDispatchAsserts)
      return refuse(CL_INVALID_VALUE, "properties: unknown property " + hexText(name));
    const khr::CommandProperties value = properties[i + 1];
    if (name == khr::kMutableDispatchUpdatableFields) {
      if (value & ~kAllFields)
        return refuse(CL_INVALID_VALUE, "CL_MUTABLE_DISPATCH_UPDATABLE_FIELDS_KHR has unknown "
                                        "bits " +
                                            hexText(value & ~kAllFields));
      fields = value;
    }
  }
  array.assign(properties, properties + i + 1);
  return CL_SUCCESS;
}

constexpr cl_bitfield kBufferFlags = khr::kFlagSimultaneousUse | khr::kFlagMutable;

cl_int bufferProperties(const khr::CommandBufferProperties *properties,
                        std::vector<khr::CommandBufferProperties> &array, cl_bitfield &flags) {
  flags = 0;
  if (!properties)
    return CL_SUCCESS;
  std::size_t i = 0;
  for (; properties[i] != 0; i += 2) {
    const khr::CommandBufferProperties name = properties[i];
    if (name != khr::kCommandBufferFlags && name != khr::kCommandBufferMutableDispatchAsserts)
      return refuse(CL_INVALID_VALUE, "properties: unknown property " + hexText(name));
    for (std::size_t j = 0; j < i; j += 2)
      if (properties[j] == name)
        return refuse(CL_INVALID_VALUE, "properties: " + hexText(name) + " appears twice");
    const khr::CommandBufferProperties value = properties[i + 1];
    if (name == khr::kCommandBufferFlags) {
      if (value & ~kBufferFlags)
        return refuse(CL_INVALID_VALUE, "CL_COMMAND_BUFFER_FLAGS_KHR has unknown bits " +
                                            hexText(value & ~kBufferFlags));
      flags = value;
    }
  }
  array.assign(properties, properties + i + 1);
  return CL_SUCCESS;
}

cl_uint bufferState(const CommandBuffer &buffer) {
  if (!buffer.finalized())
    return khr::kStateRecording;
  return buffer.incomplete() ? khr::kStateFinalized : khr::kStateExecutable;
}

Sizes launchSizes(const MutableCommand &command, const Size3 MutableCommand::Launch::*member) {
  const MutableCommand::Launch &launch = command.launch();
  const Size3 &sizes = launch.*member;
  return Sizes(sizes.begin(), sizes.begin() + launch.work_dim);
}

const InfoTable<CommandBuffer> &commandBufferInfoTable() {
  static const InfoTable<CommandBuffer> table = {
#define CLCUDA_INFO(param, type, expression)                                                       \
  CLCUDA_INFO_ENTRY(CommandBuffer, buffer, param, type, expression)
#include "info/command_buffer_info.def"
#undef CLCUDA_INFO
  };
  return table;
}

const InfoTable<MutableCommand> &mutableCommandInfoTable() {
  static const InfoTable<MutableCommand> table = {
#define CLCUDA_INFO(param, type, expression)                                                       \
  CLCUDA_INFO_ENTRY(MutableCommand, command, param, type, expression)
#include "info/mutable_command_info.def"
#undef CLCUDA_INFO
  };
  return table;
}

// Applies one mutable-dispatch configuration to its command: the new
// arguments on the command's own kernel, then the launch recorded again.
cl_int updateCommand(CommandBuffer &buffer, const khr::MutableDispatchConfig &config) {
  MutableCommand *command = fromHandle<MutableCommand>(config.command);
  if (!command || &command->buffer() != &buffer)
    return refuse(khr::kInvalidMutableCommand,
                  "a configuration's command is not a mutable command of command_buffer");
  const khr::MutableDispatchFields fields = command->updatableFields();
  auto denied = [&](khr::MutableDispatchFields field, const char *what) {
    return !(fields & field)
               ? refuse(CL_INVALID_OPERATION, std::string(what) +
                                                  " of this command may not change (its "
                                                  "CL_MUTABLE_DISPATCH_UPDATABLE_FIELDS_KHR)")
               : CL_SUCCESS;
  };
  cl_int error = CL_SUCCESS;
  if (config.num_args || config.num_svm_args)
    error = denied(khr::kDispatchArguments, "the arguments");
  if (error == CL_SUCCESS && config.num_exec_infos)
    error = denied(khr::kDispatchExecInfo, "the exec info");
  if (error == CL_SUCCESS && config.global_work_offset)
    error = denied(khr::kDispatchGlobalOffset, "the global work offset");
  if (error == CL_SUCCESS && config.global_work_size)
    error = denied(khr::kDispatchGlobalSize, "the global work size");
  if (error == CL_SUCCESS && config.local_work_size)
    error = denied(khr::kDispatchLocalSize, "the local work size");
  if (error != CL_SUCCESS)
    return error;
  if ((config.num_args && !config.arg_list) || (config.num_svm_args && !config.arg_svm_list) ||
      (config.num_exec_infos && !config.exec_info_list))
    return refuse(CL_INVALID_VALUE, "a configuration's list is NULL but its count is not 0");
  MutableCommand::Launch launch = command->launch();
  if (config.work_dim != 0 && config.work_dim != launch.work_dim)
    return refuse(CL_INVALID_VALUE, "work_dim " + std::to_string(config.work_dim) +
                                        " is not the command's " + std::to_string(launch.work_dim));
  cl_kernel kernel = toHandle(&command->kernel());
  for (cl_uint i = 0; i < config.num_args && error == CL_SUCCESS; ++i)
    error = clSetKernelArg(kernel, config.arg_list[i].arg_index, config.arg_list[i].arg_size,
                           config.arg_list[i].arg_value);
  for (cl_uint i = 0; i < config.num_svm_args && error == CL_SUCCESS; ++i)
    error = clSetKernelArgSVMPointer(kernel, config.arg_svm_list[i].arg_index,
                                     config.arg_svm_list[i].arg_value);
  for (cl_uint i = 0; i < config.num_exec_infos && error == CL_SUCCESS; ++i)
    error = clSetKernelExecInfo(kernel, config.exec_info_list[i].param_name,
                                config.exec_info_list[i].param_value_size,
                                config.exec_info_list[i].param_value);
  if (error != CL_SUCCESS)
    return error;
  for (cl_uint d = 0; d < launch.work_dim; ++d) {
    if (config.global_work_offset)
      launch.offset[d] = config.global_work_offset[d];
    if (config.global_work_size)
      launch.global[d] = config.global_work_size[d];
    if (config.local_work_size)
      launch.local[d] = config.local_work_size[d];
  }
  if (config.local_work_size)
    launch.local_given = true;
  // A launch whose arguments are still not all set stays a placeholder.
  if (!command->kernel().missingArgument().empty()) {
    command->setLaunch(launch);
    return CL_SUCCESS;
  }
  const core::Recording recording{buffer, {}, nullptr, command->index() + 1};
  error = enqueueKernel(queueHandle(&buffer.queue()), kernel, launch.work_dim, launch.offset.data(),
                        launch.global.data(), launch.local_given ? launch.local.data() : nullptr, 0,
                        nullptr, nullptr, CL_COMMAND_NDRANGE_KERNEL, &recording, &launch.local);
  if (error != CL_SUCCESS)
    return error;
  command->setLaunch(launch);
  command->setComplete(true);
  return CL_SUCCESS;
}

} // namespace

khr::CommandBuffer CL_API_CALL
createCommandBufferKHR(cl_uint num_queues, const cl_command_queue *queues,
                       const khr::CommandBufferProperties *properties, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> khr::CommandBuffer {
    if (num_queues != 1 || !queues)
      return failWith<khr::CommandBuffer>(
          error, CL_INVALID_VALUE,
          queues ? "num_queues must be 1 (cl_khr_command_buffer_multi_device is not claimed)"
                 : "queues is NULL");
    core::Queue *queue = fromHandle<core::Queue>(queues[0]);
    if (!queue) {
      error = invalidHandle(CL_INVALID_COMMAND_QUEUE, "queues[0]");
      return nullptr;
    }
    std::vector<khr::CommandBufferProperties> array;
    cl_bitfield flags = 0;
    if ((error = bufferProperties(properties, array, flags)) != CL_SUCCESS)
      return nullptr;
    CommandBuffer *buffer = nullptr;
    error = coreResult(CommandBuffer::create(*queue, std::move(array), flags, buffer),
                       "making the command buffer's capture stream");
    return error == CL_SUCCESS ? toHandle(buffer) : nullptr;
  });
}

cl_int CL_API_CALL finalizeCommandBufferKHR(khr::CommandBuffer command_buffer) {
  return guarded(__func__, [&] {
    CommandBuffer *buffer = fromHandle<CommandBuffer>(command_buffer);
    if (!buffer)
      return invalidHandle(khr::kInvalidCommandBuffer, "command_buffer");
    if (buffer->finalized())
      return refuse(CL_INVALID_OPERATION, "command_buffer is finalized already");
    return coreResult(buffer->finalize(), "instantiating the command buffer's CUDA graph");
  });
}

cl_int CL_API_CALL retainCommandBufferKHR(khr::CommandBuffer command_buffer) {
  return guarded(__func__, [&] {
    return changeReferences<CommandBuffer>(command_buffer, khr::kInvalidCommandBuffer,
                                           "command_buffer", &CommandBuffer::retain);
  });
}

cl_int CL_API_CALL releaseCommandBufferKHR(khr::CommandBuffer command_buffer) {
  return guarded(__func__, [&] {
    return changeReferences<CommandBuffer>(command_buffer, khr::kInvalidCommandBuffer,
                                           "command_buffer", &CommandBuffer::release);
  });
}

cl_int CL_API_CALL enqueueCommandBufferKHR(cl_uint num_queues, cl_command_queue *queues,
                                           khr::CommandBuffer command_buffer,
                                           cl_uint num_events_in_wait_list,
                                           const cl_event *event_wait_list, cl_event *event) {
  return guarded(__func__, [&] {
    CommandBuffer *buffer = fromHandle<CommandBuffer>(command_buffer);
    if (!buffer)
      return invalidHandle(khr::kInvalidCommandBuffer, "command_buffer");
    if (!buffer->finalized())
      return refuse(CL_INVALID_OPERATION, "command_buffer is not finalized");
    if (buffer->incomplete())
      return refuse(CL_INVALID_OPERATION,
                    "a mutable launch of command_buffer still lacks arguments");
    if ((num_queues == 0) != (queues == nullptr))
      return refuse(CL_INVALID_VALUE, queues ? "num_queues is 0 but queues is not NULL"
                                             : "queues is NULL but num_queues is not 0");
    if (num_queues > 1)
      return refuse(CL_INVALID_VALUE, "num_queues is " + std::to_string(num_queues) +
                                          "; the command buffer has one queue");
    core::Queue *queue = &buffer->queue();
    if (num_queues) {
      queue = fromHandle<core::Queue>(queues[0]);
      if (!queue)
        return invalidHandle(CL_INVALID_COMMAND_QUEUE, "queues[0]");
      // Any queue of the same device: the graph carries the commands' order,
      // and every queue property is supported (none is required).
      core::Queue &recorded = buffer->queue();
      if (&queue->context() != &recorded.context())
        return refuse(CL_INVALID_CONTEXT,
                      "queues[0] and the command buffer belong to different contexts");
      if (&queue->device() != &recorded.device())
        return refuse(CL_INVALID_DEVICE, "queues[0] is of another device than the queue the "
                                         "command buffer was recorded for");
    }
    cl_int error = checkWaitList(queue->context(), num_events_in_wait_list, event_wait_list);
    if (error != CL_SUCCESS)
      return error;
    EventOut out(event);
    return coreResult(buffer->enqueue(*queue,
                                      command(khr::kCommandCommandBuffer, num_events_in_wait_list,
                                              event_wait_list),
                                      out.get()),
                      "the command buffer's launch");
  });
}

cl_int CL_API_CALL commandBarrierWithWaitListKHR(khr::CommandBuffer command_buffer,
                                                 cl_command_queue command_queue,
                                                 const khr::CommandProperties *properties,
                                                 cl_uint num_sync_points_in_wait_list,
                                                 const khr::SyncPoint *sync_point_wait_list,
                                                 khr::SyncPoint *sync_point,
                                                 khr::MutableCommand *mutable_handle) {
  return guarded(__func__, [&] {
    return recordInto(command_buffer, command_queue, properties, num_sync_points_in_wait_list,
                      sync_point_wait_list, sync_point, mutable_handle,
                      [](cl_command_queue, const core::Recording *recording) {
                        return core::recordCommand(*recording, CL_COMMAND_BARRIER,
                                                   [](CUstream) { return CUDA_SUCCESS; });
                      });
  });
}

cl_int CL_API_CALL commandCopyBufferKHR(khr::CommandBuffer command_buffer,
                                        cl_command_queue command_queue,
                                        const khr::CommandProperties *properties, cl_mem src_buffer,
                                        cl_mem dst_buffer, size_t src_offset, size_t dst_offset,
                                        size_t size, cl_uint num_sync_points_in_wait_list,
                                        const khr::SyncPoint *sync_point_wait_list,
                                        khr::SyncPoint *sync_point,
                                        khr::MutableCommand *mutable_handle) {
  return guarded(__func__, [&] {
    return recordInto(command_buffer, command_queue, properties, num_sync_points_in_wait_list,
                      sync_point_wait_list, sync_point, mutable_handle,
                      [&](cl_command_queue queue, const core::Recording *recording) {
                        return copyBuffer(queue, src_buffer, dst_buffer, src_offset, dst_offset,
                                          size, 0, nullptr, nullptr, recording);
                      });
  });
}

cl_int CL_API_CALL commandCopyBufferRectKHR(
    khr::CommandBuffer command_buffer, cl_command_queue command_queue,
    const khr::CommandProperties *properties, cl_mem src_buffer, cl_mem dst_buffer,
    const size_t *src_origin, const size_t *dst_origin, const size_t *region, size_t src_row_pitch,
    size_t src_slice_pitch, size_t dst_row_pitch, size_t dst_slice_pitch,
    cl_uint num_sync_points_in_wait_list, const khr::SyncPoint *sync_point_wait_list,
    khr::SyncPoint *sync_point, khr::MutableCommand *mutable_handle) {
  return guarded(__func__, [&] {
    return recordInto(command_buffer, command_queue, properties, num_sync_points_in_wait_list,
                      sync_point_wait_list, sync_point, mutable_handle,
                      [&](cl_command_queue queue, const core::Recording *recording) {
                        return copyBufferRect(queue, src_buffer, dst_buffer, src_origin, dst_origin,
                                              region, src_row_pitch, src_slice_pitch, dst_row_pitch,
                                              dst_slice_pitch, 0, nullptr, nullptr, recording);
                      });
  });
}

cl_int CL_API_CALL commandCopyBufferToImageKHR(
    khr::CommandBuffer command_buffer, cl_command_queue command_queue,
    const khr::CommandProperties *properties, cl_mem src_buffer, cl_mem dst_image,
    size_t src_offset, const size_t *dst_origin, const size_t *region,
    cl_uint num_sync_points_in_wait_list, const khr::SyncPoint *sync_point_wait_list,
    khr::SyncPoint *sync_point, khr::MutableCommand *mutable_handle) {
  return guarded(__func__, [&] {
    return recordInto(command_buffer, command_queue, properties, num_sync_points_in_wait_list,
                      sync_point_wait_list, sync_point, mutable_handle,
                      [&](cl_command_queue queue, const core::Recording *recording) {
                        return copyImageBuffer(queue, dst_image, src_buffer, dst_origin, region,
                                               src_offset, core::ImageBufferDirection::to_image, 0,
                                               nullptr, nullptr, recording);
                      });
  });
}

cl_int CL_API_CALL commandCopyImageKHR(
    khr::CommandBuffer command_buffer, cl_command_queue command_queue,
    const khr::CommandProperties *properties, cl_mem src_image, cl_mem dst_image,
    const size_t *src_origin, const size_t *dst_origin, const size_t *region,
    cl_uint num_sync_points_in_wait_list, const khr::SyncPoint *sync_point_wait_list,
    khr::SyncPoint *sync_point, khr::MutableCommand *mutable_handle) {
  return guarded(__func__, [&] {
    return recordInto(command_buffer, command_queue, properties, num_sync_points_in_wait_list,
                      sync_point_wait_list, sync_point, mutable_handle,
                      [&](cl_command_queue queue, const core::Recording *recording) {
                        return copyImage(queue, src_image, dst_image, src_origin, dst_origin,
                                         region, 0, nullptr, nullptr, recording);
                      });
  });
}

cl_int CL_API_CALL commandCopyImageToBufferKHR(
    khr::CommandBuffer command_buffer, cl_command_queue command_queue,
    const khr::CommandProperties *properties, cl_mem src_image, cl_mem dst_buffer,
    const size_t *src_origin, const size_t *region, size_t dst_offset,
    cl_uint num_sync_points_in_wait_list, const khr::SyncPoint *sync_point_wait_list,
    khr::SyncPoint *sync_point, khr::MutableCommand *mutable_handle) {
  return guarded(__func__, [&] {
    return recordInto(command_buffer, command_queue, properties, num_sync_points_in_wait_list,
                      sync_point_wait_list, sync_point, mutable_handle,
                      [&](cl_command_queue queue, const core::Recording *recording) {
                        return copyImageBuffer(queue, src_image, dst_buffer, src_origin, region,
                                               dst_offset, core::ImageBufferDirection::to_buffer, 0,
                                               nullptr, nullptr, recording);
                      });
  });
}

cl_int CL_API_CALL commandFillBufferKHR(khr::CommandBuffer command_buffer,
                                        cl_command_queue command_queue,
                                        const khr::CommandProperties *properties, cl_mem buffer,
                                        const void *pattern, size_t pattern_size, size_t offset,
                                        size_t size, cl_uint num_sync_points_in_wait_list,
                                        const khr::SyncPoint *sync_point_wait_list,
                                        khr::SyncPoint *sync_point,
                                        khr::MutableCommand *mutable_handle) {
  return guarded(__func__, [&] {
    return recordInto(command_buffer, command_queue, properties, num_sync_points_in_wait_list,
                      sync_point_wait_list, sync_point, mutable_handle,
                      [&](cl_command_queue queue, const core::Recording *recording) {
                        return fillBuffer(queue, buffer, pattern, pattern_size, offset, size, 0,
                                          nullptr, nullptr, recording);
                      });
  });
}

cl_int CL_API_CALL commandFillImageKHR(khr::CommandBuffer command_buffer,
                                       cl_command_queue command_queue,
                                       const khr::CommandProperties *properties, cl_mem image,
                                       const void *fill_color, const size_t *origin,
                                       const size_t *region, cl_uint num_sync_points_in_wait_list,
                                       const khr::SyncPoint *sync_point_wait_list,
                                       khr::SyncPoint *sync_point,
                                       khr::MutableCommand *mutable_handle) {
  return guarded(__func__, [&] {
    return recordInto(command_buffer, command_queue, properties, num_sync_points_in_wait_list,
                      sync_point_wait_list, sync_point, mutable_handle,
                      [&](cl_command_queue queue, const core::Recording *recording) {
                        return fillImage(queue, image, fill_color, origin, region, 0, nullptr,
                                         nullptr, recording);
                      });
  });
}

cl_int CL_API_CALL commandSVMMemcpyKHR(
    khr::CommandBuffer command_buffer, cl_command_queue command_queue,
    const khr::CommandProperties *properties, void *dst_ptr, const void *src_ptr, size_t size,
    cl_uint num_sync_points_in_wait_list, const khr::SyncPoint *sync_point_wait_list,
    khr::SyncPoint *sync_point, khr::MutableCommand *mutable_handle) {
  return guarded(__func__, [&] {
    return recordInto(command_buffer, command_queue, properties, num_sync_points_in_wait_list,
                      sync_point_wait_list, sync_point, mutable_handle,
                      [&](cl_command_queue queue, const core::Recording *recording) {
                        return svmMemcpy(queue, CL_FALSE, dst_ptr, src_ptr, size, 0, nullptr,
                                         nullptr, recording);
                      });
  });
}

cl_int CL_API_CALL commandSVMMemFillKHR(khr::CommandBuffer command_buffer,
                                        cl_command_queue command_queue,
                                        const khr::CommandProperties *properties, void *svm_ptr,
                                        const void *pattern, size_t pattern_size, size_t size,
                                        cl_uint num_sync_points_in_wait_list,
                                        const khr::SyncPoint *sync_point_wait_list,
                                        khr::SyncPoint *sync_point,
                                        khr::MutableCommand *mutable_handle) {
  return guarded(__func__, [&] {
    return recordInto(command_buffer, command_queue, properties, num_sync_points_in_wait_list,
                      sync_point_wait_list, sync_point, mutable_handle,
                      [&](cl_command_queue queue, const core::Recording *recording) {
                        return svmMemFill(queue, svm_ptr, pattern, pattern_size, size, 0, nullptr,
                                          nullptr, recording);
                      });
  });
}

cl_int CL_API_CALL commandNDRangeKernelKHR(
    khr::CommandBuffer command_buffer, cl_command_queue command_queue,
    const khr::CommandProperties *properties, cl_kernel kernel, cl_uint work_dim,
    const size_t *global_work_offset, const size_t *global_work_size, const size_t *local_work_size,
    cl_uint num_sync_points_in_wait_list, const khr::SyncPoint *sync_point_wait_list,
    khr::SyncPoint *sync_point, khr::MutableCommand *mutable_handle) {
  return guarded(__func__, [&] {
    CommandBuffer *buffer;
    cl_int error = checkRecordable(command_buffer, command_queue, num_sync_points_in_wait_list,
                                   sync_point_wait_list, buffer);
    if (error != CL_SUCCESS)
      return error;
    std::vector<khr::CommandProperties> array;
    khr::MutableDispatchFields fields;
    if ((error = kernelProperties(properties, array, fields)) != CL_SUCCESS)
      return error;
    core::Kernel *application_kernel = fromHandle<core::Kernel>(kernel);
    if (!application_kernel)
      return invalidHandle(CL_INVALID_KERNEL, "kernel");
    if (&application_kernel->context() != &buffer->context())
      return refuse(CL_INVALID_CONTEXT,
                    "kernel and the command buffer belong to different contexts");
    const core::Device &device = buffer->queue().device();
    const core::KernelFunction *function = application_kernel->function(device);
    if (function && function->module->callsPrintf())
      return refuse(CL_INVALID_OPERATION, "the kernel calls printf, which recorded kernels may "
                                          "not (CL_COMMAND_BUFFER_CAPABILITY_KERNEL_PRINTF_KHR)");
    // The launch runs a copy of the kernel: its arguments as they are now,
    // which a mutable command's updates change and clSetKernelArg does not.
    core::Kernel *copy = nullptr;
    if ((error = coreResult(core::Kernel::clone(*application_kernel, copy),
                            "copying the kernel")) != CL_SUCCESS)
      return error;
    const core::Ref<core::Kernel> held(copy);
    copy->release(); // the buffer's references alone keep it
    const core::Recording recording{
        *buffer,
        std::vector<khr::SyncPoint>(sync_point_wait_list,
                                    sync_point_wait_list + num_sync_points_in_wait_list),
        sync_point};
    // A mutable launch may be recorded before its arguments are set: a
    // placeholder until an update sets them (the buffer is not enqueueable
    // meanwhile).
    const bool deferred = buffer->isMutable() && mutable_handle && !copy->missingArgument().empty();
    MutableCommand::Launch launch;
    launch.work_dim = work_dim;
    launch.local_given = local_work_size != nullptr;
    for (cl_uint d = 0; d < work_dim && d < 3; ++d) {
      launch.offset[d] = global_work_offset ? global_work_offset[d] : 0;
      launch.global[d] = global_work_size ? global_work_size[d] : 0;
      launch.local[d] = local_work_size ? local_work_size[d] : 1;
    }
    if (deferred) {
      if (work_dim < 1 || work_dim > 3 || !global_work_size)
        return refuse(CL_INVALID_WORK_DIMENSION, "a deferred launch needs work_dim 1 to 3 and "
                                                 "global_work_size");
      error = coreResult(core::recordCommand(recording, CL_COMMAND_NDRANGE_KERNEL,
                                             [](CUstream) { return CUDA_SUCCESS; }),
                         "recording the launch");
    } else {
      error = enqueueKernel(queueHandle(&buffer->queue()), toHandle(copy), work_dim,
                            global_work_offset, global_work_size, local_work_size, 0, nullptr,
                            nullptr, CL_COMMAND_NDRANGE_KERNEL, &recording, &launch.local);
    }
    if (error != CL_SUCCESS || !mutable_handle)
      return error;
    MutableCommand *command =
        buffer->addMutableCommand(*copy, *application_kernel, std::move(array), fields);
    command->setLaunch(launch);
    command->setComplete(!deferred);
    *mutable_handle = toHandle(command);
    return CL_SUCCESS;
  });
}

cl_int CL_API_CALL getCommandBufferInfoKHR(khr::CommandBuffer command_buffer, cl_uint param_name,
                                           size_t param_value_size, void *param_value,
                                           size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    return answerInfoFor<CommandBuffer>(command_buffer, khr::kInvalidCommandBuffer,
                                        "command_buffer", commandBufferInfoTable(), param_name,
                                        param_value_size, param_value, param_value_size_ret);
  });
}

cl_int CL_API_CALL updateMutableCommandsKHR(khr::CommandBuffer command_buffer, cl_uint num_configs,
                                            const khr::UpdateType *config_types,
                                            const void **configs) {
  return guarded(__func__, [&] {
    CommandBuffer *buffer = fromHandle<CommandBuffer>(command_buffer);
    if (!buffer)
      return invalidHandle(khr::kInvalidCommandBuffer, "command_buffer");
    if (!buffer->isMutable())
      return refuse(CL_INVALID_OPERATION,
                    "command_buffer was not made with CL_COMMAND_BUFFER_MUTABLE_KHR");
    if (!buffer->finalized())
      return refuse(CL_INVALID_OPERATION, "command_buffer is not finalized");
    if ((num_configs == 0) != (config_types == nullptr) ||
        (num_configs == 0) != (configs == nullptr))
      return refuse(CL_INVALID_VALUE,
                    "num_configs, config_types and configs must be all 0/NULL or all given");
    for (cl_uint i = 0; i < num_configs; ++i) {
      if (config_types[i] != khr::kStructureTypeMutableDispatchConfig || !configs[i])
        return refuse(CL_INVALID_VALUE, "configuration " + std::to_string(i) +
                                            " is not a CL_STRUCTURE_TYPE_MUTABLE_DISPATCH_"
                                            "CONFIG_KHR");
      cl_int error =
          updateCommand(*buffer, *static_cast<const khr::MutableDispatchConfig *>(configs[i]));
      if (error != CL_SUCCESS)
        return error;
    }
    return num_configs ? coreResult(buffer->applyUpdates(), "updating the CUDA graph") : CL_SUCCESS;
  });
}

cl_int CL_API_CALL getMutableCommandInfoKHR(khr::MutableCommand command, cl_uint param_name,
                                            size_t param_value_size, void *param_value,
                                            size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    return answerInfoFor<MutableCommand>(command, khr::kInvalidMutableCommand, "command",
                                         mutableCommandInfoTable(), param_name, param_value_size,
                                         param_value, param_value_size_ret);
  });
}

} // namespace clcuda::api
