// Vector types, literals (nested), splats, operators, explicit casts.
// CHECK: __device__ clc::float4 scale4(clc::float4 v, float s) { return v * s; }
float4 scale4(float4 v, float s) { return v * s; }
// READABLE: __device__ clc::int3 three(void) { return clc::int3(1); }
int3 three(void) { return 1; }

// CHECK: extern "C" __global__ void vectors(clc::float4 *out, clc::uchar16 *bytes, clc::double2 *d, float f
kernel void vectors(global float4 *out, global uchar16 *bytes, global double2 *d, float f) {
  // CHECK: clc::float2 a = clc::float2(1.0f, 2.0f);
  float2 a = (float2)(1.0f, 2.0f);
  // CHECK: clc::float4 b = clc::float4(a, clc::float2(3.0f, f));
  float4 b = (float4)(a, (float2)(3.0f, f));
  // CHECK: clc::float4 c = clc::float4(0.5f);
  float4 c = (float4)(0.5f);
  // CHECK: clc::float4 e = clc::float4(f);
  float4 e = f;
  // CHECK: clc::float4 g = clc::float4(1, 2, 3, 4);
  float4 g = (float4)(1, 2, 3, 4);
  // CHECK: clc::int4 mask = b > c;
  int4 mask = b > c;
  // CHECK: clc::int4 bits = (mask & 1) | ~mask;
  int4 bits = (mask & 1) | ~mask;
  // CHECK: b += 1.0f;
  b += 1.0f;
  // CHECK: c = -b * 2.0f + e / g - clc::float4(f) * f;
  c = -b * 2.0f + e / g - (float4)f * f;
  // CHECK: clc::uchar16 v = bytes[0] + (uchar)1;
  uchar16 v = bytes[0] + (uchar)1;
  bytes[1] = v;
  // CHECK: clc::double2 w = d[0] * 0.5;
  double2 w = d[0] * 0.5;
  d[1] = w;
  // CHECK: clc::float3 p3 = clc::float3(1.0f, 2.0f, 3.0f);
  float3 p3 = (float3)(1.0f, 2.0f, 3.0f);
  // CHECK: clc::long8 l8 = clc::long8(1);
  long8 l8 = (long8)(1);
  // CHECK: clc::short2 s2 = {1, 2};
  short2 s2 = {1, 2};
  out[0] = scale4(b + c + (float4)(p3, (float)bits.x + l8.s7 + s2.y), 2.0f);
  // CHECK: out[1] = mask.x ? b : c;
  out[1] = mask.x ? b : c;
  // CHECK: out[2] = mask.y ? b : clc::float4(0.0f);
  out[2] = mask.y ? b : 0.0f;
}

// Brace elision: a scalar that initializes a whole vector is a splat in C.
typedef struct { uint4 v; int n; } tagged;
// An enumerator is an int: it splats and mixes with vectors like one.
enum { SEED = 0x67452301 };
// CHECK: extern "C" __global__ void initializers(clc::uint4 *out, int *n
kernel void initializers(global uint4 *out, global int *n) {
  // CHECK: clc::uint4 zeros[4] = { clc::uint4(0) };
  uint4 zeros[4] = { 0 };
  // CHECK: tagged t = { clc::uint4(1) };
  tagged t = { 1 };
  // CHECK: clc::uint4 pairs[2] = { {1, 2, 3, 4}, clc::uint4(5) };
  uint4 pairs[2] = { {1, 2, 3, 4}, 5 };
  // CHECK: clc::uint4 seeded = clc::uint4(SEED) + SEED;
  uint4 seeded = (uint4)(SEED) + SEED;
  // A comparison is an int in C, a bool in C++: it splats and mixes all the same.
  // CHECK: clc::int4 same = clc::int4(n[1] == n[2]) + (n[1] < 3);
  int4 same = (int4)(n[1] == n[2]) + (n[1] < 3);
  out[0] = zeros[3] + t.v + pairs[1] + seeded;
  n[0] = t.n + same.w;
}
