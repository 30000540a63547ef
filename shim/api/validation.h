// The argument rules of the OpenCL spec that need no object: flag
// combinations, property lists, ranges, rectangles, patterns. Pure
// functions, so unit tests check every rule without a GPU.
#pragma once

#include "core/object.h"
#include "launch_plan.h"

#include <cl2cuda/metadata.h>

#include <array>
#include <cstddef>
#include <vector>

namespace clcuda::api {

// clCreateBuffer: the flags and host_ptr rules (CL_INVALID_VALUE,
// CL_INVALID_HOST_PTR).
cl_int checkBufferFlags(cl_mem_flags flags, const void *host_ptr);

// clCreateSubBuffer: the requested flags against the parent's; on success
// `effective` holds the sub-buffer's flags with the inherited bits.
// clSVMAlloc's flags and alignment against what the context's devices
// support (`capabilities`: their CL_DEVICE_SVM_CAPABILITIES together).
bool validSvmAllocation(cl_svm_mem_flags flags, cl_uint alignment,
                        cl_device_svm_capabilities capabilities);

cl_int subBufferFlags(cl_mem_flags parent, cl_mem_flags requested, cl_mem_flags &effective);

// [offset, offset + size) inside `limit`; an empty range is inside when it
// starts within or at the end (zero-sized reads, writes, copies and fills
// are valid from OpenCL 2.1 on).
bool inBounds(std::size_t offset, std::size_t size, std::size_t limit);

enum class HostAccess { read, write };
// The buffer's CL_MEM_HOST_* flags allow the host to read/write it.
bool hostAccessAllowed(cl_mem_flags flags, HostAccess access);

// clEnqueueMapBuffer: valid map flags, and the host access they need.
cl_int checkMapFlags(cl_map_flags map_flags, cl_mem_flags buffer_flags);

// clEnqueueFillBuffer: pattern size and alignment of offset and size.
cl_int checkFill(const void *pattern, std::size_t pattern_size, std::size_t offset,
                 std::size_t size, std::size_t buffer_size);

// One side of a rectangle: zero pitches become their defaults
// (row = region[0], slice = region[1] * row); CL_INVALID_VALUE when a
// pitch is too small or the slice pitch is not a multiple of the row pitch.
cl_int resolvePitches(const std::array<std::size_t, 3> &region, std::size_t &row_pitch,
                      std::size_t &slice_pitch);
// The rectangle's first byte, relative to the base.
std::size_t rectStart(const std::array<std::size_t, 3> &origin, std::size_t row_pitch,
                      std::size_t slice_pitch);
// The byte just past the rectangle's last byte, relative to the base.
std::size_t rectEnd(const std::array<std::size_t, 3> &origin,
                    const std::array<std::size_t, 3> &region, std::size_t row_pitch,
                    std::size_t slice_pitch);
// clEnqueueCopyBufferRect within one buffer: do the two rectangles overlap?
bool rectsOverlap(const std::array<std::size_t, 3> &source_origin,
                  const std::array<std::size_t, 3> &destination_origin,
                  const std::array<std::size_t, 3> &region, std::size_t row_pitch,
                  std::size_t slice_pitch);
// Ranges [a, a + size) and [b, b + size) overlap.
bool rangesOverlap(std::size_t a, std::size_t a_size, std::size_t b, std::size_t b_size);

// Context properties: CL_CONTEXT_PLATFORM (must be clcuda's),
// CL_CONTEXT_INTEROP_USER_SYNC; anything else is CL_INVALID_PROPERTY.
// `copy` gets the list with its terminating 0 (empty for NULL).
cl_int parseContextProperties(const cl_context_properties *properties,
                              std::vector<cl_context_properties> &copy);

// clCreateCommandQueueWithProperties: the properties and their bits.
cl_int parseQueueProperties(const cl_queue_properties *properties,
                            cl_command_queue_properties &bits,
                            std::vector<cl_queue_properties> &copy);
// The bits of a host queue: CL_INVALID_VALUE for unknown bits,
// CL_INVALID_QUEUE_PROPERTIES for device queues.
cl_int checkQueueBits(cl_command_queue_properties bits);

// clSetKernelArg for an argument of `kind` whose value, as launched, has
// `size` bytes: CL_INVALID_ARG_SIZE, CL_INVALID_ARG_VALUE, CL_INVALID_SAMPLER
// (a NULL sampler). The handle of a buffer or image argument, and a
// sampler's, are the caller's to check.
cl_int checkKernelArg(cl2cuda::ArgKind kind, std::size_t size, std::size_t arg_size,
                      const void *arg_value);

using clcuda::WorkSizeLimits;

// The work sizes of clEnqueueNDRangeKernel (global_work_size, offsets and
// local sizes; `global_work_offset` and `local_work_size` may be NULL):
// CL_INVALID_WORK_DIMENSION, CL_INVALID_GLOBAL_WORK_SIZE,
// CL_INVALID_GLOBAL_OFFSET, CL_INVALID_WORK_GROUP_SIZE,
// CL_INVALID_WORK_ITEM_SIZE. A NULL local size stands for the required
// work-group size where the kernel has one. A NULL global_work_size and
// zero global sizes are valid: an empty NDRange (OpenCL 2.1 and later; every
// clcuda device is 3.0).
cl_int checkWorkSizes(cl_uint work_dim, const std::size_t *global_work_offset,
                      const std::size_t *global_work_size, const std::size_t *local_work_size,
                      const WorkSizeLimits &limits);

} // namespace clcuda::api
