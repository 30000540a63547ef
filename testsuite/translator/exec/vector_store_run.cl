// A long run of sixteen-wide stores built from vloads, as generated kernels
// (and the CTS's vector_creation) have: compile mode ends a basic block
// inside it (docs/translator.md, "Long runs of stores"), and the results must
// be those of the code as written.
#define ROW(k)                                                                 \
  rows[k] = (int16)(vload8(0, in + (k)), in[(k) + 8], vload4(0, in + (k) + 9), \
                    vload3(0, in + (k) + 13)) * (k);
#define ROWS8(k) ROW(k) ROW(k + 1) ROW(k + 2) ROW(k + 3) ROW(k + 4) ROW(k + 5) ROW(k + 6) ROW(k + 7)

// COMPILE: clc::end_basic_block();
// READABLE-NOT: end_basic_block
__kernel void vector_store_run(__global const int *in, __global int16 *out) {
  __global int16 *rows = out + get_global_id(0) * 48;
  in += get_global_id(0);
  ROWS8(0) ROWS8(8) ROWS8(16) ROWS8(24) ROWS8(32) ROWS8(40)
}
