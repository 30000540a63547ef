#include "WorkItems.h"

#include "Tables.h"

#include <clang/AST/ParentMapContext.h>

namespace cl2cuda {
namespace {

const clang::Expr *asExpression(const clang::DynTypedNode &node) { return node.get<clang::Expr>(); }

} // namespace

std::optional<std::string> WorkItemRule::readable(const clang::CallExpr *call,
                                                  const WorkItemInfo &work_item,
                                                  const clang::FunctionDecl *function) const {
  std::optional<std::string> builtin = workItemBuiltin(work_item, call, program_.ast);
  if (!builtin || (work_item.needs_ndrange &&
                   (!function || calls_.needsNdrangeWhenReadable(function))))
    return std::nullopt;
  // A macro's edit must suit every expansion: the form that is exact anywhere.
  const bool in_macro = call->getBeginLoc().isMacroID();
  std::string text = !in_macro && exactIn32Bits(call, !work_item.wide) ? *builtin
                                                                         : "(size_t)" + *builtin;
  if (text.find(' ') != std::string::npos && !(in_macro ? inMacroParentheses(call) : standsAlone(call)))
    text = "(" + text + ")";
  return text;
}

bool WorkItemRule::exactIn32Bits(const clang::Expr *expression, bool fits) const {
  clang::ASTContext &ast = program_.ast;
  clang::DynTypedNodeList parents = ast.getParents(*expression);
  if (parents.empty())
    return false;
  const clang::DynTypedNode &parent = parents[0];
  auto keeps32Bits = [&](clang::QualType type) {
    return type->isIntegerType() && !type->isBooleanType() && ast.getTypeSize(type) <= 32;
  };
  if (const auto *paren = parent.get<clang::ParenExpr>())
    return exactIn32Bits(paren, fits);
  if (const auto *cast = parent.get<clang::CastExpr>()) {
    const clang::QualType target = cast->getType();
    if (cast->getCastKind() == clang::CK_NoOp)
      return exactIn32Bits(cast, fits);
    // A value below 2^32 converts alike from either type.
    return keeps32Bits(target) ||
           (fits && (target->isIntegerType() || target->isRealFloatingType()));
  }
  if (const auto *binary = parent.get<clang::BinaryOperator>()) {
    const bool left = binary->getLHS() == expression;
    const clang::Expr *other = left ? binary->getRHS() : binary->getLHS();
    const clang::QualType other_type = other->IgnoreImpCasts()->getType();
    // Beside a 64-bit unsigned operand, a value below 2^32 is widened as the
    // size_t was: the operation is the same.
    const bool arithmetic =
        binary->isAdditiveOp() || binary->isMultiplicativeOp() || binary->isBitwiseOp();
    if (fits && arithmetic && other_type->isUnsignedIntegerType() &&
        ast.getTypeSize(other_type) == 64)
      return true;
    switch (binary->getOpcode()) {
    case clang::BO_Assign: // to a size_t: another type would put a cast between
      return !left && fits;
    case clang::BO_AddAssign:
    case clang::BO_SubAssign:
    case clang::BO_MulAssign:
    case clang::BO_AndAssign:
    case clang::BO_OrAssign:
    case clang::BO_XorAssign:
      return !left && keeps32Bits(binary->getLHS()->getType());
    case clang::BO_Add:
    case clang::BO_Sub:
    case clang::BO_Mul:
    case clang::BO_Or:
    case clang::BO_Xor:
      return exactIn32Bits(binary, false);
    case clang::BO_Shl:
      return left && exactIn32Bits(binary, false);
    case clang::BO_And:
      return exactIn32Bits(binary, fits);
    case clang::BO_Div:
    case clang::BO_Rem:
    case clang::BO_Shr: {
      std::optional<llvm::APSInt> divisor = other->getIntegerConstantExpr(ast);
      return left && fits && divisor && !(divisor->isSigned() && divisor->isNegative()) &&
             exactIn32Bits(binary, true);
    }
    case clang::BO_LT:
    case clang::BO_GT:
    case clang::BO_LE:
    case clang::BO_GE:
    case clang::BO_EQ:
    case clang::BO_NE:
      // A 64-bit signed operand would compare with the value as signed.
      return fits && other_type->isIntegerType() &&
             (other_type->isUnsignedIntegerType() || ast.getTypeSize(other_type) <= 32);
    case clang::BO_LAnd:
    case clang::BO_LOr:
      return fits;
    case clang::BO_Comma:
      return left || exactIn32Bits(binary, fits);
    default:
      return false;
    }
  }
  if (const auto *unary = parent.get<clang::UnaryOperator>()) {
    switch (unary->getOpcode()) {
    case clang::UO_Minus:
    case clang::UO_Not:
      return exactIn32Bits(unary, false);
    case clang::UO_Plus:
      return exactIn32Bits(unary, fits);
    case clang::UO_LNot:
      return fits;
    default:
      return false;
    }
  }
  if (const auto *subscript = parent.get<clang::ArraySubscriptExpr>())
    return fits && subscript->getIdx() == expression;
  if (const auto *call = parent.get<clang::CallExpr>()) {
    // A user function's parameter is a size_t; a builtin's overloads or
    // printf's format would see another type.
    const clang::FunctionDecl *callee = call->getDirectCallee();
    return fits && callee && call->getCallee() != expression &&
           !isBuiltinFunction(program_, callee) && !callee->isVariadic();
  }
  // A size_t initialized, returned, tested (if, while, for, switch) or discarded.
  return fits && (parent.get<clang::VarDecl>() || parent.get<clang::ReturnStmt>() ||
                  (parent.get<clang::Stmt>() && !asExpression(parent)));
}

bool WorkItemRule::inMacroParentheses(const clang::Expr *call) const {
  clang::DynTypedNodeList parents = program_.ast.getParents(*call);
  const auto *paren = parents.empty() ? nullptr : parents[0].get<clang::ParenExpr>();
  return paren && paren->getLParen().isMacroID();
}

bool WorkItemRule::standsAlone(const clang::Expr *call) const {
  const clang::Expr *child = call;
  clang::DynTypedNodeList parents = program_.ast.getParents(*child);
  while (!parents.empty() && parents[0].get<clang::ImplicitCastExpr>()) {
    child = parents[0].get<clang::ImplicitCastExpr>();
    parents = program_.ast.getParents(*child);
  }
  if (parents.empty())
    return false;
  const clang::DynTypedNode &parent = parents[0];
  if (const auto *binary = parent.get<clang::BinaryOperator>())
    return (binary->isAssignmentOp() && binary->getRHS() == child) ||
           binary->getOpcode() == clang::BO_Comma ||
           ((binary->getOpcode() == clang::BO_Add || binary->getOpcode() == clang::BO_Sub) &&
            binary->getLHS() == child);
  if (const auto *subscript = parent.get<clang::ArraySubscriptExpr>())
    return subscript->getIdx() == child;
  if (const auto *outer = parent.get<clang::CallExpr>())
    return outer->getCallee() != child;
  return parent.get<clang::ParenExpr>() || parent.get<clang::InitListExpr>() ||
         parent.get<clang::VarDecl>() || parent.get<clang::ReturnStmt>() ||
         (parent.get<clang::Stmt>() && !asExpression(parent));
}

} // namespace cl2cuda
