// Relational built-in functions (OpenCL C 6.15.7). The scalar forms return
// int 1 or 0; the vector forms -1 or 0 in the signed integer type of the
// component's size. select lives in core.h (it also implements `c ? a : b`
// for vector c).
#pragma once

#include <clc/core.h>

namespace clc {
namespace detail {
template <class T> __device__ constexpr double smallest_normal() {
  return is_same<T, half> ? 0x1p-14 : is_same<T, float> ? 0x1p-126 : 0x1p-1022;
}
// A half's sign from its bits: converting a NaN to float (cvt) does not keep it.
template <class T> __device__ inline bool sign_bit(T x) {
  if constexpr (is_same<T, half>)
    return x.bits & 0x8000u;
  else
    return ::signbit(x);
}
} // namespace detail

#define CLC_RELATIONAL_1(name, test)                                                               \
  template <class T, detail::if_floating<T> = 0> __device__ inline int name(T x) {                 \
    return (test) ? 1 : 0;                                                                         \
  }                                                                                                \
  template <class T, int N, detail::if_floating<T> = 0>                                            \
  __device__ inline vec<detail::signed_t<T>, N> name(vec<T, N> v) {                                \
    vec<detail::signed_t<T>, N> r;                                                                 \
    for (int i = 0; i < N; ++i) {                                                                  \
      T x = v.elem[i];                                                                             \
      r.elem[i] = (test) ? -1 : 0;                                                                 \
    }                                                                                              \
    return r;                                                                                      \
  }
#define CLC_RELATIONAL_2(name, test)                                                               \
  template <class T, detail::if_floating<T> = 0>                                                   \
  __device__ inline int name(T x, detail::identity_t<T> y) {                                       \
    return (test) ? 1 : 0;                                                                         \
  }                                                                                                \
  template <class T, int N, detail::if_floating<T> = 0>                                            \
  __device__ inline vec<detail::signed_t<T>, N> name(vec<T, N> a, vec<T, N> b) {                   \
    vec<detail::signed_t<T>, N> r;                                                                 \
    for (int i = 0; i < N; ++i) {                                                                  \
      T x = a.elem[i], y = b.elem[i];                                                              \
      r.elem[i] = (test) ? -1 : 0;                                                                 \
    }                                                                                              \
    return r;                                                                                      \
  }
CLC_RELATIONAL_2(isequal, x == y)
CLC_RELATIONAL_2(isnotequal, x != y)
CLC_RELATIONAL_2(isgreater, x > y)
CLC_RELATIONAL_2(isgreaterequal, x >= y)
CLC_RELATIONAL_2(isless, x < y)
CLC_RELATIONAL_2(islessequal, x <= y)
CLC_RELATIONAL_2(islessgreater, x<y || x> y)
CLC_RELATIONAL_2(isordered, x == x && y == y)
CLC_RELATIONAL_2(isunordered, x != x || y != y)
CLC_RELATIONAL_1(isfinite, ::isfinite(x))
CLC_RELATIONAL_1(isinf, ::isinf(x))
CLC_RELATIONAL_1(isnan, ::isnan(x))
CLC_RELATIONAL_1(isnormal, ::isfinite(x) && ::fabs(x) >= detail::smallest_normal<T>())
CLC_RELATIONAL_1(signbit, detail::sign_bit(x))
#undef CLC_RELATIONAL_1
#undef CLC_RELATIONAL_2

// any and all test the most significant bit of each component.
template <class T, detail::if_integer<T> = 0> __device__ inline int any(T x) {
  return detail::signed_t<T>(x) < 0 ? 1 : 0;
}
template <class T, int N, detail::if_integer<T> = 0> __device__ inline int any(vec<T, N> x) {
  bool set = false;
  for (int i = 0; i < N; ++i)
    set = set || detail::signed_t<T>(x.elem[i]) < 0;
  return set ? 1 : 0;
}
template <class T, detail::if_integer<T> = 0> __device__ inline int all(T x) {
  return detail::signed_t<T>(x) < 0 ? 1 : 0;
}
template <class T, int N, detail::if_integer<T> = 0> __device__ inline int all(vec<T, N> x) {
  bool set = true;
  for (int i = 0; i < N; ++i)
    set = set && detail::signed_t<T>(x.elem[i]) < 0;
  return set ? 1 : 0;
}

// Each result bit from b where the bit of c is set, else from a.
template <class T, detail::enable_if_t<detail::is_integer<T> || detail::is_floating<T>, int> = 0>
__device__ inline T bitselect(T a, detail::identity_t<T> b, detail::identity_t<T> c) {
  typedef detail::unsigned_t<T> U;
  return as<T>(U((as<U>(a) & ~as<U>(c)) | (as<U>(b) & as<U>(c))));
}
CLC_VECTORIZE(bitselect)

} // namespace clc
