// EXPECT-STATUS: 1
// CUDA's printf takes at most 32 values after the format: two 16-element
// vectors and an int are 33, and so are 33 scalars.
kernel void k(global int16 *v) {
  printf("%v16hld|%v16hld|%d\n", v[0], v[1], 1);
  printf("%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d\n",
         1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
         23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33);
  // 32 values are fine.
  printf("%v16hld|%v16hld\n", v[0], v[1]);
}
// LOG: printf_too_many_values.cl:5:3: error: a printf passing 33 values (a vector's elements counted one by one) is not supported by clcuda: CUDA's printf takes at most 32 [CLC3001]
// LOG: printf_too_many_values.cl:6:3: error: a printf passing 33 values (a vector's elements counted one by one) is not supported by clcuda: CUDA's printf takes at most 32 [CLC3001]
