// One OpenCL device with a context of its own, and the small helpers every
// host program needs: queues, buffers, programs built from .cl files,
// kernel arguments and launches.
#pragma once

#include "common/errors.h"
#include "common/handles.h"

#include <CL/cl.h>

#include <string>
#include <vector>

namespace clexample {

class Device {
public:
  Device(cl_platform_id platform, cl_device_id device);

  cl_platform_id platform() const { return platform_; }
  cl_device_id id() const { return device_; }
  cl_context context() const { return context_; }
  const std::string &platformName() const { return platformName_; }
  const std::string &name() const { return name_; }

  // An in-order queue (CL_QUEUE_PROFILING_ENABLE when `profiling`).
  Queue createQueue(bool profiling = false) const;

  Memory createBuffer(cl_mem_flags flags, size_t bytes, void *hostPointer = nullptr) const;
  template <class T> Memory createBuffer(cl_mem_flags flags, const std::vector<T> &data) const {
    return createBuffer(flags | CL_MEM_COPY_HOST_PTR, data.size() * sizeof(T),
                        const_cast<T *>(data.data()));
  }

  // Builds the program in `path` with `options`. Throws BuildError with the
  // build log when it does not build.
  Program buildProgram(const std::string &path, const std::string &options = "") const;

  // Seconds spent in buildProgram so far (the compile cost of a platform).
  double buildSeconds() const { return buildSeconds_; }

private:
  cl_platform_id platform_;
  cl_device_id device_;
  Context context_;
  std::string platformName_;
  std::string name_;
  mutable double buildSeconds_ = 0;
};

// The whole text of a file; throws std::runtime_error naming it when unreadable.
std::string readTextFile(const std::string &path);

// `file` in `directory`, or in `defaultDirectory` when `directory` is empty.
std::string kernelPath(const std::string &directory, const char *defaultDirectory,
                       const char *file);

Kernel createKernel(cl_program program, const char *name);

// A __local pointer argument of `bytes` bytes.
struct LocalMemory {
  size_t bytes;
};

inline void setKernelArg(cl_kernel kernel, cl_uint index, const Memory &buffer) {
  cl_mem handle = buffer.get();
  check(clSetKernelArg(kernel, index, sizeof(handle), &handle), "clSetKernelArg");
}
inline void setKernelArg(cl_kernel kernel, cl_uint index, LocalMemory local) {
  check(clSetKernelArg(kernel, index, local.bytes, nullptr), "clSetKernelArg");
}
template <class T> void setKernelArg(cl_kernel kernel, cl_uint index, const T &value) {
  check(clSetKernelArg(kernel, index, sizeof(T), &value), "clSetKernelArg");
}

// Sets the kernel's arguments in order.
template <class... Args> void setKernelArgs(cl_kernel kernel, const Args &...args) {
  cl_uint index = 0;
  (setKernelArg(kernel, index++, args), ...);
}

// Up to three sizes: a global size, a local size or an offset. An empty
// range is NULL in the call (the implementation chooses, or no offset).
struct NDRange {
  NDRange() = default;
  NDRange(size_t x) : dimensions(1), sizes{x, 1, 1} {}
  NDRange(size_t x, size_t y) : dimensions(2), sizes{x, y, 1} {}
  NDRange(size_t x, size_t y, size_t z) : dimensions(3), sizes{x, y, z} {}
  const size_t *pointer() const { return dimensions ? sizes : nullptr; }

  cl_uint dimensions = 0;
  size_t sizes[3] = {1, 1, 1};
};

void enqueueKernel(cl_command_queue queue, cl_kernel kernel, const NDRange &global,
                   const NDRange &local = {}, const NDRange &offset = {},
                   const std::vector<cl_event> &waitFor = {}, cl_event *event = nullptr);

// `value` rounded up to a multiple of `multiple`.
inline size_t roundUp(size_t value, size_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

template <class T>
void writeBuffer(cl_command_queue queue, cl_mem buffer, const std::vector<T> &data) {
  check(clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, data.size() * sizeof(T), data.data(), 0,
                             nullptr, nullptr),
        "clEnqueueWriteBuffer");
}

template <class T> std::vector<T> readBuffer(cl_command_queue queue, cl_mem buffer, size_t count) {
  std::vector<T> data(count);
  check(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, count * sizeof(T), data.data(), 0, nullptr,
                            nullptr),
        "clEnqueueReadBuffer");
  return data;
}

} // namespace clexample
