// The checks every command on memory objects starts with (buffer and image
// commands alike).
#pragma once

#include "common.h"
#include "validation.h"

#include "core/image_commands.h"

#include <initializer_list>

namespace clcuda::api {

enum class MemKind { buffer, image, any };

// A valid queue (CL_INVALID_COMMAND_QUEUE), live memory objects of `kind`
// (CL_INVALID_MEM_OBJECT) of the queue's context (CL_INVALID_CONTEXT), and
// the wait list.
cl_int checkCommand(cl_command_queue command_queue, std::initializer_list<cl_mem> objects,
                    MemKind kind, cl_uint num_events, const cl_event *events, core::Queue *&queue);

// The core::Memory of a handle checkCommand accepted.
inline core::Memory &memoryOf(cl_mem handle) { return *fromHandle<core::Memory>(handle); }

inline core::Command command(cl_command_type type, cl_uint num_events, const cl_event *events,
                             bool blocking = false, const core::Recording *recording = nullptr) {
  return core::Command{type, num_events, events, core::CommandKind::normal, blocking, recording};
}

// The commands a command buffer records too (api/command_buffer.cpp): the
// body of each clEnqueue* entry point, checks included. With a `recording`
// the command goes into its command buffer instead of the queue.
cl_int copyBuffer(cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_buffer,
                  size_t src_offset, size_t dst_offset, size_t size,
                  cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event,
                  const core::Recording *recording);
cl_int copyBufferRect(cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_buffer,
                      const size_t *src_origin, const size_t *dst_origin, const size_t *region,
                      size_t src_row_pitch, size_t src_slice_pitch, size_t dst_row_pitch,
                      size_t dst_slice_pitch, cl_uint num_events_in_wait_list,
                      const cl_event *event_wait_list, cl_event *event,
                      const core::Recording *recording);
cl_int fillBuffer(cl_command_queue command_queue, cl_mem buffer, const void *pattern,
                  size_t pattern_size, size_t offset, size_t size, cl_uint num_events_in_wait_list,
                  const cl_event *event_wait_list, cl_event *event,
                  const core::Recording *recording);
cl_int copyImage(cl_command_queue command_queue, cl_mem src_image, cl_mem dst_image,
                 const size_t *src_origin, const size_t *dst_origin, const size_t *region,
                 cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event,
                 const core::Recording *recording);
// clEnqueueCopyImageToBuffer and clEnqueueCopyBufferToImage, by `direction`.
cl_int copyImageBuffer(cl_command_queue command_queue, cl_mem image_handle, cl_mem buffer_handle,
                       const size_t *origin, const size_t *region, std::size_t offset,
                       core::ImageBufferDirection direction, cl_uint num_events,
                       const cl_event *events, cl_event *event, const core::Recording *recording);
cl_int fillImage(cl_command_queue command_queue, cl_mem image, const void *fill_color,
                 const size_t *origin, const size_t *region, cl_uint num_events_in_wait_list,
                 const cl_event *event_wait_list, cl_event *event,
                 const core::Recording *recording);
cl_int svmMemcpy(cl_command_queue command_queue, cl_bool blocking_copy, void *dst_ptr,
                 const void *src_ptr, size_t size, cl_uint num_events_in_wait_list,
                 const cl_event *event_wait_list, cl_event *event,
                 const core::Recording *recording);
cl_int svmMemFill(cl_command_queue command_queue, void *svm_ptr, const void *pattern,
                  size_t pattern_size, size_t size, cl_uint num_events_in_wait_list,
                  const cl_event *event_wait_list, cl_event *event,
                  const core::Recording *recording);
// clEnqueueNDRangeKernel and clEnqueueTask, by `type`. `launched_local`, when
// given, receives the local size launched (chosen for a NULL one).
cl_int enqueueKernel(cl_command_queue command_queue, cl_kernel kernel_handle, cl_uint work_dim,
                     const size_t *global_work_offset, const size_t *global_work_size,
                     const size_t *local_work_size, cl_uint num_events, const cl_event *events,
                     cl_event *event, cl_command_type type, const core::Recording *recording,
                     clcuda::Size3 *launched_local = nullptr);
// cl_khr_suggested_local_work_size: the local size enqueueKernel launches
// for a NULL local_work_size (icd/extension_functions.def).
cl_int CL_API_CALL getKernelSuggestedLocalWorkSizeKHR(cl_command_queue command_queue,
                                                      cl_kernel kernel, cl_uint work_dim,
                                                      const size_t *global_work_offset,
                                                      const size_t *global_work_size,
                                                      size_t *suggested_local_work_size);

} // namespace clcuda::api
