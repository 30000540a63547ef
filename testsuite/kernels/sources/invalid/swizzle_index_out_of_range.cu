// expect-error: swizzle index out of range
#include <clc/core.h>
__device__ float f(clc::float4 v) { return clc::swizzle<4>(v); }
