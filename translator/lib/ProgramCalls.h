// Who calls whom, analysed before the rewrite walks the program: which
// functions need the hidden NDRange parameter (they, or something they call,
// use a work-item function that reads it), in compile mode and in readable
// mode (where CUDA's built-in variables serve wherever they are exact), which kernels other
// functions call (they get a `_body` function beside their entry point), and which functions no
// kernel reaches (a whole program's compile-mode output leaves them out).
#pragma once

#include "Frontend.h"
#include "BuildOptions.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/STLFunctionalExtras.h>

#include <optional>
#include <string>

namespace cl2cuda {

inline bool isKernel(const clang::FunctionDecl *function) {
  return function->hasAttr<clang::OpenCLKernelAttr>();
}

// A builtin: declared by Clang (at its first use, -fdeclare-opencl-builtins)
// or by a header, not by the user's program.
bool isBuiltinFunction(const ParsedProgram &program, const clang::FunctionDecl *function);

struct WorkItemInfo;
// The CUDA built-in expression of a work-item call (tables/work_items.def,
// `builtin`), its dimension resolved; nullopt when the table has none or the
// dimension is not a constant 0, 1 or 2.
std::optional<std::string> workItemBuiltin(const WorkItemInfo &work_item,
                                           const clang::CallExpr *call,
                                           const clang::ASTContext &ast);

class ProgramCalls {
public:
  // `keeps_dynamic_locals`: whether a kernel's __local variables need dynamic
  // shared memory, which another unit's caller would not launch with.
  ProgramCalls(const ParsedProgram &program, const BuildOptions &options,
               llvm::function_ref<bool(const clang::FunctionDecl *)> keeps_dynamic_locals);

  bool needsNdrange(const clang::FunctionDecl *function) const {
    return ndrange_functions_.count(function->getCanonicalDecl()) != 0;
  }
  // Readable mode: a kernel takes the NDRange only where CUDA's built-in
  // variables cannot stand for a work-item call (get_work_dim, a global
  // offset, a dimension that is no constant...), and so does every function
  // between it and such a call; a function that reads the launch's shape
  // and that such a kernel calls takes it too, and so do its other callers
  // (docs/translator.md, "Kernels as a CUDA programmer writes them").
  bool needsNdrangeWhenReadable(const clang::FunctionDecl *function) const {
    return readable_ndrange_functions_.count(function->getCanonicalDecl()) != 0;
  }
  // The work-item function or builtin that made it need the NDRange there,
  // or kSeparateCompilation.
  static constexpr llvm::StringLiteral kSeparateCompilation = "separate compilation";
  llvm::StringRef readableNdrangeReason(const clang::FunctionDecl *function) const {
    return readable_ndrange_functions_.lookup(function->getCanonicalDecl());
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
  llvm::DenseMap<const clang::FunctionDecl *, llvm::StringRef> readable_ndrange_functions_;
  llvm::DenseSet<const clang::FunctionDecl *> called_kernels_;
  // Functions a kernel calls, directly or not, and the kernels; filled only
  // when the output leaves out the others.
  llvm::DenseSet<const clang::FunctionDecl *> reached_functions_;
};

} // namespace cl2cuda
