// The OpenCL integer builtins of integer_builtins.def, on the host, as the
// OpenCL C specification defines them (computed in 128 bits where the
// result needs more than T).
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

namespace differential::integer_reference {

template <class T> using Unsigned = std::make_unsigned_t<T>;
template <class T> constexpr int kBits = static_cast<int>(sizeof(T) * 8);
// What a scalar of type T becomes in an expression (integer promotion).
template <class T> using Promoted = decltype(+T{});

using Wide = __int128;
using UnsignedWide = unsigned __int128;

// T's value of `value` modulo 2^bits (two's complement wrap-around).
template <class T> T wrap(UnsignedWide value) {
  return static_cast<T>(static_cast<Unsigned<T>>(value));
}

template <class T> T saturate(Wide value) {
  if (value < static_cast<Wide>(std::numeric_limits<T>::min()))
    return std::numeric_limits<T>::min();
  if (value > static_cast<Wide>(std::numeric_limits<T>::max()))
    return std::numeric_limits<T>::max();
  return static_cast<T>(value);
}

template <class T> T add_sat(T a, T b) { return saturate<T>(Wide(a) + b); }
template <class T> T sub_sat(T a, T b) { return saturate<T>(Wide(a) - b); }
// (a + b) >> 1 and (a + b + 1) >> 1 without overflow; >> of a negative
// 128-bit value rounds down, as OpenCL's hadd does.
template <class T> T hadd(T a, T b) { return static_cast<T>((Wide(a) + b) >> 1); }
template <class T> T rhadd(T a, T b) { return static_cast<T>((Wide(a) + b + 1) >> 1); }

// The high half of the full product.
template <class T> T mul_hi(T a, T b) {
  if constexpr (std::is_signed_v<T>)
    return static_cast<T>((Wide(a) * b) >> kBits<T>);
  else
    return static_cast<T>((UnsignedWide(a) * b) >> kBits<T>);
}
template <class T> T mad_hi(T a, T b, T c) {
  return wrap<T>(UnsignedWide(mul_hi(a, b)) + UnsignedWide(c));
}
template <class T> T mad_sat(T a, T b, T c) {
  if constexpr (std::is_signed_v<T>) {
    return saturate<T>(Wide(a) * b + c);
  } else {
    const UnsignedWide sum = UnsignedWide(a) * b + c; // < 2^128 for 64-bit T
    return sum > std::numeric_limits<T>::max() ? std::numeric_limits<T>::max()
                                               : static_cast<T>(sum);
  }
}

template <class T> T min(T a, T b) { return b < a ? b : a; }
template <class T> T max(T a, T b) { return a < b ? b : a; }
template <class T> T clamp(T x, T low, T high) { return min(max(x, low), high); }

// Left by b modulo the width (b read as unsigned).
template <class T> T rotate(T a, T b) {
  const unsigned count = static_cast<unsigned>(static_cast<Unsigned<T>>(b) % kBits<T>);
  const Unsigned<T> bits = static_cast<Unsigned<T>>(a);
  if (count == 0)
    return a;
  return static_cast<T>(static_cast<Unsigned<T>>((bits << count) | (bits >> (kBits<T> - count))));
}

template <class T> T clz(T a) {
  Unsigned<T> bits = static_cast<Unsigned<T>>(a);
  int zeros = kBits<T>;
  for (; bits; bits >>= 1)
    --zeros;
  return static_cast<T>(zeros);
}

template <class T> T popcount(T a) {
  Unsigned<T> bits = static_cast<Unsigned<T>>(a);
  int ones = 0;
  for (; bits; bits &= static_cast<Unsigned<T>>(bits - 1))
    ++ones;
  return static_cast<T>(ones);
}

// |a| and |a - b| as the unsigned type.
template <class T> Unsigned<T> abs(T a) {
  return a < 0 ? static_cast<Unsigned<T>>(-Wide(a)) : static_cast<Unsigned<T>>(a);
}
template <class T> Unsigned<T> abs_diff(T a, T b) {
  const Wide difference = Wide(a) - b;
  return static_cast<Unsigned<T>>(difference < 0 ? -difference : difference);
}

// OpenCL's << and >> on a scalar: the count is masked to the width of the
// promoted left operand; the result has the promoted type.
template <class T, class C> Promoted<T> shift_left(T a, C count) {
  using P = Promoted<T>;
  const unsigned masked = static_cast<unsigned>(static_cast<Unsigned<C>>(count) & (kBits<P> - 1));
  return static_cast<P>(static_cast<Unsigned<P>>(static_cast<P>(a)) << masked);
}
template <class T, class C> Promoted<T> shift_right(T a, C count) {
  using P = Promoted<T>;
  const unsigned masked = static_cast<unsigned>(static_cast<Unsigned<C>>(count) & (kBits<P> - 1));
  return static_cast<P>(static_cast<P>(a) >> masked); // arithmetic for signed types
}
// b & (T)(T_BITS - 1), promoted.
template <class T> Promoted<T> below_width(T b) {
  return static_cast<Promoted<T>>(b & static_cast<T>(kBits<T> - 1));
}

// 32-bit only, with operands that fit 24 bits and products that fit 32.
template <class T> T mul24(T a, T b) { return static_cast<T>(Wide(a) * b); }
template <class T> T mad24(T a, T b, T c) { return wrap<T>(UnsignedWide(Wide(a) * b + c)); }

} // namespace differential::integer_reference
