// Work-group collective functions (OpenCL C 3.0 6.15.16, with
// __opencl_c_work_group_collective_functions; always in OpenCL C 2.0):
// work_group_all/any/broadcast and the reductions and scans, on a CUDA block.
//
// Every thread of a block is a work-item (a non-uniform NDRange is launched as
// separate uniform launches, docs/design.md), numbered x fastest as OpenCL's
// local linear id. A reduction or scan runs in two steps: a scan within each
// warp by shuffles over the warp's real lanes (the last warp may be partial),
// then each thread combines the totals of the warps before its own, read from
// a __shared__ array of 32 partials (1024 threads at most). OpenCL requires
// every work-item of the group to reach the call, so __syncthreads is legal;
// the last one keeps the next collective from overwriting partials that a
// warp is still reading.
#pragma once

#include <clc/core.h>

namespace clc {
namespace detail {

__device__ inline unsigned work_group_linear_id() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__device__ inline unsigned work_group_items() { return blockDim.x * blockDim.y * blockDim.z; }

// min's and max's identities: floats start from infinity.
template <class T> __device__ constexpr T greatest() {
  if constexpr (is_floating<T>)
    return infinity<T>();
  else
    return max_value<T>();
}
template <class T> __device__ constexpr T lowest() {
  if constexpr (is_floating<T>)
    return -infinity<T>();
  else
    return min_value<T>();
}

// Each operation with its identity: the exclusive scan's first value.
struct add_op {
  template <class T> __device__ static T apply(T a, T b) { return a + b; }
  template <class T> __device__ static constexpr T identity() { return T(0); }
};
struct min_op {
  template <class T> __device__ static T apply(T a, T b) { return b < a ? b : a; }
  template <class T> __device__ static constexpr T identity() { return greatest<T>(); }
};
struct max_op {
  template <class T> __device__ static T apply(T a, T b) { return a < b ? b : a; }
  template <class T> __device__ static constexpr T identity() { return lowest<T>(); }
};

// The scans of `value` over the work-group, and the group's total.
template <class T> struct group_scan { T inclusive, exclusive, total; };

// One warp total per warp, shared by all the operations on T.
template <class T> __device__ T *warp_totals() {
  __shared__ T totals[32];
  return totals;
}

template <class Op, class T> __device__ group_scan<T> scan_group(T value) {
  T *partials = warp_totals<T>();
  const unsigned id = work_group_linear_id(), items = work_group_items();
  const unsigned lane = id % 32, warp = id / 32, warps = (items + 31) / 32;
  const unsigned lanes = warp + 1 < warps ? 32 : items - warp * 32;
  const unsigned mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;

  T in_warp = value;
  for (unsigned offset = 1; offset < lanes; offset *= 2) {
    T before = __shfl_up_sync(mask, in_warp, offset);
    if (lane >= offset)
      in_warp = Op::apply(before, in_warp);
  }
  if (lane == lanes - 1)
    partials[warp] = in_warp;
  __syncthreads();

  T preceding = Op::template identity<T>();
  for (unsigned w = 0; w < warp; ++w)
    preceding = Op::apply(preceding, partials[w]);
  T total = preceding;
  for (unsigned w = warp; w < warps; ++w)
    total = Op::apply(total, partials[w]);
  T before_lane = __shfl_up_sync(mask, in_warp, 1);
  T exclusive_in_warp = lane == 0 ? Op::template identity<T>() : before_lane;
  __syncthreads();
  return {Op::apply(preceding, in_warp), Op::apply(preceding, exclusive_in_warp), total};
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
