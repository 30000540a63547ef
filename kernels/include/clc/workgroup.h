// Work-group collective functions (OpenCL C 3.0 6.15.16, with
// __opencl_c_work_group_collective_functions; always in OpenCL C 2.0):
// work_group_all/any/broadcast and the reductions and scans, on a CUDA block.
//
// Every thread of a block is a work-item (a non-uniform NDRange is launched as
// separate uniform launches, docs/design.md), numbered x fastest as OpenCL's
// local linear id. A reduction or scan runs in two steps: a scan within each
// warp, the sub-group scan of clc/subgroup.h (the last warp may be partial),
// then each thread combines the totals of the warps before its own, read from
// a __shared__ array of 32 partials (1024 threads at most). OpenCL requires
// every work-item of the group to reach the call, so __syncthreads is legal;
// the last one keeps the next collective from overwriting partials that a
// warp is still reading.
#pragma once

#include <clc/subgroup.h>

namespace clc {
namespace detail {

// The scans of `value` over the work-group, and the group's total.
template <class T> struct group_scan { T inclusive, exclusive, total; };

// One warp total per warp, shared by all the operations on T.
template <class T> __device__ T *warp_totals() {
  __shared__ T totals[32];
  return totals;
}

template <class Op, class T> __device__ group_scan<T> scan_group(T value) {
  T *partials = warp_totals<T>();
  const unsigned warp = get_sub_group_id(), warps = get_num_sub_groups();
  const lane_scan<T> in_warp = scan_lanes<Op>(sub_group_lanes(), value);
  if (get_sub_group_local_id() == 0)
    partials[warp] = in_warp.total;
  __syncthreads();

  T preceding = Op::template identity<T>();
  for (unsigned w = 0; w < warp; ++w)
    preceding = Op::apply(preceding, partials[w]);
  T total = preceding;
  for (unsigned w = warp; w < warps; ++w)
    total = Op::apply(total, partials[w]);
  __syncthreads();
  return {Op::apply(preceding, in_warp.inclusive), Op::apply(preceding, in_warp.exclusive), total};
}

} // namespace detail

__device__ inline int work_group_all(int predicate) { return __syncthreads_and(predicate) != 0; }
__device__ inline int work_group_any(int predicate) { return __syncthreads_or(predicate) != 0; }

// The value of the work-item at local id (x, y, z), for every work-item.
template <class T> __device__ T work_group_broadcast(T value, size_t x, size_t y, size_t z) {
  __shared__ T chosen;
  if (threadIdx.x == x && threadIdx.y == y && threadIdx.z == z)
    chosen = value;
  __syncthreads();
  T result = chosen;
  __syncthreads();
  return result;
}
template <class T> __device__ T work_group_broadcast(T value, size_t x, size_t y) {
  return work_group_broadcast(value, x, y, 0);
}
template <class T> __device__ T work_group_broadcast(T value, size_t x) {
  return work_group_broadcast(value, x, 0, 0);
}

#define CLC_WORK_GROUP_COLLECTIVE(op)                                                              \
  template <class T> __device__ T work_group_reduce_##op(T value) {                                \
    return detail::scan_group<detail::op##_op>(value).total;                                       \
  }                                                                                                \
  template <class T> __device__ T work_group_scan_inclusive_##op(T value) {                        \
    return detail::scan_group<detail::op##_op>(value).inclusive;                                   \
  }                                                                                                \
  template <class T> __device__ T work_group_scan_exclusive_##op(T value) {                        \
    return detail::scan_group<detail::op##_op>(value).exclusive;                                   \
  }
CLC_WORK_GROUP_COLLECTIVE(add)
CLC_WORK_GROUP_COLLECTIVE(min)
CLC_WORK_GROUP_COLLECTIVE(max)
#undef CLC_WORK_GROUP_COLLECTIVE

} // namespace clc
