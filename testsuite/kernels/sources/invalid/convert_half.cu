// expect-error: half conversions need cl_khr_fp16
#include <clc/convert.h>
__device__ clc::half f(float x) { return clc::convert<clc::half>(x); }
