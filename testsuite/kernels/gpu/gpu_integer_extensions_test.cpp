// cl_khr_extended_bit_ops and cl_khr_integer_dot_product on the GPU
// (sources/gpu/integer_extensions.cu), exactly against bit-by-bit host
// references: every integer type at every vector width, offsets and counts
// over the whole field and past the type's width (where the library cuts the
// field: docs/device-library.md), every mix of signedness of the dot products
// with saturating accumulators at the edges of int and uint.
#include "gpu_harness.h"

#include <cstdint>
#include <limits>
#include <random>
#include <sstream>

namespace clcuda::test {
namespace {

template <class T> constexpr unsigned kBits = 8 * sizeof(T);
template <class T> using Signed = std::make_signed_t<T>;
template <class T> using Unsigned = std::make_unsigned_t<T>;

template <class T> bool bitOf(T value, uint64_t k) {
  return (uint64_t(Unsigned<T>(value)) >> k) & 1;
}

// Bit j of the field that starts at `offset`: base's bit, or past the
// type's top its top bit (signed) or zero (unsigned).
template <class T> bool fieldBit(T base, uint offset, uint64_t j, bool sign_extend) {
  const uint64_t at = uint64_t(offset) + j;
  if (at < kBits<T>)
    return bitOf(base, at);
  return sign_extend && bitOf(base, kBits<T> - 1);
}

template <class T> T insertReference(T base, T insert, uint offset, uint count) {
  Unsigned<T> result = 0;
  for (unsigned k = 0; k < kBits<T>; ++k) {
    const bool in_field = k >= offset && uint64_t(k) - offset < count;
    const bool bit = in_field ? bitOf(insert, k - offset) : bitOf(base, k);
    result = Unsigned<T>(result | (Unsigned<T>(bit) << k));
  }
  return T(result);
}

template <class T> Unsigned<T> extractReference(T base, uint offset, uint count, bool sign_extend) {
  Unsigned<T> result = 0;
  if (count == 0)
    return 0;
  for (unsigned k = 0; k < kBits<T>; ++k) {
    const bool bit = k < count ? fieldBit(base, offset, k, sign_extend)
                               : sign_extend && fieldBit(base, offset, uint64_t(count) - 1, true);
    result = Unsigned<T>(result | (Unsigned<T>(bit) << k));
  }
  return result;
}

template <class T> T reverseReference(T x) {
  Unsigned<T> result = 0;
  for (unsigned k = 0; k < kBits<T>; ++k)
    result = Unsigned<T>(result | (Unsigned<T>(bitOf(x, k)) << (kBits<T> - 1 - k)));
  return T(result);
}

// Offsets and counts: every pair in [0, width + 2], then pairs of values
// around every edge (a width of 8, 16, 32 or 64, 255 and 256 where PTX's bfe
// and bfi would wrap around, the largest uints), then random ones.
template <class T>
void offsetsAndCounts(size_t n, std::vector<uint> &offset, std::vector<uint> &count) {
  const uint w = kBits<T>;
  for (uint o = 0; o <= w + 2; ++o)
    for (uint c = 0; c <= w + 2; ++c)
      offset.push_back(o), count.push_back(c);
  const uint edges[] = {0,    1,     2,           7,           8,           9,          15,
                        16,   17,    31,          32,          33,          63,         64,
                        65,   127,   128,         255,         256,         257,        511,
                        4096, 65536, 0x7fffffffu, 0x80000000u, 0xfffffffeu, 0xffffffffu};
  for (uint o : edges)
    for (uint c : edges)
      offset.push_back(o), count.push_back(c);
  std::mt19937 random(kBits<T> * 7 + 1);
  while (offset.size() < n) {
    offset.push_back(random() % (w + 1));
    count.push_back(random() % 4 == 0 ? random() : random() % (w + 1));
  }
  offset.resize(n), count.resize(n);
}

template <class T> std::vector<T> bitValues(size_t count, unsigned seed) {
  const T edges[] = {T(0),
                     T(1),
                     T(-1),
                     std::numeric_limits<T>::min(),
                     std::numeric_limits<T>::max(),
                     T(std::numeric_limits<T>::max() / 2 + 1),
                     T(0x5555555555555555ull),
                     T(0xaaaaaaaaaaaaaaaaull),
                     T(0x0123456789abcdefull),
                     T(0xfedcba9876543210ull)};
  std::vector<T> values;
  std::mt19937_64 random(seed);
  for (size_t i = 0; i < count; ++i)
    values.push_back(i % 5 == 0 ? edges[(i / 5) % std::size(edges)] : T(random()));
  return values;
}

template <class T> std::string hex(T value) {
  std::ostringstream text;
  text << "0x" << std::hex << uint64_t(Unsigned<T>(value));
  return text.str();
}

// Runs bit_ops_<type><N> on `vectors` values and compares every component.
template <class T> void checkBitOps(int width) {
  const size_t vectors = 8192;
  const size_t n = vectors * size_t(width);
  std::vector<uint> offset, count;
  offsetsAndCounts<T>(vectors, offset, count);
  std::vector<T> base = bitValues<T>(n, 11 + width), insert = bitValues<T>(n, 23 + width);
  DeviceBuffer d_base = deviceCopy(base), d_insert = deviceCopy(insert),
               d_offset = deviceCopy(offset), d_count = deviceCopy(count);
  DeviceBuffer inserted(n * sizeof(T)), extracted_signed(n * sizeof(T)),
      extracted_unsigned(n * sizeof(T)), reversed(n * sizeof(T));
  int items = int(vectors);
  const std::string name =
      std::string("bit_ops_") + typeName<T>() + (width > 1 ? std::to_string(width) : "");
  launch(kernel(loadTestModule("integer_extensions.cu"), name), {unsigned(items + 127) / 128},
         {128}, 0,
         {d_base.parameter(), d_insert.parameter(), d_offset.parameter(), d_count.parameter(),
          inserted.parameter(), extracted_signed.parameter(), extracted_unsigned.parameter(),
          reversed.parameter(), &items});
  const std::vector<T> got_insert = hostCopy<T>(inserted, n),
                       got_reverse = hostCopy<T>(reversed, n);
  const std::vector<Signed<T>> got_signed = hostCopy<Signed<T>>(extracted_signed, n);
  const std::vector<Unsigned<T>> got_unsigned = hostCopy<Unsigned<T>>(extracted_unsigned, n);
  int failures = 0;
  auto report = [&](const char *function, size_t at, const std::string &got,
                    const std::string &want) {
    if (++failures <= 10)
      ADD_FAILURE() << name << ": " << function << "(" << hex(base[at]) << ", offset "
                    << offset[at / width] << ", count " << count[at / width] << ") component "
                    << at % width << " = " << got << ", expected " << want
                    << (std::string(function) == "bitfield_insert"
                            ? " (insert " + hex(insert[at]) + ")"
                            : "");
  };
  for (size_t at = 0; at < n; ++at) {
    const uint o = offset[at / width], c = count[at / width];
    const T want_insert = insertReference(base[at], insert[at], o, c);
    if (got_insert[at] != want_insert)
      report("bitfield_insert", at, hex(got_insert[at]), hex(want_insert));
    const Signed<T> want_signed = Signed<T>(extractReference(base[at], o, c, true));
    if (got_signed[at] != want_signed)
      report("bitfield_extract_signed", at, hex(got_signed[at]), hex(want_signed));
    const Unsigned<T> want_unsigned = extractReference(base[at], o, c, false);
    if (got_unsigned[at] != want_unsigned)
      report("bitfield_extract_unsigned", at, hex(got_unsigned[at]), hex(want_unsigned));
    const T want_reverse = reverseReference(base[at]);
    if (got_reverse[at] != want_reverse)
      report("bit_reverse", at, hex(got_reverse[at]), hex(want_reverse));
  }
  EXPECT_EQ(failures, 0) << name;
}

template <class T> void checkBitOpsEveryWidth() {
  for (int width : {1, 2, 3, 4, 8, 16}) {
    SCOPED_TRACE("width " + std::to_string(width));
    checkBitOps<T>(width);
  }
}

// The references themselves, on the spec's own cases.
TEST(ExtendedBitOpsReference, FollowsTheExtension) {
  EXPECT_EQ(insertReference<uint>(0xffffffffu, 0, 4, 8), 0xfffff00fu);
  EXPECT_EQ(insertReference<uchar>(0x00, 0xff, 6, 5), uchar(0xc0)); // cut at the top
  EXPECT_EQ(insertReference<int>(7, 0, 3, 0), 7);
  EXPECT_EQ(extractReference<uint>(0x000000f0u, 4, 4, true), 0xffffffffu);
  EXPECT_EQ(extractReference<uint>(0x000000f0u, 4, 4, false), 0xfu);
  EXPECT_EQ(extractReference<uchar>(0x80, 7, 4, true), uchar(0xff)); // top bit repeated
  EXPECT_EQ(extractReference<uchar>(0x80, 7, 4, false), uchar(0x01));
  EXPECT_EQ(extractReference<short>(-1, 0, 0, true), 0);
  EXPECT_EQ(reverseReference<ushort>(0x0001), ushort(0x8000));
  EXPECT_EQ(reverseReference<ulong>(0x3), 0xc000000000000000ul);
}

class ExtendedBitOps : public GpuTest {};

TEST_F(ExtendedBitOps, Char) { checkBitOpsEveryWidth<char>(); }
TEST_F(ExtendedBitOps, Uchar) { checkBitOpsEveryWidth<uchar>(); }
TEST_F(ExtendedBitOps, Short) { checkBitOpsEveryWidth<short>(); }
TEST_F(ExtendedBitOps, Ushort) { checkBitOpsEveryWidth<ushort>(); }
TEST_F(ExtendedBitOps, Int) { checkBitOpsEveryWidth<int>(); }
TEST_F(ExtendedBitOps, Uint) { checkBitOpsEveryWidth<uint>(); }
TEST_F(ExtendedBitOps, Long) { checkBitOpsEveryWidth<long>(); }
TEST_F(ExtendedBitOps, Ulong) { checkBitOpsEveryWidth<ulong>(); }

// The sixteen forms, in integer_dot's order.
struct DotForm {
  const char *name;
  bool signed_a, signed_b, accumulate;
};
constexpr DotForm kDotForms[16] = {
    {"dot(uchar4, uchar4)", false, false, false},
    {"dot(char4, char4)", true, true, false},
    {"dot(uchar4, char4)", false, true, false},
    {"dot(char4, uchar4)", true, false, false},
    {"dot_acc_sat(uchar4, uchar4, uint)", false, false, true},
    {"dot_acc_sat(char4, char4, int)", true, true, true},
    {"dot_acc_sat(uchar4, char4, int)", false, true, true},
    {"dot_acc_sat(char4, uchar4, int)", true, false, true},
    {"dot_4x8packed_uu_uint", false, false, false},
    {"dot_4x8packed_ss_int", true, true, false},
    {"dot_4x8packed_us_int", false, true, false},
    {"dot_4x8packed_su_int", true, false, false},
    {"dot_acc_sat_4x8packed_uu_uint", false, false, true},
    {"dot_acc_sat_4x8packed_ss_int", true, true, true},
    {"dot_acc_sat_4x8packed_us_int", false, true, true},
    {"dot_acc_sat_4x8packed_su_int", true, false, true},
};

// Component k of a packed or vector input is byte k (the low byte first).
int64_t component(uint packed, int k, bool is_signed) {
  const uint byte = (packed >> (8 * k)) & 0xff;
  return is_signed ? int64_t(int8_t(byte)) : int64_t(byte);
}

// The result's bits: the exact sum, then acc added and saturated to int or
// to uint (the result is uint only when both inputs are unsigned).
uint dotReference(const DotForm &form, uint a, uint b, uint acc) {
  int64_t sum = 0;
  for (int k = 0; k < 4; ++k)
    sum += component(a, k, form.signed_a) * component(b, k, form.signed_b);
  if (!form.accumulate)
    return uint(sum);
  const bool unsigned_result = !form.signed_a && !form.signed_b;
  const int64_t total = sum + (unsigned_result ? int64_t(acc) : int64_t(int(acc)));
  const int64_t lowest = unsigned_result ? 0 : std::numeric_limits<int>::min();
  const int64_t highest = unsigned_result ? int64_t(std::numeric_limits<uint>::max())
                                          : int64_t(std::numeric_limits<int>::max());
  return uint(total < lowest ? lowest : total > highest ? highest : total);
}

TEST(IntegerDotProductReference, FollowsTheExtension) {
  EXPECT_EQ(dotReference(kDotForms[0], 0xffffffffu, 0xffffffffu, 0), 4u * 255 * 255);
  EXPECT_EQ(int(dotReference(kDotForms[1], 0x80808080u, 0x80808080u, 0)), 4 * 128 * 128);
  EXPECT_EQ(int(dotReference(kDotForms[2], 0x000000ffu, 0x000000ffu, 0)), -255);
  EXPECT_EQ(int(dotReference(kDotForms[3], 0x000000ffu, 0x000000ffu, 0)), -255);
  EXPECT_EQ(dotReference(kDotForms[4], 0x01u, 0x01u, 0xffffffffu), 0xffffffffu);
  EXPECT_EQ(int(dotReference(kDotForms[5], 0x01u, 0x01u, 0x7fffffffu)), 0x7fffffff);
  EXPECT_EQ(int(dotReference(kDotForms[6], 0x01u, 0xffu, 0x80000000u)), int(0x80000000u));
  EXPECT_EQ(int(dotReference(kDotForms[7], 0x01u, 0xffu, 5)), 5 + 255);
}

class IntegerDotProduct : public GpuTest {};

TEST_F(IntegerDotProduct, EveryFormMatchesTheReference) {
  // Bytes at the edges of char and uchar, packed in every way, against every
  // accumulator near the edges of int and uint; then random ones.
  const uint packed[] = {0x00000000u, 0xffffffffu, 0x80808080u, 0x7f7f7f7fu, 0x01010101u,
                         0x7f80ff01u, 0x807fff00u, 0xff000000u, 0x000000ffu, 0x80000000u};
  const uint accumulators[] = {0,           1,           0xffffffffu, 0x7fffffffu, 0x80000000u,
                               0x7fff0000u, 0x80010000u, 0xfffc0000u, 0x7ffc0000u, 0x80040000u,
                               0xfffffc00u, 0x00000400u, 0x7ffffc00u, 0x80000400u};
  std::vector<uint> a, b, acc;
  for (uint x : packed)
    for (uint y : packed)
      for (uint z : accumulators)
        a.push_back(x), b.push_back(y), acc.push_back(z);
  std::mt19937 random(5);
  while (a.size() < 65536) {
    a.push_back(random()), b.push_back(random());
    const uint near = accumulators[random() % std::size(accumulators)];
    acc.push_back(random() % 2 ? near + (random() % 0x80000) - 0x40000 : uint(random()));
  }
  int n = int(a.size());
  DeviceBuffer da = deviceCopy(a), db = deviceCopy(b), dacc = deviceCopy(acc),
               results(size_t(n) * 16 * sizeof(uint));
  launch(kernel(loadTestModule("integer_extensions.cu"), "integer_dot"), {unsigned(n + 127) / 128},
         {128}, 0, {da.parameter(), db.parameter(), dacc.parameter(), results.parameter(), &n});
  const std::vector<uint> got = hostCopy<uint>(results, size_t(n) * 16);
  int failures = 0;
  for (int i = 0; i < n; ++i)
    for (int f = 0; f < 16; ++f) {
      const DotForm &form = kDotForms[f];
      const uint want = dotReference(form, a[i], b[i], acc[i]);
      if (got[16 * i + f] != want && ++failures <= 10)
        ADD_FAILURE() << form.name << "(" << hex(a[i]) << ", " << hex(b[i])
                      << (form.accumulate ? ", " + hex(acc[i]) : std::string())
                      << ") = " << hex(got[16 * i + f]) << ", expected " << hex(want);
    }
  EXPECT_EQ(failures, 0);
}

} // namespace
} // namespace clcuda::test
