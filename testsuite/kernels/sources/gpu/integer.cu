// One kernel per integer function and type (<function>_<type>); results are
// widened to 64 bits (sign- or zero-extended from the result type).
#include <clc/common.h>
#include <clc/convert.h>
#include <clc/integer.h>
#include <clc/vload.h>

#define ELEMENT                                                                                    \
  int i = blockIdx.x * blockDim.x + threadIdx.x;                                                   \
  if (i >= n)                                                                                      \
    return;
#define INTEGER_1(name, T)                                                                         \
  extern "C" __global__ void name##_##T(const T *a, const T *, const T *, long *r, int n) {        \
    ELEMENT r[i] = long(clc::name(a[i]));                                                          \
  }
#define INTEGER_2(name, T)                                                                         \
  extern "C" __global__ void name##_##T(const T *a, const T *b, const T *, long *r, int n) {       \
    ELEMENT r[i] = long(clc::name(a[i], b[i]));                                                    \
  }
#define INTEGER_3(name, T)                                                                         \
  extern "C" __global__ void name##_##T(const T *a, const T *b, const T *c, long *r, int n) {      \
    ELEMENT r[i] = long(clc::name(a[i], b[i], c[i]));                                              \
  }
#define UPSAMPLE(T)                                                                                \
  extern "C" __global__ void upsample_##T(const T *a, const T *b, const T *, long *r, int n) {     \
    ELEMENT r[i] = long(clc::upsample(a[i], clc::detail::unsigned_t<T>(b[i])));                    \
  }
#define EVERY_TYPE(kind, name)                                                                     \
  kind(name, char) kind(name, uchar) kind(name, short) kind(name, ushort) kind(name, int)          \
      kind(name, uint) kind(name, long) kind(name, ulong)

EVERY_TYPE(INTEGER_1, abs)
EVERY_TYPE(INTEGER_1, clz)
EVERY_TYPE(INTEGER_1, ctz)
EVERY_TYPE(INTEGER_1, popcount)
EVERY_TYPE(INTEGER_2, abs_diff)
EVERY_TYPE(INTEGER_2, add_sat)
EVERY_TYPE(INTEGER_2, sub_sat)
EVERY_TYPE(INTEGER_2, hadd)
EVERY_TYPE(INTEGER_2, rhadd)
EVERY_TYPE(INTEGER_2, mul_hi)
EVERY_TYPE(INTEGER_2, rotate)
EVERY_TYPE(INTEGER_2, max)
EVERY_TYPE(INTEGER_2, min)
EVERY_TYPE(INTEGER_3, mad_hi)
EVERY_TYPE(INTEGER_3, mad_sat)
EVERY_TYPE(INTEGER_3, clamp)
INTEGER_2(mul24, int)
INTEGER_2(mul24, uint)
INTEGER_3(mad24, int)
INTEGER_3(mad24, uint)
UPSAMPLE(char)
UPSAMPLE(uchar)
UPSAMPLE(short)
UPSAMPLE(ushort)
UPSAMPLE(int)
UPSAMPLE(uint)

// The vector and mixed forms against the scalar forms: counts the differing
// components of abs_diff(int8), add_sat(uchar16, uchar16), rotate(long4),
// clamp(short3, short, short), max(uint2, uint), mad_sat(char4 x3) and
// upsample(short2, ushort2).
extern "C" __global__ void integer_vector_forms(const int *a, const int *b, const int *c,
                                                int *mismatches, int n) {
  ELEMENT const int *x = a + 16 * i, *y = b + 16 * i, *z = c + 16 * i;
  int differ = 0;
  clc::int8 x8 = clc::vload<8>(0, x), y8 = clc::vload<8>(0, y);
  clc::uint8 d8 = clc::abs_diff(x8, y8);
  clc::uchar16 u = clc::convert<clc::uchar16>(clc::vload<16>(0, x)),
               v = clc::convert<clc::uchar16>(clc::vload<16>(0, y));
  clc::uchar16 s16 = clc::add_sat(u, v);
  clc::long4 l4 = clc::convert<clc::long4>(clc::vload<4>(0, x)) << 20;
  clc::long4 r4 = clc::rotate(l4, clc::convert<clc::long4>(clc::vload<4>(0, y)));
  clc::short3 s3 = clc::convert<clc::short3>(clc::vload<3>(0, x));
  clc::short3 c3 = clc::clamp(s3, short(-100), short(100));
  clc::uint2 m2 = clc::max(clc::as<clc::uint2>(clc::vload<2>(0, x)), uint(y[0]));
  clc::char4 p = clc::convert<clc::char4>(clc::vload<4>(0, x)),
             q = clc::convert<clc::char4>(clc::vload<4>(0, y)),
             w = clc::convert<clc::char4>(clc::vload<4>(0, z));
  clc::char4 ms4 = clc::mad_sat(p, q, w);
  clc::int2 up = clc::upsample(clc::convert<clc::short2>(clc::vload<2>(0, x)),
                               clc::convert<clc::ushort2>(clc::vload<2>(0, y)));
  for (int k = 0; k < 8; ++k)
    differ += d8[k] != clc::abs_diff(x8[k], y8[k]);
  for (int k = 0; k < 16; ++k)
    differ += s16[k] != clc::add_sat(u[k], v[k]);
  for (int k = 0; k < 4; ++k)
    differ +=
        (r4[k] != clc::rotate(l4[k], long(y[k]))) + (ms4[k] != clc::mad_sat(p[k], q[k], w[k]));
  for (int k = 0; k < 3; ++k)
    differ += c3[k] != clc::clamp(s3[k], short(-100), short(100));
  for (int k = 0; k < 2; ++k)
    differ += (m2[k] != clc::max(uint(x[k]), uint(y[0]))) +
              (up[k] != clc::upsample(short(x[k]), ushort(y[k])));
  mismatches[i] = differ;
}
