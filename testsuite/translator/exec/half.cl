// cl_khr_fp16: half arithmetic, conversions and builtins, every value given
// and returned as its bits (exec_half_test.cpp computes the exact results).
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

// x + y, x - y, x * y, x / y, fma(x, y, z), -x and sqrt(x), 8 results a case.
kernel void arithmetic(global const ushort *a, global const ushort *b, global const ushort *c,
                       global ushort *out, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  half x = as_half(a[i]), y = as_half(b[i]), z = as_half(c[i]);
  global ushort *r = out + 8 * i;
  r[0] = as_ushort(x + y);
  r[1] = as_ushort(x - y);
  r[2] = as_ushort(x * y);
  r[3] = as_ushort(x / y);
  r[4] = as_ushort(fma(x, y, z));
  r[5] = as_ushort(-x);
  r[6] = as_ushort(sqrt(fabs(x)));
  // An int operand converts to half (C's usual conversions), a float one
  // makes the expression float: x * 3 rounds once in half, x * 3.0f not.
  half tripled = x * 3;
  r[7] = as_ushort(tripled);
}

// A float to half in each rounding mode, and implicitly (to nearest even);
// an int to half in each mode; a half to int, saturated, in each mode.
kernel void conversions(global const float *f, global const int *k, global ushort *halves,
                        global int *ints, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  half implicit = f[i];
  global ushort *h = halves + 9 * i;
  h[0] = as_ushort(implicit);
  h[1] = as_ushort(convert_half_rte(f[i]));
  h[2] = as_ushort(convert_half_rtz(f[i]));
  h[3] = as_ushort(convert_half_rtp(f[i]));
  h[4] = as_ushort(convert_half_rtn(f[i]));
  h[5] = as_ushort(convert_half(k[i]));
  h[6] = as_ushort(convert_half_rtz(k[i]));
  h[7] = as_ushort(convert_half_rtp(k[i]));
  h[8] = as_ushort(convert_half_rtn(k[i]));
  half x = implicit;
  global int *r = ints + 4 * i;
  r[0] = convert_int_sat(x);
  r[1] = convert_int_sat_rte(x);
  r[2] = convert_short_sat_rtp(x);
  r[3] = convert_char_sat_rtn(x);
}

// half4 through the vector operators, a literal, vload/vstore and the
// geometric and relational builtins.
kernel void vectors(global const half *in, global half *out, global short *masks) {
  int i = get_global_id(0);
  half4 v = vload4(i, in), w = vload4(i + 1, in);
  half4 sum = v * w + 0.5h;
  vstore4(sum, i, out);
  out[256 + i] = dot(v, w);
  out[320 + i] = length(v);
  short4 less = v < w;
  vstore4(less, i, masks);
}
