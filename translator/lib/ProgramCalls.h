// Who calls whom, analysed before the rewrite walks the program: which
// functions need the hidden NDRange parameter (they, or something they call,
// use a work-item function that reads it), which kernels other functions
// call (they get a `_body` function beside their entry point), and which
// functions no kernel reaches (a whole program's compile-mode output leaves
// them out).
#pragma once

#include "Frontend.h"
#include "BuildOptions.h"

#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/STLFunctionalExtras.h>

namespace cl2cuda {

inline bool isKernel(const clang::FunctionDecl *function) {
  return function->hasAttr<clang::OpenCLKernelAttr>();
}

// A builtin: declared by Clang (at its first use, -fdeclare-opencl-builtins)
// or by a header, not by the user's program.
bool isBuiltinFunction(const ParsedProgram &program, const clang::FunctionDecl *function);

class ProgramCalls {
public:
  // `keeps_dynamic_locals`: whether a kernel's __local variables need dynamic
  // shared memory, which another unit's caller would not launch with.
  ProgramCalls(const ParsedProgram &program, const BuildOptions &options,
               llvm::function_ref<bool(const clang::FunctionDecl *)> keeps_dynamic_locals);

  bool needsNdrange(const clang::FunctionDecl *function) const {
    return ndrange_functions_.count(function->getCanonicalDecl()) != 0;
  }
  bool isCalledKernel(const clang::FunctionDecl *function) const {
    return called_kernels_.count(function->getCanonicalDecl()) != 0;
  }
  // A file-scope function the output leaves out: no kernel calls it.
  bool isUnreached(const clang::FunctionDecl *function) const;

private:
  const BuildOptions &options_;
  // Canonical declarations.
  llvm::DenseSet<const clang::FunctionDecl *> ndrange_functions_;
  llvm::DenseSet<const clang::FunctionDecl *> called_kernels_;
  // Functions a kernel calls, directly or not, and the kernels; filled only
  // when the output leaves out the others.
  llvm::DenseSet<const clang::FunctionDecl *> reached_functions_;
};

} // namespace cl2cuda
