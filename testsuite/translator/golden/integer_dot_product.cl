// cl_khr_integer_dot_product (claimed in capabilities.def): the extension's
// macro and its two feature macros are defined in OpenCL C 1.2 (the default,
// as the CTS builds), and dot, dot_acc_sat and the 4x8packed forms are
// geometric.h's.
// CHECK: #include <clc/geometric.h>
#if !defined(cl_khr_integer_dot_product) ||                                     \
    !defined(__opencl_c_integer_dot_product_input_4x8bit) ||                    \
    !defined(__opencl_c_integer_dot_product_input_4x8bit_packed)
#error cl_khr_integer_dot_product is claimed but its macros are not defined
#endif
kernel void dots(global uchar4 *u, global char4 *s, global uint *p, global int *r, global uint *ur) {
  // CHECK: ur[0] = clc::dot(u[0], u[1]);
  ur[0] = dot(u[0], u[1]);
  // CHECK: r[0] = clc::dot(s[0], s[1]) + clc::dot(u[0], s[0]) + clc::dot(s[0], u[0]);
  r[0] = dot(s[0], s[1]) + dot(u[0], s[0]) + dot(s[0], u[0]);
  // CHECK: ur[1] = clc::dot_acc_sat(u[0], u[1], ur[2]);
  ur[1] = dot_acc_sat(u[0], u[1], ur[2]);
  // CHECK: r[1] = clc::dot_acc_sat(s[0], s[1], r[2]) + clc::dot_acc_sat(u[0], s[1], -5) + clc::dot_acc_sat(s[0], u[1], r[3]);
  r[1] = dot_acc_sat(s[0], s[1], r[2]) + dot_acc_sat(u[0], s[1], -5) + dot_acc_sat(s[0], u[1], r[3]);
  // CHECK: ur[3] = clc::dot_4x8packed_uu_uint(p[0], p[1]) + clc::dot_acc_sat_4x8packed_uu_uint(p[0], p[1], 7);
  ur[3] = dot_4x8packed_uu_uint(p[0], p[1]) + dot_acc_sat_4x8packed_uu_uint(p[0], p[1], 7);
  // CHECK: r[4] = clc::dot_4x8packed_ss_int(p[0], p[1]) + clc::dot_4x8packed_us_int(p[0], p[1]) + clc::dot_4x8packed_su_int(p[0], p[1]);
  r[4] = dot_4x8packed_ss_int(p[0], p[1]) + dot_4x8packed_us_int(p[0], p[1]) + dot_4x8packed_su_int(p[0], p[1]);
  // CHECK: r[5] = clc::dot_acc_sat_4x8packed_ss_int(p[0], p[1], r[6]) + clc::dot_acc_sat_4x8packed_us_int(p[0], p[1], r[7]) + clc::dot_acc_sat_4x8packed_su_int(p[0], p[1], r[8]);
  r[5] = dot_acc_sat_4x8packed_ss_int(p[0], p[1], r[6]) + dot_acc_sat_4x8packed_us_int(p[0], p[1], r[7]) + dot_acc_sat_4x8packed_su_int(p[0], p[1], r[8]);
}
