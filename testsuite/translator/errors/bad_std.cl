// EXPECT-STATUS: 2
// RUN-OPTIONS: -cl-std=CL4.0
kernel void k(global int *p) { p[0] = 1; }
// LOG: error: invalid build option '-cl-std=CL4.0': the OpenCL C versions are CL1.0, CL1.1, CL1.2, CL2.0, CL3.0 and CL3.1
