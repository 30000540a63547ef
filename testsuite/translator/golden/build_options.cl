// RUN-OPTIONS: -DSCALE=3 -D OFFSET=1.5f -cl-fast-relaxed-math -cl-single-precision-constant -cl-kernel-arg-info -cl-denorms-are-zero
// Build options: macros, math flags (NVRTC options in the metadata) and
// single-precision constants (Clang types 0.5 as float; the output says so).
// METADATA: kernel_arg_info 1
// METADATA: nvrtc_option "--use_fast_math"
// METADATA-NEXT: nvrtc_option "--ftz=true"
// READABLE: #define SCALE 3
// READABLE: #define OFFSET 1.5f
kernel void options(global float *out) {
  // COMPILE: out[0] = 3 * 0.5f + 1.5f + 2.0e-3f;
  // READABLE: out[0] = SCALE * 0.5f + OFFSET + 2.0e-3f;
  out[0] = SCALE * 0.5 + OFFSET + 2.0e-3;
#ifdef __FAST_RELAXED_MATH__
  // CHECK: out[1] = 1.0f;
  out[1] = 1.0;
#endif
}
