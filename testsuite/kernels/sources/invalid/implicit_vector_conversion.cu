// expect-error: no suitable user-defined conversion
// Vectors never convert implicitly to other vector types (OpenCL C 6.2.1).
#include <clc/core.h>
__device__ clc::float4 f(clc::int4 v) { return v; }
