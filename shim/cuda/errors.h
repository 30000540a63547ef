// CUDA results as OpenCL error codes, through the one table errors.def.
#pragma once

#include <CL/cl.h>
#include <cuda.h>

namespace clcuda::cuda {

// The OpenCL error for a CUDA result (CL_SUCCESS for CUDA_SUCCESS). A
// failure is also remembered for this thread, for the error log.
cl_int toClError(CUresult result);

// The last CUDA failure toClError turned into an OpenCL error on this
// thread since forgetLastFailure (CUDA_SUCCESS if none): the CUDA error
// behind an entry point's error, which CLCUDA_LOG_ERRORS names.
CUresult lastFailure();
void forgetLastFailure();

// True when `result` is sticky: the CUDA context that returned it is unusable.
bool losesContext(CUresult result);

// "CUDA_ERROR_..." for a log message; works without a loaded driver.
const char *resultName(CUresult result);

} // namespace clcuda::cuda
