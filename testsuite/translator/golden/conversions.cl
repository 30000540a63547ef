// convert_, as_, vload/vstore and the half forms: name patterns.
// CHECK: #include <clc/convert.h>
// CHECK: #include <clc/vload.h>
kernel void conversions(global float *f, global int4 *i4, global uchar4 *b, global half *h, global float4 *v) {
  float4 x = vload4(0, f);
  // CHECK: clc::float4 x = clc::vload<4>(0, f);
  // CHECK: clc::int4 r = clc::convert<clc::int4, clc::nosat, clc::rdefault>(x);
  int4 r = convert_int4(x);
  // CHECK: clc::uchar4 s = clc::convert<clc::uchar4, clc::saturate, clc::rte>(x * 255.0f);
  uchar4 s = convert_uchar4_sat_rte(x * 255.0f);
  // CHECK: float t = clc::convert<float, clc::nosat, clc::rtz>(r.x);
  float t = convert_float_rtz(r.x);
  // CHECK: clc::int4 bits = clc::as<clc::int4>(x);
  int4 bits = as_int4(x);
  // CHECK: uint one = clc::as<uint>(1.0f);
  uint one = as_uint(1.0f);
  i4[0] = r + bits + (int)one;
  b[0] = s;
  // CHECK: clc::vstore<4>(x * t, 1, f);
  vstore4(x * t, 1, f);
  // CHECK: float y = clc::vload_half<1>(0, h);
  float y = vload_half(0, h);
  // CHECK: clc::float4 z = clc::vload_half<4>(1, h);
  float4 z = vload_half4(1, h);
  // CHECK: clc::vstore_half<1>(y, 2, h);
  vstore_half(y, 2, h);
  // CHECK: clc::vstore_half<4, clc::rtz>(z, 3, h);
  vstore_half4_rtz(z, 3, h);
  // CHECK: clc::vstorea_half<4, clc::rtn>(clc::vloada_half<4>(4, h), 5, h);
  vstorea_half4_rtn(vloada_half4(4, h), 5, h);
  // CHECK: v[0] = clc::convert<clc::float4, clc::nosat, clc::rdefault>(b[1]);
  v[0] = convert_float4(b[1]);
}
