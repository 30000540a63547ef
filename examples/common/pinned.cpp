#include "common/pinned.h"

namespace clexample {

PinnedHostMemory::PinnedHostMemory(const Device &device, size_t bytes)
    : queue_(device.createQueue()),
      buffer_(device.createBuffer(CL_MEM_ALLOC_HOST_PTR | CL_MEM_READ_WRITE, bytes)), size_(bytes) {
  cl_int status = CL_SUCCESS;
  data_ = clEnqueueMapBuffer(queue_, buffer_, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0,
                             nullptr, nullptr, &status);
  check(status, "clEnqueueMapBuffer");
}

PinnedHostMemory::~PinnedHostMemory() {
  // Errors cannot be reported from a destructor; the buffer is released anyway.
  clEnqueueUnmapMemObject(queue_, buffer_, data_, 0, nullptr, nullptr);
  clFinish(queue_);
}

} // namespace clexample
