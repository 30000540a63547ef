// EXPECT-STATUS: 1
// NVRTC's C++ has no array of zero size (found by the translator's fuzz
// target: Clang accepts these in C as an extension, NVRTC rejected the output).
typedef struct { int count; int tail[0]; } Sized;

__kernel void sizes(__global int *out) {
  int none[] = {};
  out[0] = sizeof(Sized) + sizeof(none);
}
// LOG: zero_size_arrays.cl:4:38: error: zero size arrays are an extension
// LOG: zero_size_arrays.cl:7:16: error: zero size arrays are an extension
