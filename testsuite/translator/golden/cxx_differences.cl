// What C allows implicitly and C++ does not, and C++ keywords used as names.
typedef enum { RED, GREEN, BLUE } color;
typedef struct { int class; float new; } record;
// CHECK: typedef struct { int class_cl; float new_cl; } record;

// CHECK: __device__ int pick(int this_cl, color c) { return this_cl + c; }
int pick(int this, color c) { return this + c; }

kernel void differences(global void *raw, global record *records, global int *out) {
  // CHECK: int *ints = (int *)raw;
  global int *ints = raw;
  // CHECK: float *floats = (float *)(raw);
  global float *floats = (raw);
  // CHECK: color c = (color)ints[0];
  color c = ints[0];
  // CHECK: c = (color)(ints[1] + 1);
  c = ints[1] + 1;
  // CHECK: c = GREEN;
  c = GREEN;
  // CHECK: int new_cl = records[0].class_cl;
  int new = records[0].class;
  // CHECK: record r = record{new_cl, 2.0f};
  record r = (record){new, 2.0f};
  // CHECK: records[1] = r;
  records[1] = r;
  // CHECK: out[0] = pick(new_cl, c) + (int)floats[0] + r.new_cl;
  out[0] = pick(new, c) + (int)floats[0] + r.new;
  // COMPILE: int *nothing = (int *)((void *) 0);
  // READABLE: int *nothing = (int *)NULL;
  global int *nothing = NULL;
  // CHECK: int *zero = 0;
  global int *zero = 0;
  out[1] = nothing == zero;
}

// Initializers past the object's end: C drops them (Clang warns), C++ rejects them.
// CHECK: extern "C" __global__ void excess(int *out
kernel void excess(global int *out) {
  // CHECK: int a[2] = {1, 2};
  int a[2] = {1, 2, 3};
  // CHECK: int b[2][2] = { {1, 2}, {4} };
  int b[2][2] = { {1, 2, 3}, {4} };
  // CHECK: clc::uint4 d[2] = {clc::uint4(1), clc::uint4(2)};
  uint4 d[2] = {1, 2, 3, 4, 5};
  // CHECK: record r = {1, 2.0f};
  record r = {1, 2.0f, 7};
  out[0] = a[1] + b[1][0] + d[1].x + r.class;
}
