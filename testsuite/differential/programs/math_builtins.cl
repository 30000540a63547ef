// A scalar and a float4 kernel per row of math_builtins.def: out = f(x[, y[, z]]).
// Built with -I for this directory.
#define recip(x) (1.0f / (x))
#define divide(x, y) ((x) / (y))

#define CALL_1(f, x, y, z) f(x)
#define CALL_2(f, x, y, z) f(x, y)
#define CALL_3(f, x, y, z) f(x, y, z)

// The kernel names are pasted by MATH_BUILTIN_n, whose arguments are not
// macro-expanded there: a platform may define builtins as macros (PoCL does).
#define MATH_KERNELS(scalar_kernel, vector_kernel, f, arity)                                      \
  __kernel void scalar_kernel(__global const float *x, __global const float *y,                    \
                              __global const float *z, __global float *out) {                      \
    size_t i = get_global_id(0);                                                                   \
    out[i] = CALL_##arity(f, x[i], y[i], z[i]);                                                    \
  }                                                                                                \
  __kernel void vector_kernel(__global const float *x, __global const float *y,                    \
                              __global const float *z, __global float *out) {                      \
    size_t i = get_global_id(0);                                                                   \
    vstore4(CALL_##arity(f, vload4(i, x), vload4(i, y), vload4(i, z)), i, out);                   \
  }

#define MATH_BUILTIN_1(f, low, high) MATH_KERNELS(math_##f, math_##f##_4, f, 1)
#define MATH_BUILTIN_2(f, low1, high1, low2, high2)                                           \
  MATH_KERNELS(math_##f, math_##f##_4, f, 2)
#define MATH_BUILTIN_3(f, low1, high1, low2, high2, low3, high3)                              \
  MATH_KERNELS(math_##f, math_##f##_4, f, 3)
#include "math_builtins.def"
