// RAII owners for CUDA driver objects, and the scope that makes a context
// current. Destruction never throws and ignores results: by then there is
// nobody left to report an error to.
#pragma once

#include "driver.h"

#include <utility>

namespace clcuda::cuda {

// Owns one handle of a CUDA object type; Traits::destroy frees it.
template <class Handle, class Traits> class Unique {
public:
  Unique() = default;
  explicit Unique(Handle handle) : handle_(handle) {}
  Unique(Unique &&other) noexcept : handle_(std::exchange(other.handle_, Handle{})) {}
  Unique &operator=(Unique &&other) noexcept {
    if (this != &other) {
      reset();
      handle_ = std::exchange(other.handle_, Handle{});
    }
    return *this;
  }
  Unique(const Unique &) = delete;
  Unique &operator=(const Unique &) = delete;
  ~Unique() { reset(); }

  Handle get() const { return handle_; }
  explicit operator bool() const { return handle_ != Handle{}; }
  Handle release() { return std::exchange(handle_, Handle{}); }
  void reset() {
    if (handle_ != Handle{})
      Traits::destroy(handle_);
    handle_ = Handle{};
  }

private:
  Handle handle_{};
};

struct StreamTraits {
  static void destroy(CUstream stream) { api().cuStreamDestroy(stream); }
};
struct EventTraits {
  static void destroy(CUevent event) { api().cuEventDestroy(event); }
};
struct DeviceMemoryTraits {
  static void destroy(CUdeviceptr pointer) { api().cuMemFree(pointer); }
};
struct HostMemoryTraits {
  static void destroy(void *pointer) { api().cuMemFreeHost(pointer); }
};

struct TexObjectTraits {
  static void destroy(CUtexObject texture) { api().cuTexObjectDestroy(texture); }
};
struct ArrayTraits {
  static void destroy(CUarray array) { api().cuArrayDestroy(array); }
};
struct GraphTraits {
  static void destroy(CUgraph graph) { api().cuGraphDestroy(graph); }
};

using UniqueStream = Unique<CUstream, StreamTraits>;
using UniqueEvent = Unique<CUevent, EventTraits>;
using UniqueDeviceMemory = Unique<CUdeviceptr, DeviceMemoryTraits>;
using UniqueHostMemory = Unique<void *, HostMemoryTraits>;
using UniqueTexObject = Unique<CUtexObject, TexObjectTraits>;
using UniqueArray = Unique<CUarray, ArrayTraits>;
using UniqueGraph = Unique<CUgraph, GraphTraits>;

// Makes `context` current on this thread for the scope and restores the
// caller's context afterwards, so an application that uses CUDA itself on the
// same thread keeps its own current context. Costs one TLS read when the
// context is current already (the common case on an OpenCL thread).
class ScopedContext {
public:
  explicit ScopedContext(CUcontext context) {
    CUcontext current = nullptr;
    api().cuCtxGetCurrent(&current);
    if (current != context)
      pushed_ = api().cuCtxPushCurrent(context) == CUDA_SUCCESS;
  }
  ScopedContext(const ScopedContext &) = delete;
  ScopedContext &operator=(const ScopedContext &) = delete;
  ~ScopedContext() {
    if (pushed_) {
      CUcontext popped = nullptr;
      api().cuCtxPopCurrent(&popped);
    }
  }

private:
  bool pushed_ = false;
};

// A device's primary context, retained for as long as this object lives.
// Its flags are left as they are: the application may use it through CUDA.
class PrimaryContext {
public:
  PrimaryContext() = default;
  PrimaryContext(const PrimaryContext &) = delete;
  PrimaryContext &operator=(const PrimaryContext &) = delete;
  ~PrimaryContext() {
    if (context_)
      api().cuDevicePrimaryCtxRelease(device_);
  }
  CUresult retain(CUdevice device) {
    CUresult result = api().cuDevicePrimaryCtxRetain(&context_, device);
    if (result == CUDA_SUCCESS)
      device_ = device;
    else
      context_ = nullptr;
    return result;
  }
  CUcontext get() const { return context_; }

private:
  CUdevice device_ = 0;
  CUcontext context_ = nullptr;
};

} // namespace clcuda::cuda
