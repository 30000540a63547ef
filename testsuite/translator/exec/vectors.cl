// Integer vector arithmetic, comparisons, swizzle reads and writes, select,
// shuffle, conversions: all bit-exact.
kernel void vectors(global const int4 *in, global int4 *out, global uint8 *wide, global uchar4 *bytes) {
  size_t i = get_global_id(0);
  int4 a = in[2 * i], b = in[2 * i + 1];
  int4 m = a < b;
  int4 r = m ? a : b;
  r.xz += a.yw;
  r.s31 = (int2)(r.x ^ b.y, r.w >> (b.z & 31));
  r.hi = r.lo.yx + (int2)(7);
  out[3 * i] = r;
  out[3 * i + 1] = (a * 3 - b) / (int4)(1, 2, 3, 4) % 5 + (a << 2) + (b >> 1) + ~a + -b + (a & b | a ^ b);
  out[3 * i + 2] = select(a, b, m) + as_int4(abs_diff(a, b)).wzyx + (int4)(all(m), any(m), clamp(a.x, -3, 3), max(a.y, b.y));
  uint8 w = (uint8)(as_uint4(a), as_uint4(b));
  wide[i] = shuffle(w, (uint8)(7, 6, 5, 4, 3, 2, 1, 0)) + rotate(w, (uint8)(3)) + popcount(w) + clz(w);
  bytes[i] = convert_uchar4_sat(a) + convert_uchar4_sat_rte(convert_float4(b) * 0.3f) + (uchar)(upsample((uchar)1, (uchar)2) >> 4);
}
