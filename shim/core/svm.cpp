#include "svm.h"

#include "context.h"
#include "cuda/handles.h"
#include "transfer.h"

#include <memory>

namespace clcuda::core {

using cuda::api;

cl_device_svm_capabilities svmCapabilities(const DeviceProperties &properties) {
  // Without concurrent managed access the host may not touch managed memory
  // while any kernel of the context runs (the whole range is attached to the
  // running stream's work), not even coarse-grained memory another queue
  // mapped: no SVM there. With it, host and device share pages coherently
  // at kernel boundaries, which is what fine-grained buffers promise. SVM
  // atomics would need host-native atomics on the link (PCIe has none) and
  // fine-grained system SVM kernel access to pageable memory: not claimed.
  if (!properties.managed_memory || !properties.concurrent_managed_access)
    return 0;
  return CL_DEVICE_SVM_COARSE_GRAIN_BUFFER | CL_DEVICE_SVM_FINE_GRAIN_BUFFER;
}

cl_device_svm_capabilities svmCapabilities(const Context &context) {
  cl_device_svm_capabilities capabilities = 0;
  for (const Device *device : context.devices())
    capabilities |= svmCapabilities(device->properties());
  return capabilities;
}

SvmHeap::~SvmHeap() {
  for (const auto &entry : allocations_)
    release(entry.second);
}

void *SvmHeap::allocate(CUcontext context, std::size_t size, cl_svm_mem_flags flags) {
  cuda::ScopedContext scope(context);
  CUdeviceptr pointer = 0;
  if (api().cuMemAllocManaged(&pointer, size, CU_MEM_ATTACH_GLOBAL) != CUDA_SUCCESS)
    return nullptr;
  std::lock_guard<std::mutex> lock(mutex_);
  allocations_[std::uintptr_t(pointer)] = {std::uintptr_t(pointer), size, flags, context};
  return reinterpret_cast<void *>(pointer);
}

bool SvmHeap::find(const void *pointer, std::size_t size, Allocation &out) const {
  const auto address = std::uintptr_t(pointer);
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = allocations_.upper_bound(address);
  if (it == allocations_.begin())
    return false;
  --it;
  const Allocation &allocation = it->second;
  const std::size_t offset = address - allocation.base;
  if (offset >= allocation.size || size > allocation.size - offset)
    return false;
  out = allocation;
  return true;
}

bool SvmHeap::take(const void *pointer, Allocation &out) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = allocations_.find(std::uintptr_t(pointer));
  if (it == allocations_.end())
    return false;
  out = it->second;
  allocations_.erase(it);
  return true;
}

void SvmHeap::release(const Allocation &allocation) {
  cuda::ScopedContext scope(allocation.context);
  api().cuMemFree(CUdeviceptr(allocation.base));
}

void freeSvm(Context &context, void *pointer) {
  SvmHeap::Allocation allocation;
  if (context.svm().take(pointer, allocation))
    context.afterPendingWork([allocation] { SvmHeap::release(allocation); });
}

cl_int enqueueSvmMemcpy(Queue &queue, void *destination, const void *source, std::size_t size,
                        const Command &command, Event **event) {
  // Either side may be host memory (the spec allows any pointer): the
  // transfer functions pick the copy from what CUDA knows of the addresses.
  auto issue = [runtime = &queue.device().runtime(), destination, source, size](CUstream stream) {
    return isDeviceMemory(CUdeviceptr(destination))
               ? copyToDevice(*runtime, stream, CUdeviceptr(destination), source, size)
               : copyToHost(*runtime, stream, destination, CUdeviceptr(source), size);
  };
  return queue.enqueue(command, issue, event);
}

cl_int enqueueSvmOrderingOnly(Queue &queue, const Command &command, Event **event) {
  auto issue = [](CUstream) { return CUDA_SUCCESS; };
  return queue.enqueue(command, issue, event);
}

cl_int enqueueSvmMigrate(Queue &queue, std::vector<SvmRange> ranges, cl_mem_migration_flags flags,
                         const Command &command, Event **event) {
  // A prefetch moves the pages before they are touched; without it they
  // would move on first touch, so the contents are the same either way.
  CUmemLocation location{};
  const bool to_host = flags & CL_MIGRATE_MEM_OBJECT_HOST;
  location.type = to_host ? CU_MEM_LOCATION_TYPE_HOST : CU_MEM_LOCATION_TYPE_DEVICE;
  location.id = to_host ? 0 : int(queue.device().cudaDevice());
  auto issue = [ranges = std::move(ranges), location](CUstream stream) {
    CUresult result = CUDA_SUCCESS;
    for (const SvmRange &range : ranges)
      if (result == CUDA_SUCCESS)
        result =
            api().cuMemPrefetchAsync(CUdeviceptr(range.pointer), range.size, location, 0, stream);
    return result;
  };
  return queue.enqueue(command, issue, event);
}

cl_int enqueueSvmFree(Queue &queue, std::vector<void *> pointers, SvmFreeCallback callback,
                      void *user_data, const Command &command, Event **event) {
  // The callback may call the API (clSVMFree, as the CTS's does): it runs
  // on the worker thread when an event behind the earlier commands fires,
  // never in a CUDA host function or under the queue's lock.
  auto issue = [owner = Ref<Queue>(&queue), pointers = std::move(pointers), callback,
                user_data](CUstream stream) {
    DeviceRuntime &runtime = owner->device().runtime();
    auto reached = std::make_shared<PooledEvent>();
    CUresult result = runtime.events().record(stream, false, *reached);
    if (result != CUDA_SUCCESS)
      return result;
    return runtime.watcher().watch(
        {reached->get()}, [owner, pointers, callback, user_data, reached]() mutable {
          if (callback) {
            callback(toHandle(owner.get()), cl_uint(pointers.size()), pointers.data(), user_data);
            return;
          }
          for (void *pointer : pointers)
            freeSvm(owner->context(), pointer);
        });
  };
  return queue.enqueue(command, issue, event);
}

} // namespace clcuda::core
