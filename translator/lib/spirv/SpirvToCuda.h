// The SPIR-V front end: a module of OpenCL's Kernel environment to the same
// compile-mode CUDA C++ and metadata as an OpenCL C program gives
// (docs/translator.md, "SPIR-V programs").
#pragma once

#include <cl2cuda/translator.h>

#include <cstdint>
#include <map>
#include <string_view>

namespace cl2cuda::spirv {

// Never throws: a module that is invalid, or uses what is not supported yet,
// is Status::BuildFailure with the reason (the instruction, by name) in the log.
TranslateResult translateModule(std::string_view binary,
                                const std::map<uint32_t, uint64_t> &specializations,
                                SpirvOutput output);

// SpecId -> size in bytes of each specialization constant; false when the
// module cannot be read.
bool specializationConstants(std::string_view binary, std::map<uint32_t, uint32_t> *sizes);

} // namespace cl2cuda::spirv
