// cl_khr_extended_bit_ops (claimed in capabilities.def): its macro is defined
// and its four builtins are integer.h's, for scalars and vectors, with the
// offset and count converted as C converts them.
// RUN-OPTIONS: -cl-std=CL3.0
// CHECK: #include <clc/integer.h>
#ifndef cl_khr_extended_bit_ops
#error cl_khr_extended_bit_ops is claimed but not defined
#endif
kernel void bit_ops(global uint *u, global long *l, global short3 *s, global uchar16 *c, int n) {
  uint x = u[0];
  // CHECK: u[1] = clc::bitfield_insert(x, u[2], 4, 8);
  u[1] = bitfield_insert(x, u[2], 4, 8);
  // CHECK: l[0] = clc::bitfield_extract_signed(l[1], 3, n);
  l[0] = bitfield_extract_signed(l[1], 3, n);
  // CHECK: s[0] = clc::bitfield_extract_signed(clc::as<clc::ushort3>(s[1]), 0u, 16u);
  s[0] = bitfield_extract_signed(as_ushort3(s[1]), 0u, 16u);
  // CHECK: c[0] = clc::bitfield_extract_unsigned(c[1], n, 3) + clc::bit_reverse(c[2]);
  c[0] = bitfield_extract_unsigned(c[1], n, 3) + bit_reverse(c[2]);
  // CHECK: c[3] = clc::bitfield_insert(c[4], c[5], 1, 2);
  c[3] = bitfield_insert(c[4], c[5], 1, 2);
  // CHECK: l[2] = clc::bit_reverse(l[3]);
  l[2] = bit_reverse(l[3]);
}
