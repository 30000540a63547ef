// expect-error: convert_<type>n needs a source with n components
#include <clc/convert.h>
__device__ clc::int4 f(clc::float2 v) { return clc::convert<clc::int4>(v); }
