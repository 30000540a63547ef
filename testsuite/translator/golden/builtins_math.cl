// Math builtins: clc:: names; arguments Clang converted are cast to the
// chosen overload's parameter types; pointer outputs pass through. Readable
// mode keeps a scalar call of a function CUDA has as it is written.
// CHECK: #include <clc/math.h>
kernel void math(global float *f, global float4 *v, global double *d, global int *i) {
  float x = f[0];
  // COMPILE: f[1] = clc::sin(x) + clc::cos(x) + clc::sqrt(x) + clc::rsqrt(x) + clc::exp10(x);
  // READABLE: f[1] = sin(x) + cos(x) + sqrt(x) + rsqrt(x) + exp10(x);
  f[1] = sin(x) + cos(x) + sqrt(x) + rsqrt(x) + exp10(x);
  // CHECK: f[2] = clc::native_sin(x) + clc::half_exp(x) + clc::native_divide(x, 3.0f);
  f[2] = native_sin(x) + half_exp(x) + native_divide(x, 3.0f);
  // CHECK: f[3] = clc::mad(x, x, 1.0f) + clc::fma(x, 2.0f, x) + clc::pow(x, (float)2) + clc::pown(x, 3);
  f[3] = mad(x, x, 1.0f) + fma(x, 2.0f, x) + pow(x, 2) + pown(x, 3);
  float s, c, ip;
  int e, q;
  // CHECK: s = clc::sincos(x, &c);
  s = sincos(x, &c);
  // CHECK: f[4] = s + c + clc::fract(x, &ip) + ip + clc::frexp(x, &e) + e + clc::remquo(x, 3.0f, &q);
  f[4] = s + c + fract(x, &ip) + ip + frexp(x, &e) + e + remquo(x, 3.0f, &q);
  // CHECK: v[1] = clc::pow(v[0], clc::float4(2.0f)) + clc::fmax(v[0], 1.0f) + clc::modf(v[0], &v[2]);
  v[1] = pow(v[0], 2.0f) + fmax(v[0], 1.0f) + modf(v[0], &v[2]);
  // COMPILE: d[1] = clc::exp(d[0]) + clc::log(d[0]) + clc::ldexp(d[0], i[0]);
  // READABLE: d[1] = exp(d[0]) + log(d[0]) + clc::ldexp(d[0], i[0]);
  d[1] = exp(d[0]) + log(d[0]) + ldexp(d[0], i[0]);
  // CHECK: i[1] = clc::ilogb(x);
  i[1] = ilogb(x);
  // CHECK: f[5] = clc::lgamma_r(x, &i[2]) + clc::nan(0u) + clc::hypot(x, x) + clc::nan((uint)i[3]);
  f[5] = lgamma_r(x, &i[2]) + nan(0u) + hypot(x, x) + nan((uint)i[3]);
}
