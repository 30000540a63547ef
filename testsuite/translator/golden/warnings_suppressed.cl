// RUN-OPTIONS: -w
// -w suppresses warnings.
kernel void k(global int *p) {
  printf("%d\n", 1.5f);
  p[0] = 1;
}
// LOG-NOT: warning
