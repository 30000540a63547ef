// The entry points of cl_khr_command_buffer and its mutable dispatch
// (api/command_buffer.cpp), for the extension function table.
#pragma once

#include "clcuda/command_buffer_khr.h"

namespace clcuda::api {

khr::CommandBuffer CL_API_CALL
createCommandBufferKHR(cl_uint num_queues, const cl_command_queue *queues,
                       const khr::CommandBufferProperties *properties, cl_int *errcode_ret);
cl_int CL_API_CALL finalizeCommandBufferKHR(khr::CommandBuffer command_buffer);
cl_int CL_API_CALL retainCommandBufferKHR(khr::CommandBuffer command_buffer);
cl_int CL_API_CALL releaseCommandBufferKHR(khr::CommandBuffer command_buffer);
cl_int CL_API_CALL enqueueCommandBufferKHR(cl_uint num_queues, cl_command_queue *queues,
                                           khr::CommandBuffer command_buffer,
                                           cl_uint num_events_in_wait_list,
                                           const cl_event *event_wait_list, cl_event *event);
cl_int CL_API_CALL commandBarrierWithWaitListKHR(khr::CommandBuffer command_buffer,
                                                 cl_command_queue command_queue,
                                                 const khr::CommandProperties *properties,
                                                 cl_uint num_sync_points_in_wait_list,
                                                 const khr::SyncPoint *sync_point_wait_list,
                                                 khr::SyncPoint *sync_point,
                                                 khr::MutableCommand *mutable_handle);
cl_int CL_API_CALL commandCopyBufferKHR(khr::CommandBuffer command_buffer,
                                        cl_command_queue command_queue,
                                        const khr::CommandProperties *properties, cl_mem src_buffer,
                                        cl_mem dst_buffer, size_t src_offset, size_t dst_offset,
                                        size_t size, cl_uint num_sync_points_in_wait_list,
                                        const khr::SyncPoint *sync_point_wait_list,
                                        khr::SyncPoint *sync_point,
                                        khr::MutableCommand *mutable_handle);
cl_int CL_API_CALL commandCopyBufferRectKHR(
    khr::CommandBuffer command_buffer, cl_command_queue command_queue,
    const khr::CommandProperties *properties, cl_mem src_buffer, cl_mem dst_buffer,
    const size_t *src_origin, const size_t *dst_origin, const size_t *region, size_t src_row_pitch,
    size_t src_slice_pitch, size_t dst_row_pitch, size_t dst_slice_pitch,
    cl_uint num_sync_points_in_wait_list, const khr::SyncPoint *sync_point_wait_list,
    khr::SyncPoint *sync_point, khr::MutableCommand *mutable_handle);
cl_int CL_API_CALL commandCopyBufferToImageKHR(
    khr::CommandBuffer command_buffer, cl_command_queue command_queue,
    const khr::CommandProperties *properties, cl_mem src_buffer, cl_mem dst_image,
    size_t src_offset, const size_t *dst_origin, const size_t *region,
    cl_uint num_sync_points_in_wait_list, const khr::SyncPoint *sync_point_wait_list,
    khr::SyncPoint *sync_point, khr::MutableCommand *mutable_handle);
cl_int CL_API_CALL commandCopyImageKHR(
    khr::CommandBuffer command_buffer, cl_command_queue command_queue,
    const khr::CommandProperties *properties, cl_mem src_image, cl_mem dst_image,
    const size_t *src_origin, const size_t *dst_origin, const size_t *region,
    cl_uint num_sync_points_in_wait_list, const khr::SyncPoint *sync_point_wait_list,
    khr::SyncPoint *sync_point, khr::MutableCommand *mutable_handle);
cl_int CL_API_CALL commandCopyImageToBufferKHR(
    khr::CommandBuffer command_buffer, cl_command_queue command_queue,
    const khr::CommandProperties *properties, cl_mem src_image, cl_mem dst_buffer,
    const size_t *src_origin, const size_t *region, size_t dst_offset,
    cl_uint num_sync_points_in_wait_list, const khr::SyncPoint *sync_point_wait_list,
    khr::SyncPoint *sync_point, khr::MutableCommand *mutable_handle);
cl_int CL_API_CALL commandFillBufferKHR(khr::CommandBuffer command_buffer,
                                        cl_command_queue command_queue,
                                        const khr::CommandProperties *properties, cl_mem buffer,
                                        const void *pattern, size_t pattern_size, size_t offset,
                                        size_t size, cl_uint num_sync_points_in_wait_list,
                                        const khr::SyncPoint *sync_point_wait_list,
                                        khr::SyncPoint *sync_point,
                                        khr::MutableCommand *mutable_handle);
cl_int CL_API_CALL commandFillImageKHR(khr::CommandBuffer command_buffer,
                                       cl_command_queue command_queue,
                                       const khr::CommandProperties *properties, cl_mem image,
                                       const void *fill_color, const size_t *origin,
                                       const size_t *region, cl_uint num_sync_points_in_wait_list,
                                       const khr::SyncPoint *sync_point_wait_list,
                                       khr::SyncPoint *sync_point,
                                       khr::MutableCommand *mutable_handle);
cl_int CL_API_CALL commandNDRangeKernelKHR(
    khr::CommandBuffer command_buffer, cl_command_queue command_queue,
    const khr::CommandProperties *properties, cl_kernel kernel, cl_uint work_dim,
    const size_t *global_work_offset, const size_t *global_work_size, const size_t *local_work_size,
    cl_uint num_sync_points_in_wait_list, const khr::SyncPoint *sync_point_wait_list,
    khr::SyncPoint *sync_point, khr::MutableCommand *mutable_handle);
cl_int CL_API_CALL commandSVMMemcpyKHR(
    khr::CommandBuffer command_buffer, cl_command_queue command_queue,
    const khr::CommandProperties *properties, void *dst_ptr, const void *src_ptr, size_t size,
    cl_uint num_sync_points_in_wait_list, const khr::SyncPoint *sync_point_wait_list,
    khr::SyncPoint *sync_point, khr::MutableCommand *mutable_handle);
cl_int CL_API_CALL commandSVMMemFillKHR(khr::CommandBuffer command_buffer,
                                        cl_command_queue command_queue,
                                        const khr::CommandProperties *properties, void *svm_ptr,
                                        const void *pattern, size_t pattern_size, size_t size,
                                        cl_uint num_sync_points_in_wait_list,
                                        const khr::SyncPoint *sync_point_wait_list,
                                        khr::SyncPoint *sync_point,
                                        khr::MutableCommand *mutable_handle);
cl_int CL_API_CALL getCommandBufferInfoKHR(khr::CommandBuffer command_buffer, cl_uint param_name,
                                           size_t param_value_size, void *param_value,
                                           size_t *param_value_size_ret);
cl_int CL_API_CALL updateMutableCommandsKHR(khr::CommandBuffer command_buffer, cl_uint num_configs,
                                            const khr::UpdateType *config_types,
                                            const void **configs);
cl_int CL_API_CALL getMutableCommandInfoKHR(khr::MutableCommand command, cl_uint param_name,
                                            size_t param_value_size, void *param_value,
                                            size_t *param_value_size_ret);

} // namespace clcuda::api
