// clc::convert on the GPU against exact host references: every source and
// destination type, saturation, the four rounding modes and the default, at
// the edges of every range (sources/gpu/conversions.cu).
#include "gpu_harness.h"
#include "reference.h"

#include <cfloat>
#include <limits>
#include <optional>
#include <random>
#include <sstream>

namespace clcuda::test {
namespace {

template <class T> constexpr bool isFloating = std::is_floating_point_v<T>;

// Inputs at every edge the conversions have, plus random ones.
template <class S> std::vector<S> inputs() {
  std::vector<S> values;
  std::mt19937_64 random(42);
  if constexpr (isFloating<S>) {
    const long double edges[] = {0,
                                 0.25L,
                                 0.5L,
                                 0.75L,
                                 1,
                                 1.5L,
                                 2.5L,
                                 0.49999997L,
                                 0.50000006L,
                                 126.5L,
                                 127.5L,
                                 128.5L,
                                 254.5L,
                                 255.5L,
                                 256,
                                 32767.5L,
                                 32768.5L,
                                 65535.5L,
                                 65536,
                                 16777217,
                                 2147483520,
                                 2147483647.5L,
                                 2147483648.0L,
                                 4294967040.0L,
                                 4294967295.5L,
                                 4294967296.0L,
                                 9007199254740993.0L,
                                 9223371487098961920.0L,
                                 9223372036854775807.0L,
                                 9223372036854775808.0L,
                                 18446742974197923840.0L,
                                 18446744073709551616.0L,
                                 1e30L,
                                 FLT_MAX,
                                 3.4028235677973366e38L, // FLT_MAX + less than half an ulp
                                 3.4028236e38L,
                                 1e300L,
                                 DBL_MAX,
                                 FLT_MIN,
                                 FLT_TRUE_MIN,
                                 1e-40L,
                                 1e-50L,
                                 DBL_MIN,
                                 DBL_TRUE_MIN,
                                 HUGE_VALL};
    for (long double e : edges) {
      values.push_back(S(e));
      values.push_back(S(-e));
    }
    values.push_back(std::numeric_limits<S>::quiet_NaN());
    for (int i = 0; i < 2000; ++i) {
      if constexpr (std::is_same_v<S, float>)
        values.push_back(floatFromBits(uint32_t(random())));
      else
        values.push_back(doubleFromBits(random()));
      values.push_back(S(std::ldexp(double(int64_t(random())) / 9.2e18, int(random() % 80))));
    }
  } else {
    const int64_t edges[] = {0,
                             1,
                             2,
                             127,
                             128,
                             255,
                             256,
                             -1,
                             -127,
                             -128,
                             -129,
                             32767,
                             32768,
                             65535,
                             65536,
                             16777215,
                             16777216,
                             16777217,
                             16777219,
                             2147483647,
                             int64_t(2147483648u),
                             int64_t(4294967295u),
                             int64_t(1) << 32,
                             (int64_t(1) << 53) + 1,
                             INT64_MAX - 1,
                             INT64_MAX,
                             INT64_MIN};
    for (int64_t e : edges) {
      values.push_back(S(e));
      values.push_back(S(uint64_t(0) - uint64_t(e)));
      values.push_back(S(~e));
    }
    values.push_back(std::numeric_limits<S>::min());
    values.push_back(std::numeric_limits<S>::max());
    for (int i = 0; i < 2000; ++i)
      values.push_back(S(random() >> (random() % 64)));
  }
  return values;
}

// The expected 64-bit slot of convert_<D>[_sat]_<mode>(x), or none where
// OpenCL leaves the result implementation-defined (a floating-point value out
// of an integer type's range without _sat).
template <class D, class S>
std::optional<uint64_t> expected(S x, bool saturated, std::optional<Rounding> mode) {
  if constexpr (isFloating<D>) {
    long double r =
        isFloating<S> && std::isnan(x)
            ? std::numeric_limits<long double>::quiet_NaN()
            : roundToFormat((long double)x, std::is_same_v<D, float> ? floatFormat : doubleFormat,
                            mode.value_or(Rounding::rte));
    return bitsOf(D(r));
  } else {
    const long double lowest = std::numeric_limits<D>::min(),
                      highest = std::numeric_limits<D>::max();
    if constexpr (isFloating<S>) {
      if (std::isnan(x))
        return saturated ? std::optional<uint64_t>(0) : std::nullopt;
      long double r = roundToIntegral(x, mode.value_or(Rounding::rtz));
      if (r < lowest || r > highest) {
        if (!saturated)
          return std::nullopt;
        r = r < lowest ? lowest : highest;
      }
      return uint64_t(D(r));
    } else {
      long double v = x;
      if (saturated && (v < lowest || v > highest))
        return uint64_t(v < lowest ? std::numeric_limits<D>::min() : std::numeric_limits<D>::max());
      return uint64_t(D(x)); // modulo 2^n, as OpenCL's conversions without _sat
    }
  }
}

template <class D> bool slotsMatch(uint64_t got, uint64_t want) {
  if constexpr (std::is_same_v<D, float>)
    return got == want ||
           (std::isnan(floatFromBits(uint32_t(got))) && std::isnan(floatFromBits(uint32_t(want))));
  else if constexpr (std::is_same_v<D, double>)
    return got == want || (std::isnan(doubleFromBits(got)) && std::isnan(doubleFromBits(want)));
  else
    return got == want;
}

template <class S> std::string describeValue(S x) {
  std::ostringstream s;
  s.precision(21);
  s << +x;
  return s.str();
}

template <class D> std::string describeSlot(uint64_t slot) {
  std::ostringstream s;
  if constexpr (std::is_same_v<D, float>)
    s << floatFromBits(uint32_t(slot)) << " (0x" << std::hex << slot << ")";
  else if constexpr (std::is_same_v<D, double>)
    s << doubleFromBits(slot) << " (0x" << std::hex << slot << ")";
  else
    s << (std::is_signed_v<D> ? std::to_string(int64_t(slot)) : std::to_string(slot));
  return s.str();
}

struct Tally {
  size_t compared = 0, failures = 0;
};

template <class D, class S>
void checkDestination(const std::vector<S> &in, const std::vector<uint64_t> &out, int base,
                      Tally &tally) {
  const std::optional<Rounding> modes[] = {std::nullopt, Rounding::rte, Rounding::rtz,
                                           Rounding::rtp, Rounding::rtn};
  for (size_t i = 0; i < in.size(); ++i)
    for (int saturated = 0; saturated < 2; ++saturated)
      for (int m = 0; m < 5; ++m) {
        // OpenCL has no _sat conversions to floating point.
        if (isFloating<D> && saturated)
          continue;
        std::optional<uint64_t> want = expected<D>(in[i], saturated, modes[m]);
        if (!want)
          continue;
        ++tally.compared;
        uint64_t got = out[i * 100 + base + saturated * 5 + m];
        if (slotsMatch<D>(got, *want))
          continue;
        if (++tally.failures <= 25)
          ADD_FAILURE() << "convert_" << typeName<D>() << (saturated ? "_sat" : "")
                        << (modes[m] ? std::string("_") + roundingName(*modes[m]) : "") << "(("
                        << typeName<S>() << ")" << describeValue(in[i])
                        << ") = " << describeSlot<D>(got) << ", expected "
                        << describeSlot<D>(*want);
      }
}

template <class S> void checkSource() {
  std::vector<S> in = inputs<S>();
  DeviceBuffer input = deviceCopy(in);
  DeviceBuffer output(in.size() * 100 * sizeof(uint64_t));
  int n = int(in.size());
  launch(kernel(loadTestModule("conversions.cu"), std::string("convert_from_") + typeName<S>()),
         {unsigned(n + 127) / 128}, {128}, 0, {input.parameter(), output.parameter(), &n});
  std::vector<uint64_t> out = hostCopy<uint64_t>(output, in.size() * 100);
  Tally tally;
  checkDestination<char>(in, out, 0, tally);
  checkDestination<uchar>(in, out, 10, tally);
  checkDestination<short>(in, out, 20, tally);
  checkDestination<ushort>(in, out, 30, tally);
  checkDestination<int>(in, out, 40, tally);
  checkDestination<uint>(in, out, 50, tally);
  checkDestination<long>(in, out, 60, tally);
  checkDestination<ulong>(in, out, 70, tally);
  checkDestination<float>(in, out, 80, tally);
  checkDestination<double>(in, out, 90, tally);
  EXPECT_EQ(tally.failures, 0u) << "of " << tally.compared << " conversions from " << typeName<S>();
}

class Conversions : public GpuTest {};

TEST_F(Conversions, FromChar) { checkSource<char>(); }
TEST_F(Conversions, FromUchar) { checkSource<uchar>(); }
TEST_F(Conversions, FromShort) { checkSource<short>(); }
TEST_F(Conversions, FromUshort) { checkSource<ushort>(); }
TEST_F(Conversions, FromInt) { checkSource<int>(); }
TEST_F(Conversions, FromUint) { checkSource<uint>(); }
TEST_F(Conversions, FromLong) { checkSource<long>(); }
TEST_F(Conversions, FromUlong) { checkSource<ulong>(); }
TEST_F(Conversions, FromFloat) { checkSource<float>(); }
TEST_F(Conversions, FromDouble) { checkSource<double>(); }

TEST_F(Conversions, VectorFormsMatchTheScalarForms) {
  const int n = 64;
  std::mt19937 random(7);
  std::uniform_real_distribution<float> wide(-3e9f, 3e9f);
  std::vector<float> f(4 * n);
  std::vector<double> d(4 * n); // double3 takes 4 slots
  std::vector<long> l(8 * n);
  std::vector<uint> u(16 * n);
  for (float &x : f)
    x = wide(random);
  for (double &x : d)
    x = double(wide(random)) / 3.0;
  for (long &x : l)
    x = long(random()) - long(random()) * 300;
  for (uint &x : u)
    x = uint(random());
  DeviceBuffer df = deviceCopy(f), dd = deviceCopy(d), dl = deviceCopy(l), du = deviceCopy(u);
  DeviceBuffer toInt(n * 16), toFloat(n * 16), toUchar(n * 8), toFloat16(n * 64),
      mismatches(n * sizeof(int));
  launch(kernel(loadTestModule("conversions.cu"), "convert_vectors"), {1}, {unsigned(n)}, 0,
         {df.parameter(), dd.parameter(), dl.parameter(), du.parameter(), toInt.parameter(),
          toFloat.parameter(), toUchar.parameter(), toFloat16.parameter(), mismatches.parameter()});
  std::vector<int> counts = hostCopy<int>(mismatches, n);
  for (int i = 0; i < n; ++i)
    EXPECT_EQ(counts[i], 0) << "work-item " << i << ": components differing from the scalar form";
  std::vector<int> ints = hostCopy<int>(toInt, 4 * n);
  for (int i = 0; i < 4 * n; ++i)
    ASSERT_EQ(uint64_t(ints[i]), *expected<int>(f[i], true, Rounding::rte)) << "float " << f[i];
}

} // namespace
} // namespace clcuda::test
