// The vector conditional operator is select; scalar shift counts are masked
// to the width of the promoted left operand.
kernel void ternary_shifts(global int4 *v, global int *s, global long *l, int n) {
  int4 a = v[0], b = v[1];
  // CHECK: clc::int4 c = clc::select(b, a, a > b);
  int4 c = a > b ? a : b;
  // CHECK: v[2] = clc::select(b + 1, a * 2, c != 0);
  v[2] = c != 0 ? a * 2 : b + 1;
  // A vector literal's range ends at its value, its parentheses not being in
  // the AST: the select takes it whole.
  // CHECK: v[4] = clc::select(clc::int4(1), clc::int4(2, 3, 4, 5), a > b);
  v[4] = a > b ? (int4)(2, 3, 4, 5) : (int4)(1);
  // CHECK: int x = s[0] << (n & 31);
  int x = s[0] << n;
  // CHECK: x >>= ((n + 1) & 31);
  x >>= n + 1;
  // CHECK: l[0] = l[1] << (n & 63);
  l[0] = l[1] << n;
  // CHECK: s[1] = x << 3;
  s[1] = x << 3;
  // CHECK: s[2] = x << (33 & 31);
  s[2] = x << 33;
  // CHECK: s[3] = (char)x << (n & 31);
  s[3] = (char)x << n;
  // Vector shifts mask themselves.
  // CHECK: v[3] = a << b;
  v[3] = a << b;
}
