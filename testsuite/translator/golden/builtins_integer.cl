// Integer, common, geometric and relational builtins.
// CHECK: #include <clc/common.h>
// CHECK: #include <clc/geometric.h>
// CHECK: #include <clc/integer.h>
// CHECK: #include <clc/relational.h>
kernel void integer(global int *i, global uint *u, global long *l, global float4 *v, global int4 *iv) {
  int a = i[0], b = i[1];
  uint c = u[0];
  // CHECK: u[1] = clc::abs(a) + clc::abs_diff(a, b) + clc::popcount(c) + clc::clz(c);
  u[1] = abs(a) + abs_diff(a, b) + popcount(c) + clz(c);
  // CHECK: i[2] = clc::add_sat(a, b) + clc::hadd(a, b) + clc::rhadd(a, b) + clc::mul_hi(a, b) + clc::mad_hi(a, b, a);
  i[2] = add_sat(a, b) + hadd(a, b) + rhadd(a, b) + mul_hi(a, b) + mad_hi(a, b, a);
  // CHECK: i[3] = clc::mul24(a, b) + clc::mad24(a, b, 1) + clc::rotate(a, 3) + clc::sub_sat(a, b);
  i[3] = mul24(a, b) + mad24(a, b, 1) + rotate(a, 3) + sub_sat(a, b);
  // CHECK: l[0] = clc::upsample(a, c);
  l[0] = upsample(a, c);
  // CHECK: i[4] = clc::max(a, b) + clc::min(a, 7) + clc::clamp(a, 0, 10);
  i[4] = max(a, b) + min(a, 7) + clamp(a, 0, 10);
  float4 x = v[0];
  // CHECK: v[1] = clc::clamp(x, 0.0f, 1.0f) + clc::mix(x, v[2], 0.5f) + clc::step(0.5f, x) + clc::smoothstep(0.0f, 1.0f, x);
  v[1] = clamp(x, 0.0f, 1.0f) + mix(x, v[2], 0.5f) + step(0.5f, x) + smoothstep(0.0f, 1.0f, x);
  // CHECK: v[2] = clc::max(x, (float)1) + clc::sign(x) + clc::radians(x) + clc::degrees(x);
  v[2] = max(x, 1) + sign(x) + radians(x) + degrees(x);
  // CHECK: v[3] = clc::cross(x, v[1]) + clc::normalize(x) * clc::dot(x, x) + clc::length(x) + clc::distance(x, v[1]) + clc::fast_length(x);
  v[3] = cross(x, v[1]) + normalize(x) * dot(x, x) + length(x) + distance(x, v[1]) + fast_length(x);
  // CHECK: iv[0] = clc::isequal(x, v[1]) + clc::isnan(x) + clc::isgreater(x, v[2]) + clc::signbit(x);
  iv[0] = isequal(x, v[1]) + isnan(x) + isgreater(x, v[2]) + signbit(x);
  // CHECK: i[5] = clc::any(iv[0]) + clc::all(iv[1]) + clc::isinf(x.x);
  i[5] = any(iv[0]) + all(iv[1]) + isinf(x.x);
  // CHECK: v[4] = clc::select(x, v[1], iv[0]) + clc::bitselect(x, v[1], v[2]);
  v[4] = select(x, v[1], iv[0]) + bitselect(x, v[1], v[2]);
}
