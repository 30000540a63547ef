// expect-error: no instance of constructor
// (float4)(a, b) needs components adding up to 4.
#include <clc/core.h>
__device__ clc::float4 f(float a, float b) { return clc::float4(a, b); }
