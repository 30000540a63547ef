// shuffle/shuffle2, the relational functions (scalar 1/0, vector -1/0,
// any/all, bitselect, select) and the geometric functions.
#include <clc/convert.h>
#include <clc/geometric.h>
#include <clc/misc.h>
#include <clc/relational.h>
#include <clc/vload.h>

// Writes a scalar or every component of a vector at out[k...].
template <class T, class V> __device__ void put(T *out, int &k, const V &v) {
  for (int c = 0; c < clc::detail::vec_size<V>; ++c)
    out[k++] = clc::detail::component(v, c);
}

extern "C" __global__ void shuffles(const int *in, const double *d, int *out, double *dout) {
  clc::int4 x = clc::vload<4>(0, in), y = clc::vload<4>(1, in);
  clc::int8 s = clc::shuffle(x, clc::uint8(3, 2, 1, 0, 7, 6, 5, 4)); // masks use 2 bits
  clc::int4 s2 = clc::shuffle2(x, y, clc::uint4(0, 4, 7, 9));        // masks use 3 bits
  clc::char16 c;
  for (int i = 0; i < 16; ++i)
    c[i] = char(in[i] + 10);
  clc::char16 r =
      clc::shuffle(c, clc::uchar16(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 16));
  int k = 0, dk = 0;
  put(out, k, s);
  put(out, k, s2);
  put(out, k, clc::convert<clc::int16>(r));
  clc::double2 a = clc::vload<2>(0, d), b = clc::vload<2>(1, d);
  put(dout, dk, clc::shuffle2(a, b, clc::ulong4(3, 2, 1, 0)));
}

// -v with the sign bit flipped, NaN included: PTX neg.f32, which unary minus
// becomes, may return any NaN for a NaN.
__device__ float negated(float v) { return clc::as<float>(clc::as<uint>(v) ^ 0x80000000u); }

// Per pair (x, y): 14 scalar results (1/0), the same 14 from a float4 holding
// (x, y, -x, -y) compared with (y, x, y, x) (-1/0 per component, 4 each),
// and the double forms of (wx, wy), the same pair as doubles, as long -1/0.
extern "C" __global__ void relationals(const float *x, const float *y, const double *wx,
                                       const double *wy, int *out, long *wide, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float a = x[i], b = y[i];
  int *o = out + i * 70;
  int k = 0;
  o[k++] = clc::isequal(a, b);
  o[k++] = clc::isnotequal(a, b);
  o[k++] = clc::isgreater(a, b);
  o[k++] = clc::isgreaterequal(a, b);
  o[k++] = clc::isless(a, b);
  o[k++] = clc::islessequal(a, b);
  o[k++] = clc::islessgreater(a, b);
  o[k++] = clc::isordered(a, b);
  o[k++] = clc::isunordered(a, b);
  o[k++] = clc::isfinite(a);
  o[k++] = clc::isinf(a);
  o[k++] = clc::isnan(a);
  o[k++] = clc::isnormal(a);
  o[k++] = clc::signbit(a);
  clc::float4 u = clc::float4(a, b, negated(a), negated(b)), v = clc::float4(b, a, b, a);
  clc::int4 vectors[14] = {clc::isequal(u, v),        clc::isnotequal(u, v), clc::isgreater(u, v),
                           clc::isgreaterequal(u, v), clc::isless(u, v),     clc::islessequal(u, v),
                           clc::islessgreater(u, v),  clc::isordered(u, v),  clc::isunordered(u, v),
                           clc::isfinite(u),          clc::isinf(u),         clc::isnan(u),
                           clc::isnormal(u),          clc::signbit(u)};
  for (int f = 0; f < 14; ++f)
    for (int c = 0; c < 4; ++c)
      o[k++] = vectors[f][c];
  clc::double2 p = clc::double2(wx[i], wy[i]), q = clc::double2(wy[i], wx[i]);
  clc::long2 longs[4] = {clc::isless(p, q), clc::isnan(p), clc::signbit(p), clc::isnormal(p)};
  for (int f = 0; f < 4; ++f)
    for (int c = 0; c < 2; ++c)
      wide[i * 8 + f * 2 + c] = longs[f][c];
}

// any/all (most significant bits), bitselect and select on several types.
extern "C" __global__ void selections(const int *in, int *out) {
  int k = 0;
  clc::int4 i4 = clc::vload<4>(0, in);
  clc::char16 c16 = clc::convert<clc::char16>(clc::vload<16>(0, in));
  clc::long2 l2 = clc::convert<clc::long2>(clc::vload<2>(2, in)) << 40;
  out[k++] = clc::any(i4);
  out[k++] = clc::all(i4);
  out[k++] = clc::any(c16);
  out[k++] = clc::all(c16);
  out[k++] = clc::any(l2);
  out[k++] = clc::all(l2);
  out[k++] = clc::any(short(in[0]));
  out[k++] = clc::all(short(in[1]));
  clc::uint4 bits =
      clc::bitselect(clc::uint4(0xf0f0f0f0u), clc::uint4(0x0ff00ff0u), clc::as<clc::uint4>(i4));
  for (int c = 0; c < 4; ++c)
    out[k++] = int(bits[c]);
  out[k++] = clc::as<int>(clc::bitselect(1.0f, -2.5f, clc::as<float>(0x80400000)));
  clc::float4 chosen = clc::select(clc::float4(1, 2, 3, 4), clc::float4(5, 6, 7, 8), i4);
  clc::float4 chosen_u =
      clc::select(clc::float4(1, 2, 3, 4), clc::float4(5, 6, 7, 8), clc::as<clc::uint4>(i4));
  clc::double2 chosen_d = clc::select(clc::double2(1, 2), clc::double2(3, 4), l2);
  for (int c = 0; c < 4; ++c)
    out[k++] = int(chosen[c]) * 10 + int(chosen_u[c]);
  out[k++] = int(chosen_d.x) * 10 + int(chosen_d.y);
  out[k++] = clc::select(1, 2, in[0]) * 10 + clc::select(1, 2, 0);
}

// Per 4-vector pair (a, b), with widths 1..4 taken from their leading
// components: dot, length, distance, normalize, cross (3 and 4), and for
// float the fast_ forms. 48 results each.
template <class T, bool Fast> __device__ void geometry(const T *a, const T *b, T *out) {
  clc::vec<T, 4> p4 = clc::vload<4>(0, a), q4 = clc::vload<4>(0, b);
  T p1 = p4.x, q1 = q4.x;
  clc::vec<T, 2> p2 = clc::swizzle<0, 1>(p4), q2 = clc::swizzle<0, 1>(q4);
  clc::vec<T, 3> p3 = clc::swizzle<0, 1, 2>(p4), q3 = clc::swizzle<0, 1, 2>(q4);
  int k = 0;
  put(out, k,
      clc::vec<T, 4>(clc::dot(p1, q1), clc::dot(p2, q2), clc::dot(p3, q3), clc::dot(p4, q4)));
  put(out, k, clc::vec<T, 4>(clc::length(p1), clc::length(p2), clc::length(p3), clc::length(p4)));
  put(out, k,
      clc::vec<T, 4>(clc::distance(p1, q1), clc::distance(p2, q2), clc::distance(p3, q3),
                     clc::distance(p4, q4)));
  put(out, k, clc::normalize(p1));
  put(out, k, clc::normalize(p2));
  put(out, k, clc::normalize(p3));
  put(out, k, clc::normalize(p4));
  put(out, k, clc::cross(p3, q3));
  put(out, k, clc::cross(p4, q4));
  if constexpr (Fast) {
    put(out, k,
        clc::vec<T, 4>(clc::fast_length(p1), clc::fast_length(p2), clc::fast_length(p3),
                       clc::fast_length(p4)));
    put(out, k,
        clc::vec<T, 4>(clc::fast_distance(p1, q1), clc::fast_distance(p2, q2),
                       clc::fast_distance(p3, q3), clc::fast_distance(p4, q4)));
    put(out, k, clc::fast_normalize(p1));
    put(out, k, clc::fast_normalize(p2));
    put(out, k, clc::fast_normalize(p3));
    put(out, k, clc::fast_normalize(p4));
  }
}
extern "C" __global__ void geometry_float(const float *a, const float *b, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    geometry<float, true>(a + 4 * i, b + 4 * i, out + 48 * i);
}
extern "C" __global__ void geometry_double(const double *a, const double *b, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    geometry<double, false>(a + 4 * i, b + 4 * i, out + 48 * i);
}
