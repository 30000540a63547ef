// OpenCL's macros: expanded in compile mode (INFINITY and friends become
// clc:: constants), kept in readable mode and defined at the top.
// READABLE: #ifndef INFINITY
// READABLE-NEXT: #define INFINITY clc::infinity<float>()
// READABLE: #define M_PI_F 3.14159265358979323846264338327950288f
// READABLE: #define NAN clc::as<float>(0x7fffffff)
kernel void constants(global float *f, global uint *flags, global double *d) {
  // COMPILE: f[0] = (clc::infinity<float>()) + 3.14159265358979323846264338327950288f;
  // READABLE: f[0] = INFINITY + M_PI_F;
  f[0] = INFINITY + M_PI_F;
  // COMPILE: f[1] = clc::as<float>(2147483647) + 0x1.fffffep127f + (clc::infinity<float>());
  // READABLE: f[1] = NAN + MAXFLOAT + HUGE_VALF;
  f[1] = NAN + MAXFLOAT + HUGE_VALF;
  // COMPILE: d[0] = (clc::infinity<double>()) + 0x1.921fb54442d18p+1;
  // READABLE: d[0] = HUGE_VAL + M_PI;
  d[0] = HUGE_VAL + M_PI;
  // CHECK: flags[0] = {{(0x01|CLK_LOCAL_MEM_FENCE)}} | {{(0x02|CLK_GLOBAL_MEM_FENCE)}};
  flags[0] = CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE;
  // CHECK: flags[1] = {{(2147483647|INT_MAX)}} + {{(0xffffffff|UINT_MAX)}} + {{(8|CHAR_BIT)}};
  flags[1] = INT_MAX + UINT_MAX + CHAR_BIT;
  // CHECK: f[2] = {{(0x1.fffffep127f|FLT_MAX)}} * {{(0x1.0p-23f|FLT_EPSILON)}};
  f[2] = FLT_MAX * FLT_EPSILON;
  #if defined(cl_khr_fp64) && __OPENCL_C_VERSION__ >= CL_VERSION_1_2
  // CHECK: d[1] = 1.0;
  d[1] = 1.0;
#endif
  // A trap ends the kernel with an error; CUDA spells it __trap.
  // CHECK: if (f[3] < 0) __trap();
  if (f[3] < 0) __builtin_trap();
}
