#include "validation.h"

#include "core/capabilities.h"
#include "core/device.h"
#include "core/svm_heap.h"
#include "entry.h"

#include <algorithm>

namespace clcuda::api {

namespace {

constexpr cl_mem_flags kAccessFlags = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
constexpr cl_mem_flags kHostAccessFlags =
    CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
constexpr cl_mem_flags kHostPtrFlags =
    CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;
constexpr cl_mem_flags kBufferFlags = kAccessFlags | kHostAccessFlags | kHostPtrFlags;

bool moreThanOne(cl_bitfield bits) { return (bits & (bits - 1)) != 0; }

// At most one device access flag and one host access flag.
cl_int checkAccessBits(cl_mem_flags flags) {
  if (moreThanOne(flags & kAccessFlags))
    return refuse(CL_INVALID_VALUE, "flags has more than one of CL_MEM_READ_WRITE, "
                                    "CL_MEM_WRITE_ONLY and CL_MEM_READ_ONLY");
  if (moreThanOne(flags & kHostAccessFlags))
    return refuse(CL_INVALID_VALUE, "flags has more than one of CL_MEM_HOST_WRITE_ONLY, "
                                    "CL_MEM_HOST_READ_ONLY and CL_MEM_HOST_NO_ACCESS");
  return CL_SUCCESS;
}

} // namespace

cl_int checkBufferFlags(cl_mem_flags flags, const void *host_ptr) {
  if (flags & ~kBufferFlags)
    return refuse(CL_INVALID_VALUE, "flags has unknown bits " + hexText(flags & ~kBufferFlags));
  if (cl_int error = checkAccessBits(flags))
    return error;
  if ((flags & CL_MEM_USE_HOST_PTR) && (flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
    return refuse(CL_INVALID_VALUE, "flags has CL_MEM_USE_HOST_PTR with CL_MEM_ALLOC_HOST_PTR "
                                    "or CL_MEM_COPY_HOST_PTR");
  const bool needs_host_ptr = flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR);
  if (needs_host_ptr != (host_ptr != nullptr))
    return refuse(CL_INVALID_HOST_PTR,
                  needs_host_ptr
                      ? "host_ptr is NULL with CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR"
                      : "host_ptr is not NULL without CL_MEM_USE_HOST_PTR or "
                        "CL_MEM_COPY_HOST_PTR");
  return CL_SUCCESS;
}

bool validSvmAllocation(cl_svm_mem_flags flags, cl_uint alignment,
                        cl_device_svm_capabilities capabilities) {
  constexpr cl_svm_mem_flags kSvmFlags =
      kAccessFlags | CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS;
  // A refusal records its reason (for clSVMAlloc's CL_INVALID_VALUE).
  auto no = [](std::string why) {
    refuse(CL_INVALID_VALUE, std::move(why));
    return false;
  };
  if (!capabilities)
    return no("no device of the context supports SVM");
  if (flags & ~kSvmFlags)
    return no("flags has unknown bits " + hexText(flags & ~kSvmFlags));
  if (moreThanOne(flags & kAccessFlags))
    return no("flags has more than one of CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY and "
              "CL_MEM_READ_ONLY");
  if ((flags & CL_MEM_SVM_FINE_GRAIN_BUFFER) && !(capabilities & CL_DEVICE_SVM_FINE_GRAIN_BUFFER))
    return no("flags has CL_MEM_SVM_FINE_GRAIN_BUFFER, which the devices do not support");
  // Atomics are a property of fine-grained buffers only.
  if ((flags & CL_MEM_SVM_ATOMICS) && !(flags & CL_MEM_SVM_FINE_GRAIN_BUFFER))
    return no("flags has CL_MEM_SVM_ATOMICS without CL_MEM_SVM_FINE_GRAIN_BUFFER");
  if ((flags & CL_MEM_SVM_ATOMICS) && !(capabilities & CL_DEVICE_SVM_ATOMICS))
    return no("flags has CL_MEM_SVM_ATOMICS, which the devices do not support");
  if (moreThanOne(alignment) || alignment > core::kSvmMaxAlignment)
    return no("alignment is " + std::to_string(alignment) + "; a power of two up to " +
              std::to_string(core::kSvmMaxAlignment) + " is valid");
  return true;
}

cl_int subBufferFlags(cl_mem_flags parent, cl_mem_flags requested, cl_mem_flags &effective) {
  if (requested & ~(kAccessFlags | kHostAccessFlags))
    return refuse(CL_INVALID_VALUE, "flags has bits " +
                                        hexText(requested & ~(kAccessFlags | kHostAccessFlags)) +
                                        " that a sub-buffer or an image on a buffer cannot have");
  if (cl_int error = checkAccessBits(requested))
    return error;
  // A sub-buffer may not give the device or the host more access than its
  // parent has.
  if ((parent & CL_MEM_WRITE_ONLY) && (requested & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY)))
    return refuse(CL_INVALID_VALUE, "flags lets the device read a CL_MEM_WRITE_ONLY buffer");
  if ((parent & CL_MEM_READ_ONLY) && (requested & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY)))
    return refuse(CL_INVALID_VALUE, "flags lets the device write a CL_MEM_READ_ONLY buffer");
  if ((parent & CL_MEM_HOST_WRITE_ONLY) && (requested & CL_MEM_HOST_READ_ONLY))
    return refuse(CL_INVALID_VALUE,
                  "flags has CL_MEM_HOST_READ_ONLY for a CL_MEM_HOST_WRITE_ONLY buffer");
  if ((parent & CL_MEM_HOST_READ_ONLY) && (requested & CL_MEM_HOST_WRITE_ONLY))
    return refuse(CL_INVALID_VALUE,
                  "flags has CL_MEM_HOST_WRITE_ONLY for a CL_MEM_HOST_READ_ONLY buffer");
  if ((parent & CL_MEM_HOST_NO_ACCESS) &&
      (requested & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY)))
    return refuse(CL_INVALID_VALUE,
                  "flags gives the host access to a CL_MEM_HOST_NO_ACCESS buffer");
  effective = requested;
  if (!(requested & kAccessFlags))
    effective |= parent & kAccessFlags;
  if (!(requested & kHostAccessFlags))
    effective |= parent & kHostAccessFlags;
  effective |= parent & kHostPtrFlags;
  return CL_SUCCESS;
}

bool inBounds(std::size_t offset, std::size_t size, std::size_t limit) {
  return offset <= limit && size <= limit - offset;
}

bool hostAccessAllowed(cl_mem_flags flags, HostAccess access) {
  if (flags & CL_MEM_HOST_NO_ACCESS)
    return false;
  return access == HostAccess::read ? !(flags & CL_MEM_HOST_WRITE_ONLY)
                                    : !(flags & CL_MEM_HOST_READ_ONLY);
}

cl_int checkMapFlags(cl_map_flags map_flags, cl_mem_flags buffer_flags) {
  constexpr cl_map_flags kKnown = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
  if (map_flags & ~kKnown)
    return refuse(CL_INVALID_VALUE, "map_flags has unknown bits " + hexText(map_flags & ~kKnown));
  if ((map_flags & CL_MAP_WRITE_INVALIDATE_REGION) && (map_flags & (CL_MAP_READ | CL_MAP_WRITE)))
    return refuse(CL_INVALID_VALUE,
                  "map_flags has CL_MAP_WRITE_INVALIDATE_REGION with CL_MAP_READ or CL_MAP_WRITE");
  if ((map_flags & CL_MAP_READ) && !hostAccessAllowed(buffer_flags, HostAccess::read))
    return refuse(CL_INVALID_OPERATION,
                  "map_flags has CL_MAP_READ but the memory object's flags deny the host reads");
  if ((map_flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) &&
      !hostAccessAllowed(buffer_flags, HostAccess::write))
    return refuse(CL_INVALID_OPERATION,
                  "map_flags maps for writing but the memory object's flags deny the host writes");
  return CL_SUCCESS;
}

cl_int checkFill(const void *pattern, std::size_t pattern_size, std::size_t offset,
                 std::size_t size, std::size_t buffer_size) {
  const bool power_of_two = pattern_size && !moreThanOne(pattern_size);
  if (!pattern)
    return refuse(CL_INVALID_VALUE, "pattern is NULL");
  if (!power_of_two || pattern_size > 128)
    return refuse(CL_INVALID_VALUE, "pattern_size is " + std::to_string(pattern_size) +
                                        "; 1, 2, 4, ... 128 are valid");
  if (offset % pattern_size)
    return refuse(CL_INVALID_VALUE, "offset " + std::to_string(offset) +
                                        " is not a multiple of pattern_size " +
                                        std::to_string(pattern_size));
  if (size % pattern_size)
    return refuse(CL_INVALID_VALUE, "size " + std::to_string(size) +
                                        " is not a multiple of pattern_size " +
                                        std::to_string(pattern_size));
  if (!inBounds(offset, size, buffer_size))
    return refuse(CL_INVALID_VALUE, "offset " + std::to_string(offset) + " + size " +
                                        std::to_string(size) + " is beyond the memory's " +
                                        std::to_string(buffer_size) + " bytes");
  return CL_SUCCESS;
}

cl_int resolvePitches(const std::array<std::size_t, 3> &region, std::size_t &row_pitch,
                      std::size_t &slice_pitch) {
  if (region[0] == 0 || region[1] == 0 || region[2] == 0)
    return refuse(CL_INVALID_VALUE, "region has a 0");
  if (row_pitch == 0)
    row_pitch = region[0];
  if (row_pitch < region[0])
    return refuse(CL_INVALID_VALUE, "a row pitch of " + std::to_string(row_pitch) +
                                        " is below region[0] = " + std::to_string(region[0]));
  if (slice_pitch == 0)
    slice_pitch = region[1] * row_pitch;
  if (slice_pitch < region[1] * row_pitch)
    return refuse(CL_INVALID_VALUE, "a slice pitch of " + std::to_string(slice_pitch) +
                                        " is below region[1] times the row pitch, " +
                                        std::to_string(region[1] * row_pitch));
  if (slice_pitch % row_pitch)
    return refuse(CL_INVALID_VALUE, "a slice pitch of " + std::to_string(slice_pitch) +
                                        " is not a multiple of the row pitch " +
                                        std::to_string(row_pitch));
  return CL_SUCCESS;
}

std::size_t rectStart(const std::array<std::size_t, 3> &origin, std::size_t row_pitch,
                      std::size_t slice_pitch) {
  return origin[2] * slice_pitch + origin[1] * row_pitch + origin[0];
}

std::size_t rectEnd(const std::array<std::size_t, 3> &origin,
                    const std::array<std::size_t, 3> &region, std::size_t row_pitch,
                    std::size_t slice_pitch) {
  return (origin[2] + region[2] - 1) * slice_pitch + (origin[1] + region[1] - 1) * row_pitch +
         origin[0] + region[0];
}

bool rangesOverlap(std::size_t a, std::size_t a_size, std::size_t b, std::size_t b_size) {
  return a < b + b_size && b < a + a_size;
}

namespace {

// Two windows of `width` bytes at positions a and b within a repeating
// period (a row pitch, a slice pitch) never meet: one fits in the gap the
// other leaves before its next repetition.
bool disjointInPeriod(std::size_t a, std::size_t b, std::size_t width, std::size_t period) {
  return (b >= a + width && b + width <= a + period) || (a >= b + width && a + width <= b + period);
}

} // namespace

bool rectsOverlap(const std::array<std::size_t, 3> &source_origin,
                  const std::array<std::size_t, 3> &destination_origin,
                  const std::array<std::size_t, 3> &region, std::size_t row_pitch,
                  std::size_t slice_pitch) {
  // The test the OpenCL specification gives for this case: the byte spans
  // must meet, and neither the rows nor the slices may interleave.
  const std::size_t slice_extent = (region[1] - 1) * row_pitch + region[0];
  const std::size_t extent = (region[2] - 1) * slice_pitch + slice_extent;
  const std::size_t source = rectStart(source_origin, row_pitch, slice_pitch);
  const std::size_t destination = rectStart(destination_origin, row_pitch, slice_pitch);
  if (!rangesOverlap(source, extent, destination, extent))
    return false;
  if (disjointInPeriod(source % row_pitch, destination % row_pitch, region[0], row_pitch))
    return false;
  if (disjointInPeriod(source % slice_pitch, destination % slice_pitch, slice_extent, slice_pitch))
    return false;
  return true;
}

cl_int parseContextProperties(const cl_context_properties *properties,
                              std::vector<cl_context_properties> &copy) {
  copy.clear();
  if (!properties)
    return CL_SUCCESS;
  bool seen_platform = false, seen_user_sync = false;
  for (const cl_context_properties *property = properties; *property; property += 2) {
    switch (property[0]) {
    case CL_CONTEXT_PLATFORM:
      if (seen_platform)
        return refuse(CL_INVALID_PROPERTY, "properties has CL_CONTEXT_PLATFORM twice");
      seen_platform = true;
      if (!core::fromHandle<core::Platform>(reinterpret_cast<cl_platform_id>(property[1])))
        return refuse(CL_INVALID_PLATFORM,
                      "the CL_CONTEXT_PLATFORM property is not clcuda's cl_platform_id");
      break;
    case CL_CONTEXT_INTEROP_USER_SYNC:
      if (seen_user_sync)
        return refuse(CL_INVALID_PROPERTY, "properties has CL_CONTEXT_INTEROP_USER_SYNC twice");
      if (property[1] != CL_TRUE && property[1] != CL_FALSE)
        return refuse(CL_INVALID_PROPERTY,
                      "CL_CONTEXT_INTEROP_USER_SYNC is neither CL_TRUE nor CL_FALSE");
      seen_user_sync = true;
      break;
    default:
      return refuse(CL_INVALID_PROPERTY, "properties names " + hexText(cl_ulong(property[0])) +
                                             ", not a supported context property");
    }
    copy.push_back(property[0]);
    copy.push_back(property[1]);
  }
  copy.push_back(0);
  return CL_SUCCESS;
}

cl_int checkQueueBits(cl_command_queue_properties bits) {
  constexpr cl_command_queue_properties kHost =
      CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
  constexpr cl_command_queue_properties kDevice = CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT;
  if (bits & ~(kHost | kDevice))
    return refuse(CL_INVALID_VALUE,
                  "the queue properties have unknown bits " + hexText(bits & ~(kHost | kDevice)));
  if (bits & kDevice) {
    // Valid combinations still name a device queue, which clcuda lacks.
    const bool valid =
        (bits & CL_QUEUE_ON_DEVICE) && (bits & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
    return valid ? refuse(CL_INVALID_QUEUE_PROPERTIES, "no device supports on-device queues")
                 : refuse(CL_INVALID_VALUE, "CL_QUEUE_ON_DEVICE needs "
                                            "CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, and "
                                            "CL_QUEUE_ON_DEVICE_DEFAULT needs CL_QUEUE_ON_DEVICE");
  }
  return CL_SUCCESS;
}

cl_int parseQueueProperties(const cl_queue_properties *properties,
                            cl_command_queue_properties &bits,
                            std::vector<cl_queue_properties> &copy) {
  bits = 0;
  copy.clear();
  if (!properties)
    return CL_SUCCESS;
  bool seen_properties = false, seen_size = false;
  for (const cl_queue_properties *property = properties; *property; property += 2) {
    switch (property[0]) {
    case CL_QUEUE_PROPERTIES:
      if (seen_properties)
        return refuse(CL_INVALID_VALUE, "properties has CL_QUEUE_PROPERTIES twice");
      seen_properties = true;
      bits = property[1];
      break;
    case CL_QUEUE_SIZE:
      if (seen_size)
        return refuse(CL_INVALID_VALUE, "properties has CL_QUEUE_SIZE twice");
      seen_size = true;
      break;
    default:
      return refuse(CL_INVALID_VALUE, "properties names " + hexText(property[0]) +
                                          ", not a supported queue property");
    }
    copy.push_back(property[0]);
    copy.push_back(property[1]);
  }
  copy.push_back(0);
  cl_int error = checkQueueBits(bits);
  if (error != CL_SUCCESS)
    return error;
  // CL_QUEUE_SIZE belongs to device queues only.
  return seen_size ? refuse(CL_INVALID_VALUE, "CL_QUEUE_SIZE is for device queues only")
                   : CL_SUCCESS;
}

cl_int checkKernelArg(cl2cuda::ArgKind kind, std::size_t size, std::size_t arg_size,
                      const void *arg_value) {
  // Built only for a refusal: clSetKernelArg is called for every argument of every launch.
  auto given = [arg_size] { return "arg_size is " + std::to_string(arg_size); };
  switch (kind) {
  case cl2cuda::ArgKind::LocalPointer:
    if (arg_value)
      return refuse(CL_INVALID_ARG_VALUE, "a __local pointer takes a NULL arg_value");
    // OpenCL 3.1 allows a size of 0 (the pointer is then not to be used).
    return arg_size == 0 && core::openclVersion() < CL_MAKE_VERSION(3, 1, 0)
               ? refuse(CL_INVALID_ARG_SIZE, "a __local pointer needs a size above 0 at "
                                             "OpenCL 3.0 (CLCUDA_OPENCL_3_1=0)")
               : CL_SUCCESS;
  case cl2cuda::ArgKind::Buffer:
  case cl2cuda::ArgKind::ConstantBuffer:
    // A NULL value, or a NULL cl_mem, is a NULL pointer in the kernel.
    return arg_size == sizeof(cl_mem)
               ? CL_SUCCESS
               : refuse(CL_INVALID_ARG_SIZE, given() + "; a buffer takes sizeof(cl_mem), 8");
  case cl2cuda::ArgKind::ByValue:
    if (arg_size != size)
      return refuse(CL_INVALID_ARG_SIZE,
                    given() + "; the kernel's parameter has " + std::to_string(size) + " bytes");
    return arg_value ? CL_SUCCESS
                     : refuse(CL_INVALID_ARG_VALUE, "arg_value is NULL for a by-value argument");
  case cl2cuda::ArgKind::Image: // the handle is the caller's to check
    return arg_size == sizeof(cl_mem)
               ? CL_SUCCESS
               : refuse(CL_INVALID_ARG_SIZE, given() + "; an image takes sizeof(cl_mem), 8");
  case cl2cuda::ArgKind::Sampler:
    if (arg_size != sizeof(cl_sampler))
      return refuse(CL_INVALID_ARG_SIZE, given() + "; a sampler takes sizeof(cl_sampler), 8");
    return arg_value ? CL_SUCCESS : refuse(CL_INVALID_SAMPLER, "arg_value is NULL for a sampler");
  }
  return refuse(CL_INVALID_ARG_VALUE, "the argument is of an unknown kind");
}

cl_int checkWorkSizes(cl_uint work_dim, const std::size_t *global_work_offset,
                      const std::size_t *global_work_size, const std::size_t *local_work_size,
                      const WorkSizeLimits &limits) {
  if (work_dim < 1 || work_dim > 3)
    return refuse(CL_INVALID_WORK_DIMENSION,
                  "work_dim is " + std::to_string(work_dim) + "; 1, 2 or 3 are valid");
  const bool required = limits.required[0] != 0;
  const char *uniform = " (work-groups must be uniform: OpenCL C 1.x, or "
                        "-cl-uniform-work-group-size)";
  auto at = [](const char *name, cl_uint d, std::size_t value) {
    return std::string(name) + "[" + std::to_string(d) + "] = " + std::to_string(value);
  };
  std::size_t work_items = 1;
  for (cl_uint d = 0; d < work_dim; ++d) {
    // A NULL global_work_size is an empty range, as a zero size is.
    const std::size_t global = global_work_size ? global_work_size[d] : 0;
    const std::size_t offset = global_work_offset ? global_work_offset[d] : 0;
    if (global > SIZE_MAX - offset)
      return refuse(CL_INVALID_GLOBAL_OFFSET, at("global_work_offset", d, offset) + " plus " +
                                                  at("global_work_size", d, global) +
                                                  " overflows size_t");
    if (!local_work_size) {
      // The required size stands in; with uniform groups it must divide.
      if (required && limits.uniform && global % limits.required[d])
        return refuse(CL_INVALID_WORK_GROUP_SIZE,
                      "reqd_work_group_size " + std::to_string(limits.required[d]) +
                          " does not divide " + at("global_work_size", d, global) + uniform);
      continue;
    }
    const std::size_t local = local_work_size[d];
    if (local == 0)
      return refuse(CL_INVALID_WORK_GROUP_SIZE, at("local_work_size", d, 0));
    if (local > limits.max_work_item_sizes[d])
      return refuse(CL_INVALID_WORK_ITEM_SIZE,
                    at("local_work_size", d, local) + " is above the device's " +
                        at("CL_DEVICE_MAX_WORK_ITEM_SIZES", d, limits.max_work_item_sizes[d]));
    if (required && local != limits.required[d])
      return refuse(CL_INVALID_WORK_GROUP_SIZE, at("local_work_size", d, local) +
                                                    " is not the kernel's reqd_work_group_size " +
                                                    std::to_string(limits.required[d]));
    if (limits.uniform && global % local)
      return refuse(CL_INVALID_WORK_GROUP_SIZE, at("local_work_size", d, local) +
                                                    " does not divide " +
                                                    at("global_work_size", d, global) + uniform);
    work_items *= local;
  }
  // Dimensions beyond work_dim have size 1: a required size must be 1 there.
  for (cl_uint d = work_dim; required && d < 3; ++d)
    if (limits.required[d] != 1)
      return refuse(CL_INVALID_WORK_GROUP_SIZE,
                    "the kernel's reqd_work_group_size has " + std::to_string(limits.required[d]) +
                        " in dimension " + std::to_string(d) + ", beyond work_dim " +
                        std::to_string(work_dim));
  if (local_work_size && work_items > limits.max_work_group_size)
    return refuse(CL_INVALID_WORK_GROUP_SIZE,
                  "the work-group has " + std::to_string(work_items) +
                      " work-items; the kernel's CL_KERNEL_WORK_GROUP_SIZE is " +
                      std::to_string(limits.max_work_group_size));
  return CL_SUCCESS;
}

} // namespace clcuda::api
