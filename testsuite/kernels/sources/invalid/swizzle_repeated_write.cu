// expect-error: an assigned swizzle names each component once
// v.xx = ... is not an lvalue in OpenCL.
#include <clc/core.h>
__device__ void f(clc::float4 &v) { clc::swizzle_ref<0, 0>(v) = clc::float2(1.0f); }
