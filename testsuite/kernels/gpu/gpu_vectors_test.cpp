// clc::vec on the GPU: kernel argument layout, component aliasing, swizzle
// writes and operator semantics (sources/gpu/vectors.cu).
#include "gpu_harness.h"

#include <climits>
#include <cstdint>

namespace clcuda::test {
namespace {

CUmodule vectors() { return loadTestModule("vectors.cu"); }

class Vectors : public GpuTest {};

TEST_F(Vectors, KernelArgumentsHaveOpenCLLayout) {
  // Each argument as the host lays it out: OpenCL sizes (a 3-vector takes 4
  // components) and alignment = size.
  alignas(4) int8_t a[4] = {1, -2, 3, 0};
  alignas(16) float b[4] = {1.5f, 2.5f, 3.5f, 0};
  alignas(128) double c[16];
  for (int i = 0; i < 16; ++i)
    c[i] = i * 0.25 - 1;
  alignas(16) int64_t d[2] = {-5, int64_t(1) << 40};
  alignas(16) uint16_t e[8] = {1, 2, 3, 65535, 5, 6, 7, 8};
  alignas(16) uint8_t f[16];
  for (int i = 0; i < 16; ++i)
    f[i] = uint8_t(200 + i);
  alignas(16) int32_t g[4] = {INT_MIN, -1, 0, INT_MAX};
  const void *arguments[] = {a, b, c, d, e, f, g};
  const size_t sizes[] = {sizeof(a), sizeof(b), sizeof(c), sizeof(d),
                          sizeof(e), sizeof(f), sizeof(g)};
  std::vector<unsigned char> expected;
  for (int k = 0; k < 7; ++k)
    expected.insert(expected.end(), (const unsigned char *)arguments[k],
                    (const unsigned char *)arguments[k] + sizes[k]);

  DeviceBuffer out(expected.size());
  launch(kernel(vectors(), "vector_arguments"), {1}, {1}, 0,
         {a, b, c, d, e, f, g, out.parameter()});
  std::vector<unsigned char> received = hostCopy<unsigned char>(out, expected.size());
  for (size_t i = 0; i < expected.size(); ++i)
    ASSERT_EQ(int(received[i]), int(expected[i])) << "argument byte " << i;
}

TEST_F(Vectors, NamedComponentsAliasTheElements) {
  DeviceBuffer out(64 * sizeof(int));
  launch(kernel(vectors(), "component_offsets"), {1}, {1}, 0, {out.parameter()});
  std::vector<int> offsets = hostCopy<int>(out, 3 + 4 + 8 + 16);
  std::vector<int> expected = {0, 2, 4, 0, 4, 8, 12};
  for (int i = 0; i < 8; ++i)
    expected.push_back(i * 8);
  for (int i = 0; i < 16; ++i)
    expected.push_back(i);
  EXPECT_EQ(offsets, expected) << "short3 x y z, float4 x y z w, double8 s0..s7, char16 s0..sf";
}

// The kernel's swizzle writes, replayed on arrays.
template <size_t N> struct Replay {
  int c[N];
  template <size_t M> void assign(const int (&index)[M], const int (&value)[M]) {
    for (size_t i = 0; i < M; ++i)
      c[index[i]] = value[i];
  }
  template <size_t M> void add(const int (&index)[M], const int (&value)[M]) {
    for (size_t i = 0; i < M; ++i)
      c[index[i]] += value[i];
  }
};

TEST_F(Vectors, SwizzleWritesGoToTheNamedComponents) {
  Replay<16> v;
  for (int i = 0; i < 16; ++i)
    v.c[i] = i;
  Replay<4> w = {{0, 1, 2, 3}};
  Replay<4> t = {{0, 1, 2, 0}};
  Replay<8> e = {{-1, -1, -1, -1, -1, -1, -1, -1}};
  w.assign({0, 2}, {10, 20});
  w.add({3, 1}, {5, 5});
  v.assign({1, 3, 5, 7, 9, 11, 13, 15},
           {v.c[0], v.c[2], v.c[4], v.c[6], v.c[8], v.c[10], v.c[12], v.c[14]});
  v.add({8, 9, 10, 11, 12, 13, 14, 15},
        {-v.c[0], -v.c[1], -v.c[2], -v.c[3], -v.c[4], -v.c[5], -v.c[6], -v.c[7]});
  t.assign({2, 3}, {7, 8});
  w.assign({1, 0}, {w.c[0], w.c[1]});
  w.add({2, 3}, {1, 1});
  w.add({0, 1}, {-1, -1});
  e.assign({7}, {e.c[0] + 100});
  e.assign({5, 3, 1}, {1, 2, 3});
  e.assign({6}, {42});
  w.assign({3, 2}, {w.c[3] * 2, w.c[2] * 3});

  std::vector<int> expected(v.c, v.c + 16);
  expected.insert(expected.end(), w.c, w.c + 4);
  expected.insert(expected.end(), t.c, t.c + 3);
  expected.insert(expected.end(), e.c, e.c + 8);
  DeviceBuffer out(expected.size() * sizeof(int));
  launch(kernel(vectors(), "swizzle_writes"), {1}, {1}, 0, {out.parameter()});
  EXPECT_EQ(hostCopy<int>(out, expected.size()), expected)
      << "order: int16 v, int4 w, int3 t, int8 e";
}

TEST_F(Vectors, OperatorsFollowOpenCL) {
  std::vector<long> expected = {
      2,       2,   1,    INT_MIN,     // int4(1) << (33, 1, 32, -1): counts modulo 32
      2,       0,   -128, 6,           // char4(1, -128, 64, 3) << 9: count modulo 8
      100,     127,                    // uchar2(200, 255) >> 9
      -16384,  3,                      // short2(-32768, 7) >> 17: arithmetic
      -1,      -1,  0,    -1,      -1, // f = 1: <1.5, ==1, !f, f && 1, f || 0
      -1,      -1,  -1,   0,       0,  // f = -0: -0 == 0 and !(-0) is true
      0,       0,   0,    -1,      -1, // f = NaN: unordered comparisons false, NaN is nonzero
      0,       0,   0,    0,       -1, // f = 2
      0,       -1,                     // double2(1, 2) >= 2 gives long -1/0
      4,       0,   255,  0,           // uchar wrap-around
      -3,      -1,  -3,   1,       3,
      -1,      3,   1,       // int division truncates, % takes the dividend's sign
      15,      -5,           // float ++, --, += 1
      2,       1,   2,    1, // select: the mask's most significant bit picks b
      2,                     // scalar select: a nonzero mask picks b
      INT_MIN,               // the bits of -0.0f
  };
  expected.push_back(long(expected.size()) + 1);
  DeviceBuffer out(expected.size() * sizeof(long));
  int zero = 0;
  launch(kernel(vectors(), "operator_semantics"), {1}, {1}, 0, {out.parameter(), &zero});
  std::vector<long> values = hostCopy<long>(out, expected.size());
  for (size_t i = 0; i < expected.size(); ++i)
    EXPECT_EQ(values[i], expected[i]) << "value " << i << " (see operator_semantics)";
}

// Every uchar (and char) pair in lane 0 beside a division by zero in lane 1
// (test_integer_ops quick_uchar_math saw 0xff there), and ushort products
// that overflow int.
TEST_F(Vectors, SmallIntegerArithmeticIsPerComponent) {
  const int count = 256 * 256;
  std::vector<uint8_t> a(2 * count), b(2 * count);
  for (int i = 0; i < count; ++i) {
    a[2 * i] = uint8_t(i >> 8);
    a[2 * i + 1] = uint8_t(i);
    b[2 * i] = uint8_t(i);
    b[2 * i + 1] = 0;
  }
  DeviceBuffer da = deviceCopy(a), db = deviceCopy(b);
  DeviceBuffer uq(2 * count), ur(2 * count), sq(2 * count), sr(2 * count), p(4 * count);
  int n = count;
  launch(kernel(vectors(), "small_integer_arithmetic"), {unsigned(count / 256)}, {256}, 0,
         {da.parameter(), db.parameter(), uq.parameter(), ur.parameter(), sq.parameter(),
          sr.parameter(), p.parameter(), &n});
  std::vector<uint8_t> uqs = hostCopy<uint8_t>(uq, 2 * count),
                       urs = hostCopy<uint8_t>(ur, 2 * count);
  std::vector<int8_t> sqs = hostCopy<int8_t>(sq, 2 * count), srs = hostCopy<int8_t>(sr, 2 * count);
  std::vector<uint16_t> ps = hostCopy<uint16_t>(p, 2 * count);
  int failures = 0;
  for (int i = 0; i < count && failures < 10; ++i) {
    const int x = a[2 * i], y = b[2 * i];
    const int sx = int8_t(x), sy = int8_t(y);
    const uint16_t product0 = uint16_t(unsigned(x * 257) * unsigned(y * 257));
    const uint16_t product1 = 0; // b[2i+1] = 0
    bool ok = ps[2 * i] == product0 && ps[2 * i + 1] == product1;
    if (y != 0)
      ok = ok && uqs[2 * i] == x / y && urs[2 * i] == x % y;
    if (sy != 0 && !(sx == -128 && sy == -1))
      ok = ok && sqs[2 * i] == sx / sy && srs[2 * i] == sx % sy;
    if (!ok) {
      ++failures;
      ADD_FAILURE() << "x=" << x << " y=" << y << ": uchar " << int(uqs[2 * i]) << " "
                    << int(urs[2 * i]) << ", char " << int(sqs[2 * i]) << " " << int(srs[2 * i])
                    << ", ushort product " << ps[2 * i] << " (expected " << product0 << ") "
                    << ps[2 * i + 1];
    }
  }
}

} // namespace
} // namespace clcuda::test
