#include "Conversions.h"

namespace cl2cuda {
namespace {

// Conversions Clang made that change a value's type: CUDA's overload
// resolution must see them written.
bool isValueConversion(clang::CastKind kind) {
  switch (kind) {
  case clang::CK_IntegralCast:
  case clang::CK_IntegralToFloating:
  case clang::CK_FloatingToIntegral:
  case clang::CK_FloatingCast:
  case clang::CK_VectorSplat:
  case clang::CK_IntegralToBoolean:
  case clang::CK_FloatingToBoolean:
  case clang::CK_BooleanToSignedIntegral:
    return true;
  default:
    return false;
  }
}

// An enumerator of the enum it converts to: in C++ it has that type already.
bool isOwnEnumerator(const clang::Expr *expression, clang::QualType type) {
  const auto *reference = llvm::dyn_cast<clang::DeclRefExpr>(expression->IgnoreParenImpCasts());
  const auto *enumerator =
      reference ? llvm::dyn_cast<clang::EnumConstantDecl>(reference->getDecl()) : nullptr;
  const auto *enum_type = type->getAs<clang::EnumType>();
  // By name: Clang's builtin declarations may refer to their own copy of an
  // OpenCL enum (memory_scope).
  return enumerator && enum_type &&
         llvm::cast<clang::EnumDecl>(enumerator->getDeclContext())->getName() ==
             enum_type->getDecl()->getName();
}

} // namespace

// `type` without its address space. ASTContext::removeAddrSpaceQualType
// never returns for an array of address-space-qualified elements (Clang 16:
// &"literal" is a pointer to a __constant char array), so arrays lose the
// elements' address space through getUnqualifiedArrayType.
clang::QualType withoutAddressSpace(clang::ASTContext &ast, clang::QualType type) {
  if (!type->isArrayType())
    return ast.removeAddrSpaceQualType(type);
  clang::Qualifiers qualifiers;
  clang::QualType unqualified = ast.getUnqualifiedArrayType(type, qualifiers);
  qualifiers.removeAddressSpace();
  return ast.getQualifiedType(unqualified, qualifiers);
}

bool hasValueConversion(const clang::Expr *argument) {
  for (const auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(argument); cast;
       cast = llvm::dyn_cast<clang::ImplicitCastExpr>(cast->getSubExpr()))
    if (isValueConversion(cast->getCastKind()) && !isOwnEnumerator(cast, cast->getType()))
      return true;
  return false;
}

void ConversionRule::castTo(const clang::Expr *expression, clang::QualType type) {
  std::optional<TokenRange> range = rangeOf(expression);
  if (!range)
    return;
  if (const auto *vector = type->getAs<clang::ExtVectorType>()) {
    edits_.wrap(*range, types_.spellVector(vector) + "(", ")");
    return;
  }
  std::string cast = "(" + spell(type) + ")";
  if (needsParentheses(expression))
    edits_.wrap(*range, cast + "(", ")");
  else
    edits_.insertBefore(*range, cast);
}

void ConversionRule::noteOperands(const clang::BinaryOperator *binary) {
  if (binary->isCompoundAssignmentOp() || (!binary->isAssignmentOp() && !binary->isCommaOp())) {
    arithmetic_operands_.insert(binary->getLHS());
    arithmetic_operands_.insert(binary->getRHS());
  }
}

bool ConversionRule::isUnderArithmeticOperator(const clang::Expr *expression) const {
  return arithmetic_operands_.count(expression) != 0;
}

void ConversionRule::rewriteImplicitCast(const clang::ImplicitCastExpr *cast) {
  if (written_casts_.count(cast))
    return;
  const clang::Expr *operand = cast->getSubExpr();
  clang::QualType type = cast->getType();
  switch (cast->getCastKind()) {
  case clang::CK_FloatingCast:
  case clang::CK_IntegralToFloating:
    // To half: C converts implicitly, clc::half's constructor is explicit.
    // From half to double (printf's variadic arguments take no class): two
    // steps, float first. To float or an integer, C++ reads it as C does.
    if (type->isHalfType() || (operand->getType()->isHalfType() &&
                               type->isSpecificBuiltinType(clang::BuiltinType::Double))) {
      written_casts_.insert(cast);
      castTo(operand, type);
    }
    return;
  case clang::CK_VectorSplat:
    // The library widens scalars in operators; elsewhere the splat is spelled.
    if (!isUnderArithmeticOperator(cast))
      castTo(cast, type);
    return;
  case clang::CK_IntegralCast:
    // int -> enum is implicit in C only.
    if (type->isEnumeralType() && !isOwnEnumerator(operand, type) &&
        !program_.ast.hasSameUnqualifiedType(type, operand->getType()))
      castTo(operand, type);
    return;
  case clang::CK_BitCast:
  case clang::CK_NullToPointer:
  case clang::CK_IntegralToPointer:
  case clang::CK_NoOp:
  // To the generic address space, which may also change the pointee (a
  // global uchar * initializing a char *: implicit in OpenCL C).
  case clang::CK_AddressSpaceConversion: {
    bool from_pointer = operand->getType()->isPointerType();
    if (!type->isPointerType() ||
        (!from_pointer && cast->getCastKind() != clang::CK_NullToPointer &&
         cast->getCastKind() != clang::CK_IntegralToPointer))
      return;
    if (cast->getCastKind() == clang::CK_NullToPointer &&
        llvm::isa<clang::IntegerLiteral>(operand->IgnoreParenImpCasts()))
      return; // 0 is a null pointer in C++ too
    clang::QualType to = type->getPointeeType();
    if (operand->getType()->isPointerType()) {
      clang::QualType from = operand->getType()->getPointeeType();
      bool drops_qualifiers = (from.isConstQualified() && !to.isConstQualified()) ||
                              (from.isVolatileQualified() && !to.isVolatileQualified());
      bool same = program_.ast.hasSameUnqualifiedType(withoutAddressSpace(program_.ast, from),
                                                      withoutAddressSpace(program_.ast, to));
      // T* -> void* and address-space-only changes are implicit in C++ too.
      if (!drops_qualifiers && (to->isVoidType() || same))
        return;
    }
    castTo(operand, withoutAddressSpace(program_.ast, type));
    return;
  }
  default:
    return;
  }
}

// Whether C++ list-initialization would reject this implicit conversion as
// narrowing ([dcl.init.list]); constants that fit are fine.
bool ConversionRule::isNarrowing(const clang::ImplicitCastExpr *cast) const {
  const clang::Expr *source = cast->getSubExpr();
  clang::QualType from = source->getType(), to = cast->getType();
  clang::Expr::EvalResult value;
  bool constant = source->EvaluateAsRValue(value, program_.ast) && !value.HasSideEffects;
  switch (cast->getCastKind()) {
  case clang::CK_FloatingToIntegral:
    return true;
  case clang::CK_IntegralToFloating: {
    if (!constant || !value.Val.isInt())
      return !constant;
    llvm::APFloat converted(program_.ast.getFloatTypeSemantics(to));
    return converted.convertFromAPInt(value.Val.getInt(), value.Val.getInt().isSigned(),
                                      llvm::APFloat::rmNearestTiesToEven) != llvm::APFloat::opOK;
  }
  case clang::CK_FloatingCast: {
    if (program_.ast.getFloatingTypeOrder(to, from) >= 0)
      return false;
    if (!constant || !value.Val.isFloat())
      return !constant;
    llvm::APFloat converted = value.Val.getFloat();
    bool lost = false;
    return converted.convert(program_.ast.getFloatTypeSemantics(to),
                             llvm::APFloat::rmNearestTiesToEven, &lost) &
           llvm::APFloat::opOverflow;
  }
  case clang::CK_IntegralCast: {
    if (to->isBooleanType() || to->isEnumeralType())
      return false;
    uint64_t from_bits = program_.ast.getIntWidth(from), to_bits = program_.ast.getIntWidth(to);
    bool from_signed = from->isSignedIntegerOrEnumerationType();
    bool to_signed = to->isSignedIntegerOrEnumerationType();
    bool widens =
        from_signed == to_signed ? to_bits >= from_bits : !from_signed && to_bits > from_bits;
    if (widens)
      return false;
    if (!constant || !value.Val.isInt())
      return true;
    llvm::APSInt original = value.Val.getInt();
    llvm::APSInt converted = original.extOrTrunc(to_bits);
    converted.setIsSigned(to_signed);
    return llvm::APSInt::compareValues(converted.extend(128), original.extend(128)) != 0;
  }
  default:
    return false;
  }
}

// An initializer element converted in a way C++ list-initialization does
// not do: a narrowing conversion, or a scalar that initializes a whole vector
// (uint4 a[2] = {0}: C's brace elision splats it; the vector's constructor
// from a scalar is explicit).
void ConversionRule::castInitializer(const clang::Expr *element) {
  const auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(element);
  if (!cast || written_casts_.count(cast))
    return;
  if (cast->getCastKind() == clang::CK_VectorSplat) {
    written_casts_.insert(cast);
    castTo(cast, withoutAddressSpace(program_.ast, cast->getType()));
  } else if (isNarrowing(cast)) {
    written_casts_.insert(cast);
    castTo(cast->getSubExpr(), withoutAddressSpace(program_.ast, cast->getType()));
  }
}

// Every element of a semantic list, and of the lists within it that brace
// elision made (they have no braces, so the visitor never meets them).
void ConversionRule::castInitializers(const clang::InitListExpr *semantic) {
  for (const clang::Expr *element : semantic->inits()) {
    const auto *nested = llvm::dyn_cast<clang::InitListExpr>(element);
    std::optional<unsigned> brace = nested ? tokenAt(nested->getLBraceLoc()) : std::nullopt;
    if (nested && !nested->getType()->isVectorType() &&
        (!brace || program_.tokens.kind(*brace) != clang::tok::l_brace))
      castInitializers(nested);
    else
      castInitializer(element);
  }
}

} // namespace cl2cuda
