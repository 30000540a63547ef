// Kernel-scope __local variables past CUDA's static shared memory: a kernel
// whose __local variables take more than kStaticLocalBytes in all declares
// them as references into dynamic shared memory, at offsets laid out here,
// and its metadata says how many bytes they take, so that the shim puts the
// __local arguments after them and launches with the total (docs/design.md,
// "Kernel-scope __local variables"). CUDA refuses more than 48 KiB of static
// __shared__ data, while CL_DEVICE_LOCAL_MEM_SIZE is the opt-in limit of
// dynamic shared memory (227 KiB on Hopper), which programs size their
// __local arrays from (PyOpenCL's scans, hashcat's bcrypt).
#pragma once

#include "RewriteRule.h"

#include <llvm/ADT/DenseMap.h>

#include <optional>
#include <utility>
#include <vector>

namespace cl2cuda {

// A kernel's __local variables laid out one after the other, each at its
// alignment.
struct LocalLayout {
  std::vector<std::pair<const clang::VarDecl *, uint64_t>> offsets;
  uint64_t bytes = 0;
  bool exceedsStaticSharedMemory() const;
};
LocalLayout layOutLocalVariables(const clang::ASTContext &ast, const clang::FunctionDecl *kernel);

class LocalVariableRule : private RewriteRule {
public:
  explicit LocalVariableRule(RewriteContext &context) : RewriteRule(context) {}

  // Lays out the kernel's __local variables in dynamic shared memory when
  // they exceed static shared memory; returns the bytes they take there (0:
  // they stay __shared__).
  uint32_t plan(const clang::FunctionDecl *kernel);
  // The variable's offset in dynamic shared memory, if plan put it there.
  std::optional<uint64_t> dynamicOffsetOf(const clang::VarDecl *variable) const;
  // `float t[N]` as a reference into dynamic shared memory at `offset`.
  void declareInDynamicSharedMemory(const clang::VarDecl *variable, uint64_t offset);

private:
  llvm::DenseMap<const clang::VarDecl *, uint64_t> dynamic_offsets_;
};

} // namespace cl2cuda
