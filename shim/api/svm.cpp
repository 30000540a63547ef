// Shared virtual memory entry points: clSVMAlloc, clSVMFree and the SVM
// commands (docs/shim.md, "Shared virtual memory"). No device claims
// fine-grained system SVM, so every pointer an SVM command works on in
// place must lie in an SVM allocation of the queue's context: one that does
// not is CL_INVALID_VALUE, never a fault.
#include "commands.h"

#include "core/buffer_commands.h"
#include "core/svm.h"

namespace clcuda::api {
namespace {

// The checks every SVM command starts with.
cl_int checkSvmCommand(cl_command_queue command_queue, cl_uint num_events, const cl_event *events,
                       core::Queue *&queue) {
  queue = fromHandle<core::Queue>(command_queue);
  if (!queue)
    return invalidHandle(CL_INVALID_COMMAND_QUEUE, "command_queue");
  if (!core::svmCapabilities(queue->device().properties()))
    return refuse(CL_INVALID_OPERATION, "command_queue's device does not support SVM");
  return checkWaitList(queue->context(), num_events, events);
}

// [pointer, pointer + size) lies in one SVM allocation of the queue's context.
bool inSvmAllocation(const core::Queue &queue, const void *pointer, std::size_t size) {
  return queue.context().svm().contains(pointer, size);
}

// A copy's side may be any host memory, but one that starts in an SVM
// allocation must end in it.
bool fitsIfSvm(const core::Queue &queue, const void *pointer, std::size_t size) {
  return !inSvmAllocation(queue, pointer, 0) || inSvmAllocation(queue, pointer, size);
}

// The checks every SVM command starts with, then `body` with the queue.
template <class Body>
cl_int onSvmQueue(cl_command_queue command_queue, cl_uint num_events, const cl_event *events,
                  Body &&body) {
  core::Queue *queue;
  cl_int error = checkSvmCommand(command_queue, num_events, events, queue);
  return error != CL_SUCCESS ? error : body(*queue);
}

// Runs an SVM command's entry point: onSvmQueue in the entry point's guard.
template <class Body>
cl_int svmCommand(const char *function, cl_command_queue command_queue, cl_uint num_events,
                  const cl_event *events, Body &&body) {
  return guarded(function, [&] { return onSvmQueue(command_queue, num_events, events, body); });
}

} // namespace

cl_int svmMemcpy(cl_command_queue command_queue, cl_bool blocking_copy, void *dst_ptr,
                 const void *src_ptr, size_t size, cl_uint num_events_in_wait_list,
                 const cl_event *event_wait_list, cl_event *event,
                 const core::Recording *recording) {
  return onSvmQueue(
      command_queue, num_events_in_wait_list, event_wait_list, [&](core::Queue &queue) {
        if (!dst_ptr || !src_ptr)
          return refuse(CL_INVALID_VALUE, dst_ptr ? "src_ptr is NULL" : "dst_ptr is NULL");
        if (!fitsIfSvm(queue, dst_ptr, size))
          return refuse(CL_INVALID_VALUE, "dst_ptr + size reaches past its SVM allocation");
        if (!fitsIfSvm(queue, src_ptr, size))
          return refuse(CL_INVALID_VALUE, "src_ptr + size reaches past its SVM allocation");
        if (rangesOverlap(std::uintptr_t(dst_ptr), size, std::uintptr_t(src_ptr), size))
          return refuse(CL_MEM_COPY_OVERLAP, "the source and destination ranges overlap");
        EventOut out(event);
        return coreResult(
            core::enqueueSvmMemcpy(queue, dst_ptr, src_ptr, size,
                                   command(CL_COMMAND_SVM_MEMCPY, num_events_in_wait_list,
                                           event_wait_list, blocking_copy, recording),
                                   out.get()),
            "the copy");
      });
}

cl_int svmMemFill(cl_command_queue command_queue, void *svm_ptr, const void *pattern,
                  size_t pattern_size, size_t size, cl_uint num_events_in_wait_list,
                  const cl_event *event_wait_list, cl_event *event,
                  const core::Recording *recording) {
  return onSvmQueue(
      command_queue, num_events_in_wait_list, event_wait_list, [&](core::Queue &queue) {
        // The pointer's alignment is checked as a buffer offset's would be.
        if (!svm_ptr)
          return refuse(CL_INVALID_VALUE, "svm_ptr is NULL");
        if (checkFill(pattern, pattern_size, std::uintptr_t(svm_ptr), size,
                      std::uintptr_t(svm_ptr) + size) != CL_SUCCESS)
          return CL_INVALID_VALUE; // checkFill says why (svm_ptr is its offset)
        if (!inSvmAllocation(queue, svm_ptr, size))
          return refuse(CL_INVALID_VALUE,
                        "svm_ptr + size is not in an SVM allocation of the context");
        EventOut out(event);
        return coreResult(core::enqueueFill(queue, CUdeviceptr(svm_ptr), nullptr, pattern,
                                            pattern_size, size,
                                            command(CL_COMMAND_SVM_MEMFILL, num_events_in_wait_list,
                                                    event_wait_list, false, recording),
                                            out.get()),
                          "the fill");
      });
}

} // namespace clcuda::api

using namespace clcuda;
using namespace clcuda::api;

CLCUDA_API void *CL_API_CALL clSVMAlloc(cl_context context, cl_svm_mem_flags flags, size_t size,
                                        cl_uint alignment) {
  // The spec's only answer to any failure is NULL.
  return guardedCreate(__func__, nullptr, [&](cl_int &error) -> void * {
    core::Context *object = fromHandle<core::Context>(context);
    if (!object)
      return failWith<void *>(error, CL_INVALID_CONTEXT, "context is not a valid cl_context");
    if (!validSvmAllocation(flags, alignment, core::svmCapabilities(*object))) {
      error = CL_INVALID_VALUE; // validSvmAllocation says why
      return nullptr;
    }
    if (size == 0)
      return failWith<void *>(error, CL_INVALID_VALUE, "size is 0");
    if (size > maxAllocation(*object))
      return failWith<void *>(error, CL_INVALID_VALUE,
                              "size " + std::to_string(size) +
                                  " is above CL_DEVICE_MAX_MEM_ALLOC_SIZE, " +
                                  std::to_string(maxAllocation(*object)));
    void *pointer = object->svm().allocate(object->devices().front()->cudaContext(), size, flags);
    if (!pointer)
      error = refuse(CL_OUT_OF_RESOURCES,
                     "the CUDA allocation of " + std::to_string(size) + " bytes failed");
    return pointer;
  });
}

CLCUDA_API void CL_API_CALL clSVMFree(cl_context context, void *svm_pointer) {
  guarded(__func__, [&] {
    core::Context *object = fromHandle<core::Context>(context);
    if (!object)
      return invalidHandle(CL_INVALID_CONTEXT, "context");
    core::freeSvm(*object, svm_pointer);
    return CL_SUCCESS;
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueSVMFree(
    cl_command_queue command_queue, cl_uint num_svm_pointers, void *svm_pointers[],
    void(CL_CALLBACK *pfn_free_func)(cl_command_queue, cl_uint, void *[], void *), void *user_data,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  return svmCommand(
      __func__, command_queue, num_events_in_wait_list, event_wait_list, [&](core::Queue &queue) {
        if ((num_svm_pointers == 0) != (svm_pointers == nullptr))
          return refuse(CL_INVALID_VALUE,
                        svm_pointers ? "num_svm_pointers is 0 but svm_pointers is not NULL"
                                     : "num_svm_pointers is not 0 but svm_pointers is NULL");
        std::vector<void *> pointers(svm_pointers, svm_pointers + num_svm_pointers);
        EventOut out(event);
        return coreResult(core::enqueueSvmFree(queue, std::move(pointers), pfn_free_func, user_data,
                                               command(CL_COMMAND_SVM_FREE, num_events_in_wait_list,
                                                       event_wait_list),
                                               out.get()),
                          "the free");
      });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueSVMMemcpy(cl_command_queue command_queue,
                                                 cl_bool blocking_copy, void *dst_ptr,
                                                 const void *src_ptr, size_t size,
                                                 cl_uint num_events_in_wait_list,
                                                 const cl_event *event_wait_list, cl_event *event) {
  return guarded(__func__, [&] {
    return svmMemcpy(command_queue, blocking_copy, dst_ptr, src_ptr, size, num_events_in_wait_list,
                     event_wait_list, event, nullptr);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueSVMMemFill(cl_command_queue command_queue, void *svm_ptr,
                                                  const void *pattern, size_t pattern_size,
                                                  size_t size, cl_uint num_events_in_wait_list,
                                                  const cl_event *event_wait_list,
                                                  cl_event *event) {
  return guarded(__func__, [&] {
    return svmMemFill(command_queue, svm_ptr, pattern, pattern_size, size, num_events_in_wait_list,
                      event_wait_list, event, nullptr);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueSVMMap(cl_command_queue command_queue, cl_bool blocking_map,
                                              cl_map_flags flags, void *svm_ptr, size_t size,
                                              cl_uint num_events_in_wait_list,
                                              const cl_event *event_wait_list, cl_event *event) {
  return svmCommand(
      __func__, command_queue, num_events_in_wait_list, event_wait_list, [&](core::Queue &queue) {
        // SVM allocations have no host access flags: only the map flags' own
        // combination is checked.
        if (!svm_ptr || size == 0)
          return refuse(CL_INVALID_VALUE, svm_ptr ? "size is 0" : "svm_ptr is NULL");
        if (checkMapFlags(flags, 0) != CL_SUCCESS)
          return CL_INVALID_VALUE; // checkMapFlags says why
        if (!inSvmAllocation(queue, svm_ptr, size))
          return refuse(CL_INVALID_VALUE,
                        "svm_ptr + size is not in an SVM allocation of the context");
        EventOut out(event);
        return coreResult(
            core::enqueueSvmOrderingOnly(
                queue,
                command(CL_COMMAND_SVM_MAP, num_events_in_wait_list, event_wait_list, blocking_map),
                out.get()),
            "the map");
      });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueSVMUnmap(cl_command_queue command_queue, void *svm_ptr,
                                                cl_uint num_events_in_wait_list,
                                                const cl_event *event_wait_list, cl_event *event) {
  return svmCommand(
      __func__, command_queue, num_events_in_wait_list, event_wait_list, [&](core::Queue &queue) {
        if (!svm_ptr)
          return refuse(CL_INVALID_VALUE, "svm_ptr is NULL");
        if (!inSvmAllocation(queue, svm_ptr, 0))
          return refuse(CL_INVALID_VALUE, "svm_ptr is not in an SVM allocation of the context");
        EventOut out(event);
        return coreResult(
            core::enqueueSvmOrderingOnly(
                queue, command(CL_COMMAND_SVM_UNMAP, num_events_in_wait_list, event_wait_list),
                out.get()),
            "the unmap");
      });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueSVMMigrateMem(
    cl_command_queue command_queue, cl_uint num_svm_pointers, const void **svm_pointers,
    const size_t *sizes, cl_mem_migration_flags flags, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  return svmCommand(
      __func__, command_queue, num_events_in_wait_list, event_wait_list, [&](core::Queue &queue) {
        if (num_svm_pointers == 0 || !svm_pointers)
          return refuse(CL_INVALID_VALUE,
                        svm_pointers ? "num_svm_pointers is 0" : "svm_pointers is NULL");
        if (flags & ~(CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED))
          return refuse(CL_INVALID_VALUE, "flags has unknown bits " + hexText(flags));
        std::vector<core::SvmRange> ranges;
        for (cl_uint i = 0; i < num_svm_pointers; ++i) {
          // No size, or size 0: the whole allocation holding the pointer.
          const std::size_t size = sizes ? sizes[i] : 0;
          core::SvmHeap::Allocation allocation;
          if (!queue.context().svm().find(svm_pointers[i], size, allocation))
            return refuse(CL_INVALID_VALUE, "svm_pointers[" + std::to_string(i) +
                                                "] (with its size) is not in an SVM allocation "
                                                "of the context");
          if (size)
            ranges.push_back({svm_pointers[i], size});
          else
            ranges.push_back({reinterpret_cast<const void *>(allocation.base), allocation.size});
        }
        EventOut out(event);
        return coreResult(core::enqueueSvmMigrate(queue, std::move(ranges), flags,
                                                  command(CL_COMMAND_SVM_MIGRATE_MEM,
                                                          num_events_in_wait_list, event_wait_list),
                                                  out.get()),
                          "the migration");
      });
}
