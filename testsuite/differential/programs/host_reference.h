// Host-side helpers of the kernel-level programs: inputs and error bounds.
#pragma once

#include "common/random.h"

#include <cmath>
#include <cstdint>
#include <vector>

namespace differential {

// The unit roundoff of float: a correctly rounded operation's relative error.
inline constexpr double kFloatRoundoff = 0x1p-24;

// gamma(n) = n u / (1 - n u): the relative error bound of a sum or dot product
// of n + 1 terms computed in float in any order, each operation correctly
// rounded (Higham, Accuracy and Stability of Numerical Algorithms, 3.1). A
// fused multiply-add only removes roundings, so it stays within the bound.
inline double gamma(size_t n) {
  const double nu = static_cast<double>(n) * kFloatRoundoff;
  return nu / (1 - nu);
}

inline std::vector<float> randomFloats(size_t count, uint64_t seed, float low, float high) {
  clexample::Random random(seed);
  std::vector<float> values(count);
  for (float &value : values)
    value = random.uniform(low, high);
  return values;
}

template <class T>
std::vector<T> randomIntegers(size_t count, uint64_t seed, int64_t low, int64_t high) {
  clexample::Random random(seed);
  std::vector<T> values(count);
  for (T &value : values)
    value = static_cast<T>(random.integer(low, high));
  return values;
}

} // namespace differential
