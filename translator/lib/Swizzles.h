// Vector element access: one element is a member of the library's vector
// (x..w, s0..sf), several a clc::swizzle (a value) or clc::swizzle_ref (a
// target of assignment or increment), and a chain of swizzles folds into one
// access of the innermost vector.
#pragma once

#include "RewriteRule.h"

#include <llvm/ADT/SmallPtrSet.h>

namespace cl2cuda {

class SwizzleRule : private RewriteRule {
public:
  explicit SwizzleRule(RewriteContext &context) : RewriteRule(context) {}

  // An access assigned to or incremented: met before the access itself.
  void noteWritten(const clang::Expr *target) {
    if (auto *access = llvm::dyn_cast<clang::ExtVectorElementExpr>(target->IgnoreParens()))
      written_.insert(access);
  }
  void rewrite(clang::ExtVectorElementExpr *access);

private:
  llvm::SmallPtrSet<const clang::Expr *, 16> written_;
  llvm::SmallPtrSet<const clang::Expr *, 16> folded_; // inner levels of a chain
};

} // namespace cl2cuda
