// Vectors at run time: by-value kernel arguments in OpenCL's layout, named
// components aliasing elem[], swizzle writes, and the operators' OpenCL
// semantics (shift counts masked, -1/0 comparisons, wrap-around, select).
#include <clc/core.h>

// Each argument's bytes, copied out in order as received.
extern "C" __global__ void vector_arguments(clc::char3 a, clc::float3 b, clc::double16 c,
                                            clc::long2 d, clc::ushort8 e, clc::uchar16 f,
                                            clc::int4 g, unsigned char *out) {
  const unsigned char *sources[] = {(const unsigned char *)&a, (const unsigned char *)&b,
                                    (const unsigned char *)&c, (const unsigned char *)&d,
                                    (const unsigned char *)&e, (const unsigned char *)&f,
                                    (const unsigned char *)&g};
  const int sizes[] = {sizeof(a), sizeof(b), sizeof(c), sizeof(d), sizeof(e), sizeof(f), sizeof(g)};
  for (int k = 0; k < 7; ++k)
    for (int i = 0; i < sizes[k]; ++i)
      *out++ = sources[k][i];
}

// Byte offsets of the named components from the vector's start.
template <class V> __device__ int offset(const V &v, const void *member) {
  return int((const char *)member - (const char *)&v);
}
extern "C" __global__ void component_offsets(int *out) {
  clc::short3 s3;
  clc::float4 f4;
  clc::double8 d8;
  clc::char16 c16;
  int k = 0;
  out[k++] = offset(s3, &s3.x);
  out[k++] = offset(s3, &s3.y);
  out[k++] = offset(s3, &s3.z);
  out[k++] = offset(f4, &f4.x);
  out[k++] = offset(f4, &f4.y);
  out[k++] = offset(f4, &f4.z);
  out[k++] = offset(f4, &f4.w);
  const double *d[] = {&d8.s0, &d8.s1, &d8.s2, &d8.s3, &d8.s4, &d8.s5, &d8.s6, &d8.s7};
  for (int i = 0; i < 8; ++i)
    out[k++] = offset(d8, d[i]);
  const char *c[] = {&c16.s0, &c16.s1, &c16.s2, &c16.s3, &c16.s4, &c16.s5, &c16.s6, &c16.s7,
                     &c16.s8, &c16.s9, &c16.sa, &c16.sb, &c16.sc, &c16.sd, &c16.se, &c16.sf};
  for (int i = 0; i < 16; ++i)
    out[k++] = offset(c16, c[i]);
}

// A fixed sequence of swizzle writes; the test replays it on arrays.
extern "C" __global__ void swizzle_writes(int *out) {
  clc::int16 v =
      clc::int16(clc::int8(0, 1, 2, 3, 4, 5, 6, 7), clc::int8(8, 9, 10, 11, 12, 13, 14, 15));
  clc::int4 w = clc::int4(0, 1, 2, 3);
  clc::int3 t = clc::int3(0, 1, 2);
  clc::int8 e = clc::int8(-1);
  clc::swizzle_ref<0, 2>(w) = clc::int2(10, 20);   // w.xz = ...
  clc::swizzle_ref<3, 1>(w) += 5;                  // w.wy += 5
  clc::swizzle_ref<1, 3, 5, 7, 9, 11, 13, 15>(v) = // v.odd = v.even
      clc::swizzle<0, 2, 4, 6, 8, 10, 12, 14>(v);
  clc::swizzle_ref<8, 9, 10, 11, 12, 13, 14, 15>(v) -= clc::swizzle<0, 1, 2, 3, 4, 5, 6, 7>(v);
  clc::swizzle_ref<2, 3>(t) = clc::int2(7, 8);                                // t.hi = ...
  clc::swizzle_ref<1, 0>(w) = clc::swizzle<0, 1>(w);                          // w.yx = w.xy
  clc::swizzle_ref<2, 3>(w)++;                                                // w.zw++
  --clc::swizzle_ref<0, 1>(w);                                                // --w.xy
  clc::swizzle_ref<7>(e) = clc::swizzle<0>(e) + 100;                          // e.s7 = e.s0 + 100
  clc::swizzle_ref<5, 3, 1>(e) = clc::int3(1, 2, 3);                          // e.s531 = ...
  clc::swizzle_ref<0>(clc::swizzle_ref<6, 4>(e)) = 42;                        // e.s64.x = 42
  clc::swizzle_ref<1, 0>(clc::swizzle_ref<2, 3, 0, 1>(w)) *= clc::int2(2, 3); // w.zwxy.yx *= ...
  int k = 0;
  for (int i = 0; i < 16; ++i)
    out[k++] = v[i];
  for (int i = 0; i < 4; ++i)
    out[k++] = w[i];
  for (int i = 0; i < 3; ++i)
    out[k++] = t[i];
  for (int i = 0; i < 8; ++i)
    out[k++] = e[i];
}

// Operator results the test knows from the OpenCL C specification.
extern "C" __global__ void operator_semantics(long *out, int zero) {
  int k = 0;
  clc::int4 counts = clc::int4(33, 1, 32, -1) + zero;
  clc::int4 shifted = clc::int4(1) << counts; // counts masked to 1, 1, 0, 31
  for (int i = 0; i < 4; ++i)
    out[k++] = shifted[i];
  clc::char4 c = clc::char4(1, -128, 64, 3) << (9 + zero); // masked to 1
  for (int i = 0; i < 4; ++i)
    out[k++] = c[i];
  clc::uchar2 u = clc::uchar2(200, 255) >> (9 + zero); // masked to 1
  out[k++] = u.x;
  out[k++] = u.y;
  clc::short2 s = clc::short2(-32768, 7) >> (17 + zero); // masked to 1, arithmetic
  out[k++] = s.x;
  out[k++] = s.y;
  clc::float4 f = clc::float4(1.0f, -0.0f, clc::quiet_nan<float>(), 2.0f) + float(zero);
  clc::int4 less = f < 1.5f, equal = f == clc::float4(1.0f, 0.0f, clc::quiet_nan<float>(), 3.0f);
  clc::int4 negated = !f, both = f && clc::float4(1.0f, 1.0f, 1.0f, 0.0f), either = f || 0.0f;
  for (int i = 0; i < 4; ++i) {
    out[k++] = less[i];
    out[k++] = equal[i];
    out[k++] = negated[i];
    out[k++] = both[i];
    out[k++] = either[i];
  }
  clc::long2 wide = clc::double2(1.0, 2.0) >= 2.0; // double comparisons give long -1/0
  out[k++] = wide.x;
  out[k++] = wide.y;
  clc::uchar4 wrap = clc::uchar4(250, 5, 0, 128) + clc::uchar4(10, 251, 255, 128);
  for (int i = 0; i < 4; ++i)
    out[k++] = wrap[i];
  clc::int4 q = clc::int4(-7, 7, -7, 7) / clc::int4(2, -2, -2, 2) + zero;
  clc::int4 r = clc::int4(-7, 7, -7, 7) % clc::int4(2, -2, -2, 2);
  for (int i = 0; i < 4; ++i) {
    out[k++] = q[i];
    out[k++] = r[i];
  }
  clc::float2 g = clc::float2(0.5f, -1.5f);
  g++;
  --g;
  g += 1;
  out[k++] = long(g.x * 10);
  out[k++] = long(g.y * 10);
  clc::uint4 mask = clc::uint4(0x80000000u, 0x7fffffffu, 0xffffffffu, 0u) + unsigned(zero);
  clc::int4 chosen = clc::select(clc::int4(1), clc::int4(2), mask);
  for (int i = 0; i < 4; ++i)
    out[k++] = chosen[i];
  out[k++] = clc::select(1, 2, zero + 5);        // scalar: nonzero picks b
  out[k++] = clc::as<int>(-clc::float2(0.0f).x); // -0.0f
  out[k++] = k + 1;                              // the count of values, last
}

// Small-integer vector arithmetic, one vector per work-item: lane 0 divides
// a[i].x by b[i].x, lane 1 divides by zero (an unspecified value that must
// not disturb lane 0, as it did when the division was C++ undefined
// behaviour); the ushort product wraps instead of overflowing a promoted int.
extern "C" __global__ void small_integer_arithmetic(const clc::uchar2 *a, const clc::uchar2 *b,
                                                    clc::uchar2 *uquotient, clc::uchar2 *uremainder,
                                                    clc::char2 *squotient, clc::char2 *sremainder,
                                                    clc::ushort2 *product, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count)
    return;
  uquotient[i] = a[i] / b[i];
  uremainder[i] = a[i] % b[i];
  clc::char2 sa = clc::as<clc::char2>(a[i]), sb = clc::as<clc::char2>(b[i]);
  squotient[i] = sa / sb;
  sremainder[i] = sa % sb;
  product[i] = clc::ushort2(a[i]) * clc::ushort2(257) * (clc::ushort2(b[i]) * (unsigned short)257);
}
