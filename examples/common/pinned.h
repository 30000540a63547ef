// Pinned (page-locked) host memory the portable way: a buffer created with
// CL_MEM_ALLOC_HOST_PTR and kept mapped. Transfers from and to it run at full
// speed and can overlap kernels, where pageable memory goes through a copy.
#pragma once

#include "common/device.h"

namespace clexample {

class PinnedHostMemory {
public:
  PinnedHostMemory(const Device &device, size_t bytes);
  PinnedHostMemory(const PinnedHostMemory &) = delete;
  PinnedHostMemory &operator=(const PinnedHostMemory &) = delete;
  ~PinnedHostMemory();

  template <class T> T *as() const { return static_cast<T *>(data_); }
  size_t size() const { return size_; }

private:
  Queue queue_; // maps and unmaps
  Memory buffer_;
  void *data_ = nullptr;
  size_t size_;
};

} // namespace clexample
