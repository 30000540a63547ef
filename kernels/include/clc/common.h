// Common built-in functions (OpenCL C 6.15.5), plus the integer forms of
// clamp, max and min (6.15.4): one name, one module.
#pragma once

#include <clc/core.h>

namespace clc {
namespace detail {
template <class T> using if_arithmetic = enable_if_t<is_integer<T> || is_floating<T>, int>;
} // namespace detail

// max and min: fmax/fmin for floating point (the spec leaves NaN undefined).
template <class T, detail::if_arithmetic<T> = 0>
__device__ inline T max(T x, detail::identity_t<T> y) {
  if constexpr (detail::is_floating<T>)
    return ::fmax(x, y);
  else
    return x < y ? y : x;
}
template <class T, detail::if_arithmetic<T> = 0>
__device__ inline T min(T x, detail::identity_t<T> y) {
  if constexpr (detail::is_floating<T>)
    return ::fmin(x, y);
  else
    return y < x ? y : x;
}
template <class T, detail::if_arithmetic<T> = 0>
__device__ inline T clamp(T x, detail::identity_t<T> minval, detail::identity_t<T> maxval) {
  return min(max(x, minval), maxval);
}

template <class T, detail::if_floating<T> = 0> __device__ inline T degrees(T radians) {
  return T(57.295779513082320876798154814105) * radians;
}
template <class T, detail::if_floating<T> = 0> __device__ inline T radians(T degrees) {
  return T(0.017453292519943295769236907684886) * degrees;
}

template <class T, detail::if_floating<T> = 0>
__device__ inline T mix(T x, detail::identity_t<T> y, detail::identity_t<T> a) {
  return x + (y - x) * a;
}

template <class T, detail::if_floating<T> = 0>
__device__ inline T step(T edge, detail::identity_t<T> x) {
  return x < edge ? T(0) : T(1);
}

// 0 at and below edge0, 1 at and above edge1 (infinite x included), the
// Hermite interpolation between. The differences of finite operands may
// overflow (edges of opposite signs near the largest values): then both are
// taken of the halved operands (exactly halved but for subnormal ones), which
// leaves their quotient as it is.
template <class T, detail::if_floating<T> = 0>
__device__ inline T smoothstep(T edge0, detail::identity_t<T> edge1, detail::identity_t<T> x) {
  if (x <= edge0)
    return T(0);
  if (x >= edge1)
    return T(1);
  T offset = x - edge0, range = edge1 - edge0;
  if (::isinf(range)) {
    offset = x * T(0.5) - edge0 * T(0.5);
    range = edge1 * T(0.5) - edge0 * T(0.5);
  }
  T t = clamp(offset / range, T(0), T(1));
  return t * t * (T(3) - T(2) * t);
}

// 1, -1, or x itself for +-0 and NaN (the spec's sign(NaN) is 0).
template <class T, detail::if_floating<T> = 0> __device__ inline T sign(T x) {
  return x > T(0) ? T(1) : x < T(0) ? T(-1) : x == T(0) ? x : T(0);
}

// The vector forms include the spec's mixed ones: clamp(floatn, float, float),
// max(intn, int), mix(floatn, floatn, float), step(float, floatn), ...
CLC_VECTORIZE(max)
CLC_VECTORIZE(min)
CLC_VECTORIZE(clamp)
CLC_VECTORIZE(degrees)
CLC_VECTORIZE(radians)
CLC_VECTORIZE(mix)
CLC_VECTORIZE(step)
CLC_VECTORIZE(smoothstep)
CLC_VECTORIZE(sign)

// The half forms, through float (exact for max, min, clamp, step, sign).
CLC_HALF_THROUGH_FLOAT_2(max)
CLC_HALF_THROUGH_FLOAT_2(min)
CLC_HALF_THROUGH_FLOAT_3(clamp)
CLC_HALF_THROUGH_FLOAT_1(degrees)
CLC_HALF_THROUGH_FLOAT_1(radians)
CLC_HALF_THROUGH_FLOAT_3(mix)
CLC_HALF_THROUGH_FLOAT_2(step)
CLC_HALF_THROUGH_FLOAT_3(smoothstep)
CLC_HALF_THROUGH_FLOAT_1(sign)

} // namespace clc
