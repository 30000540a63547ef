// cl_khr_fp16: half is clc::half, its literals and C's implicit conversions
// to it are written out (clc::half's constructor is explicit), its
// conversions and builtins are the library's.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#ifndef cl_khr_fp16
#error cl_khr_fp16 is claimed but not defined
#endif
// CHECK: __constant__ clc::half scale = clc::half(0.5);
__constant half scale = 0.5h;
// CHECK: __constant__ clc::half table[2] = {(clc::half)1.0f, (clc::half)2};
__constant half table[2] = {1.0f, 2};
// CHECK: clc::half twice(clc::half x) { return x * (clc::half)2; }
half twice(half x) { return x * 2; }
// CHECK: extern "C" __global__ void arithmetic(clc::half *h, float *f, clc::half4 *v, clc::half s, int n{{.*}}) {
kernel void arithmetic(global half *h, global float *f, global half4 *v, half s, int n) {
  int i = get_global_id(0);
  // CHECK: clc::half x = h[i], y = clc::half(1.5);
  half x = h[i], y = 1.5h;
  // CHECK: h[i] = (x + y * s - scale) / (clc::half)3;
  h[i] = (x + y * s - scale) / 3;
  // A float operand makes the sum a float, as in C.
  // CHECK: f[i] = x + 1.0f;
  f[i] = x + 1.0f;
  // CHECK: clc::half from_int = (clc::half)n;
  half from_int = n;
  // The conditional is a float (C's usual conversions), and so the sum.
  // CHECK: h[i + 1] = (clc::half)((x > y ? x : 0.0f) + from_int + twice(table[i & 1]));
  h[i + 1] = (x > y ? x : 0.0f) + from_int + twice(table[i & 1]);
  // CHECK: clc::half4 w = v[i] * x + clc::half4(clc::half(1.0), clc::half(2.0), x, (clc::half)0);
  half4 w = v[i] * x + (half4)(1.0h, 2.0h, x, 0);
  // CHECK: v[i] = clc::convert<clc::half4, clc::nosat, clc::rtz>(clc::convert<clc::float4, clc::nosat, clc::rdefault>(w) * 2.0f);
  v[i] = convert_half4_rtz(convert_float4(w) * 2.0f);
  // CHECK: h[i + 2] = clc::sin(x) + clc::fma(x, y, s) + clc::max(x, y) + clc::as<clc::half>(clc::as<short>(x));
  h[i + 2] = sin(x) + fma(x, y, s) + max(x, y) + as_half(as_short(x));
  // CHECK: clc::short4 nans = clc::isnan(w);
  short4 nans = isnan(w);
  f[i + 1] = nans.x;
  // printf's variadic arguments take no class: halves go as doubles, and
  // %hf (OpenCL's half) is C's %f.
  half2 pair = (half2)(x, y);
  // CHECK: printf("%f %f,%f\n", (double)x, (double)pair.x, (double)pair.y);
  printf("%hf %v2hf\n", x, pair);
}
