// Readable mode's work-item calls as CUDA's built-in variables
// (tables/work_items.def, `builtin`): `get_global_id(0)` becomes
// `blockIdx.x * blockDim.x + threadIdx.x` where that is exact, in a form
// that gives the OpenCL value in its context (docs/translator.md, "Kernels
// as a CUDA programmer writes them").
#pragma once

#include "RewriteRule.h"

#include <optional>
#include <string>

namespace cl2cuda {

struct WorkItemInfo;

class WorkItemRule : private RewriteRule {
public:
  explicit WorkItemRule(RewriteContext &context) : RewriteRule(context) {}

  // The call as readable mode writes it inside `function`; nullopt: as
  // compile mode does (clc::..., with the NDRange where it needs it).
  std::optional<std::string> readable(const clang::CallExpr *call, const WorkItemInfo &work_item,
                                      const clang::FunctionDecl *function) const;

private:
  // Whether the value of `expression`, a size_t in OpenCL, reaches the same
  // result computed in CUDA's 32-bit unsigned built-ins: where its context
  // keeps only 32 bits (modular arithmetic into a 32-bit integer) or, when
  // `fits` (the value is below 2^32), where it only reads the value.
  bool exactIn32Bits(const clang::Expr *expression, bool fits) const;
  // Whether a binary expression can stand for the call without parentheses.
  bool standsAlone(const clang::Expr *call) const;
  // Whether a call in a macro has the macro's own parentheses around it.
  bool inMacroParentheses(const clang::Expr *call) const;
};

} // namespace cl2cuda
