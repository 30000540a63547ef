// OpenCL 3.1's one new entry point, clGetKernelSuggestedLocalWorkSize (the
// core name of cl_khr_suggested_local_work_size's query), which Debian 12's
// OpenCL headers (3.0~2023.02) lack; the declaration is the Khronos headers'.
#pragma once

#include <CL/cl.h>

#ifndef CL_VERSION_3_1
#ifdef __cplusplus
extern "C" {
#endif

typedef cl_int CL_API_CALL clGetKernelSuggestedLocalWorkSize_t(cl_command_queue command_queue,
                                                               cl_kernel kernel, cl_uint work_dim,
                                                               const size_t *global_work_offset,
                                                               const size_t *global_work_size,
                                                               size_t *suggested_local_work_size);
typedef clGetKernelSuggestedLocalWorkSize_t *clGetKernelSuggestedLocalWorkSize_fn;

extern CL_API_ENTRY cl_int CL_API_CALL clGetKernelSuggestedLocalWorkSize(
    cl_command_queue command_queue, cl_kernel kernel, cl_uint work_dim,
    const size_t *global_work_offset, const size_t *global_work_size,
    size_t *suggested_local_work_size);

#ifdef __cplusplus
}
#endif
#endif
