// expect-error: as_type needs types of the same size
#include <clc/core.h>
__device__ int f(double x) { return clc::as<int>(x); }
