// RUN-OPTIONS: -cl-std=CL2.0
// C lets a const object go without an initializer (zero if static,
// indeterminate if automatic); C++ requires one, so it gets `= {}`. Local
// memory takes no initializer in CUDA: there the const goes.
typedef struct { int a; float b; } Pair;

// CHECK: __device__ const int zero = {};
global const int zero;
// CHECK: __device__ const int given = 3;
global const int given = 3;

kernel void consts(global int *out) {
  // CHECK: const size_t i = {};
  const size_t i;
  // CHECK: const int row[4] = {};
  const int row[4];
  // CHECK: const Pair pair = {};
  const Pair pair;
  // CHECK: const clc::float4 v = {};
  const float4 v;
  // CHECK: static const int s = {};
  static const int s;
  // CHECK: __shared__ int tile, other;
  local const int tile, other;
  // CHECK: const int *not_itself;
  local const int *not_itself;
  out[get_global_id(0)] = (int)i + row[1] + pair.a + (int)v.x + s + zero + given;
}
