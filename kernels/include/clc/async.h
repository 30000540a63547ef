// Async copies between global and local memory and prefetch (OpenCL C
// 6.15.11). Every work-item of the work-group copies its share at once;
// wait_group_events is the work-group barrier that makes all shares visible.
#pragma once

#include <clc/core.h>

namespace clc {

// An async copy's completion token: the copies complete before the function
// returns, so it carries nothing. OpenCL lets code pass 0 for "no event".
struct event_t {
  event_t() = default;
  __host__ __device__ constexpr event_t(int) {}
};

namespace detail {
__device__ inline size_t work_group_size() { return size_t(blockDim.x) * blockDim.y * blockDim.z; }
} // namespace detail

template <class T>
__device__ inline event_t async_work_group_copy(T *dst, const T *src, size_t num_gentypes,
                                                event_t event) {
  for (size_t i = get_local_linear_id(); i < num_gentypes; i += detail::work_group_size())
    dst[i] = src[i];
  return event;
}

// Global to local reads src with the stride, local to global writes dst with
// it; the two forms differ only in address spaces, so the destination's
// decides.
template <class T>
__device__ inline event_t async_work_group_strided_copy(T *dst, const T *src, size_t num_gentypes,
                                                        size_t stride, event_t event) {
  bool to_local = __isShared(dst);
  size_t src_stride = to_local ? stride : 1, dst_stride = to_local ? 1 : stride;
  for (size_t i = get_local_linear_id(); i < num_gentypes; i += detail::work_group_size())
    dst[i * dst_stride] = src[i * src_stride];
  return event;
}

__device__ inline void wait_group_events(int, event_t *) { __syncthreads(); }

// A hint the hardware caches make unnecessary.
template <class T> __device__ inline void prefetch(const T *, size_t) {}

} // namespace clc
