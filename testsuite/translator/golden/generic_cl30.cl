// RUN-OPTIONS: -cl-std=CL3.0
// OpenCL C 3.0 with the features clcuda claims: generic address space,
// program-scope globals, fp64, 64-bit integers; the 2.0 atomics' _explicit forms.
// CHECK: #include <clc/atomic.h>
#if defined(__opencl_c_generic_address_space) && defined(__opencl_c_program_scope_global_variables)
// CHECK: __device__ long total;
global long total;
// CHECK: __device__ void add(long *sum, long value) { *sum += value; }
void add(long *sum, long value) { *sum += value; }
kernel void features(global long *out, global atomic_int *hits) {
  add(out, 1);
  total += out[0];
  // CHECK: clc::atomic_fetch_add_explicit(hits, 1, clc::memory_order_relaxed, clc::memory_scope_work_group);
  atomic_fetch_add_explicit(hits, 1, memory_order_relaxed, memory_scope_work_group);
  // CHECK: double d = (double)total;
  double d = (double)total;
  out[1] = (long)d;
}
// A global uchar * initializing a generic char *: one implicit conversion
// (address space and signedness) in OpenCL C, a cast in C++ (ggml-opencl's
// mul_mm_q4_k_f32_l4_lm.cl).
kernel void signedness(global uchar *bytes, global int *out, int offset) {
  // CHECK: char *scales = (char *)(bytes + offset);
  char *scales = bytes + offset;
  out[0] = scales[1];
}
#endif
