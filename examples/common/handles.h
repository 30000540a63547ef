// Owning wrappers of OpenCL handles: released once, when the owner goes away.
#pragma once

#include <CL/cl.h>

#include <utility>

namespace clexample {

template <class Handle, cl_int (*Release)(Handle)> class Owned {
public:
  Owned() = default;
  explicit Owned(Handle handle) : handle_(handle) {}
  Owned(const Owned &) = delete;
  Owned &operator=(const Owned &) = delete;
  Owned(Owned &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
  Owned &operator=(Owned &&other) noexcept {
    if (this != &other) {
      reset();
      handle_ = std::exchange(other.handle_, nullptr);
    }
    return *this;
  }
  ~Owned() { reset(); }

  Handle get() const { return handle_; }
  operator Handle() const { return handle_; }
  // For calls that return a new handle through a pointer (e.g. an event).
  Handle *receive() {
    reset();
    return &handle_;
  }
  void reset() {
    if (handle_)
      Release(handle_);
    handle_ = nullptr;
  }

private:
  Handle handle_ = nullptr;
};

// A queue waits for its commands before it goes: a read into host memory
// must not land after an error has unwound the code that owns that memory.
inline cl_int finishAndRelease(cl_command_queue queue) {
  clFinish(queue);
  return clReleaseCommandQueue(queue);
}

using Context = Owned<cl_context, clReleaseContext>;
using Queue = Owned<cl_command_queue, finishAndRelease>;
using Memory = Owned<cl_mem, clReleaseMemObject>;
using Program = Owned<cl_program, clReleaseProgram>;
using Kernel = Owned<cl_kernel, clReleaseKernel>;
using Event = Owned<cl_event, clReleaseEvent>;

} // namespace clexample
