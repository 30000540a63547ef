// Math functions on the GPU against long double references, within the ULP
// bounds of OpenCL C 3.0 section 7.4 (sources/gpu/math.cu); a "correctly
// rounded" function must return the reference rounded to its type, and a
// reference beyond the type's range makes infinity the right result. Every
// function prints its largest error; edge cases (NaN, infinities, signed
// zeros) must match exactly, as section 7.5 requires. Inputs for which the
// spec leaves the result undefined are not checked.
#include "gpu_harness.h"
#include "math_ulp_bounds.h"
#include "reference.h"

#include <cfloat>
#include <climits>
#include <cstdio>
#include <functional>
#include <optional>
#include <random>
#include <sstream>

namespace clcuda::test {
namespace {

// A reference value, or none where OpenCL leaves the result undefined.
typedef std::optional<long double> Value;
const long double pi = 3.141592653589793238462643383279502884L;

enum class Kind {
  t_t,   // T f(T)
  tt_t,  // T f(T, T)
  ttt_t, // T f(T, T, T)
  ti_t,  // T f(T, int)
  t_i,   // int f(T)
  t_tt,  // T f(T, T *)
  t_ti,  // T f(T, int *)
  tt_ti, // T f(T, T, int *)
  u_t,   // T f(uint or ulong): nan
};

enum class Measure {
  ulp,               // |result - reference| in ulps of the reference <= bound
  correctly_rounded, // the result is the reference rounded to T (to nearest even)
  absolute,          // |result - reference| <= bound
  relative,          // |result - reference| <= bound * max(1, |reference|)
  fma_or_mul_add,    // mad: the fma or the rounded product plus the addend
};

struct Check {
  Measure measure = Measure::ulp;
  double bound = 0;
  // Whether a zero result's sign is prescribed (C99 leaves it open for
  // fmax(-0, +0) and the functions built on it).
  bool zeroSign = true;
  std::function<Value(long double)> f1;
  std::function<Value(long double, long double)> f2;
  std::function<Value(long double, long double, long double)> f3;
  std::function<Value(long double, int)> fi;
  // Two results: the second written through the pointer argument.
  std::function<Value(long double, long double *)> fp;
  std::function<Value(long double, int *)> fk;
  std::function<Value(long double, long double, int *)> f2k;
};

struct MathCase {
  const char *name;
  Kind kind;
  bool has_double;
};

Value sinpiReference(long double x) {
  if (!std::isfinite(x))
    return NAN;
  long double r = std::fmod(x, 2.0L);
  if (r == std::trunc(r))
    return std::copysign(0.0L, x); // sinpi(+n) = +0, sinpi(-n) = -0
  if (r > 1)
    r -= 2;
  else if (r < -1)
    r += 2;
  if (r > 0.5L)
    r = 1 - r;
  else if (r < -0.5L)
    r = -1 - r;
  return std::sin(pi * r);
}
Value cospiReference(long double x) {
  if (!std::isfinite(x))
    return NAN;
  long double r = std::fmod(std::fabs(x), 2.0L);
  long double c = *sinpiReference(0.5L - r);
  return c == 0 ? 0.0L : c; // cospi(n + 0.5) = +0
}
Value tanpiReference(long double x) {
  if (!std::isfinite(x))
    return NAN;
  long double s = *sinpiReference(x), c = *cospiReference(x);
  return c == 0 ? std::copysign(HUGE_VALL, s) : s / c;
}
Value powrReference(long double x, long double y) {
  if (x < 0 || std::isnan(x) || std::isnan(y))
    return NAN;
  if (x == 0 || std::isinf(x)) {
    if (y == 0)
      return NAN;
    return (x == 0) == (y < 0) ? HUGE_VALL : 0.0L;
  }
  if (x == 1)
    return std::isinf(y) ? NAN : 1.0L;
  return std::pow(x, y);
}
Value rootnReference(long double x, int n) {
  bool odd = n % 2 != 0;
  if (n == 0 || std::isnan(x) || (x < 0 && !odd))
    return NAN;
  if (x == 0 || std::isinf(x)) {
    long double magnitude = (x == 0) == (n > 0) ? 0.0L : HUGE_VALL;
    return odd ? std::copysign(magnitude, x) : magnitude;
  }
  // powl's exponent 1/n is rounded; x^(1/n) = y * x^(1/n - reciprocal), where
  // 1/n - reciprocal = (1 - reciprocal * n) / n, the product exact in fmal.
  long double magnitude = std::fabs(x), reciprocal = 1.0L / n;
  long double y = std::pow(magnitude, reciprocal);
  y += y * std::log(magnitude) * (std::fma(-reciprocal, (long double)n, 1.0L) / n);
  return std::copysign(y, x);
}
int ilogbReference(long double x) {
  if (x == 0)
    return INT_MIN; // FP_ILOGB0 in Clang's OpenCL header
  if (!std::isfinite(x))
    return INT_MAX; // FP_ILOGBNAN, and ilogb(inf)
  return std::ilogb(x);
}

// The low seven bits of the quotient x/y rounded to nearest even, with its
// sign, from the exact integer significands (independent of remquo).
int remquoQuotient(long double x, long double y) {
  int ex, ey;
  long double fx = std::frexp(std::fabs(x), &ex), fy = std::frexp(std::fabs(y), &ey);
  unsigned __int128 mx = (unsigned __int128)std::ldexp(fx, 64),
                    my = (unsigned __int128)std::ldexp(fy, 64);
  while (mx && !(mx & 1)) {
    mx >>= 1;
    ++ex;
  }
  while (my && !(my & 1)) {
    my >>= 1;
    ++ey;
  }
  ex -= 64;
  ey -= 64; // |x| = mx * 2^ex, |y| = my * 2^ey
  unsigned __int128 quotient, remainder;
  if (ex >= ey) {
    // mx * 2^(ex - ey) modulo 256 * my gives the quotient modulo 256.
    unsigned __int128 modulus = my * 256, power = 1 % modulus, base = 2 % modulus;
    for (int e = ex - ey; e; e >>= 1, base = base * base % modulus)
      if (e & 1)
        power = power * base % modulus;
    unsigned __int128 n = mx % modulus * power % modulus;
    quotient = n / my;
    remainder = n % my;
  } else {
    int shift = ey - ex;
    if (shift > 120)
      return 0;
    unsigned __int128 d = my << shift;
    if (d >> shift != my)
      return 0;
    quotient = mx / d;
    remainder = mx % d;
    my = d;
  }
  if (2 * remainder > my || (2 * remainder == my && (quotient & 1)))
    ++quotient;
  int bits = int(quotient & 127);
  return std::signbit(x) != std::signbit(y) ? -bits : bits;
}

// Leaves the reference undefined where the arguments (the second one 0 for
// unary functions) are outside a domain.
void restrictDomain(Check &c, std::function<bool(long double, long double)> inDomain) {
  if (c.f1) {
    auto full = c.f1;
    c.f1 = [full, inDomain](long double x) -> Value {
      return inDomain(x, 0) ? full(x) : std::nullopt;
    };
  }
  if (c.f2) {
    auto full = c.f2;
    c.f2 = [full, inDomain](long double x, long double y) -> Value {
      return inDomain(x, y) ? full(x, y) : std::nullopt;
    };
  }
}

template <class T> constexpr Format formatOf() {
  return std::is_same_v<T, float> ? floatFormat : doubleFormat;
}

// The reference and bound of each function for T.
template <class T> Check checkFor(const std::string &name) {
  auto ulps = [](double f, double d) { return std::is_same_v<T, float> ? f : d; };
  Check c;
  // The specification's bound for this function (its numbers are written
  // once, in math_ulp_bounds.h).
  const double spec = clcuda_test::ulpBound(name, std::is_same_v<T, double>);
  auto unary = [&](long double (*f)(long double)) {
    c.bound = spec;
    c.f1 = [f](long double x) -> Value { return f(x); };
  };
  auto binary = [&](long double (*f)(long double, long double)) {
    c.bound = spec;
    c.f2 = [f](long double x, long double y) -> Value { return f(x, y); };
  };
  // "Correctly rounded" in the spec's tables. The reference must then be exact
  // (these are), or the host's own correctly rounded result in T: a long
  // double result rounded again to T could land on the wrong side of a tie.
  auto roundedUnary = [&](long double (*f)(long double)) {
    unary(f);
    c.bound = 0;
    c.measure = Measure::correctly_rounded;
  };
  constexpr bool isDouble = std::is_same_v<T, double>;
  if (name == "acos")
    unary(std::acos);
  else if (name == "acosh")
    unary(std::acosh);
  else if (name == "acospi")
    c.bound = spec, c.f1 = [](long double x) -> Value { return std::acos(x) / pi; };
  else if (name == "asin")
    unary(std::asin);
  else if (name == "asinh")
    unary(std::asinh);
  else if (name == "asinpi")
    c.bound = spec, c.f1 = [](long double x) -> Value { return std::asin(x) / pi; };
  else if (name == "atan")
    unary(std::atan);
  else if (name == "atanh")
    unary(std::atanh);
  else if (name == "atanpi")
    c.bound = spec, c.f1 = [](long double x) -> Value { return std::atan(x) / pi; };
  else if (name == "cbrt")
    unary(std::cbrt);
  else if (name == "ceil")
    roundedUnary(std::ceil);
  else if (name == "cos")
    unary(std::cos);
  else if (name == "cosh")
    unary(std::cosh);
  else if (name == "cospi")
    c.bound = spec, c.f1 = cospiReference;
  else if (name == "erf")
    unary(std::erf);
  else if (name == "erfc")
    unary(std::erfc);
  else if (name == "exp")
    unary(std::exp);
  else if (name == "exp2")
    unary(std::exp2);
  else if (name == "exp10")
    c.bound = spec, c.f1 = [](long double x) -> Value { return std::pow(10.0L, x); };
  else if (name == "expm1")
    unary(std::expm1);
  else if (name == "fabs")
    unary(std::fabs);
  else if (name == "floor")
    roundedUnary(std::floor);
  else if (name == "lgamma") // precision "Undefined" in OpenCL: a sanity bound (edge cases exact)
    c.measure = Measure::relative, c.bound = ulps(1e-4, 1e-10),
    c.f1 = [](long double x) -> Value { return std::lgamma(x); };
  else if (name == "log")
    unary(std::log);
  else if (name == "log2")
    unary(std::log2);
  else if (name == "log10")
    unary(std::log10);
  else if (name == "log1p")
    unary(std::log1p);
  else if (name == "logb")
    unary(std::logb);
  else if (name == "rint")
    roundedUnary(std::rint);
  else if (name == "round")
    roundedUnary(std::round);
  else if (name == "rsqrt")
    c.bound = spec, c.f1 = [](long double x) -> Value { return 1 / std::sqrt(x); };
  else if (name == "recip") // the base of half_recip and native_recip (float only)
    c.bound = spec, c.f1 = [](long double x) -> Value { return 1 / x; };
  else if (name == "sin")
    unary(std::sin);
  else if (name == "sinh")
    unary(std::sinh);
  else if (name == "sinpi")
    c.bound = spec, c.f1 = sinpiReference;
  else if (name == "sqrt" && isDouble)
    c.measure = Measure::correctly_rounded,
    c.f1 = [](long double x) -> Value { return std::sqrt(T(x)); };
  else if (name == "sqrt")
    unary(std::sqrt);
  else if (name == "tan")
    unary(std::tan);
  else if (name == "tanh")
    unary(std::tanh);
  else if (name == "tanpi")
    c.bound = spec, c.f1 = tanpiReference;
  else if (name == "tgamma")
    unary(std::tgamma);
  else if (name == "trunc")
    roundedUnary(std::trunc);
  else if (name == "degrees")
    c.bound = spec, c.f1 = [](long double x) -> Value { return x * (180 / pi); };
  else if (name == "radians")
    c.bound = spec, c.f1 = [](long double x) -> Value { return x * (pi / 180); };
  else if (name == "sign")
    c.f1 = [](long double x) -> Value {
      return std::isnan(x) ? 0.0L : x > 0 ? 1.0L : x < 0 ? -1.0L : x;
    };
  else if (name == "atan2")
    binary(std::atan2);
  else if (name == "atan2pi")
    c.bound = spec,
    c.f2 = [](long double y, long double x) -> Value { return std::atan2(y, x) / pi; };
  else if (name == "copysign")
    binary(std::copysign);
  else if (name == "fdim")
    c.measure = Measure::correctly_rounded,
    c.f2 = [](long double x, long double y) -> Value { return std::fdim(T(x), T(y)); };
  else if (name == "fmax")
    binary(std::fmax);
  else if (name == "fmin")
    binary(std::fmin);
  else if (name == "fmod")
    binary(std::fmod);
  else if (name == "hypot")
    binary(std::hypot);
  else if (name == "maxmag" || name == "minmag") {
    bool larger = name == "maxmag";
    c.f2 = [larger](long double x, long double y) -> Value {
      long double ax = std::fabs(x), ay = std::fabs(y);
      if (ax != ay && !std::isnan(ax) && !std::isnan(ay))
        return (ax > ay) == larger ? x : y;
      return larger ? std::fmax(x, y) : std::fmin(x, y);
    };
  } else if (name == "nextafter")
    c.f2 = [](long double x, long double y) -> Value { return std::nextafter(T(x), T(y)); };
  else if (name == "pow")
    binary(std::pow);
  else if (name == "powr")
    c.bound = spec, c.f2 = powrReference;
  else if (name == "remainder")
    binary(std::remainder);
  else if (name == "max" || name == "min") { // undefined for infinities and NaN
    bool larger = name == "max";
    c.f2 = [larger](long double x, long double y) -> Value {
      if (!std::isfinite(x) || !std::isfinite(y))
        return std::nullopt;
      return larger ? std::fmax(x, y) : std::fmin(x, y);
    };
  } else if (name == "step")
    c.f2 = [](long double edge, long double x) -> Value { return x < edge ? 0.0L : 1.0L; };
  else if (name == "divide" && isDouble)
    c.measure = Measure::correctly_rounded,
    c.f2 = [](long double x, long double y) -> Value { return T(x) / T(y); };
  else if (name == "divide")
    c.bound = spec, c.f2 = [](long double x, long double y) -> Value { return x / y; };
  else if (name == "fma")
    c.measure = Measure::correctly_rounded,
    c.f3 = [](long double x, long double y, long double z) -> Value {
      return std::fma(T(x), T(y), T(z));
    };
  else if (name == "mad")
    c.measure = Measure::fma_or_mul_add;
  else if (name == "clamp") // fmin(fmax(x, minval), maxval), NaN operands included
    c.f3 = [](long double x, long double low, long double high) -> Value {
      if (low > high)
        return std::nullopt;
      return std::fmin(std::fmax(x, low), high);
    };
  else if (name == "mix")
    c.measure = Measure::absolute, c.bound = 1e-3,
    c.f3 = [](long double x, long double y, long double a) -> Value {
      if (!(a >= 0 && a <= 1) || !(std::fabs(x) < 100) || !(std::fabs(y) < 100))
        return std::nullopt;
      return x + (y - x) * a;
    };
  else if (name == "smoothstep")
    c.measure = Measure::absolute, c.bound = 1e-5,
    c.f3 = [](long double e0, long double e1, long double x) -> Value {
      if (!(e0 < e1) || std::isnan(x)) // undefined (OpenCL C 6.15.5)
        return std::nullopt;
      if (x <= e0 || x >= e1)
        return x <= e0 ? 0.0L : 1.0L;
      if (std::isinf(e0) || std::isinf(e1)) // no finite interpolation parameter
        return std::nullopt;
      long double t = (x - e0) / (e1 - e0);
      return t * t * (3 - 2 * t);
    };
  else if (name == "ldexp")
    c.measure = Measure::correctly_rounded,
    c.fi = [](long double x, int k) -> Value { return std::ldexp(x, k); };
  else if (name == "pown")
    c.bound = spec,
    c.fi = [](long double x, int k) -> Value { return std::pow(x, (long double)k); };
  else if (name == "rootn")
    c.bound = spec, c.fi = rootnReference;
  else if (name == "fract")
    c.measure = Measure::correctly_rounded, c.fp = [](long double x, long double *whole) -> Value {
      *whole = std::floor(x);
      if (std::isnan(x))
        return x;
      if (std::isinf(x) || x == 0)
        return std::copysign(0.0L, x);
      const T belowOne = T(1) - std::numeric_limits<T>::epsilon() / 2;
      return std::fmin(T(x) - T(*whole), belowOne);
    };
  else if (name == "modf")
    c.fp = [](long double x, long double *whole) -> Value { return std::modf(x, whole); };
  else if (name == "sincos")
    c.bound = spec, c.fp = [](long double x, long double *cosine) -> Value {
      *cosine = std::cos(x);
      return std::sin(x);
    };
  else if (name == "frexp")
    c.fk = [](long double x, int *e) -> Value {
      if (!std::isfinite(x)) {
        *e = 0;
        return x;
      }
      return std::frexp(x, e);
    };
  else if (name == "lgamma_r")
    c.measure = Measure::relative, c.bound = ulps(1e-4, 1e-10),
    c.fk = [](long double x, int *sign) -> Value {
      long double whole = std::floor(x);
      *sign = x > 0 ? 1 : (x == whole || std::isnan(x)) ? 0 : std::fmod(whole, 2.0L) == 0 ? 1 : -1;
      return std::lgamma(x);
    };
  else if (name == "remquo")
    c.f2k = [](long double x, long double y, int *quotient) -> Value {
      if (std::isnan(x) || std::isnan(y) || std::isinf(x) || y == 0) {
        *quotient = 0;
        return NAN;
      }
      *quotient = std::isinf(y) ? 0 : remquoQuotient(x, y);
      return std::remainder(x, y);
    };
  else if (name == "nan")
    c.f1 = [](long double) -> Value { return NAN; };
  else if (name.rfind("half_", 0) == 0) {
    // The same function within 8192 ulp and its edge cases, on the domain the
    // spec gives: |x| <= 2^16 for the trigonometric ones, x >= 0 for powr.
    std::string base = name.substr(5);
    c = checkFor<T>(base);
    c.measure = Measure::ulp;
    c.bound = 8192;
    restrictDomain(c, [base](long double x, long double) {
      if (base == "sin" || base == "cos" || base == "tan")
        return std::fabs(x) <= 65536;
      return base != "powr" || x >= 0;
    });
  } else if (name.rfind("native_", 0) == 0) {
    // Implementation-defined precision; checked where the fast hardware
    // approximations are meant to be used, against a loose relative bound.
    std::string base = name.substr(7);
    c = checkFor<T>(base);
    auto inDomain = [base](long double x) {
      if (base == "sin" || base == "cos")
        return std::fabs(x) <= pi;
      if (base == "tan")
        return std::fabs(x) <= 1.2L;
      if (base == "exp" || base == "exp2" || base == "exp10")
        return std::fabs(x) <= 10;
      return x >= 1e-3L && x <= 1e3L;
    };
    restrictDomain(c, [inDomain, base](long double x, long double y) {
      if (base == "powr")
        return x >= 0.5L && x <= 2 && std::fabs(y) <= 4;
      return inDomain(x) && (base != "divide" || inDomain(y));
    });
    c.measure = Measure::relative;
    c.bound = 1e-4;
  }
  for (const char *open : {"fmax", "fmin", "max", "min", "maxmag", "minmag", "clamp"})
    if (name == open)
      c.zeroSign = false;
  return c;
}

// Edge values of T and random ones: bit patterns over the whole range and
// values in the ranges where most functions have their interesting shape.
template <class T> std::vector<T> scalarInputs(unsigned seed, size_t count) {
  const T edges[] = {0,
                     std::numeric_limits<T>::denorm_min(),
                     std::numeric_limits<T>::min() - std::numeric_limits<T>::denorm_min(),
                     std::numeric_limits<T>::min(),
                     T(0.25),
                     T(0.5),
                     T(0.75),
                     1,
                     T(1) - std::numeric_limits<T>::epsilon() / 2,
                     T(1) + std::numeric_limits<T>::epsilon(),
                     T(1.5),
                     2,
                     T(2.5),
                     3,
                     T(3.14159265358979323846),
                     T(1.57079632679489661923),
                     10,
                     T(88.5),
                     100,
                     T(709.5),
                     T(1e10),
                     T(1e20),
                     T(1e300),
                     std::numeric_limits<T>::max(),
                     std::numeric_limits<T>::infinity()};
  std::vector<T> values;
  for (T e : edges) {
    values.push_back(e);
    values.push_back(-e);
  }
  values.push_back(std::numeric_limits<T>::quiet_NaN());
  std::mt19937_64 random(seed);
  std::uniform_real_distribution<double> small(-10, 10), unit(-1, 1), positive(0, 100);
  while (values.size() < count) {
    if constexpr (std::is_same_v<T, float>)
      values.push_back(floatFromBits(uint32_t(random())));
    else
      values.push_back(doubleFromBits(random()));
    values.push_back(T(small(random)));
    values.push_back(T(unit(random)));
    values.push_back(T(positive(random)));
    values.push_back(T(std::round(small(random) * 4) / 4)); // integers and halves
  }
  values.resize(count);
  return values;
}

std::vector<int> intInputs(size_t count) {
  const int edges[] = {0, 1, 2, 3, 4, 5, 7, 10, 100, 1000, (1 << 24) + 1, INT_MAX};
  std::vector<int> values;
  for (int e : edges) {
    values.push_back(e);
    values.push_back(-e);
  }
  values.push_back(INT_MIN);
  std::mt19937 random(11);
  std::uniform_int_distribution<int> small(-40, 40);
  while (values.size() < count)
    values.push_back(random() % 4 ? small(random) : int(random()));
  values.resize(count);
  return values;
}

const size_t inputCount = 12000;

std::string describe(long double x) {
  std::ostringstream s;
  s.precision(21);
  s << x << " (" << std::hexfloat << (double)x << ")";
  return s.str();
}

struct Worst {
  long double error = 0;
  std::string where;
  int failures = 0;
};

template <class T>
void judge(const Check &c, const std::string &call, long double got, Value want, Worst &worst) {
  if (!want)
    return;
  const Format f = formatOf<T>();
  // A reference beyond every finite T makes infinity the right result: it is
  // measured as 2^(maxExponent + 1), the value one ulp beyond the largest.
  const long double limit = std::ldexp(1.0L, f.maxExponent + 1);
  long double error;
  bool bad;
  if (c.measure == Measure::correctly_rounded) {
    long double rounded = roundToFormat(*want, f, Rounding::rte);
    bool sameZero = !c.zeroSign || std::signbit(got) == std::signbit(rounded);
    bad = std::isnan(rounded) ? !std::isnan(got) : got != rounded || !sameZero;
    error = !bad ? 0 : got == rounded ? HUGE_VALL : ulpError(got, *want, f);
  } else if (std::isnan(*want) || std::isnan(got) || std::isinf(*want)) {
    bad = !(std::isnan(*want) && std::isnan(got)) && got != *want;
    error = bad ? HUGE_VALL : 0;
  } else if (c.measure == Measure::ulp) {
    long double reference = std::fmin(std::fmax(*want, -limit), limit);
    error = ulpError(got, reference, f);
    bad = error > c.bound + 1e-3;
    // Exact zeros are edge cases: their sign must match (OpenCL C 7.5.1).
    if (c.zeroSign && *want == 0 && got == 0 && std::signbit(got) != std::signbit(*want))
      bad = true, error = HUGE_VALL;
  } else {
    long double reference = std::fmin(std::fmax(*want, -limit), limit);
    long double result = std::isinf(got) ? std::copysign(limit, got) : got;
    error = std::fabs(result - reference);
    if (c.measure == Measure::relative)
      error /= std::fmax(1.0L, std::fabs(reference));
    bad = !(error <= c.bound);
  }
  if (error > worst.error || (bad && worst.where.empty())) {
    worst.error = error;
    worst.where = call + " = " + describe(got) + ", reference " + describe(*want);
  }
  if (bad && ++worst.failures <= 10)
    ADD_FAILURE() << call << " = " << describe(got) << ", reference " << describe(*want)
                  << " (error " << (double)error << ", bound " << c.bound << ")";
}

template <class T> void checkFunction(const MathCase &m) {
  const Check c = checkFor<T>(m.name);
  CUfunction function =
      kernel(loadTestModule("math.cu"), std::string(m.name) + "_" + typeName<T>());
  std::vector<T> x = scalarInputs<T>(1, inputCount), y = scalarInputs<T>(2, inputCount),
                 z = scalarInputs<T>(3, inputCount);
  // Pairs of edge values with each other, for the binary functions.
  for (size_t i = 0; i < 51; ++i)
    for (size_t j = 0; j < 51; ++j)
      x[5000 + i * 51 + j] = x[i], y[5000 + i * 51 + j] = y[j];
  std::vector<int> k = intInputs(inputCount);
  int n = int(inputCount);
  DeviceBuffer dx = deviceCopy(x), dy = deviceCopy(y), dz = deviceCopy(z), dk = deviceCopy(k);
  DeviceBuffer r(n * sizeof(T)), r2(n * sizeof(T)), rk(n * sizeof(int));
  unsigned grid = unsigned(n + 127) / 128;
  Worst worst;
  auto call = [&](std::initializer_list<long double> arguments) {
    std::ostringstream s;
    s.precision(17);
    s << m.name << "(";
    const char *separator = "";
    for (long double a : arguments)
      s << separator << (double)a, separator = ", ";
    return s.str() + ")";
  };
  switch (m.kind) {
  case Kind::t_t: {
    launch(function, {grid}, {128}, 0, {dx.parameter(), r.parameter(), &n});
    std::vector<T> out = hostCopy<T>(r, n);
    for (size_t i = 0; i < inputCount; ++i)
      judge<T>(c, call({x[i]}), out[i], c.f1(x[i]), worst);
    break;
  }
  case Kind::tt_t: {
    launch(function, {grid}, {128}, 0, {dx.parameter(), dy.parameter(), r.parameter(), &n});
    std::vector<T> out = hostCopy<T>(r, n);
    for (size_t i = 0; i < inputCount; ++i)
      judge<T>(c, call({x[i], y[i]}), out[i], c.f2(x[i], y[i]), worst);
    break;
  }
  case Kind::ttt_t: {
    launch(function, {grid}, {128}, 0,
           {dx.parameter(), dy.parameter(), dz.parameter(), r.parameter(), &n});
    std::vector<T> out = hostCopy<T>(r, n);
    for (size_t i = 0; i < inputCount; ++i) {
      if (c.measure != Measure::fma_or_mul_add) {
        judge<T>(c, call({x[i], y[i], z[i]}), out[i], c.f3(x[i], y[i], z[i]), worst);
        continue;
      }
      T fused = std::fma(x[i], y[i], z[i]), separate = T(x[i] * y[i]) + z[i];
      bool same = bitsOf(out[i]) == bitsOf(fused) || bitsOf(out[i]) == bitsOf(separate) ||
                  (std::isnan(out[i]) && std::isnan(fused));
      if (!same && ++worst.failures <= 10)
        ADD_FAILURE() << call({x[i], y[i], z[i]}) << " = " << describe(out[i]) << ", neither fma "
                      << describe(fused) << " nor mul+add " << describe(separate);
    }
    break;
  }
  case Kind::ti_t: {
    launch(function, {grid}, {128}, 0, {dx.parameter(), dk.parameter(), r.parameter(), &n});
    std::vector<T> out = hostCopy<T>(r, n);
    for (size_t i = 0; i < inputCount; ++i)
      judge<T>(c, call({x[i], (long double)k[i]}), out[i], c.fi(x[i], k[i]), worst);
    break;
  }
  case Kind::t_i: {
    launch(function, {grid}, {128}, 0, {dx.parameter(), rk.parameter(), &n});
    std::vector<int> out = hostCopy<int>(rk, n);
    for (size_t i = 0; i < inputCount; ++i)
      if (out[i] != ilogbReference(x[i]) && ++worst.failures <= 10)
        ADD_FAILURE() << call({x[i]}) << " = " << out[i] << ", expected " << ilogbReference(x[i]);
    break;
  }
  case Kind::t_tt: {
    launch(function, {grid}, {128}, 0, {dx.parameter(), r.parameter(), r2.parameter(), &n});
    std::vector<T> out = hostCopy<T>(r, n), out2 = hostCopy<T>(r2, n);
    for (size_t i = 0; i < inputCount; ++i) {
      long double second = 0;
      Value first = c.fp(x[i], &second);
      judge<T>(c, call({x[i]}), out[i], first, worst);
      judge<T>(c, call({x[i]}) + " (second result)", out2[i], second, worst);
    }
    break;
  }
  case Kind::t_ti: {
    launch(function, {grid}, {128}, 0, {dx.parameter(), r.parameter(), rk.parameter(), &n});
    std::vector<T> out = hostCopy<T>(r, n);
    std::vector<int> outk = hostCopy<int>(rk, n);
    for (size_t i = 0; i < inputCount; ++i) {
      int want = 0;
      Value first = c.fk(x[i], &want);
      judge<T>(c, call({x[i]}), out[i], first, worst);
      if (outk[i] != want && ++worst.failures <= 10)
        ADD_FAILURE() << call({x[i]}) << ": int result " << outk[i] << ", expected " << want;
    }
    break;
  }
  case Kind::tt_ti: {
    launch(function, {grid}, {128}, 0,
           {dx.parameter(), dy.parameter(), r.parameter(), rk.parameter(), &n});
    std::vector<T> out = hostCopy<T>(r, n);
    std::vector<int> outk = hostCopy<int>(rk, n);
    for (size_t i = 0; i < inputCount; ++i) {
      int want = 0;
      Value first = c.f2k(x[i], y[i], &want);
      judge<T>(c, call({x[i], y[i]}), out[i], first, worst);
      if (outk[i] != want && ++worst.failures <= 10)
        ADD_FAILURE() << call({x[i], y[i]}) << ": quotient bits " << outk[i] << ", expected "
                      << want;
    }
    break;
  }
  case Kind::u_t: {
    typedef std::conditional_t<std::is_same_v<T, float>, uint32_t, uint64_t> Code;
    std::vector<Code> codes(inputCount);
    std::mt19937_64 random(5);
    for (Code &code : codes)
      code = Code(random());
    DeviceBuffer dc = deviceCopy(codes);
    launch(function, {grid}, {128}, 0, {dc.parameter(), r.parameter(), &n});
    std::vector<T> out = hostCopy<T>(r, n);
    for (size_t i = 0; i < inputCount; ++i)
      judge<T>(c, call({(long double)codes[i]}), out[i], c.f1(0), worst);
    break;
  }
  }
  std::printf("[ math     ] %-16s %-6s max error %-12.4Lg (bound %g%s) %s\n", m.name, typeName<T>(),
              worst.error, c.bound,
              c.measure == Measure::ulp                 ? " ulp"
              : c.measure == Measure::correctly_rounded ? ": correctly rounded"
              : c.measure == Measure::absolute          ? " absolute"
              : c.measure == Measure::relative          ? " relative"
                                                        : ": fma or mul+add",
              worst.where.c_str());
  EXPECT_EQ(worst.failures, 0) << m.name << "(" << typeName<T>() << "): " << worst.failures
                               << " results outside the bound";
}

const MathCase cases[] = {
    {"acos", Kind::t_t, true},          {"acosh", Kind::t_t, true},
    {"acospi", Kind::t_t, true},        {"asin", Kind::t_t, true},
    {"asinh", Kind::t_t, true},         {"asinpi", Kind::t_t, true},
    {"atan", Kind::t_t, true},          {"atanh", Kind::t_t, true},
    {"atanpi", Kind::t_t, true},        {"cbrt", Kind::t_t, true},
    {"ceil", Kind::t_t, true},          {"cos", Kind::t_t, true},
    {"cosh", Kind::t_t, true},          {"cospi", Kind::t_t, true},
    {"erf", Kind::t_t, true},           {"erfc", Kind::t_t, true},
    {"exp", Kind::t_t, true},           {"exp2", Kind::t_t, true},
    {"exp10", Kind::t_t, true},         {"expm1", Kind::t_t, true},
    {"fabs", Kind::t_t, true},          {"floor", Kind::t_t, true},
    {"lgamma", Kind::t_t, true},        {"log", Kind::t_t, true},
    {"log2", Kind::t_t, true},          {"log10", Kind::t_t, true},
    {"log1p", Kind::t_t, true},         {"logb", Kind::t_t, true},
    {"rint", Kind::t_t, true},          {"round", Kind::t_t, true},
    {"rsqrt", Kind::t_t, true},         {"sin", Kind::t_t, true},
    {"sinh", Kind::t_t, true},          {"sinpi", Kind::t_t, true},
    {"sqrt", Kind::t_t, true},          {"tan", Kind::t_t, true},
    {"tanh", Kind::t_t, true},          {"tanpi", Kind::t_t, true},
    {"tgamma", Kind::t_t, true},        {"trunc", Kind::t_t, true},
    {"degrees", Kind::t_t, true},       {"radians", Kind::t_t, true},
    {"sign", Kind::t_t, true},          {"atan2", Kind::tt_t, true},
    {"atan2pi", Kind::tt_t, true},      {"copysign", Kind::tt_t, true},
    {"fdim", Kind::tt_t, true},         {"fmax", Kind::tt_t, true},
    {"fmin", Kind::tt_t, true},         {"fmod", Kind::tt_t, true},
    {"hypot", Kind::tt_t, true},        {"maxmag", Kind::tt_t, true},
    {"minmag", Kind::tt_t, true},       {"nextafter", Kind::tt_t, true},
    {"pow", Kind::tt_t, true},          {"powr", Kind::tt_t, true},
    {"remainder", Kind::tt_t, true},    {"max", Kind::tt_t, true},
    {"min", Kind::tt_t, true},          {"step", Kind::tt_t, true},
    {"divide", Kind::tt_t, true},       {"fma", Kind::ttt_t, true},
    {"mad", Kind::ttt_t, true},         {"clamp", Kind::ttt_t, true},
    {"mix", Kind::ttt_t, true},         {"smoothstep", Kind::ttt_t, true},
    {"ldexp", Kind::ti_t, true},        {"pown", Kind::ti_t, true},
    {"rootn", Kind::ti_t, true},        {"ilogb", Kind::t_i, true},
    {"fract", Kind::t_tt, true},        {"modf", Kind::t_tt, true},
    {"sincos", Kind::t_tt, true},       {"frexp", Kind::t_ti, true},
    {"lgamma_r", Kind::t_ti, true},     {"remquo", Kind::tt_ti, true},
    {"nan", Kind::u_t, true},           {"half_cos", Kind::t_t, false},
    {"half_exp", Kind::t_t, false},     {"half_exp2", Kind::t_t, false},
    {"half_exp10", Kind::t_t, false},   {"half_log", Kind::t_t, false},
    {"half_log2", Kind::t_t, false},    {"half_log10", Kind::t_t, false},
    {"half_recip", Kind::t_t, false},   {"half_rsqrt", Kind::t_t, false},
    {"half_sin", Kind::t_t, false},     {"half_sqrt", Kind::t_t, false},
    {"half_tan", Kind::t_t, false},     {"half_divide", Kind::tt_t, false},
    {"half_powr", Kind::tt_t, false},   {"native_cos", Kind::t_t, false},
    {"native_exp", Kind::t_t, false},   {"native_exp2", Kind::t_t, false},
    {"native_exp10", Kind::t_t, false}, {"native_log", Kind::t_t, false},
    {"native_log2", Kind::t_t, false},  {"native_log10", Kind::t_t, false},
    {"native_recip", Kind::t_t, false}, {"native_rsqrt", Kind::t_t, false},
    {"native_sin", Kind::t_t, false},   {"native_sqrt", Kind::t_t, false},
    {"native_tan", Kind::t_t, false},   {"native_divide", Kind::tt_t, false},
    {"native_powr", Kind::tt_t, false},
};

void PrintTo(const MathCase &c, std::ostream *os) { *os << c.name; }

class MathFunction : public GpuTest, public ::testing::WithParamInterface<MathCase> {};

// Every function the specification bounds in ulps is checked to exactly
// that bound here (or, where it says "correctly rounded", as correctly
// rounded): the numbers live in math_ulp_bounds.h only. Runs without a GPU.
template <class T> void expectTheSpecBounds() {
  for (const clcuda_test::UlpBound &row : clcuda_test::kUlpBounds) {
    const std::string name(row.name);
    const double spec = clcuda_test::ulpBound(name, std::is_same_v<T, double>);
    const Check c = checkFor<T>(name);
    if (c.measure == Measure::correctly_rounded)
      EXPECT_EQ(spec, 0.5) << name << " is checked as correctly rounded";
    else
      EXPECT_TRUE(c.measure == Measure::ulp && c.bound == spec)
          << name << ": checked within " << c.bound << " against the spec's " << spec;
  }
}
TEST(MathBounds, AreTheSpecificationsInSingleAndDoublePrecision) {
  expectTheSpecBounds<float>();
  expectTheSpecBounds<double>();
}

TEST_P(MathFunction, Float) { checkFunction<float>(GetParam()); }

TEST_P(MathFunction, Double) {
  if (!GetParam().has_double)
    GTEST_SKIP() << GetParam().name << " has no double form in OpenCL C";
  checkFunction<double>(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Gpu, MathFunction, ::testing::ValuesIn(cases),
                         [](const ::testing::TestParamInfo<MathCase> &info) {
                           return std::string(info.param.name);
                         });

TEST_F(GpuTest, MathVectorFormsMatchTheScalarForms) {
  const int n = 256;
  std::vector<float> x = scalarInputs<float>(21, 16 * n), y = scalarInputs<float>(22, 16 * n);
  std::vector<double> d = scalarInputs<double>(23, 16 * n);
  std::vector<int> k = intInputs(16 * n);
  DeviceBuffer dx = deviceCopy(x), dy = deviceCopy(y), dk = deviceCopy(k), dd = deviceCopy(d),
               mismatches(n * sizeof(int));
  int count = n;
  launch(kernel(loadTestModule("math.cu"), "vector_forms"), {2}, {128}, 0,
         {dx.parameter(), dy.parameter(), dk.parameter(), dd.parameter(), mismatches.parameter(),
          &count});
  std::vector<int> differ = hostCopy<int>(mismatches, n);
  for (int i = 0; i < n; ++i)
    EXPECT_EQ(differ[i], 0) << "work-item " << i << " (inputs " << 16 * i << ".." << 16 * i + 15
                            << "): vector components differing from the scalar function";
}

} // namespace
} // namespace clcuda::test
