// Geometric built-in functions (OpenCL C 6.15.6) for float and double scalars
// and vectors of 2, 3 and 4 components, and cl_khr_integer_dot_product's
// integer dot products (dot of char4/uchar4, dot_acc_sat, the 4x8packed
// forms): dot is one name, so they live in its module.
#pragma once

#include <clc/core.h>

namespace clc {
namespace detail {
template <class V>
using if_geometric = enable_if_t<is_floating<element_t<V>> && (vec_size<V> <= 4), int>;

// p * 2^e per component (exact unless the result leaves the normal range).
template <class V> __device__ inline V scale_by_power_of_two(V p, int e) {
  if constexpr (vec_size<V> == 1) {
    return ::ldexp(p, e);
  } else {
    for (int i = 0; i < vec_size<V>; ++i)
      p.elem[i] = ::ldexp(p.elem[i], e);
    return p;
  }
}

template <class V> __device__ inline element_t<V> largest_magnitude(const V &p) {
  element_t<V> m = 0;
  for (int i = 0; i < vec_size<V>; ++i)
    m = ::fmax(m, ::fabs(component(p, i)));
  return m;
}

// The smallest sum of squares computed without losing precision to
// subnormal squares.
template <class T> __device__ constexpr T smallest_safe_square_sum() {
  return is_same<T, float> ? T(0x1p-100f) : T(0x1p-968);
}
} // namespace detail

template <class V, detail::if_geometric<V> = 0>
__device__ inline detail::element_t<V> dot(V p0, detail::identity_t<V> p1) {
  detail::element_t<V> sum = detail::component(p0, 0) * detail::component(p1, 0);
  for (int i = 1; i < detail::vec_size<V>; ++i)
    sum = ::fma(detail::component(p0, i), detail::component(p1, i), sum);
  return sum;
}

template <class T, detail::if_floating<T> = 0>
__device__ inline vec<T, 3> cross(vec<T, 3> p0, vec<T, 3> p1) {
  return vec<T, 3>(p0.y * p1.z - p0.z * p1.y, p0.z * p1.x - p0.x * p1.z, p0.x * p1.y - p0.y * p1.x);
}
template <class T, detail::if_floating<T> = 0>
__device__ inline vec<T, 4> cross(vec<T, 4> p0, vec<T, 4> p1) {
  return vec<T, 4>(p0.y * p1.z - p0.z * p1.y, p0.z * p1.x - p0.x * p1.z, p0.x * p1.y - p0.y * p1.x,
                   T(0));
}

// Without overflow or underflow: a sum of squares out of range is recomputed
// on p scaled by a power of two.
template <class V, detail::if_geometric<V> = 0> __device__ inline detail::element_t<V> length(V p) {
  typedef detail::element_t<V> T;
  T sum = dot(p, p);
  if (::isfinite(sum) && sum >= detail::smallest_safe_square_sum<T>())
    return ::sqrt(sum);
  T largest = detail::largest_magnitude(p); // ignores NaN components
  if (::isinf(largest))
    return largest;
  if (largest == T(0))
    return sum; // zero, or NaN from NaN components
  int e = ::ilogb(largest);
  V scaled = detail::scale_by_power_of_two(p, -e);
  return ::ldexp(::sqrt(dot(scaled, scaled)), e);
}

template <class V, detail::if_geometric<V> = 0>
__device__ inline detail::element_t<V> distance(V p0, detail::identity_t<V> p1) {
  return length(p0 - p1);
}

// A zero vector is returned as is; NaN components make every component NaN;
// infinite components count as +-1 and the finite ones as 0 (OpenCL C 7.5.1).
template <class V, detail::if_geometric<V> = 0> __device__ inline V normalize(V p) {
  typedef detail::element_t<V> T;
  constexpr int n = detail::vec_size<V>;
  bool has_nan = false;
  for (int i = 0; i < n; ++i)
    has_nan = has_nan || ::isnan(detail::component(p, i));
  if (has_nan)
    return V(quiet_nan<T>());
  T largest = detail::largest_magnitude(p);
  if (largest == T(0))
    return p;
  if (::isinf(largest)) {
    V units = p;
    for (int i = 0; i < n; ++i) {
      T c = detail::component(p, i);
      T unit = ::isinf(c) ? ::copysign(T(1), c) : ::copysign(T(0), c);
      if constexpr (n == 1)
        units = unit;
      else
        units.elem[i] = unit;
    }
    return normalize(units);
  }
  V scaled = detail::scale_by_power_of_two(p, -::ilogb(largest));
  return scaled / ::sqrt(dot(scaled, scaled));
}

// The half forms: computed on the float vector (exact operands, squares far
// inside float's range), each result rounded once to half. Templates (F is
// float): a program instantiates the float form only if it calls the half one.
template <class F = float> __device__ inline half dot(half p0, half p1) {
  return half(F(p0) * F(p1));
}
template <int N> __device__ inline half dot(vec<half, N> p0, vec<half, N> p1) {
  return half(dot(vec<float, N>(p0), vec<float, N>(p1)));
}
template <class F = float> __device__ inline half3 cross(half3 p0, half3 p1) {
  return half3(cross(vec<F, 3>(p0), vec<F, 3>(p1)));
}
template <class F = float> __device__ inline half4 cross(half4 p0, half4 p1) {
  return half4(cross(vec<F, 4>(p0), vec<F, 4>(p1)));
}
template <class F = float> __device__ inline half length(half p) { return half(length(F(p))); }
template <int N> __device__ inline half length(vec<half, N> p) {
  return half(length(vec<float, N>(p)));
}
template <class F = float> __device__ inline half distance(half p0, half p1) {
  return half(distance(F(p0), F(p1)));
}
template <int N> __device__ inline half distance(vec<half, N> p0, vec<half, N> p1) {
  return half(distance(vec<float, N>(p0), vec<float, N>(p1)));
}
template <class F = float> __device__ inline half normalize(half p) {
  return half(normalize(F(p)));
}
template <int N> __device__ inline vec<half, N> normalize(vec<half, N> p) {
  return vec<half, N>(normalize(vec<float, N>(p)));
}

// cl_khr_integer_dot_product: the dot product of four 8-bit components, each
// sign- or zero-extended, in 32 bits (it cannot overflow: |sum| <= 4 * 255 *
// 255), and its _acc_sat forms, acc plus the dot product saturated to the
// result type. The packed forms take the four components as the bytes of a
// uint, component 0 in the low byte, which is the memory layout of a uchar4.
// One PTX dp4a (sm_61 and later, so every architecture CUDA 13 compiles for;
// it takes every mix of signedness); the accumulation is a saturating add
// after it, as dp4a's own accumulation wraps around.
namespace detail {
template <bool signed_a, bool signed_b>
__device__ inline int dot_4x8(unsigned int a, unsigned int b) {
  int d;
  if constexpr (signed_a && signed_b)
    asm("dp4a.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(0));
  else if constexpr (signed_a)
    asm("dp4a.s32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(0));
  else if constexpr (signed_b)
    asm("dp4a.u32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(0));
  else
    asm("dp4a.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(0));
  return d;
}
__device__ inline int add_sat_int(int acc, int dot) {
  long long sum = (long long)acc + dot;
  return sum > 0x7fffffffLL ? 0x7fffffff : sum < -0x80000000LL ? int(-0x7fffffff - 1) : int(sum);
}
__device__ inline unsigned int add_sat_uint(unsigned int acc, unsigned int dot) {
  unsigned int sum = acc + dot;
  return sum < acc ? 0xffffffffu : sum;
}
} // namespace detail

__device__ inline uint dot_4x8packed_uu_uint(uint a, uint b) {
  return uint(detail::dot_4x8<false, false>(a, b));
}
__device__ inline int dot_4x8packed_ss_int(uint a, uint b) {
  return detail::dot_4x8<true, true>(a, b);
}
__device__ inline int dot_4x8packed_us_int(uint a, uint b) {
  return detail::dot_4x8<false, true>(a, b);
}
__device__ inline int dot_4x8packed_su_int(uint a, uint b) {
  return detail::dot_4x8<true, false>(a, b);
}
__device__ inline uint dot_acc_sat_4x8packed_uu_uint(uint a, uint b, uint acc) {
  return detail::add_sat_uint(acc, dot_4x8packed_uu_uint(a, b));
}
__device__ inline int dot_acc_sat_4x8packed_ss_int(uint a, uint b, int acc) {
  return detail::add_sat_int(acc, dot_4x8packed_ss_int(a, b));
}
__device__ inline int dot_acc_sat_4x8packed_us_int(uint a, uint b, int acc) {
  return detail::add_sat_int(acc, dot_4x8packed_us_int(a, b));
}
__device__ inline int dot_acc_sat_4x8packed_su_int(uint a, uint b, int acc) {
  return detail::add_sat_int(acc, dot_4x8packed_su_int(a, b));
}

__device__ inline uint dot(uchar4 a, uchar4 b) {
  return dot_4x8packed_uu_uint(as<uint>(a), as<uint>(b));
}
__device__ inline int dot(char4 a, char4 b) {
  return dot_4x8packed_ss_int(as<uint>(a), as<uint>(b));
}
__device__ inline int dot(uchar4 a, char4 b) {
  return dot_4x8packed_us_int(as<uint>(a), as<uint>(b));
}
__device__ inline int dot(char4 a, uchar4 b) {
  return dot_4x8packed_su_int(as<uint>(a), as<uint>(b));
}
__device__ inline uint dot_acc_sat(uchar4 a, uchar4 b, uint acc) {
  return dot_acc_sat_4x8packed_uu_uint(as<uint>(a), as<uint>(b), acc);
}
__device__ inline int dot_acc_sat(char4 a, char4 b, int acc) {
  return dot_acc_sat_4x8packed_ss_int(as<uint>(a), as<uint>(b), acc);
}
__device__ inline int dot_acc_sat(uchar4 a, char4 b, int acc) {
  return dot_acc_sat_4x8packed_us_int(as<uint>(a), as<uint>(b), acc);
}
__device__ inline int dot_acc_sat(char4 a, uchar4 b, int acc) {
  return dot_acc_sat_4x8packed_su_int(as<uint>(a), as<uint>(b), acc);
}

// fast_*: within the fast forms' 8192 ulp bounds, without the rescaling.
template <class V, detail::if_geometric<V> = 0>
__device__ inline detail::element_t<V> fast_length(V p) {
  return ::sqrt(dot(p, p));
}
template <class V, detail::if_geometric<V> = 0>
__device__ inline detail::element_t<V> fast_distance(V p0, detail::identity_t<V> p1) {
  return fast_length(p0 - p1);
}
// A sum of squares below the smallest normal value returns p (as allowed).
template <class V, detail::if_geometric<V> = 0> __device__ inline V fast_normalize(V p) {
  typedef detail::element_t<V> T;
  T sum = dot(p, p);
  return sum < T(detail::is_same<T, float> ? 0x1p-126 : 0x1p-1022) ? p : p * ::rsqrt(sum);
}

} // namespace clc
