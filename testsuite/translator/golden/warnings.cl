// Warnings are kept in the log, with the user's locations; the build succeeds.
kernel void k(global int *p) {
  printf("%d\n", 1.5f);
  p[0] = 1;
}
// LOG: warnings.cl:3:18: warning: format specifies type 'int' but the argument has type 'float'
