// shuffle, the relational and the geometric functions on the GPU
// (sources/gpu/vector_functions.cu).
#include "gpu_harness.h"
#include "reference.h"

#include <cfloat>
#include <cmath>
#include <random>

namespace clcuda::test {
namespace {

CUmodule vectorFunctions() { return loadTestModule("vector_functions.cu"); }

TEST_F(GpuTest, ShuffleAndShuffle2UseTheLowMaskBits) {
  std::vector<int> in(16);
  for (int i = 0; i < 16; ++i)
    in[i] = i * 7 - 40;
  std::vector<double> d = {0.5, 1.5, 2.5, 3.5};
  DeviceBuffer din = deviceCopy(in), dd = deviceCopy(d), out(28 * 4), dout(4 * 8);
  launch(kernel(vectorFunctions(), "shuffles"), {1}, {1}, 0,
         {din.parameter(), dd.parameter(), out.parameter(), dout.parameter()});
  std::vector<int> expected = {in[3], in[2], in[1], in[0], in[3], in[2],
                               in[1], in[0], in[0], in[4], in[7], in[1]};
  for (int i = 15; i >= 1; --i)
    expected.push_back(char(in[i] + 10));
  expected.push_back(char(in[0] + 10));
  EXPECT_EQ(hostCopy<int>(out, 28), expected)
      << "shuffle(int4, uint8), shuffle2(int4, int4, uint4), shuffle(char16, uchar16)";
  EXPECT_EQ(hostCopy<double>(dout, 4), (std::vector<double>{3.5, 2.5, 1.5, 0.5}))
      << "shuffle2(double2, double2, ulong4)";
}

int truth(bool b, bool vector) { return b ? (vector ? -1 : 1) : 0; }

TEST_F(GpuTest, RelationalFunctions) {
  const float edges[] = {0.0f,   -0.0f,   1.0f,     -1.0f,     2.5f, FLT_MIN,
                         1e-40f, FLT_MAX, INFINITY, -INFINITY, NAN,  std::copysign(NAN, -1.0f)};
  std::vector<float> x, y;
  for (float a : edges)
    for (float b : edges)
      x.push_back(a), y.push_back(b);
  // The double forms' inputs, converted here: the device's conversion of a NaN
  // need not keep its sign (nor would its negation, see relationals).
  std::vector<double> wx(x.begin(), x.end()), wy(y.begin(), y.end());
  int n = int(x.size());
  DeviceBuffer dx = deviceCopy(x), dy = deviceCopy(y), dwx = deviceCopy(wx), dwy = deviceCopy(wy),
               out(n * 70 * 4), wide(n * 8 * 8);
  launch(kernel(vectorFunctions(), "relationals"), {1}, {unsigned(n)}, 0,
         {dx.parameter(), dy.parameter(), dwx.parameter(), dwy.parameter(), out.parameter(),
          wide.parameter(), &n});
  std::vector<int> o = hostCopy<int>(out, n * 70);
  std::vector<long> w = hostCopy<long>(wide, n * 8);
  const char *names[] = {"isequal",     "isnotequal",    "isgreater", "isgreaterequal", "isless",
                         "islessequal", "islessgreater", "isordered", "isunordered",    "isfinite",
                         "isinf",       "isnan",         "isnormal",  "signbit"};
  auto results = [](float a, float b, bool vector) {
    bool unordered = std::isnan(a) || std::isnan(b);
    bool values[14] = {a == b,
                       a != b,
                       a > b,
                       a >= b,
                       a < b,
                       a <= b,
                       a < b || a > b,
                       !unordered,
                       unordered,
                       std::isfinite(a),
                       std::isinf(a),
                       std::isnan(a),
                       std::isnormal(a),
                       std::signbit(a) != 0};
    std::vector<int> r;
    for (bool v : values)
      r.push_back(truth(v, vector));
    return r;
  };
  for (int i = 0; i < n; ++i) {
    float a = x[i], b = y[i];
    std::vector<int> scalar = results(a, b, false);
    float u[4] = {a, b, -a, -b}, v[4] = {b, a, b, a};
    for (int f = 0; f < 14; ++f) {
      EXPECT_EQ(o[i * 70 + f], scalar[f]) << names[f] << "(" << a << ", " << b << ")";
      for (int c = 0; c < 4; ++c)
        EXPECT_EQ(o[i * 70 + 14 + f * 4 + c], results(u[c], v[c], true)[f])
            << names[f] << " on float4 component " << c << ": (" << u[c] << ", " << v[c] << ")";
    }
    double p[2] = {a, b}, q[2] = {b, a};
    for (int c = 0; c < 2; ++c) {
      EXPECT_EQ(w[i * 8 + 0 + c], truth(p[c] < q[c], true)) << "isless(double2)";
      EXPECT_EQ(w[i * 8 + 2 + c], truth(std::isnan(p[c]), true)) << "isnan(double2)";
      EXPECT_EQ(w[i * 8 + 4 + c], truth(std::signbit(p[c]), true)) << "signbit(double2)";
      EXPECT_EQ(w[i * 8 + 6 + c], truth(std::isnormal(p[c]), true))
          << "isnormal(double2) of " << p[c];
    }
  }
}

TEST_F(GpuTest, AnyAllBitselectSelect) {
  std::vector<int> in = {5, -3, 0, -100, -7, 9, 127, -128, 1, 2, 3, 4, 5, 6, 7, 8};
  DeviceBuffer din = deviceCopy(in), out(64 * 4);
  launch(kernel(vectorFunctions(), "selections"), {1}, {1}, 0, {din.parameter(), out.parameter()});
  std::vector<int> o = hostCopy<int>(out, 19);
  bool any4 = false, all4 = true, any16 = false, all16 = true;
  for (int i = 0; i < 4; ++i)
    any4 |= in[i] < 0, all4 &= in[i] < 0;
  for (int i = 0; i < 16; ++i)
    any16 |= char(in[i]) < 0, all16 &= char(in[i]) < 0;
  std::vector<int> expected = {any4,
                               all4,
                               any16,
                               all16,
                               in[4] < 0 || in[5] < 0,
                               in[4] < 0 && in[5] < 0,
                               short(in[0]) < 0,
                               short(in[1]) < 0};
  for (int c = 0; c < 4; ++c)
    expected.push_back(int((0xf0f0f0f0u & ~unsigned(in[c])) | (0x0ff00ff0u & unsigned(in[c]))));
  expected.push_back(int(0xbf800000u)); // bitselect(1.0f, -2.5f, 0x80400000): -1.0f
  for (int c = 0; c < 4; ++c) {
    int v = in[c] < 0 ? 5 + c : 1 + c;
    expected.push_back(v * 10 + v);
  }
  expected.push_back((in[4] < 0 ? 3 : 1) * 10 + (in[5] < 0 ? 4 : 2));
  expected.push_back((in[0] ? 2 : 1) * 10 + 1);
  EXPECT_EQ(o, expected) << "any/all (int4, char16, long2, short), bitselect (uint4, float), "
                            "select (float4 by int4 and uint4, double2 by long2, int by int)";
}

// Geometric functions: widths 1..4 from each 4-vector pair, 48 results.
template <class T> struct Geometry {
  Format format = std::is_same_v<T, float> ? floatFormat : doubleFormat;
  int failures = 0;
  long double worstUlps = 0;

  void fail(const std::string &what, const T *a, const T *b, int n, long double got,
            long double want, long double bound) {
    if (++failures > 15)
      return;
    std::ostringstream s;
    s.precision(17);
    s << what << " of width " << n << ", a = (";
    for (int c = 0; c < n; ++c)
      s << (c ? ", " : "") << a[c];
    s << "), b = (";
    for (int c = 0; c < n; ++c)
      s << (c ? ", " : "") << b[c];
    s << "): " << got << ", reference " << want << " (bound " << (double)bound << ")";
    ADD_FAILURE() << s.str();
  }
  void expectUlps(const std::string &what, const T *a, const T *b, int n, T got, long double want,
                  long double bound) {
    long double error = ulpError(got, want, format);
    if (std::isfinite(error))
      worstUlps = std::fmax(worstUlps, error);
    if (!(error <= bound))
      fail(what, a, b, n, got, want, bound);
  }
  // For a result whose exact value may be anywhere from `lowest` to `highest`
  // (around `want`): no error between them, else the ulps from the nearer.
  void expectUlpsWithin(const std::string &what, const T *a, const T *b, int n, T got,
                        long double want, long double lowest, long double highest,
                        long double bound) {
    long double error = got >= lowest && got <= highest ? 0
                                                        : std::fmin(ulpError(got, lowest, format),
                                                                    ulpError(got, highest, format));
    if (std::isfinite(error))
      worstUlps = std::fmax(worstUlps, error);
    if (!(error <= bound))
      fail(what, a, b, n, got, want, bound);
  }
  void expectAbsolute(const std::string &what, const T *a, const T *b, int n, T got,
                      long double want, long double bound) {
    bool same = std::isnan(want) ? std::isnan(got) : std::fabs(got - want) <= bound || got == want;
    if (!same)
      fail(what, a, b, n, got, want, bound);
  }

  // The tolerance of dot and cross in OpenCL C 7.4, max * max * operations *
  // FLT_EPSILON (FLT_EPSILON in the double table too), counts a relative
  // rounding error per operation. Each operation may also round to the
  // subnormal grid, an absolute error of up to half the smallest subnormal,
  // which the figure leaves out: for subnormal inputs it is smaller than every
  // nonzero T, and no result could meet it.
  static long double tolerance(long double largest, int operations) {
    return largest * largest * operations * FLT_EPSILON +
           operations * (long double)std::numeric_limits<T>::denorm_min() / 2;
  }
  // The largest magnitude of the first n components of a and b (NaN ignored).
  static long double largestOf(const T *a, const T *b, int n) {
    long double largest = 0;
    for (int c = 0; c < n; ++c)
      largest =
          std::fmax(largest, std::fmax(std::fabs((long double)a[c]), std::fabs((long double)b[c])));
    return largest;
  }
  static bool allFinite(const T *a, const T *b, int n) {
    for (int c = 0; c < n; ++c)
      if (!std::isfinite(a[c]) || !std::isfinite(b[c]))
        return false;
    return true;
  }

  static long double lengthOf(const long double *v, int n) {
    bool nan = false;
    long double sum = 0;
    for (int c = 0; c < n; ++c) {
      if (std::isinf(v[c]))
        return HUGE_VALL;
      nan |= std::isnan(v[c]);
      sum += v[c] * v[c];
    }
    return nan ? NAN : std::sqrt(sum);
  }

  void check(const T *a, const T *b, const T *out, bool fast) {
    int k = 0;
    // Sums of products below this do not overflow.
    const long double beyondSums = std::ldexp(1.0L, format.maxExponent);
    for (int n = 1; n <= 4; ++n, ++k) { // dot
      long double largest = largestOf(a, b, n), d = 0;
      for (int c = 0; c < n; ++c)
        d += (long double)a[c] * b[c];
      if (allFinite(a, b, n) && n * largest * largest < beyondSums)
        expectAbsolute("dot", a, b, n, out[k], d, tolerance(largest, 2 * n - 1));
    }
    long double pa[4], diff[4];
    bool differenceFits = true;
    for (int c = 0; c < 4; ++c) {
      pa[c] = a[c];
      diff[c] = (long double)a[c] - b[c];
      differenceFits &= std::isinf(diff[c]) || std::isnan(diff[c]) || std::isfinite(T(diff[c]));
    }
    for (int n = 1; n <= 4; ++n, ++k) // length
      expectUlps("length", a, b, n, out[k], lengthOf(pa, n),
                 std::is_same_v<T, float> ? 2.75 + 0.5 * n : 5.5 + n);
    for (int n = 1; n <= 4; ++n, ++k) // distance
      if (differenceFits)
        expectUlps("distance", a, b, n, out[k], lengthOf(diff, n),
                   std::is_same_v<T, float> ? 2.5 + 2 * n : 5.5 + 2 * n);
    for (int n = 1; n <= 4; ++n) { // normalize
      long double unit[4];
      normalized(pa, n, unit);
      for (int c = 0; c < n; ++c, ++k)
        expectUlps("normalize component " + std::to_string(c), a, b, n, out[k], unit[c],
                   std::is_same_v<T, float> ? 2 + n : 4.5 + n);
    }
    long double cross[3] = {(long double)a[1] * b[2] - (long double)a[2] * b[1],
                            (long double)a[2] * b[0] - (long double)a[0] * b[2],
                            (long double)a[0] * b[1] - (long double)a[1] * b[0]};
    long double crossLargest = largestOf(a, b, 3); // of p0.xyz and p1.xyz
    for (int width : {3, 4})
      for (int c = 0; c < width; ++c, ++k)
        if (allFinite(a, b, 3) && 2 * crossLargest * crossLargest < beyondSums)
          expectAbsolute("cross component " + std::to_string(c), a, b, width, out[k],
                         c < 3 ? cross[c] : 0.0L, tolerance(crossLargest, 3));
    if (!fast)
      return;
    // fast_length is half_sqrt(p.x^2 + ...) with the sum of squares computed
    // in T: undefined where that sum overflows, and where it is subnormal its
    // 2n - 1 operations may each round to the subnormal grid (half the
    // smallest subnormal), which the ulp bound cannot absorb.
    bool finite = allFinite(a, b, 4);
    auto expectFastLength = [&](const char *what, const long double *v, int n, T got,
                                long double bound) {
      long double squares = 0;
      for (int c = 0; c < n; ++c)
        squares += v[c] * v[c];
      long double slack = (2 * n - 1) * (long double)std::numeric_limits<T>::denorm_min() / 2;
      if (finite && squares <= FLT_MAX)
        expectUlpsWithin(what, a, b, n, got, std::sqrt(squares),
                         std::sqrt(std::fmax(squares - slack, 0.0L)), std::sqrt(squares + slack),
                         bound);
    };
    for (int n = 1; n <= 4; ++n, ++k)
      expectFastLength("fast_length", pa, n, out[k], 8191.5 + n);
    for (int n = 1; n <= 4; ++n, ++k)
      expectFastLength("fast_distance", diff, n, out[k], 8191.5 + 2 * n);
    long double squares = 0;
    for (int n = 1; n <= 4; ++n) {
      squares += pa[n - 1] * pa[n - 1];
      for (int c = 0; c < n; ++c, ++k) {
        // A sum of squares below FLT_MIN may return p itself.
        if (finite && squares <= FLT_MAX && squares >= FLT_MIN)
          expectUlps("fast_normalize component " + std::to_string(c), a, b, n, out[k],
                     pa[c] / std::sqrt(squares), 8192 + n);
      }
    }
  }

  // OpenCL's normalize, edge cases included (OpenCL C 7.5.1).
  static void normalized(const long double *p, int n, long double *unit) {
    bool zero = true, nan = false, infinite = false;
    for (int c = 0; c < n; ++c) {
      zero &= p[c] == 0;
      nan |= std::isnan(p[c]);
      infinite |= std::isinf(p[c]);
    }
    for (int c = 0; c < n; ++c)
      unit[c] = zero  ? p[c]
                : nan ? NAN
                : infinite
                    ? (std::isinf(p[c]) ? std::copysign(1.0L, p[c]) : std::copysign(0.0L, p[c]))
                    : p[c];
    if (zero || nan)
      return;
    long double length = lengthOf(unit, n);
    for (int c = 0; c < n; ++c)
      unit[c] /= length;
  }
};

template <class T> std::vector<T> geometryInputs(unsigned seed, int count) {
  std::mt19937_64 random(seed);
  std::uniform_real_distribution<double> unit(-1, 1);
  const int maxExponent = std::is_same_v<T, float> ? 126 : 1020;
  std::vector<T> v(4 * count);
  for (int i = 0; i < count; ++i)
    for (int c = 0; c < 4; ++c) {
      T &x = v[4 * i + c];
      switch (i % 8) {
      case 0:
        x = 0;
        break; // the zero vector
      case 1:
        x = T(std::ldexp(unit(random), maxExponent)); // squares overflow
        break;
      case 2:
        x = T(std::ldexp(unit(random), -maxExponent)); // squares underflow
        break;
      case 3:
        x = c == int(i / 8 % 4) ? (i % 16 < 8 ? INFINITY : -INFINITY) : T(unit(random) * 10);
        break;
      case 4:
        x = c == int(i / 8 % 4) && i % 32 == 4 ? NAN : T(unit(random) * 1000);
        break;
      default:
        x = T(std::ldexp(unit(random), int(random() % 40) - 20));
      }
    }
  return v;
}

template <class T> void checkGeometry(const char *kernelName) {
  const int n = 2048;
  std::vector<T> a = geometryInputs<T>(1, n), b = geometryInputs<T>(2, n);
  // Zeros: the kernel leaves some of each item's 48 slots unwritten, and the
  // whole buffer is read back (compute-sanitizer's initcheck reads that as a
  // read of uninitialized memory).
  DeviceBuffer da = deviceCopy(a), db = deviceCopy(b), out = deviceCopy(std::vector<T>(n * 48));
  int count = n;
  launch(kernel(vectorFunctions(), kernelName), {n / 128}, {128}, 0,
         {da.parameter(), db.parameter(), out.parameter(), &count});
  std::vector<T> o = hostCopy<T>(out, n * 48);
  Geometry<T> g;
  for (int i = 0; i < n; ++i)
    g.check(&a[4 * i], &b[4 * i], &o[48 * i], std::is_same_v<T, float>);
  std::printf("[ geometry ] %s: largest error of length/distance/normalize %.3Lf ulp\n", kernelName,
              g.worstUlps);
  EXPECT_EQ(g.failures, 0);
}

TEST_F(GpuTest, GeometricFunctionsFloat) { checkGeometry<float>("geometry_float"); }

TEST_F(GpuTest, GeometricFunctionsDouble) { checkGeometry<double>("geometry_double"); }

} // namespace
} // namespace clcuda::test
