// CUDA results as OpenCL error codes, through the one table errors.def.
#pragma once

#include <CL/cl.h>
#include <cuda.h>

namespace clcuda::cuda {

// The OpenCL error for a CUDA result (CL_SUCCESS for CUDA_SUCCESS).
cl_int toClError(CUresult result);

// True when `result` is sticky: the CUDA context that returned it is unusable.
bool losesContext(CUresult result);

// "CUDA_ERROR_..." for a log message; works without a loaded driver.
const char *resultName(CUresult result);

} // namespace clcuda::cuda
