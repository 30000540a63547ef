// EXPECT-STATUS: 1
// RUN-OPTIONS: -Werror
kernel void k(global int *p) {
  printf("%d\n", 1.5f);
}
// LOG: werror.cl:4:18: error: format specifies type 'int' but the argument has type 'float'
