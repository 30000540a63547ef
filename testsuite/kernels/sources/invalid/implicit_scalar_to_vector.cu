// expect-error: no suitable constructor exists to convert
// A scalar becomes a vector only through an explicit clc::float4(x), which the
// translator writes for OpenCL's implicit widening outside binary operators.
#include <clc/core.h>
__device__ clc::float4 f(float x) { return x; }
