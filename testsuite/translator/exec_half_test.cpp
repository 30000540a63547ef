// cl_khr_fp16 on the GPU (labels translator and gpu): exec/half.cl's kernels,
// translated and launched as the shim launches them, against results
// computed exactly on the host, bit for bit. The reference platform is not
// asked: PoCL and NVIDIA's OpenCL may lack cl_khr_fp16.
#include "ExecChecks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

namespace cl2cuda::testing {
namespace {

enum class Round { NearestEven, Zero, Up, Down };

// The half nearest `value` in `mode` (value exact in double), as its bits.
uint16_t halfBits(double value, Round mode) {
  const uint16_t sign = std::signbit(value) ? 0x8000u : 0u;
  if (std::isnan(value))
    return 0x7e00u;
  const double magnitude = std::fabs(value);
  const bool away = (mode == Round::Up && !sign) || (mode == Round::Down && sign);
  auto overflow = [&] {
    return uint16_t(sign | (mode == Round::NearestEven || away ? 0x7c00u : 0x7bffu));
  };
  if (std::isinf(magnitude))
    return uint16_t(sign | 0x7c00u);
  if (magnitude == 0)
    return sign;
  int exponent = std::ilogb(magnitude);
  if (exponent < -14)
    exponent = -14;
  const double units = std::ldexp(magnitude, 10 - exponent); // exact
  double whole = std::floor(units);
  const double rest = units - whole;
  if (mode == Round::NearestEven)
    whole += rest > 0.5 || (rest == 0.5 && std::fmod(whole, 2) == 1);
  else if (away)
    whole += rest > 0;
  if (whole == 2048) {
    whole = 1024;
    ++exponent;
  }
  if (exponent > 15)
    return overflow();
  if (whole < 1024) // subnormal
    return uint16_t(sign | unsigned(whole));
  return uint16_t(sign | unsigned(exponent + 15) << 10 | (unsigned(whole) - 1024));
}

double halfValue(uint16_t bits) {
  const int exponent = (bits >> 10) & 0x1f, mantissa = bits & 0x3ff;
  double magnitude = exponent == 0    ? std::ldexp(mantissa, -24)
                     : exponent == 31 ? (mantissa ? NAN : INFINITY)
                                      : std::ldexp(1024 + mantissa, exponent - 25);
  return bits & 0x8000u ? -magnitude : magnitude;
}

bool isNaNBits(uint16_t bits) { return (bits & 0x7c00u) == 0x7c00u && (bits & 0x3ffu); }

// Finite halves of every exponent, the edges among them.
std::vector<uint16_t> finiteHalves(size_t count, unsigned seed) {
  std::vector<uint16_t> values = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00,
                                  0xbc00, 0x3555, 0x7bff, 0xfbff, 0x7c00, 0xfc00};
  std::mt19937 random(seed);
  while (values.size() < count) {
    const uint16_t bits = uint16_t(random());
    if ((bits & 0x7c00u) != 0x7c00u)
      values.push_back(bits);
  }
  return values;
}

// Output buffer `index` (counting outputs only) as halves' bits.
std::vector<uint16_t> outputHalves(const RunResult &run, size_t index) {
  std::vector<uint16_t> values(run.outputs[index].size() / 2);
  std::memcpy(values.data(), run.outputs[index].data(), run.outputs[index].size());
  return values;
}

#define SKIP_WITHOUT_GPU()                                                                         \
  if (std::string why = cudaUnavailableReason(); !why.empty())                                     \
  GTEST_SKIP() << why

void expectHalf(uint16_t actual, uint16_t expected, const std::string &what) {
  if (isNaNBits(expected))
    EXPECT_TRUE(isNaNBits(actual)) << what << ": 0x" << std::hex << actual << ", a NaN expected";
  else
    EXPECT_EQ(actual, expected) << what << std::hex << ": 0x" << actual << " against 0x"
                                << expected;
}

TEST(Half, ArithmeticRoundsOnceToNearestEven) {
  SKIP_WITHOUT_GPU();
  const size_t n = 4096;
  const std::vector<uint16_t> a = finiteHalves(n, 1), b = finiteHalves(n, 2),
                              c = finiteHalves(n, 3);
  ExecCase test("half.cl", "arithmetic");
  test.global_size[0] = n;
  test.local_size[0] = 64;
  test.args = {ExecArg::buffer(a, Element::UInt16), ExecArg::buffer(b, Element::UInt16),
               ExecArg::buffer(c, Element::UInt16),
               ExecArg::buffer(std::vector<uint16_t>(8 * n), Element::UInt16, true),
               ExecArg::value(int(n))};
  RunResult run = runTranslatedOnCuda(test);
  ASSERT_TRUE(run.ok) << run.error;
  ASSERT_EQ(run.outputs.size(), 1u);
  const std::vector<uint16_t> out = outputHalves(run, 0);
  int fma_checked = 0;
  for (size_t i = 0; i < n && !HasFailure(); ++i) {
    const double x = halfValue(a[i]), y = halfValue(b[i]), z = halfValue(c[i]);
    const std::string at = "case " + std::to_string(i);
    // Sums, differences and products of halves are exact in double; a
    // double quotient or root rounds to the correct half (53 >= 2 x 11 + 2).
    expectHalf(out[8 * i], halfBits(x + y, Round::NearestEven), at + " x + y");
    expectHalf(out[8 * i + 1], halfBits(x - y, Round::NearestEven), at + " x - y");
    expectHalf(out[8 * i + 2], halfBits(x * y, Round::NearestEven), at + " x * y");
    expectHalf(out[8 * i + 3], halfBits(x / y, Round::NearestEven), at + " x / y");
    // fma where x * y + z is exact in double (almost every case: the check
    // is TwoSum's error term).
    const double product = x * y, sum = product + z, back = sum - product;
    if (std::isfinite(sum) && (product - (sum - back)) + (z - back) == 0) {
      expectHalf(out[8 * i + 4], halfBits(sum, Round::NearestEven), at + " fma");
      ++fma_checked;
    }
    expectHalf(out[8 * i + 5], uint16_t(a[i] ^ 0x8000u), at + " -x");
    expectHalf(out[8 * i + 6], halfBits(std::sqrt(std::fabs(x)), Round::NearestEven), at + " sqrt");
    expectHalf(out[8 * i + 7], halfBits(x * 3, Round::NearestEven), at + " x * 3");
  }
  EXPECT_GT(fma_checked, int(n) / 2);
}

TEST(Half, ConversionsInEveryRoundingMode) {
  SKIP_WITHOUT_GPU();
  std::vector<float> floats = {
      0.0f,  -0.0f,    1.0f,     65504.0f,   65519.996f,  65520.0f,      -65520.0f, 1e6f,
      -1e6f, 0x1p-24f, 0x1p-25f, 0x1.8p-25f, -0x1.8p-25f, 0x1.0018p-14f, 2049.0f,   -2051.0f,
      0.1f,  -0.1f,    INFINITY, -INFINITY,  NAN,         1e-30f,        -3.7e4f,   300.49f};
  std::vector<int> ints = {0,     1,     -1,     2049,    2051,       -2051,      65504,
                           65519, 65520, -65520, 1 << 30, -(1 << 30), 2147483647, -2147483647 - 1};
  std::mt19937 random(7);
  while (floats.size() < 2048) {
    uint32_t bits = uint32_t(random());
    float value;
    std::memcpy(&value, &bits, sizeof value);
    // Most inside half's range: exponents 2^-26 to 2^17.
    if (floats.size() % 4 != 0)
      value = std::ldexp(std::fabs(value) / std::ldexp(1.0f, std::ilogb(value)),
                         int(random() % 44) - 26) *
              (bits >> 31 ? -1 : 1);
    floats.push_back(std::isnan(value) ? 1.0f : value);
  }
  while (ints.size() < floats.size())
    ints.push_back(int(random()) >> (random() % 31));
  const size_t n = floats.size();
  ExecCase test("half.cl", "conversions");
  test.global_size[0] = n;
  test.local_size[0] = 64;
  test.args = {ExecArg::buffer(floats, Element::Float), ExecArg::buffer(ints, Element::Int32),
               ExecArg::buffer(std::vector<uint16_t>(9 * n), Element::UInt16, true),
               ExecArg::buffer(std::vector<int>(4 * n), Element::Int32, true),
               ExecArg::value(int(n))};
  RunResult run = runTranslatedOnCuda(test);
  ASSERT_TRUE(run.ok) << run.error;
  ASSERT_EQ(run.outputs.size(), 2u);
  const std::vector<uint16_t> halves = outputHalves(run, 0);
  std::vector<int> back(4 * n);
  std::memcpy(back.data(), run.outputs[1].data(), run.outputs[1].size());
  const Round modes[] = {Round::NearestEven, Round::NearestEven, Round::Zero, Round::Up,
                         Round::Down};
  auto saturated = [](double value, double low, double high) {
    return std::isnan(value) ? 0 : int(std::fmin(std::fmax(value, low), high));
  };
  for (size_t i = 0; i < n && !HasFailure(); ++i) {
    const std::string at =
        "float " + std::to_string(floats[i]) + ", int " + std::to_string(ints[i]);
    for (int m = 0; m < 5; ++m)
      expectHalf(halves[9 * i + m], halfBits(floats[i], modes[m]),
                 at + " mode " + std::to_string(m));
    for (int m = 0; m < 4; ++m)
      expectHalf(halves[9 * i + 5 + m], halfBits(ints[i], modes[m + 1]),
                 at + " int mode " + std::to_string(m + 1));
    const double x = halfValue(halfBits(floats[i], Round::NearestEven));
    EXPECT_EQ(back[4 * i], saturated(std::trunc(x), INT32_MIN, INT32_MAX)) << at;
    EXPECT_EQ(back[4 * i + 1], saturated(std::nearbyint(x), INT32_MIN, INT32_MAX)) << at;
    EXPECT_EQ(back[4 * i + 2], saturated(std::ceil(x), -32768, 32767)) << at;
    EXPECT_EQ(back[4 * i + 3], saturated(std::floor(x), -128, 127)) << at;
  }
}

TEST(Half, VectorsLiteralsAndBuiltins) {
  SKIP_WITHOUT_GPU();
  const size_t n = 64;
  std::vector<uint16_t> in(4 * (n + 1));
  std::mt19937 random(11);
  std::uniform_real_distribution<double> values(-100.0, 100.0);
  for (uint16_t &h : in)
    h = halfBits(values(random), Round::NearestEven);
  ExecCase test("half.cl", "vectors");
  test.global_size[0] = n;
  test.local_size[0] = 32;
  test.args = {ExecArg::buffer(in, Element::UInt16),
               ExecArg::buffer(std::vector<uint16_t>(384), Element::UInt16, true),
               ExecArg::buffer(std::vector<int16_t>(4 * n), Element::Int16, true)};
  RunResult run = runTranslatedOnCuda(test);
  ASSERT_TRUE(run.ok) << run.error;
  ASSERT_EQ(run.outputs.size(), 2u);
  const std::vector<uint16_t> out = outputHalves(run, 0);
  std::vector<int16_t> masks(4 * n);
  std::memcpy(masks.data(), run.outputs[1].data(), run.outputs[1].size());
  for (size_t i = 0; i < n && !HasFailure(); ++i) {
    float dot = 0, squares = 0;
    for (int c = 0; c < 4; ++c) {
      const double v = halfValue(in[4 * i + c]), w = halfValue(in[4 * (i + 1) + c]);
      const double product = halfValue(halfBits(v * w, Round::NearestEven));
      expectHalf(out[4 * i + c], halfBits(product + 0.5, Round::NearestEven),
                 "v * w + 0.5h at " + std::to_string(4 * i + c));
      EXPECT_EQ(masks[4 * i + c], v < w ? -1 : 0) << 4 * i + c;
      // The half builtins compute in float, as the device library does.
      dot = c == 0 ? float(v * w) : std::fmaf(float(v), float(w), dot);
      squares = c == 0 ? float(v * v) : std::fmaf(float(v), float(v), squares);
    }
    expectHalf(out[256 + i], halfBits(dot, Round::NearestEven), "dot at " + std::to_string(i));
    expectHalf(out[320 + i], halfBits(std::sqrt(squares), Round::NearestEven),
               "length at " + std::to_string(i));
  }
}

} // namespace
} // namespace cl2cuda::testing
