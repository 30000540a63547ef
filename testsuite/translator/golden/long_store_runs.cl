// Long runs of stores (docs/translator.md): compile mode ends the basic block
// once straight-line code has stored 512 components since the last block
// ended, so that NVVM keeps merging the stores into vector stores; a branch
// or a loop ends a block by itself; readable mode leaves the code alone.
// store_runs_test.cpp checks the PTX of a longer run.

// READABLE-NOT: end_basic_block
// COMPILE-NOT: end_basic_block
// COMPILE: out[31] = v;
// COMPILE-NEXT: clc::end_basic_block(); v += 1.0f;
// COMPILE-NEXT: out[32] = v;
// COMPILE-NOT: end_basic_block
// COMPILE: void stores_between_loops
__kernel void sixteen_wide_run(__global float16 *out, float x) {
  float16 v = (float16)(x);
  out[0] = v;
  out[1] = v;
  out[2] = v;
  out[3] = v;
  out[4] = v;
  out[5] = v;
  out[6] = v;
  out[7] = v;
  out[8] = v;
  out[9] = v;
  out[10] = v;
  out[11] = v;
  out[12] = v;
  out[13] = v;
  out[14] = v;
  out[15] = v;
  out[16] = v;
  out[17] = v;
  out[18] = v;
  out[19] = v;
  out[20] = v;
  out[21] = v;
  out[22] = v;
  out[23] = v;
  out[24] = v;
  out[25] = v;
  out[26] = v;
  out[27] = v;
  out[28] = v;
  out[29] = v;
  out[30] = v;
  out[31] = v;
  v += 1.0f; // a local variable: no store
  out[32] = v;
}

// 320 components, a loop, 320 more: no block is long enough to end.
// COMPILE-NOT: end_basic_block
// COMPILE: out[0] = clc::int8(n);
// COMPILE-NOT: end_basic_block
// COMPILE: vstore_run
__kernel void stores_between_loops(__global int8 *out, __global int *counts, int n) {
  vstore8((int8)(0), 0, (__global int *)out);
  vstore8((int8)(1), 1, (__global int *)out);
  vstore8((int8)(2), 2, (__global int *)out);
  vstore8((int8)(3), 3, (__global int *)out);
  vstore8((int8)(4), 4, (__global int *)out);
  vstore8((int8)(5), 5, (__global int *)out);
  vstore8((int8)(6), 6, (__global int *)out);
  vstore8((int8)(7), 7, (__global int *)out);
  vstore8((int8)(8), 8, (__global int *)out);
  vstore8((int8)(9), 9, (__global int *)out);
  vstore8((int8)(10), 10, (__global int *)out);
  vstore8((int8)(11), 11, (__global int *)out);
  vstore8((int8)(12), 12, (__global int *)out);
  vstore8((int8)(13), 13, (__global int *)out);
  vstore8((int8)(14), 14, (__global int *)out);
  vstore8((int8)(15), 15, (__global int *)out);
  vstore8((int8)(16), 16, (__global int *)out);
  vstore8((int8)(17), 17, (__global int *)out);
  vstore8((int8)(18), 18, (__global int *)out);
  vstore8((int8)(19), 19, (__global int *)out);
  vstore8((int8)(20), 20, (__global int *)out);
  vstore8((int8)(21), 21, (__global int *)out);
  vstore8((int8)(22), 22, (__global int *)out);
  vstore8((int8)(23), 23, (__global int *)out);
  vstore8((int8)(24), 24, (__global int *)out);
  vstore8((int8)(25), 25, (__global int *)out);
  vstore8((int8)(26), 26, (__global int *)out);
  vstore8((int8)(27), 27, (__global int *)out);
  vstore8((int8)(28), 28, (__global int *)out);
  vstore8((int8)(29), 29, (__global int *)out);
  vstore8((int8)(30), 30, (__global int *)out);
  vstore8((int8)(31), 31, (__global int *)out);
  vstore8((int8)(32), 32, (__global int *)out);
  vstore8((int8)(33), 33, (__global int *)out);
  vstore8((int8)(34), 34, (__global int *)out);
  vstore8((int8)(35), 35, (__global int *)out);
  vstore8((int8)(36), 36, (__global int *)out);
  vstore8((int8)(37), 37, (__global int *)out);
  vstore8((int8)(38), 38, (__global int *)out);
  vstore8((int8)(39), 39, (__global int *)out);
  for (int i = 0; i < n; ++i)
    counts[i] = i;
  vstore8((int8)(0), 40, (__global int *)out);
  vstore8((int8)(1), 41, (__global int *)out);
  vstore8((int8)(2), 42, (__global int *)out);
  vstore8((int8)(3), 43, (__global int *)out);
  vstore8((int8)(4), 44, (__global int *)out);
  vstore8((int8)(5), 45, (__global int *)out);
  vstore8((int8)(6), 46, (__global int *)out);
  vstore8((int8)(7), 47, (__global int *)out);
  vstore8((int8)(8), 48, (__global int *)out);
  vstore8((int8)(9), 49, (__global int *)out);
  vstore8((int8)(10), 50, (__global int *)out);
  vstore8((int8)(11), 51, (__global int *)out);
  vstore8((int8)(12), 52, (__global int *)out);
  vstore8((int8)(13), 53, (__global int *)out);
  vstore8((int8)(14), 54, (__global int *)out);
  vstore8((int8)(15), 55, (__global int *)out);
  vstore8((int8)(16), 56, (__global int *)out);
  vstore8((int8)(17), 57, (__global int *)out);
  vstore8((int8)(18), 58, (__global int *)out);
  vstore8((int8)(19), 59, (__global int *)out);
  vstore8((int8)(20), 60, (__global int *)out);
  vstore8((int8)(21), 61, (__global int *)out);
  vstore8((int8)(22), 62, (__global int *)out);
  vstore8((int8)(23), 63, (__global int *)out);
  vstore8((int8)(24), 64, (__global int *)out);
  vstore8((int8)(25), 65, (__global int *)out);
  vstore8((int8)(26), 66, (__global int *)out);
  vstore8((int8)(27), 67, (__global int *)out);
  vstore8((int8)(28), 68, (__global int *)out);
  vstore8((int8)(29), 69, (__global int *)out);
  vstore8((int8)(30), 70, (__global int *)out);
  vstore8((int8)(31), 71, (__global int *)out);
  vstore8((int8)(32), 72, (__global int *)out);
  vstore8((int8)(33), 73, (__global int *)out);
  vstore8((int8)(34), 74, (__global int *)out);
  vstore8((int8)(35), 75, (__global int *)out);
  vstore8((int8)(36), 76, (__global int *)out);
  vstore8((int8)(37), 77, (__global int *)out);
  vstore8((int8)(38), 78, (__global int *)out);
  vstore8((int8)(39), 79, (__global int *)out);
  out[0] = (int8)(n);
}

// vstoreN counts its N components: the 33rd vstore16 starts a new block.
// COMPILE: clc::vstore<16>(clc::float16(31), 31, out);
// COMPILE-NEXT: clc::end_basic_block(); clc::vstore<16>(clc::float16(32), 32, out);
__kernel void vstore_run(__global float *out) {
  vstore16((float16)(0), 0, out);
  vstore16((float16)(1), 1, out);
  vstore16((float16)(2), 2, out);
  vstore16((float16)(3), 3, out);
  vstore16((float16)(4), 4, out);
  vstore16((float16)(5), 5, out);
  vstore16((float16)(6), 6, out);
  vstore16((float16)(7), 7, out);
  vstore16((float16)(8), 8, out);
  vstore16((float16)(9), 9, out);
  vstore16((float16)(10), 10, out);
  vstore16((float16)(11), 11, out);
  vstore16((float16)(12), 12, out);
  vstore16((float16)(13), 13, out);
  vstore16((float16)(14), 14, out);
  vstore16((float16)(15), 15, out);
  vstore16((float16)(16), 16, out);
  vstore16((float16)(17), 17, out);
  vstore16((float16)(18), 18, out);
  vstore16((float16)(19), 19, out);
  vstore16((float16)(20), 20, out);
  vstore16((float16)(21), 21, out);
  vstore16((float16)(22), 22, out);
  vstore16((float16)(23), 23, out);
  vstore16((float16)(24), 24, out);
  vstore16((float16)(25), 25, out);
  vstore16((float16)(26), 26, out);
  vstore16((float16)(27), 27, out);
  vstore16((float16)(28), 28, out);
  vstore16((float16)(29), 29, out);
  vstore16((float16)(30), 30, out);
  vstore16((float16)(31), 31, out);
  vstore16((float16)(32), 32, out);
}
