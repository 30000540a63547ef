// Sub-group functions (OpenCL C 3.0 with __opencl_c_subgroups, cl_khr_subgroups)
// and those of the cl_khr_subgroup_* extensions, on CUDA warps: a sub-group is
// a warp (clc/core.h has the sub-group work-item functions).
//
// The functions that every work-item of a sub-group must reach act on the
// warp's lanes that exist (the last warp of a work-group may be partial). The
// others may be called in non-uniform control flow and act on the lanes
// active at the call, __activemask(): those that took the same branch.
#pragma once

#include <clc/core.h>

namespace clc {
namespace detail {

__device__ inline unsigned int lanes_below(unsigned int n) {
  return n >= warp_size ? ~0u : (1u << n) - 1;
}
// The lanes of the calling work-item's sub-group, a bit each.
__device__ inline unsigned int sub_group_lanes() { return lanes_below(get_sub_group_size()); }

// The value of `value` in lane `source`, for scalars of every width (char,
// short and half through int) and vectors (a component at a time). The source
// lane must be active.
template <class T> __device__ T shuffle_from(unsigned int lanes, const T &value, unsigned source) {
  if constexpr ((vec_size<T>) > 1) {
    T result;
    for (int i = 0; i < vec_size<T>; ++i)
      result.elem[i] = shuffle_from(lanes, value.elem[i], source);
    return result;
  } else if constexpr (is_same<T, half>) { // its bits: the value would convert
    return half::from_bits(
        static_cast<unsigned short>(__shfl_sync(lanes, int(value.bits), source)));
  } else if constexpr (sizeof(T) < sizeof(int)) {
    return T(__shfl_sync(lanes, int(value), source));
  } else {
    return __shfl_sync(lanes, value, source);
  }
}

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

// The operations of the reductions and scans, each with its identity (the
// exclusive scan's first value). lift() is what a work-item's own value
// counts as: a logical operation's predicate counts as 0 or 1.
struct value_op {
  template <class T> __device__ static T lift(const T &value) { return value; }
};
struct predicate_op {
  template <class T> __device__ static T lift(const T &value) { return T(value != 0); }
};
#define CLC_SCAN_OPERATION(name, base, result, identity_value)                                     \
  struct name##_op : base {                                                                        \
    template <class T> __device__ static T apply(const T &a, const T &b) { return T(result); }     \
    template <class T> __device__ static constexpr T identity() { return identity_value; }         \
  };
CLC_SCAN_OPERATION(add, value_op, a + b, T(0))
CLC_SCAN_OPERATION(mul, value_op, a *b, T(1))
CLC_SCAN_OPERATION(min, value_op, b < a ? b : a, greatest<T>())
CLC_SCAN_OPERATION(max, value_op, a < b ? b : a, lowest<T>())
CLC_SCAN_OPERATION(and, value_op, a &b, T(~T(0)))
CLC_SCAN_OPERATION(or, value_op, a | b, T(0))
CLC_SCAN_OPERATION(xor, value_op, a ^ b, T(0))
CLC_SCAN_OPERATION(logical_and, predicate_op, a &&b, T(1))
CLC_SCAN_OPERATION(logical_or, predicate_op, a || b, T(0))
CLC_SCAN_OPERATION(logical_xor, predicate_op, !a != !b, T(0))
#undef CLC_SCAN_OPERATION

// The scans of `value` over the set `lanes` (the caller among them), in lane
// order, and the set's total.
template <class T> struct lane_scan { T inclusive, exclusive, total; };

template <class Op, class T>
__device__ lane_scan<T> scan_lanes(unsigned int lanes, const T &value) {
  const unsigned int lane = get_sub_group_local_id();
  const T identity = Op::template identity<T>(), own = Op::lift(value);
  if ((lanes & (lanes + 1)) == 0) {
    // Lanes 0 to n-1 (every sub-group, and most branches): log2(n) steps.
    const unsigned int n = __popc(lanes);
    T inclusive = own;
    for (unsigned int offset = 1; offset < n; offset *= 2) {
      T before = shuffle_from(lanes, inclusive, lane >= offset ? lane - offset : lane);
      if (lane >= offset)
        inclusive = Op::apply(before, inclusive);
    }
    T before = shuffle_from(lanes, inclusive, lane > 0 ? lane - 1 : lane);
    return {inclusive, lane > 0 ? before : identity, shuffle_from(lanes, inclusive, n - 1)};
  }
  // Any other set of lanes: each lane's value in turn.
  T exclusive = identity, total = identity;
  for (unsigned int rest = lanes; rest != 0; rest &= rest - 1) {
    const unsigned int source = __ffs(rest) - 1;
    T other = shuffle_from(lanes, own, source);
    if (source < lane)
      exclusive = Op::apply(exclusive, other);
    total = Op::apply(total, other);
  }
  return {Op::apply(exclusive, own), exclusive, total};
}

// The reduction of `value` over each cluster of `cluster_size` lanes (a power
// of two) among the active `lanes`.
template <class Op, class T>
__device__ T reduce_clusters(unsigned int lanes, const T &value, unsigned int cluster_size) {
  const unsigned int lane = get_sub_group_local_id(), first = lane & ~(cluster_size - 1);
  const T own = Op::lift(value);
  if ((lanes & (lanes + 1)) == 0) {
    // Lanes 0 to n-1: a scan within each cluster, read from its last lane.
    const unsigned int n = __popc(lanes);
    T inclusive = own;
    for (unsigned int offset = 1; offset < cluster_size; offset *= 2) {
      T before = shuffle_from(lanes, inclusive, lane - first >= offset ? lane - offset : lane);
      if (lane - first >= offset)
        inclusive = Op::apply(before, inclusive);
    }
    const unsigned int last = first + cluster_size - 1;
    return shuffle_from(lanes, inclusive, last < n ? last : n - 1);
  }
  // Any other set: every lane reads its cluster's lanes in turn.
  T total = Op::template identity<T>();
  for (unsigned int i = 0; i < cluster_size; ++i) {
    T other = shuffle_from(lanes, own, first + i);
    if (lanes & (1u << (first + i)))
      total = Op::apply(total, other);
  }
  return total;
}

// The lane `delta` places further, wrapping around within groups of `width`
// lanes (a rotation).
__device__ inline unsigned int rotated_lane(int delta, unsigned int width) {
  const int lane = int(get_sub_group_local_id() % width), moved = (lane + delta) % int(width);
  return get_sub_group_local_id() - unsigned(lane) +
         unsigned(moved < 0 ? moved + int(width) : moved);
}

__device__ inline vec<unsigned int, 4> lane_mask(unsigned int bits) { return {bits, 0u, 0u, 0u}; }

} // namespace detail

// --- Core sub-group functions: every work-item of the sub-group calls them.

// __syncwarp() also orders the sub-group's global and shared accesses.
__device__ inline void sub_group_barrier(cl_mem_fence_flags) {
  __syncwarp(detail::sub_group_lanes());
}
__device__ inline void sub_group_barrier(cl_mem_fence_flags flags, memory_scope scope) {
  bool beyond_work_group = scope == memory_scope_device || scope == memory_scope_all_svm_devices;
  if ((flags & detail::global_mem_fence) && beyond_work_group)
    __threadfence();
  __syncwarp(detail::sub_group_lanes());
}
__device__ inline int sub_group_all(int predicate) {
  return __all_sync(detail::sub_group_lanes(), predicate) != 0;
}
__device__ inline int sub_group_any(int predicate) {
  return __any_sync(detail::sub_group_lanes(), predicate) != 0;
}
template <class T>
__device__ T sub_group_broadcast(const T &value, unsigned int sub_group_local_id) {
  return detail::shuffle_from(detail::sub_group_lanes(), value, sub_group_local_id);
}

// The reductions and scans: sub_group_<scan>_<op> over the whole sub-group,
// sub_group_non_uniform_<scan>_<op> over the active work-items.
#define CLC_SUB_GROUP_SCANS(prefix, op, lanes)                                                     \
  template <class T> __device__ T prefix##reduce_##op(const T &value) {                            \
    return detail::scan_lanes<detail::op##_op>(lanes, value).total;                                \
  }                                                                                                \
  template <class T> __device__ T prefix##scan_inclusive_##op(const T &value) {                    \
    return detail::scan_lanes<detail::op##_op>(lanes, value).inclusive;                            \
  }                                                                                                \
  template <class T> __device__ T prefix##scan_exclusive_##op(const T &value) {                    \
    return detail::scan_lanes<detail::op##_op>(lanes, value).exclusive;                            \
  }
#define CLC_NON_UNIFORM_SCANS(op)                                                                  \
  CLC_SUB_GROUP_SCANS(sub_group_non_uniform_, op, __activemask())                                  \
  template <class T>                                                                               \
  __device__ T sub_group_clustered_reduce_##op(const T &value, unsigned int clustersize) {         \
    return detail::reduce_clusters<detail::op##_op>(__activemask(), value, clustersize);           \
  }
CLC_SUB_GROUP_SCANS(sub_group_, add, detail::sub_group_lanes())
CLC_SUB_GROUP_SCANS(sub_group_, min, detail::sub_group_lanes())
CLC_SUB_GROUP_SCANS(sub_group_, max, detail::sub_group_lanes())
// cl_khr_subgroup_non_uniform_arithmetic and cl_khr_subgroup_clustered_reduce.
CLC_NON_UNIFORM_SCANS(add)
CLC_NON_UNIFORM_SCANS(mul)
CLC_NON_UNIFORM_SCANS(min)
CLC_NON_UNIFORM_SCANS(max)
CLC_NON_UNIFORM_SCANS(and)
CLC_NON_UNIFORM_SCANS(or)
CLC_NON_UNIFORM_SCANS(xor)
CLC_NON_UNIFORM_SCANS(logical_and)
CLC_NON_UNIFORM_SCANS(logical_or)
CLC_NON_UNIFORM_SCANS(logical_xor)
#undef CLC_NON_UNIFORM_SCANS
#undef CLC_SUB_GROUP_SCANS

// --- cl_khr_subgroup_non_uniform_vote.
__device__ inline int sub_group_elect() {
  return get_sub_group_local_id() == unsigned(__ffs(__activemask()) - 1);
}
__device__ inline int sub_group_non_uniform_all(int predicate) {
  return __all_sync(__activemask(), predicate) != 0;
}
__device__ inline int sub_group_non_uniform_any(int predicate) {
  return __any_sync(__activemask(), predicate) != 0;
}
template <class T> __device__ int sub_group_non_uniform_all_equal(const T &value) {
  const unsigned int lanes = __activemask();
  return __all_sync(lanes, value == detail::shuffle_from(lanes, value, __ffs(lanes) - 1)) != 0;
}

// --- cl_khr_subgroup_ballot. A ballot's bit i stands for sub-group local id i;
// a sub-group has 32 work-items at most, so only the first component is used.
template <class T>
__device__ T sub_group_non_uniform_broadcast(const T &value, unsigned int sub_group_local_id) {
  return detail::shuffle_from(__activemask(), value, sub_group_local_id);
}
template <class T> __device__ T sub_group_broadcast_first(const T &value) {
  const unsigned int lanes = __activemask();
  return detail::shuffle_from(lanes, value, __ffs(lanes) - 1);
}
__device__ inline vec<unsigned int, 4> sub_group_ballot(int predicate) {
  return detail::lane_mask(__ballot_sync(__activemask(), predicate));
}
__device__ inline int sub_group_inverse_ballot(const vec<unsigned int, 4> &value) {
  return (value.x >> get_sub_group_local_id()) & 1;
}
__device__ inline int sub_group_ballot_bit_extract(const vec<unsigned int, 4> &value,
                                                   unsigned int index) {
  return index < 128 ? (value.elem[index / 32] >> (index % 32)) & 1 : 0;
}
// Counts and searches consider the bits of the dispatch's largest sub-group.
__device__ inline unsigned int sub_group_ballot_bit_count(const ndrange &r,
                                                          const vec<unsigned int, 4> &value) {
  return __popc(value.x & detail::lanes_below(get_max_sub_group_size(r)));
}
__device__ inline unsigned int sub_group_ballot_inclusive_scan(const vec<unsigned int, 4> &value) {
  return __popc(value.x & detail::lanes_below(get_sub_group_local_id() + 1));
}
__device__ inline unsigned int sub_group_ballot_exclusive_scan(const vec<unsigned int, 4> &value) {
  return __popc(value.x & detail::lanes_below(get_sub_group_local_id()));
}
__device__ inline unsigned int sub_group_ballot_find_lsb(const ndrange &r,
                                                         const vec<unsigned int, 4> &value) {
  return __ffs(value.x & detail::lanes_below(get_max_sub_group_size(r))) - 1;
}
__device__ inline unsigned int sub_group_ballot_find_msb(const ndrange &r,
                                                         const vec<unsigned int, 4> &value) {
  return 31 - __clz(value.x & detail::lanes_below(get_max_sub_group_size(r)));
}
__device__ inline vec<unsigned int, 4> get_sub_group_eq_mask() {
  return detail::lane_mask(1u << get_sub_group_local_id());
}
__device__ inline vec<unsigned int, 4> get_sub_group_lt_mask() {
  return detail::lane_mask(detail::lanes_below(get_sub_group_local_id()));
}
__device__ inline vec<unsigned int, 4> get_sub_group_le_mask() {
  return detail::lane_mask(detail::lanes_below(get_sub_group_local_id() + 1));
}
// The "greater" masks stop at the dispatch's largest sub-group.
__device__ inline vec<unsigned int, 4> get_sub_group_ge_mask(const ndrange &r) {
  return detail::lane_mask(detail::lanes_below(get_max_sub_group_size(r)) &
                           ~detail::lanes_below(get_sub_group_local_id()));
}
__device__ inline vec<unsigned int, 4> get_sub_group_gt_mask(const ndrange &r) {
  return detail::lane_mask(detail::lanes_below(get_max_sub_group_size(r)) &
                           ~detail::lanes_below(get_sub_group_local_id() + 1));
}

// --- cl_khr_subgroup_shuffle, cl_khr_subgroup_shuffle_relative and
// cl_khr_subgroup_rotate: the value of another active work-item.
template <class T> __device__ T sub_group_shuffle(const T &value, unsigned int index) {
  return detail::shuffle_from(__activemask(), value, index);
}
template <class T> __device__ T sub_group_shuffle_xor(const T &value, unsigned int mask) {
  return detail::shuffle_from(__activemask(), value, get_sub_group_local_id() ^ mask);
}
template <class T> __device__ T sub_group_shuffle_up(const T &value, unsigned int delta) {
  return detail::shuffle_from(__activemask(), value, get_sub_group_local_id() - delta);
}
template <class T> __device__ T sub_group_shuffle_down(const T &value, unsigned int delta) {
  return detail::shuffle_from(__activemask(), value, get_sub_group_local_id() + delta);
}
template <class T> __device__ T sub_group_rotate(const ndrange &r, const T &value, int delta) {
  return detail::shuffle_from(__activemask(), value,
                              detail::rotated_lane(delta, get_max_sub_group_size(r)));
}
template <class T>
__device__ T sub_group_clustered_rotate(const T &value, int delta, unsigned int clustersize) {
  return detail::shuffle_from(__activemask(), value, detail::rotated_lane(delta, clustersize));
}

} // namespace clc
