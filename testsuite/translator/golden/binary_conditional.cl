// GNU's binary conditional `a ?: b` (a when it is nonzero, else b; a is
// evaluated once), which Clang takes in OpenCL C and NVRTC does not: the
// condition written twice when it has no side effects, else a lambda that
// evaluates it once and tests the value; a vector's is select(b, a, a)
// (OpenCL's vector ?: chooses by each component's most significant bit).
#define FIRST_SET(a, b) ((a) ?: (b))
int next(global int *p) { return p[0]++; }
kernel void binary_conditional(global int *out, global int *in) {
  int y = in[0];
  // CHECK: out[0] = in[1] / (((y) ? (y) : (1)));
  out[0] = in[1] / (y ?: 1);
  // CHECK: out[1] = ((((in[2])) ? ((in[2])) : ((in[3]))));
  out[1] = FIRST_SET(in[2], in[3]);
  // CHECK: out[2] = [&]() { auto clc_tested = (next(in)); return clc_tested ? clc_tested : (-1); }();
  out[2] = next(in) ?: -1;
  // CHECK: int *q = ((in) ? (in) : (out));
  global int *q = in ?: out;
  out[3] = q[4];
  int4 v = vload4(0, in);
  // CHECK: clc::int4 w = clc::select(clc::int4(1), v, v);
  int4 w = v ?: (int4)(1);
  // CHECK: w = [&]() { auto clc_tested = (clc::vload<4>(0, out++)); return clc::select(w, clc_tested, clc_tested); }();
  w = vload4(0, out++) ?: w;
  vstore4(w, 1, out);
}
