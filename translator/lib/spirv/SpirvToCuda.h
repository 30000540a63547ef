// The SPIR-V front end: a module of OpenCL's Kernel environment to the same
// compile-mode CUDA C++ and metadata as an OpenCL C program gives
// (docs/translator.md, "SPIR-V programs").
#pragma once

#include <cl2cuda/translator.h>

#include <string_view>

namespace cl2cuda::spirv {

// Never throws: a module that is invalid, or uses what is not supported yet,
// is Status::BuildFailure with the reason (the instruction, by name) in the log.
TranslateResult translateModule(std::string_view binary);

} // namespace cl2cuda::spirv
