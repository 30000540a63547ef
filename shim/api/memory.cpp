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
  if (!object) {
    error = CL_INVALID_CONTEXT;
    return nullptr;
  }
  if ((error = checkBufferFlags(flags, host_ptr)) != CL_SUCCESS)
    return nullptr;
  if (size == 0 || size > maxAllocation(*object) ||
      overrunsSvmAllocation(*object, flags, size, host_ptr)) {
    error = CL_INVALID_BUFFER_SIZE;
    return nullptr;
  }
  core::Memory *memory = nullptr;
  error = core::Memory::createBuffer(*object, flags, size, host_ptr, std::move(properties), memory);
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
    if (!fromHandle<core::Context>(context)) {
      error = CL_INVALID_CONTEXT;
      return nullptr;
    }
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
    if (!parent || parent->parent() || parent->image()) {
      error = CL_INVALID_MEM_OBJECT;
      return nullptr;
    }
    cl_mem_flags effective = 0;
    if ((error = subBufferFlags(parent->flags(), flags, effective)) != CL_SUCCESS)
      return nullptr;
    if (buffer_create_type != CL_BUFFER_CREATE_TYPE_REGION || !buffer_create_info) {
      error = CL_INVALID_VALUE;
      return nullptr;
    }
    const auto *region = static_cast<const cl_buffer_region *>(buffer_create_info);
    if (region->size == 0)
      error = CL_INVALID_BUFFER_SIZE;
    else if (!inBounds(region->origin, region->size, parent->size()))
      error = CL_INVALID_VALUE;
    else if (region->origin % core::kBaseAddressAlignment)
      error = CL_MISALIGNED_SUB_BUFFER_OFFSET;
    if (error != CL_SUCCESS)
      return nullptr;
    core::Memory *memory = nullptr;
    error = core::Memory::createSubBuffer(*parent, effective, region->origin, region->size, memory);
    return error == CL_SUCCESS ? toHandle(memory) : nullptr;
  });
}

CLCUDA_API cl_int CL_API_CALL clRetainMemObject(cl_mem memobj) {
  return guarded(__func__, [&] {
    return changeReferences<core::Memory>(memobj, CL_INVALID_MEM_OBJECT, &core::Memory::retain);
  });
}

CLCUDA_API cl_int CL_API_CALL clReleaseMemObject(cl_mem memobj) {
  // The storage outlives the handle until the GPU work that may use it is
  // done (core::Memory::destroy).
  return guarded(__func__, [&] {
    return changeReferences<core::Memory>(memobj, CL_INVALID_MEM_OBJECT, &core::Memory::release);
  });
}

CLCUDA_API cl_int CL_API_CALL clGetMemObjectInfo(cl_mem memobj, cl_mem_info param_name,
                                                 size_t param_value_size, void *param_value,
                                                 size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    return answerInfoFor<core::Memory>(memobj, CL_INVALID_MEM_OBJECT, memoryInfoTable(), param_name,
                                       param_value_size, param_value, param_value_size_ret);
  });
}

CLCUDA_API cl_int CL_API_CALL clSetMemObjectDestructorCallback(
    cl_mem memobj, void(CL_CALLBACK *pfn_notify)(cl_mem, void *), void *user_data) {
  return guarded(__func__, [&] {
    core::Memory *memory = fromHandle<core::Memory>(memobj);
    if (!memory)
      return CL_INVALID_MEM_OBJECT;
    if (!pfn_notify)
      return CL_INVALID_VALUE;
    memory->addDestructorCallback(pfn_notify, user_data);
    return CL_SUCCESS;
  });
}
