// RUN-OPTIONS: -cl-std=CL3.1
// METADATA: opencl_c_version 310
// OpenCL C 3.1, which Clang 16 parses as 3.0: its version macros are 3.1's
// (readable output defines those the program uses), and printf's z (size_t)
// and t (ptrdiff_t) length modifiers, which CUDA's printf does not list,
// become l (both are 64-bit longs on the device).
// READABLE: #define __OPENCL_C_VERSION__ 310
// READABLE: #define __OPENCL_VERSION__ 310
// READABLE: #define CL_VERSION_3_1 310
kernel void versions(global int *out) {
  // COMPILE: out[0] = 310;
  // READABLE: out[0] = __OPENCL_C_VERSION__;
  out[0] = __OPENCL_C_VERSION__;
  // COMPILE: out[1] = 310;
  out[1] = __OPENCL_VERSION__;
  // COMPILE: out[2] = 310;
  out[2] = CL_VERSION_3_1;
  // COMPILE: out[3] = 300;
  out[3] = CL_VERSION_3_0;
#if __OPENCL_C_VERSION__ >= CL_VERSION_3_0 && defined(__opencl_c_generic_address_space)
  // CHECK: out[4] = 1;
  out[4] = 1;
#endif
  size_t size = get_global_size(0);
  ptrdiff_t distance = (ptrdiff_t)size;
  // CHECK: printf("%lu %#lx %ld %li %lo %lu\n", size, size, distance, distance, distance, distance);
  printf("%zu %#zx %td %ti %to %tu\n", size, size, distance, distance, distance, distance);
}
