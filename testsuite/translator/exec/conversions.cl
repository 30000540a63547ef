// Conversions with saturation and rounding modes, reinterpretation, half loads and stores.
kernel void conversions(global const float *f, global int *i, global uchar *u, global uint *bits,
                        global half *h, global float *back) {
  size_t k = get_global_id(0);
  float v = f[k];
  float r = fmin(fmax(v, -1.0e6f), 1.0e6f); // in range, so the non-saturating conversions are defined
  i[4 * k] = convert_int_sat(v * 1.0e9f);
  i[4 * k + 1] = convert_int_rte(r);
  i[4 * k + 2] = convert_int_rtp(r) + convert_int_rtn(r) * 100;
  i[4 * k + 3] = convert_int_sat_rtz(-v * 3.0e9f);
  u[k] = convert_uchar_sat_rte(v * 100.0f);
  bits[k] = as_uint(v);
  vstore_half_rte(v, k, h);
  back[k] = vload_half(k, h) + convert_float_rtz(convert_int_sat(v * 1000.0f));
}
