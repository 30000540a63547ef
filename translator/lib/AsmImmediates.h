// Inline PTX whose operand is an immediate ("i"), as NVIDIA's OpenCL takes
// it: John the Ripper's `lut3(a, b, c, 0x96)` hands its `imm` parameter to
// `lop3.b32` as "i" and relies on inlining to make it a constant. NVRTC
// refuses "i" in device code and wants "n" with a constant expression, so a
// function whose "i" operand is one of its parameters becomes a template
// over that parameter, and its calls pass the argument as the template's:
// `template <uint imm> uint lut3(uint a, uint b, uint c)`, `lut3<0x96>(a, b, c)`.
#pragma once

#include "RewriteRule.h"

#include <llvm/ADT/DenseMap.h>

namespace cl2cuda {

class AsmImmediateRule : private RewriteRule {
public:
  explicit AsmImmediateRule(RewriteContext &context) : RewriteRule(context) {}

  // Before anything else is inserted before the declaration: the template
  // header, and the parameter taken out of the list.
  void rewriteDeclaration(const clang::FunctionDecl *function, TokenRange declaration);
  // "i" becomes "n"; an operand neither constant nor a parameter is an error.
  void rewriteStatement(const clang::GCCAsmStmt *statement);
  // A call of such a function: true when it was rewritten (or refused).
  bool rewriteCall(const clang::CallExpr *call, const clang::FunctionDecl *callee);

private:
  // The index of `function`'s parameter that its definition's inline PTX
  // takes as an immediate, if any (the first such parameter).
  std::optional<unsigned> immediateParameter(const clang::FunctionDecl *function);

  llvm::DenseMap<const clang::FunctionDecl *, std::optional<unsigned>> immediates_;
};

} // namespace cl2cuda
