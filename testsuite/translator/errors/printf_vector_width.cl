// EXPECT-STATUS: 1
// A vector conversion's width must be its argument's: the elements are passed
// one by one (found by the translator's fuzz target: %v3hld given an int2).
__kernel void print(__global int2 *i, __global float4 *f) {
  printf("%v3hld\n", i[0]);
  printf("%d\n", i[0]);
  printf("%v4hlf\n", f[0].x);
  printf("%v2hld|%v4hlf\n", i[0], f[0]);
}
// LOG: printf_vector_width.cl:5:22: error: printf argument 1 (int2) does not match its %v3 conversion: it needs a 3-element vector [CLC3002]
// LOG: printf_vector_width.cl:6:18: error: printf argument 1 (int2) does not match its scalar conversion: a vector needs %vN [CLC3003]
// LOG: printf_vector_width.cl:7:22: error: printf argument 1 (float) does not match its %v4 conversion: it needs a 4-element vector [CLC3002]
