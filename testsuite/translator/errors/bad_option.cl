// EXPECT-STATUS: 2
// RUN-OPTIONS: -cl-mad-enable -cl-no-such-option
kernel void k(global int *p) { p[0] = 1; }
// LOG: error: invalid build option '-cl-no-such-option'
