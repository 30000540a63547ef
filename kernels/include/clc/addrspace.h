// Address space qualifier functions of the generic address space (OpenCL C
// 6.15.9): to_global, to_local, to_private and get_fence, answered by the
// CUDA address-space predicates on generic pointers.
#pragma once

#include <clc/core.h>

namespace clc {

template <class T> __device__ inline T *to_global(T *p) { return __isGlobal(p) ? p : nullptr; }
template <class T> __device__ inline T *to_local(T *p) { return __isShared(p) ? p : nullptr; }
template <class T> __device__ inline T *to_private(T *p) { return __isLocal(p) ? p : nullptr; }

template <class T> __device__ inline cl_mem_fence_flags get_fence(T *p) {
  return __isShared(p) ? detail::local_mem_fence : detail::global_mem_fence;
}

} // namespace clc
