// Vector types: swizzles read and written (xyzw, s0..sF, lo/hi/even/odd),
// constructors from scalars and vectors, component-wise operators with scalar
// widening, vector comparisons, select and the vector ?: operator, shifts
// that mask their count by the element width, shuffle, 3-component loads and
// stores, conversions and reinterpretations. Every result is exact.

__kernel void swizzle_float4(__global const float4 *in, __global float4 *out) {
  size_t i = get_global_id(0);
  float4 v = in[i];
  float4 r = v.wzyx;
  r.xz = v.yw;
  r.lo += v.hi;
  r.hi -= v.even * 2.0f;
  r = r + (float4)(v.x, v.yz, 1.5f);
  out[3 * i] = r;
  out[3 * i + 1] = select(v, r, isgreater(v, r));
  out[3 * i + 2] = v < r ? v.s3210 : (float4)(v.s01, r.s23);
}

__kernel void swizzle_int8(__global const int8 *in, __global int8 *out, __global int *flags) {
  size_t i = get_global_id(0);
  int8 v = in[i];
  int8 r = v.s76543210;
  r.s0123 = v.s4567 + v.s0123;
  r.odd = r.even * 3;
  r.s7 = v.s0 - v.s7;
  int4 larger = v.hi > v.lo ? v.hi : v.lo;
  int8 c = (int8)(larger, as_int4(as_uint4(v.lo) << (uint4)(1, 2, 33, 35)));
  r += c;
  r = rotate(r, (int8)(3));
  out[i] = r ^ (v >> 2);
  flags[i] = any(v < 0) + 2 * all(v > -1000000) + 4 * (v.s3 == v.s5);
}

__kernel void bytes_uchar16(__global const uchar16 *in, __global uchar16 *out) {
  size_t i = get_global_id(0);
  uchar16 v = in[i];
  uchar16 w = v + (uchar16)(200); // wraps around
  w = w.sfedcba9876543210;
  w.s9AB = v.s012;
  uchar16 shuffled = shuffle(v, (uchar16)(3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3));
  out[2 * i] = hadd(w, shuffled);
  out[2 * i + 1] = (v >> (v & (uchar16)(15))) | (shuffled << (uchar16)(9));
}

__kernel void vectors_of_three(__global const int *in, __global int *out, __global float *halves) {
  size_t i = get_global_id(0);
  int3 a = vload3(i, in);
  int3 b = a.zxy * (int3)(2, 3, 4) - a;
  int3 c = clamp(b, -100000, 100000);
  vstore3(c + (int3)(a.x), i, out);
  float3 f = convert_float3(a) * 0.5f;
  vstore3(f.zyx, i, halves);
}
