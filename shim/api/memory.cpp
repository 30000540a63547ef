// Buffer object entry points.
#include "common.h"
#include "info_tables.h"
#include "validation.h"

#include "core/memory.h"

namespace clcuda::api {

const InfoTable<core::Memory> &memoryInfoTable() {
  static const InfoTable<core::Memory> table = {
#define CLCUDA_INFO(param, type, expression)                                                       \
  CLCUDA_INFO_ENTRY(core::Memory, memory, param, type, expression)
#include "info/memory_info.def"
#undef CLCUDA_INFO
  };
  return table;
}

namespace {

// A buffer on SVM memory may not reach past its SVM allocation.
bool overrunsSvmAllocation(core::Context &context, cl_mem_flags flags, std::size_t size,
                           const void *host_ptr) {
  return (flags & CL_MEM_USE_HOST_PTR) && context.svm().contains(host_ptr, 0) &&
         !context.svm().contains(host_ptr, size);
}

cl_mem createBuffer(cl_context context, std::vector<cl_mem_properties> properties,
                    cl_mem_flags flags, size_t size, void *host_ptr, cl_int &error) {
  core::Context *object = fromHandle<core::Context>(context);
  if (!object)
    return failWith<cl_mem>(error, CL_INVALID_CONTEXT, "context is not a valid cl_context");
  if ((error = checkBufferFlags(flags, host_ptr)) != CL_SUCCESS)
    return nullptr;
  if (size == 0)
    return failWith<cl_mem>(error, CL_INVALID_BUFFER_SIZE, "size is 0");
  if (size > maxAllocation(*object))
    return failWith<cl_mem>(error, CL_INVALID_BUFFER_SIZE,
                            "size " + std::to_string(size) +
                                " is above CL_DEVICE_MAX_MEM_ALLOC_SIZE, " +
                                std::to_string(maxAllocation(*object)));
  if (overrunsSvmAllocation(*object, flags, size, host_ptr))
    return failWith<cl_mem>(error, CL_INVALID_BUFFER_SIZE,
                            "host_ptr + size reaches past host_ptr's SVM allocation");
  core::Memory *memory = nullptr;
  error = coreResult(
      core::Memory::createBuffer(*object, flags, size, host_ptr, std::move(properties), memory),
      "allocating the buffer");
  return error == CL_SUCCESS ? toHandle(memory) : nullptr;
}

} // namespace

} // namespace clcuda::api

using namespace clcuda;
using namespace clcuda::api;

CLCUDA_API cl_mem CL_API_CALL clCreateBuffer(cl_context context, cl_mem_flags flags, size_t size,
                                             void *host_ptr, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) {
    return createBuffer(context, {}, flags, size, host_ptr, error);
  });
}

CLCUDA_API cl_mem CL_API_CALL clCreateBufferWithProperties(cl_context context,
                                                           const cl_mem_properties *properties,
                                                           cl_mem_flags flags, size_t size,
                                                           void *host_ptr, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> cl_mem {
    if (!fromHandle<core::Context>(context))
      return failWith<cl_mem>(error, CL_INVALID_CONTEXT, "context is not a valid cl_context");
    std::vector<cl_mem_properties> copy;
    if ((error = copyMemoryProperties(properties, copy)) != CL_SUCCESS)
      return nullptr;
    return createBuffer(context, std::move(copy), flags, size, host_ptr, error);
  });
}

CLCUDA_API cl_mem CL_API_CALL clCreateSubBuffer(cl_mem buffer, cl_mem_flags flags,
                                                cl_buffer_create_type buffer_create_type,
                                                const void *buffer_create_info,
                                                cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> cl_mem {
    core::Memory *parent = fromHandle<core::Memory>(buffer);
    if (!parent)
      return failWith<cl_mem>(error, CL_INVALID_MEM_OBJECT, "buffer is not a valid cl_mem");
    if (parent->parent())
      return failWith<cl_mem>(error, CL_INVALID_MEM_OBJECT, "buffer is a sub-buffer");
    if (parent->image())
      return failWith<cl_mem>(error, CL_INVALID_MEM_OBJECT, "buffer is an image");
    cl_mem_flags effective = 0;
    if ((error = subBufferFlags(parent->flags(), flags, effective)) != CL_SUCCESS)
      return nullptr;
    if (buffer_create_type != CL_BUFFER_CREATE_TYPE_REGION)
      return failWith<cl_mem>(error, CL_INVALID_VALUE,
                              "buffer_create_type is not CL_BUFFER_CREATE_TYPE_REGION");
    if (!buffer_create_info)
      return failWith<cl_mem>(error, CL_INVALID_VALUE, "buffer_create_info is NULL");
    const auto *region = static_cast<const cl_buffer_region *>(buffer_create_info);
    if (region->size == 0)
      return failWith<cl_mem>(error, CL_INVALID_BUFFER_SIZE, "the region's size is 0");
    if (!inBounds(region->origin, region->size, parent->size()))
      return failWith<cl_mem>(error, CL_INVALID_VALUE,
                              "the region (origin " + std::to_string(region->origin) + ", size " +
                                  std::to_string(region->size) + ") is beyond the buffer's " +
                                  std::to_string(parent->size()) + " bytes");
    if (region->origin % core::kBaseAddressAlignment)
      return failWith<cl_mem>(error, CL_MISALIGNED_SUB_BUFFER_OFFSET,
                              "the region's origin " + std::to_string(region->origin) +
                                  " is not a multiple of CL_DEVICE_MEM_BASE_ADDR_ALIGN, " +
                                  std::to_string(core::kBaseAddressAlignment) + " bytes");
    core::Memory *memory = nullptr;
    error = coreResult(
        core::Memory::createSubBuffer(*parent, effective, region->origin, region->size, memory),
        "creating the sub-buffer");
    return error == CL_SUCCESS ? toHandle(memory) : nullptr;
  });
}

CLCUDA_API cl_int CL_API_CALL clRetainMemObject(cl_mem memobj) {
  return guarded(__func__, [&] {
    return changeReferences<core::Memory>(memobj, CL_INVALID_MEM_OBJECT, "memobj",
                                          &core::Memory::retain);
  });
}

CLCUDA_API cl_int CL_API_CALL clReleaseMemObject(cl_mem memobj) {
  // The storage outlives the handle until the GPU work that may use it is
  // done (core::Memory::destroy).
  return guarded(__func__, [&] {
    return changeReferences<core::Memory>(memobj, CL_INVALID_MEM_OBJECT, "memobj",
                                          &core::Memory::release);
  });
}

CLCUDA_API cl_int CL_API_CALL clGetMemObjectInfo(cl_mem memobj, cl_mem_info param_name,
                                                 size_t param_value_size, void *param_value,
                                                 size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    return answerInfoFor<core::Memory>(memobj, CL_INVALID_MEM_OBJECT, "memobj", memoryInfoTable(),
                                       param_name, param_value_size, param_value,
                                       param_value_size_ret);
  });
}

CLCUDA_API cl_int CL_API_CALL clSetMemObjectDestructorCallback(
    cl_mem memobj, void(CL_CALLBACK *pfn_notify)(cl_mem, void *), void *user_data) {
  return guarded(__func__, [&] {
    core::Memory *memory = fromHandle<core::Memory>(memobj);
    if (!memory)
      return invalidHandle(CL_INVALID_MEM_OBJECT, "memobj");
    if (!pfn_notify)
      return refuse(CL_INVALID_VALUE, "pfn_notify is NULL");
    memory->addDestructorCallback(pfn_notify, user_data);
    return CL_SUCCESS;
  });
}
