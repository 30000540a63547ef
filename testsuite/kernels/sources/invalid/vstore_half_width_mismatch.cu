// expect-error: vstore_halfN stores N floats or doubles
#include <clc/vload.h>
__device__ void f(clc::float4 v, clc::half *p) { clc::vstore_half<2>(v, 0, p); }
