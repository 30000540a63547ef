// EXPECT-STATUS: 1
// A syntax error: Clang's diagnostics with the user's line numbers.
kernel void broken(global int *p) {
  int x = p[0]
  p[1] = x;
  undeclared(x);
}
// LOG: syntax_error.cl:4:15: error: expected ';' at end of declaration
// LOG: syntax_error.cl:6:3: error: use of undeclared identifier 'undeclared'
