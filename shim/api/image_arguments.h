// clSetKernelArg for image and sampler arguments (api/image.cpp,
// api/sampler.cpp): the handle checks and the value as launched.
#pragma once

#include "core/kernel.h"

namespace clcuda::api {

// `value` points at a cl_mem (arg_size already checked): an image of the
// kernel's context matching the argument (checkImageArgument).
cl_int setImageArgument(core::Kernel &kernel, cl_uint index, const void *value);
// `value` points at a cl_sampler of the kernel's context, else
// CL_INVALID_SAMPLER; launched as its CLK_* bits.
cl_int setSamplerArgument(core::Kernel &kernel, cl_uint index, const void *value);

} // namespace clcuda::api
