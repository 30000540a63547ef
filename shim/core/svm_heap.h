// A context's shared virtual memory allocations (clSVMAlloc): CUDA managed
// memory, looked up by address (docs/shim.md, "Shared virtual memory").
#pragma once

#include "cuda/driver.h"

#include <CL/cl.h>

#include <cstdint>
#include <map>
#include <mutex>

namespace clcuda::core {

// The largest alignment clSVMAlloc takes: the largest OpenCL C type
// (long16), as the spec bounds it. Managed memory is aligned further.
constexpr std::size_t kSvmMaxAlignment = 128;

// A context's SVM allocations, by address.
class SvmHeap {
public:
  struct Allocation {
    std::uintptr_t base = 0;
    std::size_t size = 0;
    cl_svm_mem_flags flags = 0;
    CUcontext context = nullptr; // where it was allocated
  };

  SvmHeap() = default;
  SvmHeap(const SvmHeap &) = delete;
  SvmHeap &operator=(const SvmHeap &) = delete;
  // Frees what the application did not.
  ~SvmHeap();

  // Managed memory in `context`; nullptr when CUDA has none to give.
  void *allocate(CUcontext context, std::size_t size, cl_svm_mem_flags flags);
  // The allocation holding [pointer, pointer + size) (the byte at `pointer`
  // when size is 0); false if none does.
  bool find(const void *pointer, std::size_t size, Allocation &out) const;
  // Whether one allocation holds [pointer, pointer + size).
  bool contains(const void *pointer, std::size_t size) const {
    Allocation ignored;
    return find(pointer, size, ignored);
  }
  // Forgets the allocation that starts at `pointer`; false if none does.
  bool take(const void *pointer, Allocation &out);
  static void release(const Allocation &allocation);

private:
  mutable std::mutex mutex_;
  std::map<std::uintptr_t, Allocation> allocations_;
};

} // namespace clcuda::core
