// OpenCL C's address-space keywords in declarations, as CUDA spells what
// they mean where they stand: a program-scope __global or __constant
// variable becomes a __device__ or __constant__ one, a kernel's __local
// variable __shared__, a pointer to __constant a pointer to const, and
// pointers' own address spaces go (CUDA's pointers are generic). One
// keyword shared by two declarations (a typedef's) must mean the same in
// both.
#pragma once

#include "RewriteRule.h"

#include <llvm/ADT/DenseMap.h>

#include <string>

namespace cl2cuda {

bool isAddressSpaceKeyword(clang::tok::TokenKind kind);

// Where a declared entity lives, which decides what its own address-space
// keyword becomes. DynamicSharedMemory: a kernel's __local variable past
// CUDA's static shared memory (LocalVariableRule).
enum class Placement { Other, FunctionScope, ProgramScope, DynamicSharedMemory };

class AddressSpaceRule : private RewriteRule {
public:
  explicit AddressSpaceRule(RewriteContext &context) : RewriteRule(context) {}

  // Rewrites the address-space keywords among a declaration's type tokens;
  // returns whether one qualified the declared object itself.
  bool rewriteTokens(TokenRange tokens, clang::QualType type, Placement placement,
                     bool is_static);
  // The same for a declarator: the tokens before its name.
  bool rewrite(const clang::DeclaratorDecl *decl, clang::SourceLocation name, Placement placement);
  // Whether this token is a keyword the rule rewrote.
  bool rewrote(unsigned token) const { return choices_.count(token) != 0; }

private:
  llvm::DenseMap<unsigned, std::string> choices_; // keyword token -> its CUDA text
};

} // namespace cl2cuda
