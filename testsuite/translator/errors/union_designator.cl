// EXPECT-STATUS: 1
union value { int i; float f; };
kernel void k(global float *p) {
  union value v = {.f = 1.0f};
  p[0] = v.f;
}
// LOG: union_designator.cl:4:19: error: a designated initializer of a union member other than the first is not supported by clcuda [CLC1009]
