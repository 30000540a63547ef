// expect-error: expression must have integral or unscoped enum type
// Bitwise operators are for integer vectors only.
#include <clc/core.h>
__device__ clc::float4 f(clc::float4 a, clc::float4 b) { return a & b; }
