// Calls of OpenCL builtins: the callee as the tables spell it
// (resolveBuiltinCall), the hidden NDRange passed where the builtin reads
// it, arguments cast where the library's overloads would pick another one
// than Clang did, and printf in CUDA's terms.
#pragma once

#include "Conversions.h"
#include "RewriteRule.h"
#include "WorkItems.h"

#include <map>
#include <string>
#include <utility>

namespace cl2cuda {

class BuiltinCallRule : private RewriteRule {
public:
  BuiltinCallRule(RewriteContext &context, ConversionRule &conversions)
      : RewriteRule(context), conversions_(conversions), work_items_(context) {}

  void rewrite(clang::CallExpr *call, const clang::FunctionDecl *callee);

private:
  void rewritePrintf(clang::CallExpr *call);
  // Whether every argument is a float or a double that the call takes as it is.
  bool takesFloatingScalars(const clang::CallExpr *call) const;
  void castConvertedArguments(clang::CallExpr *call, const clang::FunctionDecl *callee);
  // Whether the builtin's overloads of this arity take different types at
  // parameter `index`.
  bool overloadsDifferAt(const clang::FunctionDecl *callee, unsigned index);

  ConversionRule &conversions_;
  WorkItemRule work_items_;
  std::map<std::pair<std::string, unsigned>, bool> overloads_differ_;
};

} // namespace cl2cuda
