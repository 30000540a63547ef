// The OpenCL C specification's bound on each math function's error, in ulps
// of the exact result (OpenCL C 3.0, "Relative Error as ULPs", full
// profile): 0 is exact, 0.5 correctly rounded. divide is x / y and recip
// 1 / x. The device library's GPU tests (testsuite/kernels/gpu) and the
// differential harness both hold results to these numbers.
#pragma once

#include <string_view>

namespace clcuda_test {

struct UlpBound {
  std::string_view name;
  double single_precision;
  double double_precision;
};

inline constexpr UlpBound kUlpBounds[] = {
    {"acos", 4, 4},      {"acosh", 4, 4},    {"acospi", 5, 5},     {"asin", 4, 4},
    {"asinh", 4, 4},     {"asinpi", 5, 5},   {"atan", 5, 5},       {"atan2", 6, 6},
    {"atanh", 5, 5},     {"atanpi", 5, 5},   {"atan2pi", 6, 6},    {"cbrt", 2, 2},
    {"ceil", 0.5, 0.5},  {"copysign", 0, 0}, {"cos", 4, 4},        {"cosh", 4, 4},
    {"cospi", 4, 4},     {"divide", 2.5, 0.5}, {"erfc", 16, 16},   {"erf", 16, 16},
    {"exp", 3, 3},       {"exp2", 3, 3},     {"exp10", 3, 3},      {"expm1", 3, 3},
    {"fabs", 0, 0},      {"fdim", 0.5, 0.5}, {"floor", 0.5, 0.5},  {"fma", 0.5, 0.5},
    {"fmax", 0, 0},      {"fmin", 0, 0},     {"fmod", 0, 0},       {"hypot", 4, 4},
    {"log", 3, 3},       {"log2", 3, 3},     {"log10", 3, 3},      {"log1p", 2, 2},
    {"logb", 0, 0},      {"nextafter", 0, 0}, {"pow", 16, 16},     {"pown", 16, 16},
    {"powr", 16, 16},    {"recip", 2.5, 0.5}, {"remainder", 0, 0}, {"rint", 0.5, 0.5},
    {"rootn", 16, 16},   {"round", 0.5, 0.5}, {"rsqrt", 2, 2},     {"sin", 4, 4},
    {"sincos", 4, 4},    {"sinh", 4, 4},     {"sinpi", 4, 4},      {"sqrt", 3, 0.5},
    {"tan", 5, 5},       {"tanh", 5, 5},     {"tanpi", 6, 6},      {"tgamma", 16, 16},
    {"trunc", 0.5, 0.5}, {"degrees", 2, 2},  {"radians", 2, 2},
};

// The bound of `name` in single or double precision; -1 where the table has
// none (a caller's error: every function checked in ulps is listed).
constexpr double ulpBound(std::string_view name, bool double_precision) {
  for (const UlpBound &row : kUlpBounds)
    if (row.name == name)
      return double_precision ? row.double_precision : row.single_precision;
  return -1;
}

} // namespace clcuda_test
