// The C-versus-C++ conversions CUDA needs spelled out: implicit conversions
// C makes and C++ does not (an int to an enum, a pointer that drops its
// qualifiers, a scalar splat to a vector outside the library's operators),
// narrowing in initializer lists, and arguments of builtins whose overloads
// differ in that parameter (BuiltinCallRule).
#pragma once

#include "RewriteRule.h"

#include <llvm/ADT/SmallPtrSet.h>

namespace cl2cuda {

// `type` without its address space (CUDA spells none).
clang::QualType withoutAddressSpace(clang::ASTContext &ast, clang::QualType type);
// Whether Clang converted `argument`'s value to another type on the way in.
bool hasValueConversion(const clang::Expr *argument);

class ConversionRule : private RewriteRule {
public:
  explicit ConversionRule(RewriteContext &context) : RewriteRule(context) {}

  // Writes `expression` converted to `type`: a C cast, or a vector's
  // constructor.
  void castTo(const clang::Expr *expression, clang::QualType type);
  // A conversion another rule has written: the walk leaves it alone.
  void markWritten(const clang::ImplicitCastExpr *cast) { written_casts_.insert(cast); }
  // The operands of an arithmetic, comparison or compound assignment
  // operator: the library's operators widen scalars there.
  void noteOperands(const clang::BinaryOperator *binary);
  void rewriteImplicitCast(const clang::ImplicitCastExpr *cast);
  // An initializer element, or every element of a list, that C++
  // list-initialization would not convert as C does.
  void castInitializer(const clang::Expr *element);
  void castInitializers(const clang::InitListExpr *semantic);

private:
  bool isUnderArithmeticOperator(const clang::Expr *expression) const;
  bool isNarrowing(const clang::ImplicitCastExpr *cast) const;

  llvm::SmallPtrSet<const clang::Expr *, 16> written_casts_;
  llvm::SmallPtrSet<const clang::Expr *, 32> arithmetic_operands_;
};

} // namespace cl2cuda
