// GNU statement expressions, which Clang takes in OpenCL C (darktable's
// channelmixer.cl switches inside one) and NVRTC does not: a block where
// the value is discarded, else a lambda called at once that returns the
// last expression's value as the expression's type.
#define ADAPT(kind) ({ switch(kind) { case 0: { x = 1.0f; break; } default: { x = 2.0f; break; } } })
#define SQUARE_PLUS_ONE(v) ({ float t = (v) * (v); t + 1.0f; })
// READABLE: #define ADAPT(kind) { switch(kind) { case 0: { x = 1.0f; break; } default: { x = 2.0f; break; } } }
// READABLE: #define SQUARE_PLUS_ONE(v) [&]() -> float { float t = (v) * (v); return t + 1.0f; }()
kernel void statement_expressions(global float *p, int kind) {
  float x = 0.0f;
  // COMPILE: { switch (kind) { case 0 : { x = 1.0f; break; } default : { x = 2.0f; break; } } };
  ADAPT(kind);
  // COMPILE: float y = [&]() -> float { float t = (x) * (x); return t + 1.0f; }();
  float y = SQUARE_PLUS_ONE(x);
  // CHECK: clc::float4 w = [&]() -> clc::float4 { clc::float4 q = clc::float4(y); return q * 2.0f; }();
  float4 w = ({ float4 q = (float4)(y); q * 2.0f; });
  // CHECK: for (int i = 0; i < 2; ++i) { p[i] += 1.0f; };
  for (int i = 0; i < 2; ++i) ({ p[i] += 1.0f; });
  // One that is the value of another is a value too.
  // CHECK: float z = [&]() -> float { float u = y; return [&]() -> float { float v = u * 2.0f; return v; }(); }();
  float z = ({ float u = y; ({ float v = u * 2.0f; v; }); });
  // A value another rule rewrites (a compound literal's type, a swizzle's
  // object) still gets its return.
  // CHECK: clc::float4 b = [&]() -> clc::float4 { float s = z; return clc::float4(s, 1.0f, 2.0f, 3.0f); }();
  float4 b = ({ float s = z; (float4)(s, 1.0f, 2.0f, 3.0f); });
  // CHECK: clc::float2 c = [&]() -> clc::float2 { return clc::swizzle<0, 1>(b); }();
  float2 c = ({ b.xy; });
  // A break of a loop inside stays in the lambda.
  // CHECK: p[0] = y + z + w.x + c.y + [&]() -> float { int j = 0; for (int n = 0; n < kind; ++n) { if (n > 3) break; j += n; } return (float)j; }();
  p[0] = y + z + w.x + c.y + ({ int j = 0; for (int n = 0; n < kind; ++n) { if (n > 3) break; j += n; } (float)j; });
}
