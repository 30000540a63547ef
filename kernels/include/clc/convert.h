// Explicit conversions: convert_<type>[n][_sat][_rte|_rtz|_rtp|_rtn](x) is
// clc::convert<Dst, Sat, Round>(x) (OpenCL C 6.4.3). Rounding of
// floating-point results and of float-to-integer conversions uses the CUDA
// conversion intrinsics, which are exact for every mode.
#pragma once

#include <clc/core.h>

namespace clc {
namespace detail {

// The operand type of the 32/64-bit conversion intrinsics for an integer T.
template <class T, int Size = sizeof(T), bool Signed = is_signed_integer<T>> struct intrinsic_int;
template <class T> struct intrinsic_int<T, 4, true> { typedef int type; };
template <class T> struct intrinsic_int<T, 4, false> { typedef unsigned int type; };
template <class T> struct intrinsic_int<T, 8, true> { typedef long long type; };
template <class T> struct intrinsic_int<T, 8, false> { typedef unsigned long long type; };

#define CLC_ROUNDED_CONVERSION(result, name, operand, intrinsic)                                   \
  __device__ inline result name(operand x, rte) { return intrinsic##_rn(x); }                      \
  __device__ inline result name(operand x, rtz) { return intrinsic##_rz(x); }                      \
  __device__ inline result name(operand x, rtp) { return intrinsic##_ru(x); }                      \
  __device__ inline result name(operand x, rtn) { return intrinsic##_rd(x); }
// Floating point to integer: the cvt instructions clamp to the result's range.
CLC_ROUNDED_CONVERSION(int, rounded_integer, float, __float2int)
CLC_ROUNDED_CONVERSION(unsigned int, rounded_unsigned, float, __float2uint)
CLC_ROUNDED_CONVERSION(long long, rounded_long, float, __float2ll)
CLC_ROUNDED_CONVERSION(unsigned long long, rounded_unsigned_long, float, __float2ull)
CLC_ROUNDED_CONVERSION(int, rounded_integer, double, __double2int)
CLC_ROUNDED_CONVERSION(unsigned int, rounded_unsigned, double, __double2uint)
CLC_ROUNDED_CONVERSION(long long, rounded_long, double, __double2ll)
CLC_ROUNDED_CONVERSION(unsigned long long, rounded_unsigned_long, double, __double2ull)
// Inexact conversions to floating point.
CLC_ROUNDED_CONVERSION(float, rounded_float, int, __int2float)
CLC_ROUNDED_CONVERSION(float, rounded_float, unsigned int, __uint2float)
CLC_ROUNDED_CONVERSION(float, rounded_float, long long, __ll2float)
CLC_ROUNDED_CONVERSION(float, rounded_float, unsigned long long, __ull2float)
CLC_ROUNDED_CONVERSION(float, rounded_float, double, __double2float)
CLC_ROUNDED_CONVERSION(double, rounded_double, long long, __ll2double)
CLC_ROUNDED_CONVERSION(double, rounded_double, unsigned long long, __ull2double)
#undef CLC_ROUNDED_CONVERSION

template <class To, class From> __device__ inline To saturate_integer(From x) {
  if constexpr (is_signed_integer<From>) {
    if (x < 0) {
      if constexpr (!is_signed_integer<To>)
        return 0;
      else if constexpr (sizeof(From) > sizeof(To))
        return x < From(min_value<To>()) ? min_value<To>() : To(x);
      else
        return To(x);
    }
  }
  return unsigned_t<From>(x) > unsigned_t<To>(max_value<To>()) ? max_value<To>() : To(x);
}

template <class To, class Sat, class Round, class From>
__device__ inline To floating_to_integer(From x) {
  typedef rounding_t<Round, rtz> mode;
  if constexpr (sizeof(To) == 8) {
    typedef typename intrinsic_int<To>::type wide;
    if constexpr (is_signed_integer<To>)
      return To(is_same<Sat, saturate> && x != x ? wide(0) : rounded_long(x, mode()));
    else
      return To(is_same<Sat, saturate> && x != x ? wide(0) : rounded_unsigned_long(x, mode()));
  } else if constexpr (sizeof(To) == 4 && !is_signed_integer<To>) {
    return To(is_same<Sat, saturate> && x != x ? 0u : rounded_unsigned(x, mode()));
  } else {
    int rounded = rounded_integer(x, mode());
    if constexpr (is_same<Sat, saturate>)
      return x != x ? To(0) : saturate_integer<To>(rounded);
    else
      return To(rounded);
  }
}

template <class To, class Round, class From> __device__ inline To integer_to_floating(From x) {
  typedef rounding_t<Round, rte> mode;
  typedef typename intrinsic_int<From, sizeof(From) < 4 ? 4 : sizeof(From)>::type wide;
  if constexpr (sizeof(From) < 4 || (sizeof(From) == 4 && is_same<To, double>))
    return To(x); // exact
  else if constexpr (is_same<To, float>)
    return rounded_float(wide(x), mode());
  else
    return rounded_double(wide(x), mode());
}

template <class To, class Sat, class Round, class From>
__device__ inline To convert_scalar(From x) {
  if constexpr (is_same<To, From>)
    return x;
  else if constexpr (is_same<From, half>)
    return convert_scalar<To, Sat, Round>(float(x)); // exact
  else if constexpr (is_same<To, half>)
    return to_half(x, rounding_t<Round, rte>());
  else if constexpr (is_integer<To> && is_integer<From>)
    return is_same<Sat, saturate> ? saturate_integer<To>(x) : To(x);
  else if constexpr (is_integer<To>)
    return floating_to_integer<To, Sat, Round>(x);
  else if constexpr (is_integer<From>)
    return integer_to_floating<To, Round>(x);
  else if constexpr (is_same<To, float> && is_same<From, double>)
    return rounded_float(x, rounding_t<Round, rte>());
  else
    return To(x); // float to double, or the same type: exact
}

} // namespace detail

template <class Dst, class Sat = nosat, class Round = rdefault, class Src>
__device__ inline Dst convert(Src x) {
  static_assert(detail::vec_size<Dst> == detail::vec_size<Src>,
                "convert_<type>n needs a source with n components");
  if constexpr (detail::vec_size<Dst> == 1) {
    return detail::convert_scalar<Dst, Sat, Round>(x);
  } else {
    Dst r;
    for (int i = 0; i < detail::vec_size<Dst>; ++i)
      r.elem[i] = detail::convert_scalar<detail::element_t<Dst>, Sat, Round>(x.elem[i]);
    return r;
  }
}

} // namespace clc
