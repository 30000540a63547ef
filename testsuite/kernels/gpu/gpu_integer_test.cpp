// Integer functions on the GPU, exactly against 128-bit host references, for
// every integer type (sources/gpu/integer.cu).
#include "gpu_harness.h"

#include <climits>
#include <functional>
#include <limits>
#include <optional>
#include <random>

namespace clcuda::test {
namespace {

typedef __int128 wide;

template <class T> constexpr int bits = 8 * sizeof(T);
template <class T> using Unsigned = std::make_unsigned_t<T>;

template <class T> wide clampTo(wide v) {
  wide lo = std::numeric_limits<T>::min(), hi = std::numeric_limits<T>::max();
  return v < lo ? lo : v > hi ? hi : v;
}

// The reference of an integer function, widened like the kernels' results
// (from the result type to 64 bits); none where OpenCL leaves it undefined.
template <class T> using Reference = std::function<std::optional<long>(wide a, wide b, wide c)>;

template <class T> std::optional<long> as(wide v) { return long(T(v)); }

template <class T> struct Upsampled {
  typedef std::conditional_t<sizeof(T) == 1, ushort,
                             std::conditional_t<sizeof(T) == 2, uint, ulong>>
      unsigned_type;
  typedef std::conditional_t<std::is_signed_v<T>, std::make_signed_t<unsigned_type>, unsigned_type>
      type;
};

template <class T> Reference<T> referenceFor(const std::string &name) {
  typedef Unsigned<T> U;
  const int w = bits<T>;
  if (name == "abs")
    return [](wide a, wide, wide) { return as<U>(a < 0 ? -a : a); };
  if (name == "abs_diff")
    return [](wide a, wide b, wide) { return as<U>(a > b ? a - b : b - a); };
  if (name == "add_sat")
    return [](wide a, wide b, wide) { return as<T>(clampTo<T>(a + b)); };
  if (name == "sub_sat")
    return [](wide a, wide b, wide) { return as<T>(clampTo<T>(a - b)); };
  if (name == "hadd")
    return [](wide a, wide b, wide) { return as<T>((a + b) >> 1); };
  if (name == "rhadd")
    return [](wide a, wide b, wide) { return as<T>((a + b + 1) >> 1); };
  if (name == "clz")
    return [w](wide a, wide, wide) {
      int n = 0;
      for (int bit = w - 1; bit >= 0 && !((U(a) >> bit) & 1); --bit)
        ++n;
      return as<T>(n);
    };
  if (name == "ctz")
    return [w](wide a, wide, wide) {
      int n = 0;
      while (n < w && !((U(a) >> n) & 1))
        ++n;
      return as<T>(n);
    };
  if (name == "popcount")
    return [w](wide a, wide, wide) {
      int n = 0;
      for (int bit = 0; bit < w; ++bit)
        n += (U(a) >> bit) & 1;
      return as<T>(n);
    };
  if (name == "mul_hi")
    return [w](wide a, wide b, wide) {
      if constexpr (std::is_same_v<T, ulong>)
        return as<T>(wide(((unsigned __int128)U(a) * U(b)) >> 64));
      else
        return as<T>((a * b) >> w);
    };
  if (name == "mad_hi")
    return [w](wide a, wide b, wide c) {
      if constexpr (std::is_same_v<T, ulong>)
        return as<T>(wide(((unsigned __int128)U(a) * U(b)) >> 64) + c);
      else
        return as<T>(((a * b) >> w) + c);
    };
  if (name == "mad_sat")
    return [](wide a, wide b, wide c) {
      if constexpr (std::is_same_v<T, ulong>) { // fits: (2^64 - 1)^2 + 2^64 - 1 < 2^128
        unsigned __int128 p = (unsigned __int128)U(a) * U(b) + U(c);
        return as<T>(p > std::numeric_limits<U>::max() ? wide(std::numeric_limits<U>::max())
                                                       : wide(p));
      } else {
        return as<T>(clampTo<T>(a * b + c));
      }
    };
  if (name == "rotate")
    return [w](wide a, wide b, wide) {
      int n = int(U(b) % U(w));
      U x = U(a);
      return as<T>(n ? U(U(x << n) | U(x >> (w - n))) : x);
    };
  if (name == "max")
    return [](wide a, wide b, wide) { return as<T>(a > b ? a : b); };
  if (name == "min")
    return [](wide a, wide b, wide) { return as<T>(a < b ? a : b); };
  if (name == "clamp")
    return [](wide a, wide b, wide c) -> std::optional<long> {
      if (b > c)
        return std::nullopt; // minval > maxval: undefined
      return as<T>(a < b ? b : a > c ? c : a);
    };
  if (name == "mul24")
    return [](wide a, wide b, wide) { return as<T>(a * b); };
  if (name == "mad24")
    return [](wide a, wide b, wide c) { return as<T>(a * b + c); };
  // upsample: hi << width | lo, in the integer type of twice the width.
  return [w](wide a, wide b, wide) {
    return as<typename Upsampled<T>::type>((wide(U(a)) << w) | wide(U(b)));
  };
}

template <class T> std::vector<T> integerInputs(unsigned seed, bool only24Bits) {
  std::vector<T> values;
  const T edges[] = {0,
                     1,
                     T(2),
                     T(3),
                     T(-1),
                     T(-2),
                     std::numeric_limits<T>::min(),
                     T(std::numeric_limits<T>::min() + 1),
                     std::numeric_limits<T>::max(),
                     T(std::numeric_limits<T>::max() - 1),
                     T(std::numeric_limits<T>::max() / 2),
                     T(std::numeric_limits<T>::max() / 2 + 1)};
  values.assign(std::begin(edges), std::end(edges));
  std::mt19937_64 random(seed);
  while (values.size() < 6000)
    values.push_back(T(random() >> (random() % 64)));
  if (only24Bits) // mul24/mad24 are defined for 24-bit operands
    for (T &v : values)
      v = std::is_signed_v<T> ? T(int32_t(uint32_t(v) << 8) >> 8) : T(v & 0xffffff);
  return values;
}

struct IntegerCase {
  const char *name;
  int arity;
  bool only32; // mul24, mad24: int and uint only
};

template <class T> void checkInteger(const IntegerCase &ic) {
  if (ic.only32 && sizeof(T) != 4)
    GTEST_SKIP() << ic.name << " exists for int and uint only";
  bool upsample = std::string(ic.name) == "upsample";
  if (upsample && sizeof(T) == 8)
    GTEST_SKIP() << "upsample has no 64-bit source";
  std::vector<T> a = integerInputs<T>(1, ic.only32), b = integerInputs<T>(2, ic.only32),
                 c = integerInputs<T>(3, ic.only32);
  // Every pair of edge values.
  for (size_t i = 0; i < 12; ++i)
    for (size_t j = 0; j < 12; ++j)
      for (size_t k = 0; k < 12; ++k) {
        size_t at = 1000 + (i * 12 + j) * 12 + k;
        a[at] = a[i], b[at] = b[j], c[at] = c[k];
      }
  int n = int(a.size());
  DeviceBuffer da = deviceCopy(a), db = deviceCopy(b), dc = deviceCopy(c), r(n * sizeof(long));
  launch(kernel(loadTestModule("integer.cu"), std::string(ic.name) + "_" + typeName<T>()),
         {unsigned(n + 127) / 128}, {128}, 0,
         {da.parameter(), db.parameter(), dc.parameter(), r.parameter(), &n});
  std::vector<long> out = hostCopy<long>(r, n);
  Reference<T> reference = referenceFor<T>(ic.name);
  int failures = 0;
  for (int i = 0; i < n; ++i) {
    std::optional<long> want = reference(a[i], b[i], c[i]);
    if (want && out[i] != *want && ++failures <= 10) {
      std::string arguments = std::to_string(+a[i]);
      if (ic.arity > 1)
        arguments += ", " + std::to_string(+b[i]);
      if (ic.arity > 2)
        arguments += ", " + std::to_string(+c[i]);
      ADD_FAILURE() << ic.name << "((" << typeName<T>() << ")" << arguments << ") = " << out[i]
                    << ", expected " << *want;
    }
  }
  EXPECT_EQ(failures, 0) << ic.name << "(" << typeName<T>() << ")";
}

const IntegerCase integerCases[] = {
    {"abs", 1, false},      {"clz", 1, false},      {"ctz", 1, false},     {"popcount", 1, false},
    {"abs_diff", 2, false}, {"add_sat", 2, false},  {"sub_sat", 2, false}, {"hadd", 2, false},
    {"rhadd", 2, false},    {"mul_hi", 2, false},   {"rotate", 2, false},  {"max", 2, false},
    {"min", 2, false},      {"upsample", 2, false}, {"mad_hi", 3, false},  {"mad_sat", 3, false},
    {"clamp", 3, false},    {"mul24", 2, true},     {"mad24", 3, true},
};

void PrintTo(const IntegerCase &c, std::ostream *os) { *os << c.name; }

class IntegerFunction : public GpuTest, public ::testing::WithParamInterface<IntegerCase> {};

TEST_P(IntegerFunction, Char) { checkInteger<char>(GetParam()); }
TEST_P(IntegerFunction, Uchar) { checkInteger<uchar>(GetParam()); }
TEST_P(IntegerFunction, Short) { checkInteger<short>(GetParam()); }
TEST_P(IntegerFunction, Ushort) { checkInteger<ushort>(GetParam()); }
TEST_P(IntegerFunction, Int) { checkInteger<int>(GetParam()); }
TEST_P(IntegerFunction, Uint) { checkInteger<uint>(GetParam()); }
TEST_P(IntegerFunction, Long) { checkInteger<long>(GetParam()); }
TEST_P(IntegerFunction, Ulong) { checkInteger<ulong>(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Gpu, IntegerFunction, ::testing::ValuesIn(integerCases),
                         [](const ::testing::TestParamInfo<IntegerCase> &info) {
                           return std::string(info.param.name);
                         });

TEST_F(GpuTest, IntegerVectorFormsMatchTheScalarForms) {
  const int n = 256;
  std::vector<int> a = integerInputs<int>(4, false), b = integerInputs<int>(5, false),
                   c = integerInputs<int>(6, false);
  DeviceBuffer da = deviceCopy(a), db = deviceCopy(b), dc = deviceCopy(c),
               mismatches(n * sizeof(int));
  int count = n;
  launch(kernel(loadTestModule("integer.cu"), "integer_vector_forms"), {2}, {128}, 0,
         {da.parameter(), db.parameter(), dc.parameter(), mismatches.parameter(), &count});
  std::vector<int> differ = hostCopy<int>(mismatches, n);
  for (int i = 0; i < n; ++i)
    EXPECT_EQ(differ[i], 0) << "work-item " << i << ": vector components differing from the "
                            << "scalar function";
}

} // namespace
} // namespace clcuda::test
