// A scalar and a 4-vector kernel per row of conversions.def. Built with -I for
// this directory. Names are pasted here, from unexpanded arguments.
#define CONVERSION(dst, src, sat, round)                                                           \
  __kernel void convert_##dst##sat##round##_from_##src(__global const src *in,                     \
                                                      __global dst *out) {                         \
    size_t i = get_global_id(0);                                                                   \
    out[i] = convert_##dst##sat##round(in[i]);                                                     \
  }                                                                                                \
  __kernel void convert_##dst##4##sat##round##_from_##src(__global const src *in,                  \
                                                         __global dst *out) {                      \
    size_t i = get_global_id(0);                                                                   \
    vstore4(convert_##dst##4##sat##round(vload4(i, in)), i, out);                                  \
  }
#include "conversions.def"
