#include "memory.h"

#include "cuda/errors.h"
#include "transfer.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace clcuda::core {

using cuda::api;

struct Memory::Storage {
  CUdeviceptr address = 0;
  cuda::UniqueDeviceMemory device; // device or managed memory
  cuda::UniqueHostMemory host;     // ALLOC_HOST_PTR
  bool managed = false;
  bool svm = false; // host_ptr is in an SVM allocation: the storage is there
  // Where maps of device storage land: pinned, or pageable if pinning fails.
  cuda::UniqueHostMemory pinned_mirror;
  std::unique_ptr<char[]> pageable_mirror;
  char *mirror = nullptr;
};

Memory::Memory(Context &context, cl_mem_flags flags, std::size_t size,
               std::vector<cl_mem_properties> properties)
    : context_(&context), flags_(flags), size_(size), properties_(std::move(properties)) {}

Memory::~Memory() {
  if (storage_) { // only images with storage of their own have textures
    cuda::ScopedContext scope(context_->devices().front()->cudaContext());
    textures_ = ImageTextures(); // before the memory they read
    storage_.reset();
  }
}

const ImageTextures &Memory::textures() {
  std::call_once(textures_made_, [this] {
    if (!image_ || !storage_ || storage_->managed || isHostStorage() ||
        context_->devices().size() != 1)
      return;
    Device &device = *context_->devices().front();
    cuda::ScopedContext scope(device.cudaContext());
    textures_ = makeImageTextures(*image_, address(), device.properties());
  });
  return textures_;
}

namespace {
// The written images of the command being captured on this thread, if any.
thread_local std::vector<Ref<Memory>> *captured_writes = nullptr;
} // namespace

Memory::CaptureScope::CaptureScope(std::vector<Ref<Memory>> &written)
    : previous_(std::exchange(captured_writes, &written)) {}

Memory::CaptureScope::~CaptureScope() { captured_writes = previous_; }

CUresult Memory::prepareTextures(CUstream stream) {
  if (!textures_.copy)
    return CUDA_SUCCESS;
  if (captured_writes)
    return copyToTextureArray(*image_, address(), textures_.copy.get(), stream);
  std::lock_guard<std::mutex> lock(texture_copy_mutex_);
  if (texture_copy_stale_.exchange(false)) {
    CUresult result = copyToTextureArray(*image_, address(), textures_.copy.get(), stream);
    if (result == CUDA_SUCCESS)
      result = api().cuEventRecord(textures_.copied.get(), stream);
    if (result != CUDA_SUCCESS)
      texture_copy_stale_.store(true);
    return result;
  }
  // Made on another stream, perhaps still copying.
  return api().cuStreamWaitEvent(stream, textures_.copied.get(), 0);
}

void Memory::noteWritten() {
  if (captured_writes)
    captured_writes->emplace_back(&root());
  else
    root().texture_copy_stale_.store(true);
}

cl_int Memory::createBuffer(Context &context, cl_mem_flags flags, std::size_t size, void *host_ptr,
                            std::vector<cl_mem_properties> properties, Memory *&out) {
  std::unique_ptr<Memory> memory(new Memory(context, flags, size, std::move(properties)));
  memory->storage_ = std::make_unique<Storage>();
  Storage &storage = *memory->storage_;
  Device &device = *context.devices().front();
  cuda::ScopedContext scope(device.cudaContext());
  SvmHeap::Allocation svm;
  if ((flags & CL_MEM_USE_HOST_PTR) && context.svm().find(host_ptr, size, svm)) {
    storage.address = CUdeviceptr(host_ptr);
    storage.managed = storage.svm = true;
  } else if (flags & CL_MEM_ALLOC_HOST_PTR) {
    void *host = nullptr;
    CUresult result =
        api().cuMemHostAlloc(&host, size, CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP);
    if (result != CUDA_SUCCESS)
      return cuda::toClError(result);
    storage.host = cuda::UniqueHostMemory(host);
    if ((result = api().cuMemHostGetDevicePointer(&storage.address, host, 0)) != CUDA_SUCCESS)
      return cuda::toClError(result);
    if (flags & CL_MEM_COPY_HOST_PTR)
      parallelCopy(host, host_ptr, size);
  } else {
    CUdeviceptr pointer = 0;
    storage.managed = context.isMultiDevice();
    CUresult result = storage.managed
                          ? api().cuMemAllocManaged(&pointer, size, CU_MEM_ATTACH_GLOBAL)
                          : api().cuMemAlloc(&pointer, size);
    if (result != CUDA_SUCCESS)
      return cuda::toClError(result);
    storage.device = cuda::UniqueDeviceMemory(pointer);
    storage.address = pointer;
    if (flags & (CL_MEM_COPY_HOST_PTR | CL_MEM_USE_HOST_PTR)) {
      DeviceRuntime &runtime = device.runtime();
      PooledEvent done;
      result = copyToDevice(runtime, runtime.utilityStream(), pointer, host_ptr, size);
      if (result == CUDA_SUCCESS)
        result = runtime.events().record(runtime.utilityStream(), false, done);
      if (result == CUDA_SUCCESS)
        result = waitForEvent(done.get(), done.context());
      if (result != CUDA_SUCCESS)
        return cuda::toClError(result);
    }
  }
  if (flags & CL_MEM_USE_HOST_PTR)
    memory->host_ptr_ = host_ptr;
  out = memory.release();
  return CL_SUCCESS;
}

cl_int Memory::createSubBuffer(Memory &parent, cl_mem_flags flags, std::size_t origin,
                               std::size_t size, Memory *&out) {
  auto *memory = new Memory(parent.context(), flags, size, {});
  memory->parent_ = Ref<Memory>(&parent);
  memory->origin_ = origin;
  out = memory;
  return CL_SUCCESS;
}

cl_int Memory::createImage(Context &context, cl_mem_flags flags, const ImageLayout &layout,
                           void *host_ptr, std::vector<cl_mem_properties> properties,
                           Memory *&out) {
  cl_int error = createBuffer(context, flags, layout.bytes(), host_ptr, std::move(properties), out);
  if (error == CL_SUCCESS)
    out->image_ = layout;
  return error;
}

cl_int Memory::createImageOnBuffer(Memory &buffer, cl_mem_flags flags, const ImageLayout &layout,
                                   std::vector<cl_mem_properties> properties, Memory *&out) {
  // Storage, host_ptr and maps go through the root buffer, as for a
  // sub-buffer at the same place.
  Memory &root = buffer.root();
  auto *memory = new Memory(buffer.context(), flags, layout.bytes(), std::move(properties));
  memory->parent_ = Ref<Memory>(&root);
  memory->origin_ = buffer.parent_ ? buffer.origin_ : 0;
  memory->image_ = layout;
  memory->image_buffer_ = Ref<Memory>(&buffer);
  out = memory;
  return CL_SUCCESS;
}

void *Memory::hostPtr() const {
  if (!parent_)
    return host_ptr_;
  void *parent_host = parent_->host_ptr_;
  return parent_host ? static_cast<char *>(parent_host) + origin_ : nullptr;
}

CUdeviceptr Memory::address() const {
  return parent_ ? parent_->address() + origin_ : storage_->address;
}

bool Memory::isHostStorage() const {
  return parent_ ? parent_->isHostStorage() : storage_->host || storage_->svm;
}

bool Memory::usesSvmPointer() const { return parent_ ? parent_->usesSvmPointer() : storage_->svm; }

bool Memory::isManaged() const { return parent_ ? parent_->isManaged() : storage_->managed; }

void Memory::addDestructorCallback(MemoryDestructorCallback callback, void *user_data) {
  std::lock_guard<std::mutex> lock(mutex_);
  destructor_callbacks_.emplace_back(callback, user_data);
}

cl_int Memory::ensureMirror() {
  std::lock_guard<std::mutex> lock(mutex_);
  Storage &storage = *storage_;
  if (storage.mirror)
    return CL_SUCCESS;
  cuda::ScopedContext scope(context_->devices().front()->cudaContext());
  void *pinned = nullptr;
  if (api().cuMemHostAlloc(&pinned, size_, CU_MEMHOSTALLOC_PORTABLE) == CUDA_SUCCESS) {
    storage.pinned_mirror = cuda::UniqueHostMemory(pinned);
    storage.mirror = static_cast<char *>(pinned);
    return CL_SUCCESS;
  }
  storage.pageable_mirror.reset(new (std::nothrow) char[size_]);
  storage.mirror = storage.pageable_mirror.get();
  return storage.mirror ? CL_SUCCESS : CL_MAP_FAILURE;
}

cl_int Memory::beginMap(std::size_t offset, std::size_t size, cl_map_flags flags, void *&pointer,
                        std::optional<MappedRect> rect) {
  Memory &base = root();
  const std::size_t position = (parent_ ? origin_ : 0) + offset;
  if (base.storage_->host) {
    pointer = static_cast<char *>(base.storage_->host.get()) + position;
  } else if (base.host_ptr_) {
    pointer = static_cast<char *>(base.host_ptr_) + position;
  } else {
    cl_int error = base.ensureMirror();
    if (error != CL_SUCCESS)
      return error;
    pointer = base.storage_->mirror + position;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  mappings_.push_back({pointer, offset, size, flags, rect});
  return CL_SUCCESS;
}

bool Memory::endMap(void *pointer, Mapping &mapping) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = std::find_if(mappings_.begin(), mappings_.end(),
                         [pointer](const Mapping &entry) { return entry.pointer == pointer; });
  if (it == mappings_.end())
    return false;
  mapping = *it;
  mappings_.erase(it);
  return true;
}

void Memory::restoreMap(const Mapping &mapping) {
  std::lock_guard<std::mutex> lock(mutex_);
  mappings_.push_back(mapping);
}

cl_uint Memory::mapCount() {
  std::lock_guard<std::mutex> lock(mutex_);
  return cl_uint(mappings_.size());
}

void Memory::destroy() {
  context_->afterPendingWork([this] { finishRelease(); });
}

void Memory::finishRelease() {
  // The spec's order: the callbacks, last registered first; then the memory.
  for (auto it = destructor_callbacks_.rbegin(); it != destructor_callbacks_.rend(); ++it)
    it->first(toHandle(this), it->second);
  delete this;
}

} // namespace clcuda::core
