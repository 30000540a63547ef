// Math built-in functions (OpenCL C 6.15.2) for float and double scalars and
// vectors. Functions whose CUDA counterpart meets the OpenCL ULP bound map to
// it; the others are built here (docs/device-library.md lists which, and why).
// CUDA's global overloads (::sin(float), ::sin(double), ...) do the work.
#pragma once

#include <clc/core.h>

namespace clc {
namespace detail {

// 1/pi as a sum of two values of T, for products accurate to about 0.5 ulp.
template <class T> struct inverse_pi;
template <> struct inverse_pi<float> {
  static constexpr float high = 0x1.45f306p-2f, low = 0x1.b93910p-27f;
};
template <> struct inverse_pi<double> {
  static constexpr double high = 0x1.45f306dc9c883p-2, low = -0x1.6b01ec5417056p-56;
};
// x / pi with one rounding error on top of x's own, and x's sign: a zero
// stays the zero it is (with a negative low part, -0 * low would be +0, and
// the sum +0).
template <class T> __device__ inline T divide_by_pi(T x) {
  return ::copysign(::fma(x, inverse_pi<T>::high, x * inverse_pi<T>::low), x);
}

// The largest value of T below 1: the bound of fract().
template <class T> __device__ constexpr T below_one() {
  return is_same<T, float> ? T(0x1.fffffep-1f) : T(0x1.fffffffffffffp-1);
}
} // namespace detail

// The functions CUDA provides within OpenCL's ULP bounds (or exactly).
#define CLC_CUDA_MATH_1(name)                                                                      \
  template <class T, detail::if_floating<T> = 0> __device__ inline T name(T x) {                   \
    return ::name(x);                                                                              \
  }                                                                                                \
  CLC_VECTORIZE(name)
#define CLC_CUDA_MATH_2(name)                                                                      \
  template <class T, detail::if_floating<T> = 0>                                                   \
  __device__ inline T name(T x, detail::identity_t<T> y) {                                         \
    return ::name(x, y);                                                                           \
  }                                                                                                \
  CLC_VECTORIZE(name)
#include <clc/cuda_math_functions.h>
#undef CLC_CUDA_MATH_1
#undef CLC_CUDA_MATH_2

// pow. With -cl-fast-relaxed-math, NVRTC's --use_fast_math makes ::powf the
// intrinsic __powf, exp2(y * log2(x)), which is NaN for every x < 0; OpenCL's
// relaxed pow is still defined for x < 0 and an integer y (section 7.4:
// |x|^y, negative for an odd y), and programs square differences with it.
// NVRTC says when it makes fast math; nvcc (readable output compiled by its
// user) does not, so there the check is always made.
template <class T, detail::if_floating<T> = 0>
__device__ inline T pow(T x, detail::identity_t<T> y) {
#if __USE_FAST_MATH__ || !defined(__CUDACC_RTC__)
  if (detail::is_same<T, float> && x < T(0) && ::rint(y) == y) {
    const T magnitude = ::pow(-x, y);
    return ::fmod(y, T(2)) == T(0) ? magnitude : -magnitude;
  }
#endif
  return ::pow(x, y);
}
CLC_VECTORIZE(pow)

// hypot: CUDA's hypotf; in double, CUDA's hypot rounds results near
// DBL_MAX up to infinity (hypot(0x1.0000000000001p+64, 0x1.fffffffffffffp+1023)
// is inf), so the operands are scaled by a power of two to [1, 2) for the
// larger one: the square root is within 1 ulp and the scaling back is exact
// but for subnormal results.
template <class T, detail::if_floating<T> = 0>
__device__ inline T hypot(T x, detail::identity_t<T> y) {
  if constexpr (detail::is_same<T, float>) {
    return ::hypotf(x, y);
  } else {
    T big = ::fmax(::fabs(x), ::fabs(y)), small = ::fmin(::fabs(x), ::fabs(y));
    if (::isinf(x) || ::isinf(y))
      return infinity<T>();
    if (::isnan(x) || ::isnan(y) || big == T(0))
      return x + y + big; // NaN, or +0
    int exponent = ::ilogb(big);
    T scaled_big = ::ldexp(big, -exponent), scaled_small = ::ldexp(small, -exponent);
    return ::ldexp(::sqrt(::fma(scaled_big, scaled_big, scaled_small * scaled_small)), exponent);
  }
}
CLC_VECTORIZE(hypot)

template <class T, detail::if_floating<T> = 0>
__device__ inline T fma(T a, detail::identity_t<T> b, detail::identity_t<T> c) {
  return ::fma(a, b, c);
}
// A correctly rounded fma is one of the two implementations the spec allows.
template <class T, detail::if_floating<T> = 0>
__device__ inline T mad(T a, detail::identity_t<T> b, detail::identity_t<T> c) {
  return ::fma(a, b, c);
}
CLC_VECTORIZE(fma)
CLC_VECTORIZE(mad)

// The pi-scaled inverse trigonometric functions: CUDA's function (at most
// 4 ulp for asinf, less for the others) plus half an ulp for the scaling.
template <class T, detail::if_floating<T> = 0> __device__ inline T acospi(T x) {
  return detail::divide_by_pi(::acos(x));
}
template <class T, detail::if_floating<T> = 0> __device__ inline T asinpi(T x) {
  return detail::divide_by_pi(::asin(x));
}
template <class T, detail::if_floating<T> = 0> __device__ inline T atanpi(T x) {
  return detail::divide_by_pi(::atan(x));
}
template <class T, detail::if_floating<T> = 0>
__device__ inline T atan2pi(T y, detail::identity_t<T> x) {
  return detail::divide_by_pi(::atan2(y, x));
}
CLC_VECTORIZE(acospi)
CLC_VECTORIZE(asinpi)
CLC_VECTORIZE(atanpi)
CLC_VECTORIZE(atan2pi)

// CUDA's sinpi and cospi reduce their argument exactly; the zeros they return
// get the signs OpenCL C 7.5.1 prescribes: sinpi(n) is +0 for positive and -0
// for negative integers, cospi(n + 0.5) is +0.
template <class T, detail::if_floating<T> = 0> __device__ inline T sinpi(T x) {
  T s = ::sinpi(x);
  return s == T(0) ? ::copysign(T(0), x) : s;
}
template <class T, detail::if_floating<T> = 0> __device__ inline T cospi(T x) {
  T c = ::cospi(x);
  return c == T(0) ? T(0) : c;
}
// tan(pi x) = sinpi(x) / cospi(x): the quotient has the spec's signed zeros
// at integers, and at half-integers, where cospi is 0, sinpi(n + 0.5) =
// (-1)^n gives the sign of the infinity.
template <class T, detail::if_floating<T> = 0> __device__ inline T tanpi(T x) {
  T s, c;
  ::sincospi(x, &s, &c);
  s = s == T(0) ? ::copysign(T(0), x) : s;
  return c == T(0) ? ::copysign(infinity<T>(), s) : s / c;
}
CLC_VECTORIZE(sinpi)
CLC_VECTORIZE(cospi)
CLC_VECTORIZE(tanpi)

template <class T, detail::if_floating<T> = 0> __device__ inline T sincos(T x, T *cosval) {
  T s;
  ::sincos(x, &s, cosval);
  return s;
}
CLC_VECTORIZE(sincos)

template <class T, detail::if_floating<T> = 0> __device__ inline T fract(T x, T *iptr) {
  T whole = ::floor(x);
  *iptr = whole;
  if (::isnan(x))
    return x;
  if (::isinf(x) || x == T(0))
    return ::copysign(T(0), x);
  return ::fmin(x - whole, detail::below_one<T>());
}
CLC_VECTORIZE(fract)

// modf as OpenCL C 7.5.2 defines it.
template <class T, detail::if_floating<T> = 0> __device__ inline T modf(T x, T *iptr) {
  *iptr = ::trunc(x);
  return ::copysign(::isinf(x) ? T(0) : x - *iptr, x);
}
CLC_VECTORIZE(modf)

// The next representable value after x towards y, by stepping the bits:
// y itself when x == y, the smallest subnormal of y's sign from a zero.
template <class T, detail::if_floating<T> = 0>
__device__ inline T nextafter(T x, detail::identity_t<T> y) {
  typedef detail::unsigned_t<T> U;
  if (::isnan(x) || ::isnan(y))
    return x + y;
  if (x == y)
    return y;
  if (x == T(0))
    return ::copysign(as<T>(U(1)), y);
  U bits = as<U>(x);
  return as<T>((x < y) == (x > T(0)) ? U(bits + 1) : U(bits - 1));
}
CLC_VECTORIZE(nextafter)

// frexp and ilogb with the spec's results for zero, infinity and NaN
// (FP_ILOGB0 is INT_MIN and FP_ILOGBNAN INT_MAX in Clang's OpenCL header).
template <class T, detail::if_floating<T> = 0> __device__ inline T frexp(T x, int *exp) {
  if (::isinf(x) || ::isnan(x)) {
    *exp = 0;
    return x;
  }
  return ::frexp(x, exp);
}
template <class T, detail::if_floating<T> = 0> __device__ inline int ilogb(T x) {
  if (x == T(0))
    return detail::min_value<int>();
  if (::isnan(x) || ::isinf(x))
    return detail::max_value<int>();
  return ::ilogb(x);
}
template <class T, detail::if_floating<T> = 0> __device__ inline T ldexp(T x, int n) {
  return ::ldexp(x, n);
}
CLC_VECTORIZE(frexp)
CLC_VECTORIZE(ilogb)
CLC_VECTORIZE(ldexp)

// The sign of gamma(x): 0 at its poles (zero and the negative integers).
template <class T, detail::if_floating<T> = 0> __device__ inline T lgamma_r(T x, int *signp) {
  T whole = ::floor(x);
  if (x > T(0))
    *signp = 1;
  else if (x == whole || ::isnan(x))
    *signp = 0;
  else
    *signp = ::fmod(whole, T(2)) == T(0) ? 1 : -1;
  return ::lgamma(x);
}
CLC_VECTORIZE(lgamma_r)

__device__ inline float nan(unsigned int nancode) {
  return as<float>(0x7fc00000u | (nancode & 0x003fffffu));
}
__device__ inline double nan(unsigned long nancode) {
  return as<double>(0x7ff8000000000000ul | (nancode & 0x0007fffffffffffful));
}
__device__ inline half nan(unsigned short nancode) {
  return half::from_bits(0x7e00u | (nancode & 0x1ffu));
}
CLC_VECTORIZE(nan)

template <class T, detail::if_floating<T> = 0>
__device__ inline T maxmag(T x, detail::identity_t<T> y) {
  T ax = ::fabs(x), ay = ::fabs(y);
  return ax > ay ? x : ay > ax ? y : ::fmax(x, y);
}
template <class T, detail::if_floating<T> = 0>
__device__ inline T minmag(T x, detail::identity_t<T> y) {
  T ax = ::fabs(x), ay = ::fabs(y);
  return ax < ay ? x : ay < ax ? y : ::fmin(x, y);
}
CLC_VECTORIZE(maxmag)
CLC_VECTORIZE(minmag)

// remainder(x, y) with the low seven bits of the rounded quotient x/y: the
// remainder of |x| modulo 128|y| has the same low quotient bits, and its own
// quotient is small enough to compute in T.
template <class T, detail::if_floating<T> = 0>
__device__ inline T remquo(T x, detail::identity_t<T> y, int *quo) {
  if (::isnan(x) || ::isnan(y) || ::isinf(x) || y == T(0)) {
    *quo = 0;
    return quiet_nan<T>();
  }
  T ax = ::fabs(x), ay = ::fabs(y);
  T period = ay * T(128);
  T reduced = ::isinf(period) ? ax : ::fmod(ax, period);
  // reduced - remainder is quotient * ay exactly, but may exceed T's range
  // (quotient 2 and ay above max / 2): for large ay it is taken in quarters,
  // which is exact there.
  T scale = ay > T(1) ? T(0.25) : T(1);
  T quotient = ::rint((reduced * scale - ::remainder(reduced, ay) * scale) / (ay * scale));
  int bits = int(quotient) & 127;
  *quo = ::signbit(x) != ::signbit(y) ? -bits : bits;
  return ::remainder(x, y);
}
CLC_VECTORIZE(remquo)

// pown(x, n): the integer exponent is exact in double, and in float up to
// 2^24; beyond that the float result is computed in double.
template <class T, detail::if_floating<T> = 0> __device__ inline T pown(T x, int n) {
  if (detail::is_same<T, float> && (n > (1 << 24) || n < -(1 << 24)))
    return T(::pow(double(x), double(n)));
  return clc::pow(x, T(n));
}
CLC_VECTORIZE(pown)

// powr(x, y) is exp2(y * log2(x)) for x >= 0: pow but for the special cases.
template <class T, detail::if_floating<T> = 0>
__device__ inline T powr(T x, detail::identity_t<T> y) {
  const T nan = quiet_nan<T>();
  if (x < T(0) || ::isnan(x) || ::isnan(y))
    return x < T(0) ? nan : x + y;
  if (x == T(0) || ::isinf(x)) {
    if (y == T(0))
      return nan;
    bool grows = (x == T(0)) == (y < T(0));
    return grows ? infinity<T>() : T(0);
  }
  if (x == T(1))
    return ::isinf(y) ? nan : T(1);
  return ::pow(x, y);
}
CLC_VECTORIZE(powr)

// rootn(x, n) = x^(1/n). In double, pow(x, r) with r the rounded 1/n misses
// by the factor x^(1/n - r) = exp(log(x) * e / n), e = 1 - r * n (exact with
// fma): up to |log x| / n * 2^-53 relatively, dozens of ulps near DBL_MIN and
// DBL_MAX. Multiplying by 1 + log(x) * e / n removes it (the factor's exp(t)
// is 1 + t far below an ulp). Float computes in double, where that error is
// far below half a float ulp.
template <class T, detail::if_floating<T> = 0> __device__ inline T rootn(T x, int n) {
  const T nan = quiet_nan<T>();
  bool odd = (n & 1) != 0;
  if (n == 0 || ::isnan(x) || (x < T(0) && !odd))
    return n == 0 ? nan : x < T(0) ? nan : x;
  if (x == T(0) || ::isinf(x)) {
    T magnitude = (x == T(0)) == (n > 0) ? T(0) : infinity<T>();
    return odd ? ::copysign(magnitude, x) : magnitude;
  }
  if constexpr (detail::is_same<T, float>) {
    return T(::copysign(::pow(::fabs(double(x)), 1.0 / n), double(x)));
  } else {
    double ax = ::fabs(x), reciprocal = 1.0 / n;
    double y = ::pow(ax, reciprocal);
    double exponent_error = ::fma(-reciprocal, double(n), 1.0) / n; // 1/n - reciprocal
    if (exponent_error != 0) // 1/n is exact for n = +-2^k (and y infinite for n = -1)
      y = ::fma(y, ::log(ax) * exponent_error, y);
    return ::copysign(y, x);
  }
}
CLC_VECTORIZE(rootn)

// half_*: the same functions as without the prefix (which meet the 8192 ulp
// bound with room to spare, and the same edge cases as the spec requires).
template <class T, detail::if_floating<T> = 0>
__device__ inline T half_divide(T x, detail::identity_t<T> y) {
  return x / y;
}
template <class T, detail::if_floating<T> = 0> __device__ inline T half_recip(T x) {
  return T(1) / x;
}
#define CLC_HALF_PRECISION(name, full)                                                             \
  template <class... A> __device__ inline auto name(A... a)->decltype(full(a...)) {                \
    return full(a...);                                                                             \
  }
CLC_HALF_PRECISION(half_cos, cos)
CLC_HALF_PRECISION(half_exp, exp)
CLC_HALF_PRECISION(half_exp2, exp2)
CLC_HALF_PRECISION(half_exp10, exp10)
CLC_HALF_PRECISION(half_log, log)
CLC_HALF_PRECISION(half_log2, log2)
CLC_HALF_PRECISION(half_log10, log10)
CLC_HALF_PRECISION(half_powr, powr)
CLC_HALF_PRECISION(half_rsqrt, rsqrt)
CLC_HALF_PRECISION(half_sin, sin)
CLC_HALF_PRECISION(half_sqrt, sqrt)
CLC_HALF_PRECISION(half_tan, tan)
#undef CLC_HALF_PRECISION
CLC_VECTORIZE(half_divide)
CLC_VECTORIZE(half_recip)

// native_*: the fast hardware approximations (precision is implementation-
// defined; float only, as in the spec).
__device__ inline float native_cos(float x) { return ::__cosf(x); }
__device__ inline float native_sin(float x) { return ::__sinf(x); }
__device__ inline float native_tan(float x) { return ::__tanf(x); }
__device__ inline float native_exp(float x) { return ::__expf(x); }
__device__ inline float native_exp10(float x) { return ::__exp10f(x); }
__device__ inline float native_log(float x) { return ::__logf(x); }
__device__ inline float native_log2(float x) { return ::__log2f(x); }
__device__ inline float native_log10(float x) { return ::__log10f(x); }
__device__ inline float native_powr(float x, float y) { return ::__powf(x, y); }
__device__ inline float native_divide(float x, float y) { return ::__fdividef(x, y); }
__device__ inline float native_recip(float x) { return ::__fdividef(1.0f, x); }
__device__ inline float native_rsqrt(float x) { return ::rsqrtf(x); }
__device__ inline float native_exp2(float x) {
  float r;
  asm("ex2.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}
__device__ inline float native_sqrt(float x) {
  float r;
  asm("sqrt.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}
CLC_VECTORIZE(native_cos)
CLC_VECTORIZE(native_sin)
CLC_VECTORIZE(native_tan)
CLC_VECTORIZE(native_exp)
CLC_VECTORIZE(native_exp2)
CLC_VECTORIZE(native_exp10)
CLC_VECTORIZE(native_log)
CLC_VECTORIZE(native_log2)
CLC_VECTORIZE(native_log10)
CLC_VECTORIZE(native_powr)
CLC_VECTORIZE(native_divide)
CLC_VECTORIZE(native_recip)
CLC_VECTORIZE(native_rsqrt)
CLC_VECTORIZE(native_sqrt)

// Half precision (cl_khr_fp16): through float, but for the functions whose
// result needs half's own steps (copysign, fma, nextafter, fract's bound).
#define CLC_CUDA_MATH_1(name) CLC_HALF_THROUGH_FLOAT_1(name)
#define CLC_CUDA_MATH_2(name) // written out below
#include <clc/cuda_math_functions.h>
#undef CLC_CUDA_MATH_1
#undef CLC_CUDA_MATH_2
CLC_HALF_THROUGH_FLOAT_1(acospi)
CLC_HALF_THROUGH_FLOAT_1(asinpi)
CLC_HALF_THROUGH_FLOAT_1(atanpi)
CLC_HALF_THROUGH_FLOAT_1(cospi)
CLC_HALF_THROUGH_FLOAT_1(sinpi)
CLC_HALF_THROUGH_FLOAT_1(tanpi)
CLC_HALF_THROUGH_FLOAT_2(atan2)
CLC_HALF_THROUGH_FLOAT_2(atan2pi)
CLC_HALF_THROUGH_FLOAT_2(fdim)
CLC_HALF_THROUGH_FLOAT_2(fmax)
CLC_HALF_THROUGH_FLOAT_2(fmin)
CLC_HALF_THROUGH_FLOAT_2(fmod)
CLC_HALF_THROUGH_FLOAT_2(hypot)
CLC_HALF_THROUGH_FLOAT_2(maxmag)
CLC_HALF_THROUGH_FLOAT_2(minmag)
CLC_HALF_THROUGH_FLOAT_2(pow)
CLC_HALF_THROUGH_FLOAT_2(powr)
CLC_HALF_THROUGH_FLOAT_2(remainder)
// The sign from the bits: converting a NaN to float (cvt) does not keep it.
__device__ inline half copysign(half x, half y) {
  return half::from_bits((x.bits & 0x7fffu) | (y.bits & 0x8000u));
}
__device__ inline half fma(half a, half b, half c) {
  half r;
  asm("fma.rn.f16 %0, %1, %2, %3;" : "=h"(r.bits) : "h"(a.bits), "h"(b.bits), "h"(c.bits));
  return r;
}
__device__ inline half mad(half a, half b, half c) { return fma(a, b, c); }
__device__ inline half nextafter(half x, half y) {
  if (x != x || y != y)
    return half(float(x) + float(y));
  if (x == y)
    return y;
  if (float(x) == 0.0f)
    return half::from_bits((y.bits & 0x8000u) | 1u);
  return half::from_bits((x < y) == (float(x) > 0.0f) ? x.bits + 1 : x.bits - 1);
}
// Templates (F is float), as CLC_HALF_THROUGH_FLOAT's: a program instantiates
// the float form only if it calls the half one.
template <class F = float> __device__ inline half fract(half x, half *iptr) {
  F whole;
  const half part(fract(F(x), &whole)), below_one = half::from_bits(0x3bffu);
  *iptr = half(whole);
  return part < below_one ? part : below_one;
}
template <class F = float> __device__ inline half modf(half x, half *iptr) {
  F whole;
  const half part(modf(F(x), &whole));
  *iptr = half(whole);
  return part;
}
template <class F = float> __device__ inline half sincos(half x, half *cosval) {
  F c;
  const half s(sincos(F(x), &c));
  *cosval = half(c);
  return s;
}
template <class F = float> __device__ inline half frexp(half x, int *exp) {
  return half(frexp(F(x), exp));
}
template <class F = float> __device__ inline half lgamma_r(half x, int *signp) {
  return half(lgamma_r(F(x), signp));
}
template <class F = float> __device__ inline half remquo(half x, half y, int *quo) {
  return half(remquo(F(x), F(y), quo));
}
template <class F = float> __device__ inline int ilogb(half x) { return ilogb(F(x)); }
template <class F = float> __device__ inline half ldexp(half x, int n) {
  return half(ldexp(F(x), n));
}
template <class F = float> __device__ inline half pown(half x, int n) {
  return half(pown(F(x), n));
}
template <class F = float> __device__ inline half rootn(half x, int n) {
  return half(rootn(F(x), n));
}

} // namespace clc
