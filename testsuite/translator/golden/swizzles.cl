// Swizzles: single components become members, several a clc::swizzle value
// or a clc::swizzle_ref proxy when written; chains fold into one access.
kernel void swizzles(global float4 *out, global float8 *wide, global int16 *w16, global float4 *p) {
  float4 v = out[0];
  // CHECK: float x = v.x + v.z + v.w + v.y;
  float x = v.x + v.s2 + v.w + v.g;
  // CHECK: clc::float2 lo = clc::swizzle<0, 1>(v);
  float2 lo = v.lo;
  // CHECK: clc::float2 odd = clc::swizzle<1, 3>(v);
  float2 odd = v.odd;
  // CHECK: clc::float4 rev = clc::swizzle<3, 2, 1, 0>(v);
  float4 rev = v.wzyx;
  // CHECK: clc::swizzle_ref<0, 2>(v) = clc::float2(1.0f, 2.0f);
  v.xz = (float2)(1.0f, 2.0f);
  // CHECK: clc::swizzle_ref<3, 1>(v) += lo;
  v.s31 += lo;
  // CHECK: clc::swizzle_ref<2, 3>(v) = clc::swizzle<0, 0>(lo);
  v.hi = lo.xx;
  // CHECK: v.x = v.w;
  v.x = v.wz.x;
  // Swizzles of swizzles fold.
  // CHECK: float folded = v.w;
  float folded = v.wzyx.x;
  // CHECK: clc::float2 chain = clc::swizzle<3, 0>(v);
  float2 chain = v.wzyx.xw;
  // CHECK: clc::swizzle_ref<1, 0>(v) = chain;
  v.xyzw.yx = chain;
  // Eight and sixteen components: s0..s7, s0..sf.
  float8 e = wide[0];
  // CHECK: float s7 = e.s7;
  float s7 = e.s7;
  // CHECK: clc::float4 hi8 = clc::swizzle<4, 5, 6, 7>(e);
  float4 hi8 = e.hi;
  int16 i16 = w16[0];
  // CHECK: int sa = i16.sa + i16.sf;
  int sa = i16.sA + i16.sF;
  // CHECK: clc::int8 even = clc::swizzle<0, 2, 4, 6, 8, 10, 12, 14>(i16);
  int8 even = i16.even;
  // On an rvalue and through a pointer.
  // CHECK: clc::float2 sum_xy = clc::swizzle<0, 1>((v + rev));
  float2 sum_xy = (v + rev).xy;
  // CHECK: float through = p->y;
  float through = p->y;
  // CHECK: clc::float2 through2 = clc::swizzle<2, 3>(*p);
  float2 through2 = p->zw;
  // CHECK: clc::swizzle_ref<0, 1>(*p) = through2;
  p->xy = through2;
  // CHECK: ++v.x;
  ++v.x;
  // CHECK: clc::swizzle_ref<0, 1>(v) *= 2.0f;
  v.xy *= 2.0f;
  out[1] = v + rev + (float4)(lo, odd) + (float4)(x + folded + s7 + sa + sum_xy.x + through + even.s1, hi8.xyz);
}

// Inside a function-like macro, a member named like one of its parameters
// would be replaced by the argument: s0 stays a member as elem[0] where the
// parameter is x (ggml-opencl's CONVERT_ACC4); s1 becomes y, no parameter.
// READABLE: #define CONVERT_PAIR(x) (clc::float2((float)(x).elem[0], (float)(x).y))
#define CONVERT_PAIR(x) ((float2)((float)(x).s0, (float)(x).s1))
kernel void macro_parameters(global int2 *in, global float2 *out) {
  // COMPILE: out[0] = (clc::float2((float)(in[0]).elem[0], (float)(in[0]).y));
  out[0] = CONVERT_PAIR(in[0]);
}
