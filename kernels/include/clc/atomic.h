// Atomic functions: the OpenCL C 1.x atomics (6.15.12.7; the 1.0 atom_* names
// are translated to these) for int, uint, long and ulong, atomic_xchg for
// float, and the OpenCL C 2.0/3.0 atomic_* and atomic_*_explicit functions
// (6.15.12).
// Global and local pointers are generic CUDA pointers, and CUDA's atomics
// work on both. Note that CUDA's atomicInc is not OpenCL's atomic_inc.
#pragma once

#include <clc/core.h>

namespace clc {

// OpenCL's atomic types (_Atomic(T) in Clang) have T's size and alignment;
// the functions below take them as plain volatile T *.
typedef int atomic_int;
typedef unsigned int atomic_uint;
typedef long atomic_long;
typedef unsigned long atomic_ulong;
typedef float atomic_float;
typedef double atomic_double;
typedef long atomic_intptr_t;
typedef unsigned long atomic_uintptr_t;
typedef unsigned long atomic_size_t;
typedef long atomic_ptrdiff_t;
typedef int atomic_flag;

namespace detail {
template <class T>
using if_atomic_integer = enable_if_t<is_integer<T> && (sizeof(T) == 4 || sizeof(T) == 8), int>;
template <class T>
using if_atomic_value =
    enable_if_t<(is_integer<T> || is_floating<T>)&&(sizeof(T) == 4 || sizeof(T) == 8), int>;

// The type CUDA's atomic functions take for a T of 4 or 8 bytes: bitwise
// operations use the unsigned word, min and max the word of T's signedness.
template <class T, int Size = sizeof(T)> struct atomic_words;
template <class T> struct atomic_words<T, 4> {
  typedef unsigned int bits;
  typedef conditional_t<is_signed_integer<T>, int, unsigned int> ordered;
};
template <class T> struct atomic_words<T, 8> {
  typedef unsigned long long bits;
  typedef conditional_t<is_signed_integer<T>, long long, unsigned long long> ordered;
};
template <class T> using bits_t = typename atomic_words<T>::bits;
template <class T> using ordered_t = typename atomic_words<T>::ordered;

template <class T> __device__ inline bits_t<T> *bits_pointer(volatile T *p) {
  return (bits_t<T> *)p;
}
template <class T> __device__ inline ordered_t<T> *ordered_pointer(volatile T *p) {
  return (ordered_t<T> *)p;
}

template <class T> __device__ inline T fetch_add(volatile T *p, T v) {
  return T(::atomicAdd(bits_pointer(p), bits_t<T>(v)));
}
template <class T> __device__ inline T fetch_sub(volatile T *p, T v) {
  return T(::atomicAdd(bits_pointer(p), bits_t<T>(0) - bits_t<T>(v)));
}
template <class T> __device__ inline T fetch_and(volatile T *p, T v) {
  return T(::atomicAnd(bits_pointer(p), bits_t<T>(v)));
}
template <class T> __device__ inline T fetch_or(volatile T *p, T v) {
  return T(::atomicOr(bits_pointer(p), bits_t<T>(v)));
}
template <class T> __device__ inline T fetch_xor(volatile T *p, T v) {
  return T(::atomicXor(bits_pointer(p), bits_t<T>(v)));
}
template <class T> __device__ inline T fetch_min(volatile T *p, T v) {
  return T(::atomicMin(ordered_pointer(p), ordered_t<T>(v)));
}
template <class T> __device__ inline T fetch_max(volatile T *p, T v) {
  return T(::atomicMax(ordered_pointer(p), ordered_t<T>(v)));
}
// Exchange and compare-exchange move bits, so they also serve float and double.
template <class T> __device__ inline T exchange(volatile T *p, T v) {
  return as<T>(::atomicExch(bits_pointer(p), as<bits_t<T>>(v)));
}
template <class T> __device__ inline T compare_exchange(volatile T *p, T expected, T desired) {
  return as<T>(::atomicCAS(bits_pointer(p), as<bits_t<T>>(expected), as<bits_t<T>>(desired)));
}

// Orderings: the operations above are relaxed at device scope; a fence of the
// requested scope before a release and after an acquire makes them stronger.
__device__ inline void scope_fence(memory_scope scope) {
  if (scope == memory_scope_work_group || scope == memory_scope_sub_group)
    __threadfence_block();
  else if (scope == memory_scope_device)
    __threadfence();
  else if (scope == memory_scope_all_svm_devices)
    __threadfence_system();
}
__device__ inline void fence_before(memory_order order, memory_scope scope) {
  if (order == memory_order_release || order == memory_order_acq_rel ||
      order == memory_order_seq_cst)
    scope_fence(scope);
}
__device__ inline void fence_after(memory_order order, memory_scope scope) {
  if (order == memory_order_acquire || order == memory_order_acq_rel ||
      order == memory_order_seq_cst)
    scope_fence(scope);
}
} // namespace detail

// OpenCL C 1.x: relaxed read-modify-write operations returning the old value.
#define CLC_LEGACY_ATOMIC(name, operation)                                                         \
  template <class T, detail::if_atomic_integer<T> = 0>                                             \
  __device__ inline T name(volatile T *p, detail::identity_t<T> v) {                               \
    return detail::operation(p, v);                                                                \
  }
CLC_LEGACY_ATOMIC(atomic_add, fetch_add)
CLC_LEGACY_ATOMIC(atomic_sub, fetch_sub)
CLC_LEGACY_ATOMIC(atomic_and, fetch_and)
CLC_LEGACY_ATOMIC(atomic_or, fetch_or)
CLC_LEGACY_ATOMIC(atomic_xor, fetch_xor)
CLC_LEGACY_ATOMIC(atomic_min, fetch_min)
CLC_LEGACY_ATOMIC(atomic_max, fetch_max)
#undef CLC_LEGACY_ATOMIC

template <class T, detail::if_atomic_value<T> = 0>
__device__ inline T atomic_xchg(volatile T *p, detail::identity_t<T> v) {
  return detail::exchange(p, v);
}
template <class T, detail::if_atomic_integer<T> = 0> __device__ inline T atomic_inc(volatile T *p) {
  return detail::fetch_add(p, T(1));
}
template <class T, detail::if_atomic_integer<T> = 0> __device__ inline T atomic_dec(volatile T *p) {
  return detail::fetch_sub(p, T(1));
}
template <class T, detail::if_atomic_integer<T> = 0>
__device__ inline T atomic_cmpxchg(volatile T *p, detail::identity_t<T> cmp,
                                   detail::identity_t<T> val) {
  return detail::compare_exchange(p, cmp, val);
}

// OpenCL C 2.0/3.0 atomics on atomic_int ... atomic_double (see the typedefs).
template <class T, detail::if_atomic_value<T> = 0>
__device__ inline void atomic_init(volatile T *object, detail::identity_t<T> value) {
  *object = value;
}

// Aligned 4- and 8-byte volatile accesses are single-copy atomic.
template <class T, detail::if_atomic_value<T> = 0>
__device__ inline T atomic_load_explicit(volatile T *object, memory_order order,
                                         memory_scope scope = memory_scope_device) {
  detail::fence_before(order == memory_order_seq_cst ? order : memory_order_relaxed, scope);
  T value = *object;
  detail::fence_after(order, scope);
  return value;
}
template <class T, detail::if_atomic_value<T> = 0>
__device__ inline void atomic_store_explicit(volatile T *object, detail::identity_t<T> desired,
                                             memory_order order,
                                             memory_scope scope = memory_scope_device) {
  detail::fence_before(order, scope);
  *object = desired;
  detail::fence_after(order == memory_order_seq_cst ? order : memory_order_relaxed, scope);
}

#define CLC_ATOMIC_FETCH(name, operation, constraint)                                              \
  template <class T, detail::constraint<T> = 0>                                                    \
  __device__ inline T name(volatile T *object, detail::identity_t<T> operand, memory_order order,  \
                           memory_scope scope = memory_scope_device) {                             \
    detail::fence_before(order, scope);                                                            \
    T old = detail::operation(object, operand);                                                    \
    detail::fence_after(order, scope);                                                             \
    return old;                                                                                    \
  }
CLC_ATOMIC_FETCH(atomic_exchange_explicit, exchange, if_atomic_value)
CLC_ATOMIC_FETCH(atomic_fetch_add_explicit, fetch_add, if_atomic_integer)
CLC_ATOMIC_FETCH(atomic_fetch_sub_explicit, fetch_sub, if_atomic_integer)
CLC_ATOMIC_FETCH(atomic_fetch_and_explicit, fetch_and, if_atomic_integer)
CLC_ATOMIC_FETCH(atomic_fetch_or_explicit, fetch_or, if_atomic_integer)
CLC_ATOMIC_FETCH(atomic_fetch_xor_explicit, fetch_xor, if_atomic_integer)
CLC_ATOMIC_FETCH(atomic_fetch_min_explicit, fetch_min, if_atomic_integer)
CLC_ATOMIC_FETCH(atomic_fetch_max_explicit, fetch_max, if_atomic_integer)
#undef CLC_ATOMIC_FETCH

// Strong and weak are the same: atomicCAS does not fail spuriously. On
// failure *expected receives the current value.
template <class T, detail::if_atomic_value<T> = 0>
__device__ inline bool atomic_compare_exchange_strong_explicit(
    volatile T *object, T *expected, detail::identity_t<T> desired, memory_order success,
    memory_order failure, memory_scope scope = memory_scope_device) {
  detail::fence_before(success, scope);
  T old = detail::compare_exchange(object, *expected, desired);
  bool exchanged = as<detail::bits_t<T>>(old) == as<detail::bits_t<T>>(*expected);
  detail::fence_after(exchanged ? success : failure, scope);
  if (!exchanged)
    *expected = old;
  return exchanged;
}
template <class T, detail::if_atomic_value<T> = 0>
__device__ inline bool atomic_compare_exchange_weak_explicit(
    volatile T *object, T *expected, detail::identity_t<T> desired, memory_order success,
    memory_order failure, memory_scope scope = memory_scope_device) {
  return atomic_compare_exchange_strong_explicit(object, expected, desired, success, failure,
                                                 scope);
}

__device__ inline bool atomic_flag_test_and_set_explicit(volatile atomic_flag *object,
                                                         memory_order order,
                                                         memory_scope scope = memory_scope_device) {
  return atomic_exchange_explicit(object, 1, order, scope) != 0;
}
__device__ inline void atomic_flag_clear_explicit(volatile atomic_flag *object, memory_order order,
                                                  memory_scope scope = memory_scope_device) {
  atomic_store_explicit(object, 0, order, scope);
}

// The forms without _explicit: memory_order_seq_cst at memory_scope_device
// (OpenCL C 2.0; OpenCL C 3.0 has them with __opencl_c_atomic_order_seq_cst
// and __opencl_c_atomic_scope_device, which clcuda does not claim).
#define CLC_ATOMIC_SEQ_CST(name, ...)                                                              \
  template <class T, class... A>                                                                   \
  __device__ inline auto name(volatile T *object, const A &...arguments)                           \
      ->decltype(name##_explicit(object, arguments..., __VA_ARGS__)) {                             \
    return name##_explicit(object, arguments..., __VA_ARGS__);                                     \
  }
CLC_ATOMIC_SEQ_CST(atomic_load, memory_order_seq_cst)
CLC_ATOMIC_SEQ_CST(atomic_store, memory_order_seq_cst)
CLC_ATOMIC_SEQ_CST(atomic_exchange, memory_order_seq_cst)
CLC_ATOMIC_SEQ_CST(atomic_fetch_add, memory_order_seq_cst)
CLC_ATOMIC_SEQ_CST(atomic_fetch_sub, memory_order_seq_cst)
CLC_ATOMIC_SEQ_CST(atomic_fetch_and, memory_order_seq_cst)
CLC_ATOMIC_SEQ_CST(atomic_fetch_or, memory_order_seq_cst)
CLC_ATOMIC_SEQ_CST(atomic_fetch_xor, memory_order_seq_cst)
CLC_ATOMIC_SEQ_CST(atomic_fetch_min, memory_order_seq_cst)
CLC_ATOMIC_SEQ_CST(atomic_fetch_max, memory_order_seq_cst)
CLC_ATOMIC_SEQ_CST(atomic_compare_exchange_strong, memory_order_seq_cst, memory_order_seq_cst)
CLC_ATOMIC_SEQ_CST(atomic_compare_exchange_weak, memory_order_seq_cst, memory_order_seq_cst)
CLC_ATOMIC_SEQ_CST(atomic_flag_test_and_set, memory_order_seq_cst)
CLC_ATOMIC_SEQ_CST(atomic_flag_clear, memory_order_seq_cst)
#undef CLC_ATOMIC_SEQ_CST

__device__ inline void atomic_work_item_fence(cl_mem_fence_flags, memory_order order,
                                              memory_scope scope) {
  if (order != memory_order_relaxed)
    detail::scope_fence(scope);
}

} // namespace clc
