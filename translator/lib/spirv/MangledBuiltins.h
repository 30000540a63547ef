// OpenCL C builtins that a SPIR-V module imports by their Itanium-mangled
// name instead of an instruction (llvm-spirv leaves a builtin it has no
// SPIR-V instruction for, cl_khr_integer_dot_product's dot_acc_sat_* among
// them, as a call of `_Z28dot_acc_sat_4x8packed_ss_intjji` with Import
// linkage, for the consumer to resolve against its builtin library).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cl2cuda::spirv {

// What the front end needs of a parameter's mangled type: whether its
// integers (a scalar's, a vector's components, a pointer's pointee) are
// signed, which SPIR-V's types do not say.
enum class MangledSign { none, signed_integer, unsigned_integer };
struct MangledParameter {
  MangledSign sign = MangledSign::none;
  bool pointer = false;
};

struct MangledFunction {
  std::string name;
  std::vector<MangledParameter> parameters;
};

// `_Z<length><name><parameter types>` with OpenCL C's parameter types
// (builtin scalars, Dv<N>_ vectors, pointers with qualifiers and address
// spaces, S_ substitutions); nullopt for anything else.
std::optional<MangledFunction> demangleBuiltin(std::string_view mangled);

} // namespace cl2cuda::spirv
