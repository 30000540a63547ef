// Structs, unions, enums and typedefs, with vectors inside; by-value struct
// kernel arguments; designated initializers become positional ones.
typedef struct particle {
  float4 position;
  float3 velocity;
  int id;
} particle;
// CHECK: clc::float4 position;
// CHECK: clc::float3 velocity;

union bits { float f; uint u; };
// CHECK: union bits { float f; uint u; };
enum mode { MODE_A = 1, MODE_B = 2 };

struct pair { int first; int second; };

// A last member without its ';', which Clang and GCC take with a warning
// and C++ refuses: the ';' is written in.
// CHECK: struct loose { int first; clc::uint2 rest[2]; };
struct loose { int first; uint2 rest[2] };
// CHECK: typedef union { float f; int i, j; } loose_bits;
typedef union { float f; int i, j } loose_bits;

// CHECK: __device__ float energy(particle p) { return clc::dot(p.velocity, p.velocity); }
float energy(particle p) { return dot(p.velocity, p.velocity); }

kernel void structs(global particle *particles, particle gravity, global uint *out, enum mode m) {
  particle p = particles[0];
  union bits b;
  b.f = energy(p);
  // CHECK: struct pair q = {2, 1};
  struct pair q = {.second = 1, .first = 2};
  // CHECK: struct pair z = {{}, 5};
  struct pair z = {.second = 5};
  out[0] = b.u + (m == MODE_A) + q.first + z.second;
  p.position += gravity.position;
  particles[1] = p;
}
// METADATA: arg name="gravity" type="particle" kind=by_value address=private access=none qualifiers=none size=48 align=16
// METADATA: arg name="m" type="enum mode" kind=by_value address=private access=none qualifiers=none size=4 align=4
