// Host reference arithmetic for the device library's GPU tests: exact
// rounding to a binary floating-point format in each rounding mode (on long
// double, whose 64-bit significand holds every float, double and 64-bit
// integer exactly), half encoding, and OpenCL's ulp error measure.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

namespace clcuda::test {

enum class Rounding { rte, rtz, rtp, rtn };

inline const char *roundingName(Rounding r) {
  const char *names[] = {"rte", "rtz", "rtp", "rtn"};
  return names[int(r)];
}

inline long double roundToIntegral(long double x, Rounding r) {
  switch (r) {
  case Rounding::rte:
    return std::nearbyint(x); // the default environment rounds to nearest even
  case Rounding::rtz:
    return std::trunc(x);
  case Rounding::rtp:
    return std::ceil(x);
  default:
    return std::floor(x);
  }
}

// A binary format: significand bits (with the implicit one), the exponent of
// the smallest normal number and of the largest finite one.
struct Format {
  int precision, minExponent, maxExponent;
};
constexpr Format halfFormat = {11, -14, 15};
constexpr Format floatFormat = {24, -126, 127};
constexpr Format doubleFormat = {53, -1022, 1023};

// x rounded to the format in the mode, subnormals included; beyond the
// largest finite value, infinity or the largest value as the mode dictates.
inline long double roundToFormat(long double x, Format f, Rounding r) {
  if (std::isnan(x) || std::isinf(x) || x == 0)
    return x;
  int e = std::ilogb(x);
  if (e < f.minExponent)
    e = f.minExponent;
  long double quantum = std::ldexp(1.0L, e - (f.precision - 1));
  long double rounded = roundToIntegral(x / quantum, r) * quantum;
  long double largest = std::ldexp(2.0L - std::ldexp(1.0L, 1 - f.precision), f.maxExponent);
  if (std::fabs(rounded) > largest) {
    bool positive = x > 0;
    bool toInfinity =
        r == Rounding::rte || (r == Rounding::rtp && positive) || (r == Rounding::rtn && !positive);
    long double magnitude = toInfinity ? HUGE_VALL : largest;
    return positive ? magnitude : -magnitude;
  }
  return rounded == 0 ? std::copysign(0.0L, x) : rounded;
}

template <class To, class From> To bitCast(From x) {
  static_assert(sizeof(To) == sizeof(From), "bitCast needs types of the same size");
  To result;
  std::memcpy(&result, &x, sizeof result);
  return result;
}
inline uint32_t bitsOf(float x) { return bitCast<uint32_t>(x); }
inline uint64_t bitsOf(double x) { return bitCast<uint64_t>(x); }
inline float floatFromBits(uint32_t b) { return bitCast<float>(b); }
inline double doubleFromBits(uint64_t b) { return bitCast<double>(b); }

// The half encoding of a value already representable as a half.
inline uint16_t halfBits(long double representable) {
  uint16_t sign = std::signbit(representable) ? 0x8000 : 0;
  long double a = std::fabs(representable);
  if (std::isnan(representable))
    return 0x7e00;
  if (std::isinf(a))
    return sign | 0x7c00;
  if (a == 0)
    return sign;
  int e = std::ilogb(a);
  if (e < -14) // subnormal: units of 2^-24
    return sign | uint16_t(std::ldexp(a, 24));
  return sign | uint16_t((e + 15) << 10) | uint16_t(std::ldexp(a, 10 - e) - 1024);
}

inline long double halfValue(uint16_t bits) {
  long double sign = bits & 0x8000 ? -1.0L : 1.0L;
  int exponent = (bits >> 10) & 0x1f, mantissa = bits & 0x3ff;
  if (exponent == 0x1f)
    return mantissa ? NAN : sign * HUGE_VALL;
  if (exponent == 0)
    return sign * std::ldexp((long double)mantissa, -24);
  return sign * std::ldexp((long double)(mantissa + 1024), exponent - 25);
}

// OpenCL's ulp of the exact value `reference` in a format (OpenCL C 7.4): the
// gap between the two finite values around it; at a power of two, the gap
// above it (as the conformance tests measure).
inline long double ulpOf(long double reference, Format f) {
  long double a = std::fabs(reference);
  int e = a == 0 ? f.minExponent : std::ilogb(a);
  if (e < f.minExponent)
    e = f.minExponent;
  if (e > f.maxExponent)
    e = f.maxExponent;
  return std::ldexp(1.0L, e - (f.precision - 1));
}

// The error of `result` against the exact `reference`, in ulps of the
// reference. Infinite results for finite references count as the value one
// ulp beyond the largest finite one (the spec's overflow allowance).
inline long double ulpError(long double result, long double reference, Format f) {
  if (std::isnan(reference))
    return std::isnan(result) ? 0 : HUGE_VALL;
  if (std::isinf(reference))
    return result == reference ? 0 : HUGE_VALL;
  if (std::isnan(result))
    return HUGE_VALL;
  if (std::isinf(result))
    result = std::copysign(std::ldexp(1.0L, f.maxExponent + 1), result);
  return std::fabs(result - reference) / ulpOf(reference, f);
}

} // namespace clcuda::test
