// Integer built-in functions (OpenCL C 6.15.4) for char ... ulong scalars and
// vectors, and cl_khr_extended_bit_ops' bitfield_insert,
// bitfield_extract_signed/unsigned and bit_reverse. clamp, max and min live in
// common.h with their floating-point forms: one name, one module.
#pragma once

#include <clc/core.h>

namespace clc {
namespace detail {

// upsample's result: the integer type of twice the size.
template <class T> struct twice_as_wide;
template <> struct twice_as_wide<char> { typedef short type; };
template <> struct twice_as_wide<signed char> { typedef short type; };
template <> struct twice_as_wide<unsigned char> { typedef unsigned short type; };
template <> struct twice_as_wide<short> { typedef int type; };
template <> struct twice_as_wide<unsigned short> { typedef unsigned int type; };
template <> struct twice_as_wide<int> { typedef long type; };
template <> struct twice_as_wide<unsigned int> { typedef unsigned long type; };

// x, saturated to T's range.
template <class T> __device__ inline T clamp_wide(long long x) {
  return x < min_value<T>() ? min_value<T>() : x > max_value<T>() ? max_value<T>() : T(x);
}
} // namespace detail

template <class T, detail::if_integer<T> = 0> __device__ inline detail::unsigned_t<T> abs(T x) {
  typedef detail::unsigned_t<T> U;
  if constexpr (detail::is_signed_integer<T>)
    return x < 0 ? U(U(0) - U(x)) : U(x);
  else
    return x;
}

template <class T, detail::if_integer<T> = 0>
__device__ inline detail::unsigned_t<T> abs_diff(T x, detail::identity_t<T> y) {
  typedef detail::unsigned_t<T> U;
  return x > y ? U(U(x) - U(y)) : U(U(y) - U(x));
}

template <class T, detail::if_integer<T> = 0>
__device__ inline T add_sat(T x, detail::identity_t<T> y) {
  typedef detail::unsigned_t<T> U;
  if constexpr (!detail::is_signed_integer<T>) {
    U sum = U(x + y);
    return sum < x ? detail::max_value<T>() : sum;
  } else if constexpr (sizeof(T) < 8) {
    return detail::clamp_wide<T>((long long)x + y);
  } else {
    T sum = T(U(x) + U(y));
    bool overflow = (x < 0) == (y < 0) && (sum < 0) != (x < 0);
    return overflow ? (x < 0 ? detail::min_value<T>() : detail::max_value<T>()) : sum;
  }
}

template <class T, detail::if_integer<T> = 0>
__device__ inline T sub_sat(T x, detail::identity_t<T> y) {
  typedef detail::unsigned_t<T> U;
  if constexpr (!detail::is_signed_integer<T>) {
    return x < y ? T(0) : T(x - y);
  } else if constexpr (sizeof(T) < 8) {
    return detail::clamp_wide<T>((long long)x - y);
  } else {
    T difference = T(U(x) - U(y));
    bool overflow = (x < 0) != (y < 0) && (difference < 0) != (x < 0);
    return overflow ? (x < 0 ? detail::min_value<T>() : detail::max_value<T>()) : difference;
  }
}

// (x + y) >> 1 and (x + y + 1) >> 1 without overflow.
template <class T, detail::if_integer<T> = 0>
__device__ inline T hadd(T x, detail::identity_t<T> y) {
  return T((x >> 1) + (y >> 1) + (x & y & 1));
}
template <class T, detail::if_integer<T> = 0>
__device__ inline T rhadd(T x, detail::identity_t<T> y) {
  return T((x >> 1) + (y >> 1) + ((x | y) & 1));
}

template <class T, detail::if_integer<T> = 0> __device__ inline T clz(T x) {
  if constexpr (sizeof(T) == 8)
    return T(::__clzll((long long)x));
  else
    return T(::__clz(int(detail::unsigned_t<T>(x))) - (32 - detail::bits<T>));
}

template <class T, detail::if_integer<T> = 0> __device__ inline T ctz(T x) {
  if constexpr (sizeof(T) == 8)
    return T(x == 0 ? 64 : ::__ffsll((long long)x) - 1);
  else
    return T(x == 0 ? detail::bits<T> : ::__ffs(int(detail::unsigned_t<T>(x))) - 1);
}

template <class T, detail::if_integer<T> = 0> __device__ inline T popcount(T x) {
  if constexpr (sizeof(T) == 8)
    return T(::__popcll((unsigned long long)x));
  else
    return T(::__popc((unsigned int)detail::unsigned_t<T>(x)));
}

template <class T, detail::if_integer<T> = 0>
__device__ inline T mul_hi(T x, detail::identity_t<T> y) {
  if constexpr (sizeof(T) < 4)
    return T(((long long)x * y) >> detail::bits<T>);
  else if constexpr (sizeof(T) == 4 && detail::is_signed_integer<T>)
    return T(::__mulhi(x, y));
  else if constexpr (sizeof(T) == 4)
    return T(::__umulhi(x, y));
  else if constexpr (detail::is_signed_integer<T>)
    return T(::__mul64hi((long long)x, (long long)y));
  else
    return T(::__umul64hi((unsigned long long)x, (unsigned long long)y));
}

template <class T, detail::if_integer<T> = 0>
__device__ inline T mad_hi(T a, detail::identity_t<T> b, detail::identity_t<T> c) {
  return T(mul_hi(a, b) + c);
}

template <class T, detail::if_integer<T> = 0>
__device__ inline T mad_sat(T a, detail::identity_t<T> b, detail::identity_t<T> c) {
  if constexpr (sizeof(T) < 4 || (sizeof(T) == 4 && detail::is_signed_integer<T>)) {
    return detail::clamp_wide<T>((long long)a * b + c);
  } else if constexpr (sizeof(T) == 4) {
    unsigned long long r = (unsigned long long)a * b + c;
    return r > detail::max_value<T>() ? detail::max_value<T>() : T(r);
  } else {
    // The 128-bit a * b + c, as high and low halves.
    typedef unsigned long long U;
    U low = U(a) * U(b);
    U sum = low + U(c);
    U carry = sum < low;
    if constexpr (detail::is_signed_integer<T>) {
      long long high =
          ::__mul64hi((long long)a, (long long)b) + (c < 0 ? -1 : 0) + (long long)carry;
      bool fits = high == ((long long)sum >> 63);
      return fits ? T(sum) : high < 0 ? detail::min_value<T>() : detail::max_value<T>();
    } else {
      U high = ::__umul64hi(U(a), U(b)) + carry;
      return high != 0 ? detail::max_value<T>() : T(sum);
    }
  }
}

template <class T, detail::if_integer<T> = 0>
__device__ inline T rotate(T v, detail::identity_t<T> i) {
  typedef detail::unsigned_t<T> U;
  const int width = detail::bits<T>;
  U bits = U(v);
  int n = int(U(i) & U(width - 1));
  return T(U(bits << n) | U(bits >> ((width - n) & (width - 1))));
}

template <class T, detail::if_integer<T> = 0>
__device__ inline typename detail::twice_as_wide<T>::type upsample(T hi, detail::unsigned_t<T> lo) {
  typedef typename detail::twice_as_wide<T>::type R;
  return R(detail::unsigned_t<R>(detail::unsigned_t<T>(hi)) << detail::bits<T> | lo);
}

// The 24-bit multiplies: the full product is a valid result for operands in
// range, and out-of-range operands give an implementation-defined value.
template <class T, detail::enable_if_t<sizeof(T) == 4 && detail::is_integer<T>, int> = 0>
__device__ inline T mul24(T x, detail::identity_t<T> y) {
  return x * y;
}
template <class T, detail::enable_if_t<sizeof(T) == 4 && detail::is_integer<T>, int> = 0>
__device__ inline T mad24(T x, detail::identity_t<T> y, detail::identity_t<T> z) {
  return x * y + z;
}

// cl_khr_extended_bit_ops. The field is bits [offset, offset + count - 1];
// count 0 is an empty field (insert returns base, extract returns 0). A field
// reaching past the type's width, which the extension leaves undefined, is
// cut there as PTX bfe and bfi cut it, for every offset and count (no
// wrap-around of large values): insert writes only the bits that exist, and
// extract reads the missing bits as copies of base's top bit
// (bitfield_extract_signed) or as zeros (bitfield_extract_unsigned), as if
// base were sign- or zero-extended to any width. The arithmetic is 32-bit
// (64-bit for long), so constant offsets and counts fold.
namespace detail {
// The 32- or 64-bit unsigned type in which T's bit operations are done.
template <class T>
using bit_field_word = conditional_t<(sizeof(T) == 8), unsigned long long, unsigned int>;
} // namespace detail

template <class T, detail::if_integer<T> = 0>
__device__ inline T bitfield_insert(T base, detail::identity_t<T> insert, uint offset, uint count) {
  typedef detail::bit_field_word<T> W;
  if (count == 0 || offset >= uint(detail::bits<T>))
    return base;
  const W ones = count >= uint(detail::bits<W>) ? ~W(0) : W((W(1) << count) - 1);
  const W mask = W(ones << offset);
  const W b = W(detail::unsigned_t<T>(base)), i = W(detail::unsigned_t<T>(insert));
  return T(detail::unsigned_t<T>((b & ~mask) | (W(i << offset) & mask)));
}

template <class T, detail::if_integer<T> = 0>
__device__ inline detail::signed_t<T> bitfield_extract_signed(T base, uint offset, uint count) {
  typedef detail::bit_field_word<T> W;
  typedef detail::signed_t<W> S;
  constexpr uint width = uint(detail::bits<W>);
  if (count == 0)
    return 0;
  // base's bits, sign-extended from its own width to the word's.
  S word = S(detail::signed_t<T>(base));
  S field = offset >= width ? S(word >> (width - 1)) : S(word >> offset);
  if (count < width)
    field = S(W(field) << (width - count)) >> (width - count);
  return detail::signed_t<T>(field);
}

template <class T, detail::if_integer<T> = 0>
__device__ inline detail::unsigned_t<T> bitfield_extract_unsigned(T base, uint offset, uint count) {
  typedef detail::bit_field_word<T> W;
  constexpr uint width = uint(detail::bits<W>);
  if (count == 0 || offset >= width)
    return 0;
  W field = W(detail::unsigned_t<T>(base)) >> offset;
  if (count < width)
    field &= W((W(1) << count) - 1);
  return detail::unsigned_t<T>(field);
}

// __brev and __brevll (PTX brev); 8- and 16-bit values reversed in 32 bits and shifted down.
template <class T, detail::if_integer<T> = 0> __device__ inline T bit_reverse(T x) {
  if constexpr (sizeof(T) == 8)
    return T(::__brevll((unsigned long long)x));
  else
    return T(::__brev((unsigned int)detail::unsigned_t<T>(x)) >> (32 - detail::bits<T>));
}

CLC_VECTORIZE(abs)
CLC_VECTORIZE(abs_diff)
CLC_VECTORIZE(add_sat)
CLC_VECTORIZE(sub_sat)
CLC_VECTORIZE(hadd)
CLC_VECTORIZE(rhadd)
CLC_VECTORIZE(clz)
CLC_VECTORIZE(ctz)
CLC_VECTORIZE(popcount)
CLC_VECTORIZE(mul_hi)
CLC_VECTORIZE(mad_hi)
CLC_VECTORIZE(mad_sat)
CLC_VECTORIZE(rotate)
CLC_VECTORIZE(upsample)
CLC_VECTORIZE(mul24)
CLC_VECTORIZE(mad24)
CLC_VECTORIZE(bitfield_insert)
CLC_VECTORIZE(bitfield_extract_signed)
CLC_VECTORIZE(bitfield_extract_unsigned)
CLC_VECTORIZE(bit_reverse)

} // namespace clc
