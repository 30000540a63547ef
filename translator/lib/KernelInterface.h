// How a kernel of readable output meets a CUDA host program
// (docs/translator.md, "Kernels as a CUDA programmer writes them"): its
// __local pointer arguments as sizes in bytes and pointers into `extern
// __shared__` memory, the comment at a kernel that still takes the
// NDRange, and the host launch helpers of --launch-helpers.
#pragma once

#include "RewriteRule.h"

#include <array>
#include <string>
#include <vector>

namespace cl2cuda {

// A `__local T *` parameter: a kernel's __local argument.
bool isLocalPointer(const clang::ParmVarDecl *parameter);

class KernelInterfaceRule : private RewriteRule {
public:
  explicit KernelInterfaceRule(RewriteContext &context) : RewriteRule(context) {}

  // The __local pointer parameters of `kernel`, in order.
  std::vector<const clang::ParmVarDecl *> localPointers(const clang::FunctionDecl *kernel) const;
  // "size_t scratch_bytes": the parameter that stands for a __local pointer.
  std::string sizeParameter(const clang::ParmVarDecl *local_pointer) const;
  // The statements that declare the __local pointers in dynamic shared
  // memory, one after another at their alignments after `base` bytes (the
  // kernel's own __local variables placed there), each on a line of its own.
  std::string localPointerDeclarations(const clang::FunctionDecl *kernel, uint64_t base,
                                       const std::string &indentation) const;
  // A line that says why a kernel takes the NDRange in readable mode.
  std::string ndrangeComment(const clang::FunctionDecl *kernel,
                             const std::string &indentation) const;
  // Adds the host function that launches `kernel` (symbol `symbol`) as
  // clEnqueueNDRangeKernel would to output_.launch_helpers.
  void addLaunchHelper(const clang::FunctionDecl *kernel, const std::string &symbol,
                       uint64_t base, const std::array<uint32_t, 3> &required);

private:
  std::string bytesName(const clang::ParmVarDecl *local_pointer) const;
  std::string pointeeType(const clang::ParmVarDecl *local_pointer) const;
};

} // namespace cl2cuda
