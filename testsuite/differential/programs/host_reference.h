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

using clexample::randomFloats;
using clexample::randomIntegers;

} // namespace differential
