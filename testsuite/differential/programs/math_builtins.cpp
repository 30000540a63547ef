// Math builtins over ranges, scalar and float4, each within the OpenCL
// specification's ULP bound of the host's double-precision result. Two
// platforms may then differ by twice that bound, or not at all where the
// result must be correctly rounded.
#include "host_reference.h"
#include "math_ulp_bounds.h"
#include "program.h"

#include <cmath>
#include <string>

namespace differential {
namespace math_reference {

// The builtins of math_builtins.def in double precision; the ones the C++
// library lacks, or computes differently for float, are spelled out.
using std::acos, std::acosh, std::asin, std::asinh, std::atan, std::atan2, std::atanh, std::cbrt,
    std::ceil, std::copysign, std::cos, std::cosh, std::erf, std::erfc, std::exp, std::exp2,
    std::expm1, std::fabs, std::fdim, std::floor, std::fmax, std::fmin, std::fmod, std::hypot,
    std::log, std::log10, std::log1p, std::log2, std::pow, std::remainder, std::rint, std::round,
    std::sin, std::sinh, std::sqrt, std::tan, std::tanh, std::tgamma, std::trunc;
inline double exp10(double x) { return std::pow(10.0, x); }
inline double rsqrt(double x) { return 1 / std::sqrt(x); }
inline double recip(double x) { return 1 / x; }
inline double divide(double x, double y) { return x / y; }
inline double powr(double x, double y) { return std::pow(x, y); }
// Float's own: the neighbour of a float, and one rounding of a fused result.
inline double nextafter(double x, double y) {
  return std::nextafterf(static_cast<float>(x), static_cast<float>(y));
}
inline double fma(double x, double y, double z) {
  return std::fmaf(static_cast<float>(x), static_cast<float>(y), static_cast<float>(z));
}

struct Row {
  const char *name;
  int arity;
  double ulp;
  double low[3];
  double high[3];
  double (*compute)(double x, double y, double z);
};

const Row kRows[] = {
#define MATH_BUILTIN_1(f, low, high)                                                               \
  {#f,                                                                                             \
   1,                                                                                              \
   clcuda_test::ulpBound(#f, false),                                                               \
   {low, 0, 0},                                                                                    \
   {high, 0, 0},                                                                                   \
   [](double x, double, double) { return f(x); }},
#define MATH_BUILTIN_2(f, low1, high1, low2, high2)                                                \
  {#f,                                                                                             \
   2,                                                                                              \
   clcuda_test::ulpBound(#f, false),                                                               \
   {low1, low2, 0},                                                                                \
   {high1, high2, 0},                                                                              \
   [](double x, double y, double) { return f(x, y); }},
#define MATH_BUILTIN_3(f, low1, high1, low2, high2, low3, high3)                                   \
  {#f,                                                                                             \
   3,                                                                                              \
   clcuda_test::ulpBound(#f, false),                                                               \
   {low1, low2, low3},                                                                             \
   {high1, high2, high3},                                                                          \
   [](double x, double y, double z) { return f(x, y, z); }},
#include "math_builtins.def"
#undef MATH_BUILTIN_1
#undef MATH_BUILTIN_2
#undef MATH_BUILTIN_3
};

// Every row has the specification's bound.
#define MATH_BUILTIN_1(f, ...)                                                                     \
  static_assert(clcuda_test::ulpBound(#f, false) >= 0, #f ": no bound in math_ulp_bounds.h");
#define MATH_BUILTIN_2 MATH_BUILTIN_1
#define MATH_BUILTIN_3 MATH_BUILTIN_1
#include "math_builtins.def"
#undef MATH_BUILTIN_1
#undef MATH_BUILTIN_2
#undef MATH_BUILTIN_3

} // namespace math_reference

namespace {

using namespace clexample;

constexpr size_t kCount = 1024; // inputs per builtin

std::vector<float> sample(double low, double high, uint64_t seed) {
  Random random(seed);
  std::vector<float> values(kCount);
  const bool logarithmic = low > 0 && high / low >= 1000;
  for (float &value : values)
    value = static_cast<float>(logarithmic ? std::exp(random.uniform(std::log(low), std::log(high)))
                                           : random.uniform(low, high));
  return values;
}

RunResult runMathBuiltins(const Device &device) {
  Program program = device.buildProgram(programPath("math_builtins.cl"), "-I " + programPath(""));
  Queue queue = device.createQueue();
  RunResult result;
  uint64_t seed = 100;
  for (const math_reference::Row &row : math_reference::kRows) {
    std::vector<float> inputs[3];
    std::vector<Memory> buffers;
    for (int a = 0; a < 3; ++a) {
      inputs[a] = a < row.arity ? sample(row.low[a], row.high[a], ++seed)
                                : std::vector<float>(kCount, 1.0f);
      buffers.push_back(device.createBuffer(CL_MEM_READ_ONLY, inputs[a]));
    }
    // Correctly rounded results are the one float nearest the exact value:
    // two platforms must agree on it. Others may err in opposite directions.
    const bool correctlyRounded = row.ulp <= 0.5;
    std::vector<double> expected(kCount), bounds(kCount), crossBounds(kCount);
    for (size_t i = 0; i < kCount; ++i) {
      expected[i] = row.compute(inputs[0][i], inputs[1][i], inputs[2][i]);
      bounds[i] = row.ulp * floatUlp(expected[i]);
      crossBounds[i] = correctlyRounded ? 0 : 2 * bounds[i];
    }
    const std::string rule = formatValue(row.ulp) + " ulp";
    const std::string crossRule = correctlyRounded ? "exact" : "2 x " + rule;
    Memory out = device.createBuffer(CL_MEM_WRITE_ONLY, kCount * sizeof(float));
    for (const char *form : {"", "_4"}) {
      const std::string kernelName = std::string("math_") + row.name + form;
      Kernel kernel = createKernel(program, kernelName.c_str());
      setKernelArgs(kernel, buffers[0], buffers[1], buffers[2], out);
      enqueueKernel(queue, kernel, NDRange(*form ? kCount / 4 : kCount));
      std::vector<float> got = readBuffer<float>(queue, out, kCount);
      const std::string name = std::string(row.name) + (*form ? " (float4)" : "");
      expectWithin(result, name, got, expected, bounds, rule);
      result.buffers.push_back(resultBuffer(name, got, Agreement::within(crossBounds, crossRule)));
    }
  }
  return result;
}

} // namespace

std::vector<DifferentialProgram> mathBuiltinPrograms() {
  return {{"math builtins", "2 x the spec's ulp (exact where correctly rounded)", runMathBuiltins}};
}

} // namespace differential
