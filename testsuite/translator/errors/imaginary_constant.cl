// EXPECT-STATUS: 1
// A GNU imaginary constant: Clang takes it in C as an extension, NVRTC's C++
// reads "1.5if" as a user-defined literal (found by the translator's fuzz
// target, in a printf argument).
__kernel void values(__global float *out) { out[0] = 1.5if; }
// LOG: imaginary_constant.cl:5:54: error: imaginary constants are a GNU extension
