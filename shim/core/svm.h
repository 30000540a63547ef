// Shared virtual memory (docs/shim.md, "Shared virtual memory"): a
// context's clSVMAlloc allocations, which are CUDA managed memory, and the
// SVM commands. What is advertised follows from the device's attributes.
#pragma once

#include "device.h"
#include "queue.h"
#include "svm_heap.h"

#include <vector>

namespace clcuda::core {

// CL_DEVICE_SVM_CAPABILITIES: coarse- and fine-grained buffers where the
// host and the device may use managed memory at the same time, else none.
cl_device_svm_capabilities svmCapabilities(const DeviceProperties &properties);
// What the context's devices support together (clSVMAlloc, kernels).
cl_device_svm_capabilities svmCapabilities(const Context &context);

// clSVMFree: the memory goes back to CUDA once the work submitted in the
// context so far is done, so a kernel still using it cannot fault. A
// pointer that is not an allocation's start is ignored.
void freeSvm(Context &context, void *pointer);

// The commands. Arguments are valid (the API layer checked them).
cl_int enqueueSvmMemcpy(Queue &queue, void *destination, const void *source, std::size_t size,
                        const Command &command, Event **event);
// Map and unmap: managed memory is coherent where SVM is advertised, so
// they only order (and block, when blocking) like the commands they are.
cl_int enqueueSvmOrderingOnly(Queue &queue, const Command &command, Event **event);
struct SvmRange {
  const void *pointer;
  std::size_t size;
};
cl_int enqueueSvmMigrate(Queue &queue, std::vector<SvmRange> ranges, cl_mem_migration_flags flags,
                         const Command &command, Event **event);

using SvmFreeCallback = void(CL_CALLBACK *)(cl_command_queue, cl_uint, void *[], void *);
// Once the commands before it are done, on the worker thread: `callback`
// with the pointers, or clSVMFree of each when there is no callback.
cl_int enqueueSvmFree(Queue &queue, std::vector<void *> pointers, SvmFreeCallback callback,
                      void *user_data, const Command &command, Event **event);

} // namespace clcuda::core
