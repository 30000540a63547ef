// cl_khr_command_buffer 0.9.8 and cl_khr_command_buffer_mutable_dispatch
// 0.9.5, the versions clcuda implements, as C++ declarations.
//
// Debian 12's OpenCL headers (3.0~2023.02) declare earlier, provisional
// versions of both extensions: commands without a `properties` argument, a
// different mutable-dispatch structure and other values for some enums. An
// application built against the Khronos headers of 2024 or later calls
// clcuda with the declarations below (docs/shim.md, "Command buffers"); the
// shim, its tests and clcuda-bench use these, in namespace clcuda::khr, so
// they never collide with the older C names.
#pragma once

#include <CL/cl.h>

// The handle types' structures, as every version of the headers names them.
struct _cl_command_buffer_khr;
struct _cl_mutable_command_khr;

namespace clcuda::khr {

using CommandBuffer = _cl_command_buffer_khr *;
using MutableCommand = _cl_mutable_command_khr *;
using SyncPoint = cl_uint;
using CommandBufferProperties = cl_properties;
using CommandProperties = cl_properties;
using CommandBufferCapabilities = cl_bitfield;
using MutableDispatchFields = cl_bitfield;
using UpdateType = cl_uint;

constexpr cl_version kCommandBufferVersion = CL_MAKE_VERSION(0, 9, 8);
constexpr cl_version kMutableDispatchVersion = CL_MAKE_VERSION(0, 9, 5);

// cl_device_info
constexpr cl_uint kDeviceCommandBufferCapabilities = 0x12A9;
constexpr cl_uint kDeviceCommandBufferSupportedQueueProperties = 0x129A;
constexpr cl_uint kDeviceCommandBufferRequiredQueueProperties = 0x12AA;
constexpr cl_uint kDeviceMutableDispatchCapabilities = 0x12B0;

// cl_device_command_buffer_capabilities_khr
constexpr CommandBufferCapabilities kCapabilityKernelPrintf = 1 << 0;
constexpr CommandBufferCapabilities kCapabilityDeviceSideEnqueue = 1 << 1;
constexpr CommandBufferCapabilities kCapabilitySimultaneousUse = 1 << 2;

// cl_command_buffer_properties_khr and its flags
constexpr CommandBufferProperties kCommandBufferFlags = 0x1293;
constexpr cl_bitfield kFlagSimultaneousUse = 1 << 0;
constexpr cl_bitfield kFlagMutable = 1 << 1;
constexpr CommandBufferProperties kCommandBufferMutableDispatchAsserts = 0x12B7;

// cl_command_buffer_info_khr
constexpr cl_uint kCommandBufferQueues = 0x1294;
constexpr cl_uint kCommandBufferNumQueues = 0x1295;
constexpr cl_uint kCommandBufferReferenceCount = 0x1296;
constexpr cl_uint kCommandBufferState = 0x1297;
constexpr cl_uint kCommandBufferPropertiesArray = 0x1298;
constexpr cl_uint kCommandBufferContext = 0x1299;

// cl_command_buffer_state_khr
constexpr cl_uint kStateRecording = 0;
constexpr cl_uint kStateExecutable = 1;
// Finalized, but a mutable launch still lacks arguments: not enqueueable.
constexpr cl_uint kStateFinalized = 2;

// cl_command_type of an enqueued command buffer
constexpr cl_command_type kCommandCommandBuffer = 0x12A8;

// Error codes
constexpr cl_int kInvalidCommandBuffer = -1138;
constexpr cl_int kInvalidSyncPointWaitList = -1139;
constexpr cl_int kIncompatibleCommandQueue = -1140;
constexpr cl_int kInvalidMutableCommand = -1141;

// cl_command_properties_khr of clCommandNDRangeKernelKHR
constexpr CommandProperties kMutableDispatchUpdatableFields = 0x12B1;
constexpr CommandProperties kMutableDispatchAsserts = 0x12B8;
constexpr cl_bitfield kAssertNoAdditionalWorkGroups = 1 << 0;

// cl_mutable_dispatch_fields_khr
constexpr MutableDispatchFields kDispatchGlobalOffset = 1 << 0;
constexpr MutableDispatchFields kDispatchGlobalSize = 1 << 1;
constexpr MutableDispatchFields kDispatchLocalSize = 1 << 2;
constexpr MutableDispatchFields kDispatchArguments = 1 << 3;
constexpr MutableDispatchFields kDispatchExecInfo = 1 << 4;

// cl_mutable_command_info_khr
constexpr cl_uint kMutableCommandQueue = 0x12A0;
constexpr cl_uint kMutableCommandBuffer = 0x12A1;
constexpr cl_uint kMutableCommandType = 0x12AD;
constexpr cl_uint kMutableCommandPropertiesArray = 0x12A2;
constexpr cl_uint kMutableDispatchKernel = 0x12A3;
constexpr cl_uint kMutableDispatchDimensions = 0x12A4;
constexpr cl_uint kMutableDispatchGlobalWorkOffset = 0x12A5;
constexpr cl_uint kMutableDispatchGlobalWorkSize = 0x12A6;
constexpr cl_uint kMutableDispatchLocalWorkSize = 0x12A7;

// cl_command_buffer_update_type_khr
constexpr UpdateType kStructureTypeMutableDispatchConfig = 0;

struct MutableDispatchArg {
  cl_uint arg_index;
  size_t arg_size;
  const void *arg_value;
};

struct MutableDispatchExecInfo {
  cl_uint param_name;
  size_t param_value_size;
  const void *param_value;
};

struct MutableDispatchConfig {
  MutableCommand command;
  cl_uint num_args;
  cl_uint num_svm_args;
  cl_uint num_exec_infos;
  cl_uint work_dim;
  const MutableDispatchArg *arg_list;
  const MutableDispatchArg *arg_svm_list;
  const MutableDispatchExecInfo *exec_info_list;
  const size_t *global_work_offset;
  const size_t *global_work_size;
  const size_t *local_work_size;
};

// The entry points, as clGetExtensionFunctionAddressForPlatform returns them.
// The trailing arguments every command takes: its sync-point wait list, the
// sync point it returns and, for a mutable command, its handle.
#define CLCUDA_KHR_COMMAND_TAIL                                                                    \
  cl_uint num_sync_points_in_wait_list, const SyncPoint *sync_point_wait_list,                     \
      SyncPoint *sync_point, MutableCommand *mutable_handle

using CreateCommandBufferFn =
    CommandBuffer(CL_API_CALL *)(cl_uint num_queues, const cl_command_queue *queues,
                                 const CommandBufferProperties *properties, cl_int *errcode_ret);
using FinalizeCommandBufferFn = cl_int(CL_API_CALL *)(CommandBuffer command_buffer);
using RetainCommandBufferFn = cl_int(CL_API_CALL *)(CommandBuffer command_buffer);
using ReleaseCommandBufferFn = cl_int(CL_API_CALL *)(CommandBuffer command_buffer);
using EnqueueCommandBufferFn = cl_int(CL_API_CALL *)(cl_uint num_queues, cl_command_queue *queues,
                                                     CommandBuffer command_buffer,
                                                     cl_uint num_events_in_wait_list,
                                                     const cl_event *event_wait_list,
                                                     cl_event *event);
using CommandBarrierWithWaitListFn = cl_int(CL_API_CALL *)(CommandBuffer command_buffer,
                                                           cl_command_queue command_queue,
                                                           const CommandProperties *properties,
                                                           CLCUDA_KHR_COMMAND_TAIL);
using CommandCopyBufferFn = cl_int(CL_API_CALL *)(CommandBuffer command_buffer,
                                                  cl_command_queue command_queue,
                                                  const CommandProperties *properties,
                                                  cl_mem src_buffer, cl_mem dst_buffer,
                                                  size_t src_offset, size_t dst_offset, size_t size,
                                                  CLCUDA_KHR_COMMAND_TAIL);
using CommandCopyBufferRectFn = cl_int(CL_API_CALL *)(
    CommandBuffer command_buffer, cl_command_queue command_queue,
    const CommandProperties *properties, cl_mem src_buffer, cl_mem dst_buffer,
    const size_t *src_origin, const size_t *dst_origin, const size_t *region, size_t src_row_pitch,
    size_t src_slice_pitch, size_t dst_row_pitch, size_t dst_slice_pitch, CLCUDA_KHR_COMMAND_TAIL);
using CommandCopyBufferToImageFn = cl_int(CL_API_CALL *)(
    CommandBuffer command_buffer, cl_command_queue command_queue,
    const CommandProperties *properties, cl_mem src_buffer, cl_mem dst_image, size_t src_offset,
    const size_t *dst_origin, const size_t *region, CLCUDA_KHR_COMMAND_TAIL);
using CommandCopyImageFn = cl_int(CL_API_CALL *)(CommandBuffer command_buffer,
                                                 cl_command_queue command_queue,
                                                 const CommandProperties *properties,
                                                 cl_mem src_image, cl_mem dst_image,
                                                 const size_t *src_origin, const size_t *dst_origin,
                                                 const size_t *region, CLCUDA_KHR_COMMAND_TAIL);
using CommandCopyImageToBufferFn = cl_int(CL_API_CALL *)(
    CommandBuffer command_buffer, cl_command_queue command_queue,
    const CommandProperties *properties, cl_mem src_image, cl_mem dst_buffer,
    const size_t *src_origin, const size_t *region, size_t dst_offset, CLCUDA_KHR_COMMAND_TAIL);
using CommandFillBufferFn = cl_int(CL_API_CALL *)(CommandBuffer command_buffer,
                                                  cl_command_queue command_queue,
                                                  const CommandProperties *properties,
                                                  cl_mem buffer, const void *pattern,
                                                  size_t pattern_size, size_t offset, size_t size,
                                                  CLCUDA_KHR_COMMAND_TAIL);
using CommandFillImageFn = cl_int(CL_API_CALL *)(CommandBuffer command_buffer,
                                                 cl_command_queue command_queue,
                                                 const CommandProperties *properties, cl_mem image,
                                                 const void *fill_color, const size_t *origin,
                                                 const size_t *region, CLCUDA_KHR_COMMAND_TAIL);
using CommandNDRangeKernelFn =
    cl_int(CL_API_CALL *)(CommandBuffer command_buffer, cl_command_queue command_queue,
                          const CommandProperties *properties, cl_kernel kernel, cl_uint work_dim,
                          const size_t *global_work_offset, const size_t *global_work_size,
                          const size_t *local_work_size, CLCUDA_KHR_COMMAND_TAIL);
using CommandSVMMemcpyFn = cl_int(CL_API_CALL *)(CommandBuffer command_buffer,
                                                 cl_command_queue command_queue,
                                                 const CommandProperties *properties, void *dst_ptr,
                                                 const void *src_ptr, size_t size,
                                                 CLCUDA_KHR_COMMAND_TAIL);
using CommandSVMMemFillFn = cl_int(CL_API_CALL *)(CommandBuffer command_buffer,
                                                  cl_command_queue command_queue,
                                                  const CommandProperties *properties,
                                                  void *svm_ptr, const void *pattern,
                                                  size_t pattern_size, size_t size,
                                                  CLCUDA_KHR_COMMAND_TAIL);
using GetCommandBufferInfoFn = cl_int(CL_API_CALL *)(CommandBuffer command_buffer,
                                                     cl_uint param_name, size_t param_value_size,
                                                     void *param_value,
                                                     size_t *param_value_size_ret);
using UpdateMutableCommandsFn = cl_int(CL_API_CALL *)(CommandBuffer command_buffer,
                                                      cl_uint num_configs,
                                                      const UpdateType *config_types,
                                                      const void **configs);
using GetMutableCommandInfoFn = cl_int(CL_API_CALL *)(MutableCommand command, cl_uint param_name,
                                                      size_t param_value_size, void *param_value,
                                                      size_t *param_value_size_ret);

#undef CLCUDA_KHR_COMMAND_TAIL

} // namespace clcuda::khr
