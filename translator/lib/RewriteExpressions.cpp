// The expression half of ProgramRewriter: builtin calls, vectors and
// swizzles, the C-vs-C++ conversions CUDA needs spelled out.
#include "RewriterImpl.h"

#include "Printf.h"
#include "Tables.h"

#include <clang/AST/Attr.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/Sema/Lookup.h>

namespace cl2cuda {
namespace {

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

bool hasValueConversion(const clang::Expr *argument) {
  for (const auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(argument); cast;
       cast = llvm::dyn_cast<clang::ImplicitCastExpr>(cast->getSubExpr()))
    if (isValueConversion(cast->getCastKind()) && !isOwnEnumerator(cast, cast->getType()))
      return true;
  return false;
}

std::string joinIndices(llvm::ArrayRef<uint32_t> indices) {
  std::string joined;
  for (uint32_t index : indices)
    joined += (joined.empty() ? "" : ", ") + std::to_string(index);
  return joined;
}

} // namespace

// --- calls -------------------------------------------------------------------

bool ProgramRewriter::VisitCallExpr(clang::CallExpr *call) {
  const clang::FunctionDecl *callee = call->getDirectCallee();
  if (!callee)
    return true;
  if (isBuiltinFunction(program_, callee)) {
    rewriteBuiltinCall(call, callee);
    return true;
  }
  // A whole program links nothing else: a function it declares and never
  // defines would only fail later, in ptxas, without naming the call.
  if (!options_.separate_compilation && !callee->isDefined()) {
    error(call->getBeginLoc(), Diagnostic::UndefinedFunction, {callee->getNameAsString()});
    return true;
  }
  if (const auto *reference =
          llvm::dyn_cast<clang::DeclRefExpr>(call->getCallee()->IgnoreParenImpCasts()))
    renameAt(reference->getLocation(), callee);
  if (calls_.needsNdrange(callee)) {
    if (std::optional<unsigned> close = tokenAt(call->getRParenLoc()))
      edits_.insertBefore({*close, *close}, call->getNumArgs() ? ", clc_ndrange" : "clc_ndrange");
  }
  return true;
}

void ProgramRewriter::rewriteBuiltinCall(clang::CallExpr *call, const clang::FunctionDecl *callee) {
  const auto *reference =
      llvm::dyn_cast<clang::DeclRefExpr>(call->getCallee()->IgnoreParenImpCasts());
  std::optional<unsigned> name_token = reference ? tokenAt(reference->getLocation()) : std::nullopt;
  std::optional<TokenRange> whole = rangeOf(call);
  if (!callee->getIdentifier())
    return;
  llvm::StringRef name = callee->getName();
  if (!name_token) {
    // Calls Clang rebuilds (to_global...) lose the callee's location: it is
    // the name before the parenthesis that opens the arguments.
    std::optional<unsigned> close = tokenAt(call->getRParenLoc());
    std::optional<unsigned> first_argument =
        call->getNumArgs() ? tokenAt(call->getArg(0)->getBeginLoc()) : close;
    if (!close || !first_argument || *first_argument < 2 ||
        program_.tokens.kind(*first_argument - 1) != clang::tok::l_paren ||
        program_.tokens.text(*first_argument - 2) != name)
      return;
    name_token = *first_argument - 2;
    whole = TokenRange{*name_token, *close};
  }
  if (!whole)
    return;
  clang::SourceLocation location = program_.tokens.at(*name_token).location();
  auto renameCallee = [&](const std::string &cuda) {
    edits_.replace({*name_token, *name_token}, cuda);
    handled_tokens_.insert(*name_token);
  };

  if (const CompilerBuiltinInfo *builtin = findCompilerBuiltin(name)) {
    edits_.replace(*whole, builtin->cuda);
    useModule(builtin->module);
    converted("compiler builtin", name);
    return;
  }
  // The hidden NDRange becomes the call's first argument.
  auto passNDRange = [&] {
    if (*name_token + 1 < program_.tokens.expanded().size() &&
        program_.tokens.kind(*name_token + 1) == clang::tok::l_paren)
      edits_.insertAfter({*name_token + 1, *name_token + 1},
                         call->getNumArgs() ? "clc_ndrange, " : "clc_ndrange");
  };
  if (name == "printf") {
    rewritePrintf(call);
    converted("builtin", name);
    return;
  }
  if (std::optional<BuiltinCall> builtin = resolveBuiltinCall(name)) {
    if (!builtin->supported) {
      error(location, Diagnostic::UnsupportedBuiltin,
            {name.str(), std::string(": ") + builtin->note});
      return;
    }
    {
      EditGroup group(edits_);
      renameCallee(builtin->cuda);
      if (builtin->passes_ndrange)
        passNDRange();
    }
    useModule(builtin->module);
    if (builtin->casts_arguments)
      castConvertedArguments(call, callee);
    converted(builtin->kind, name);
    return;
  }
  if (!name.startswith("__builtin_"))
    error(location, Diagnostic::UnsupportedBuiltin, {name.str(), ""});
}

bool ProgramRewriter::overloadsDifferAt(const clang::FunctionDecl *callee, unsigned index) {
  auto key = std::make_pair(callee->getName().str(), index);
  auto known = overloads_differ_.find(key);
  if (known != overloads_differ_.end())
    return known->second;
  // Every overload of the builtin, as Clang's builtin table declares them.
  clang::LookupResult overloads(program_.sema, callee->getDeclName(), clang::SourceLocation(),
                                clang::Sema::LookupOrdinaryName);
  program_.sema.LookupBuiltin(overloads);
  clang::QualType seen;
  bool differ = overloads.empty(); // unknown: cast
  for (const clang::NamedDecl *decl : overloads) {
    const auto *overload = llvm::dyn_cast<clang::FunctionDecl>(decl);
    if (!overload || overload->getNumParams() != callee->getNumParams())
      continue;
    clang::QualType type = withoutAddressSpace(program_.ast, 
        overload->getParamDecl(index)->getType().getCanonicalType().getUnqualifiedType());
    if (seen.isNull())
      seen = type;
    else if (!program_.ast.hasSameType(seen, type))
      differ = true;
  }
  overloads_differ_[key] = differ;
  return differ;
}

void ProgramRewriter::castConvertedArguments(clang::CallExpr *call,
                                             const clang::FunctionDecl *callee) {
  unsigned count = std::min(call->getNumArgs(), callee->getNumParams());
  for (unsigned i = 0; i < count; ++i) {
    const clang::Expr *argument = call->getArg(i);
    // Where every overload takes the same type, C++ converts as C did.
    if (!hasValueConversion(argument) || !overloadsDifferAt(callee, i))
      continue;
    for (const auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(argument); cast;
         cast = llvm::dyn_cast<clang::ImplicitCastExpr>(cast->getSubExpr()))
      cast_arguments_.insert(cast);
    clang::QualType parameter = callee->getParamDecl(i)->getType().getUnqualifiedType();
    castTo(argument, withoutAddressSpace(program_.ast, parameter));
  }
}

void ProgramRewriter::castTo(const clang::Expr *expression, clang::QualType type) {
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

void ProgramRewriter::rewritePrintf(clang::CallExpr *call) {
  if (call->getNumArgs() == 0)
    return;
  // OpenCL's printf returns 0 or -1, CUDA's the number of arguments or a
  // negative error.
  clang::DynTypedNodeList parents = program_.ast.getParents(*call);
  bool own_statement =
      !parents.empty() && parents[0].get<clang::Stmt>() && !parents[0].get<clang::Expr>();
  const auto *cast = parents.empty() ? nullptr : parents[0].get<clang::CastExpr>();
  bool discarded = own_statement || (cast && cast->getType()->isVoidType());
  std::optional<TokenRange> statement = rangeOf(call);
  if (!discarded && statement)
    edits_.wrap(*statement, "(", " < 0 ? -1 : 0)");

  const auto *format = llvm::dyn_cast<clang::StringLiteral>(call->getArg(0)->IgnoreParenImpCasts());
  std::optional<TokenRange> format_tokens = rangeOf(format);
  if (!format || !format_tokens || !format->isOrdinary())
    return;
  std::optional<PrintfRewrite> rewrite = rewritePrintfFormat(format->getString());
  unsigned passed_values = call->getNumArgs() - 1;
  if (rewrite)
    for (const PrintfArgument &passed : rewrite->arguments)
      passed_values += passed.width ? passed.width - 1 : 0;
  if (passed_values > kCudaPrintfMaxArguments) {
    error(call->getBeginLoc(), Diagnostic::PrintfTooManyValues,
          {std::to_string(passed_values), std::to_string(kCudaPrintfMaxArguments)});
    return;
  }
  // A vector conversion passes its argument element by element, so its width
  // must be the argument's (OpenCL leaves a mismatch undefined; CUDA's
  // printf would read past the values or take a vector as one).
  for (unsigned index = 1; index < call->getNumArgs(); ++index) {
    const clang::Expr *argument = call->getArg(index)->IgnoreImpCasts(); // as written
    const auto *vector = argument->getType()->getAs<clang::ExtVectorType>();
    const PrintfArgument *conversion = nullptr;
    if (rewrite)
      for (const PrintfArgument &passed : rewrite->arguments)
        if (passed.argument + 1 == index)
          conversion = &passed;
    const unsigned width = conversion ? conversion->width : 0;
    if ((vector ? vector->getNumElements() : 0) == width)
      continue;
    const std::string type = argument->getType().getUnqualifiedType().getAsString();
    if (width)
      error(argument->getBeginLoc(), Diagnostic::PrintfVectorWidth,
            {std::to_string(index), type, "%v" + std::to_string(width), std::to_string(width)});
    else
      error(argument->getBeginLoc(), Diagnostic::PrintfScalarConversion,
            {std::to_string(index), type, "%vN"});
    return;
  }
  if (!rewrite)
    return;
  edits_.replace(*format_tokens, quoteStringLiteral(rewrite->format));
  markHandled(*format_tokens);

  // A vector argument becomes its elements. One with side effects is
  // evaluated once, into a variable declared in a block around the statement.
  struct Hoisted {
    TokenRange argument;
    std::string variable;
    std::string elements;
  };
  std::vector<Hoisted> hoisted;
  for (const PrintfArgument &passed : rewrite->arguments) {
    if (passed.argument + 1 >= call->getNumArgs())
      continue;
    const clang::Expr *argument = call->getArg(passed.argument + 1);
    std::optional<TokenRange> range = rangeOf(argument);
    if (!range)
      return;
    // The hh cast is for integers (or their vectors' elements); C++ refuses
    // it on a pointer given to %hhx (found by the translator's fuzz target).
    clang::QualType value = argument->IgnoreImpCasts()->getType();
    if (const auto *vector = value->getAs<clang::ExtVectorType>())
      value = vector->getElementType();
    const bool castable = !passed.cast.empty() && value->isIntegerType();
    std::string cast = castable ? "(" + passed.cast + ")" : "";
    bool parenthesize = needsParentheses(argument);
    if (passed.width == 0) {
      if (parenthesize)
        edits_.wrap(*range, cast + "(", ")");
      else
        edits_.insertBefore(*range, cast);
      continue;
    }
    bool side_effects = argument->HasSideEffects(program_.ast);
    std::string variable = "clc_printf_arg" + std::to_string(passed.argument + 1);
    std::vector<Piece> elements;
    for (unsigned k = 0; k < passed.width; ++k) {
      std::string separator = (k ? ", " : "") + cast;
      std::string member = "." + vectorMemberName(k, passed.width);
      if (side_effects) {
        elements.push_back({separator + variable + member, std::nullopt});
        continue;
      }
      elements.push_back({separator + (parenthesize ? "(" : ""), std::nullopt});
      elements.push_back({"", *range});
      elements.push_back({(parenthesize ? ")" : "") + member, std::nullopt});
    }
    if (side_effects) {
      std::string text;
      for (const Piece &piece : elements)
        text += piece.text;
      hoisted.push_back({*range, variable, text});
    } else {
      edits_.restructure(*range, elements);
    }
  }
  if (hoisted.empty())
    return;

  // printf(...) must be a statement of its own: { const auto v = arg; printf(..., v.x, ...); }
  if (!statement || !own_statement || statement->last + 1 >= program_.tokens.expanded().size() ||
      program_.tokens.kind(statement->last + 1) != clang::tok::semi) {
    error(call->getBeginLoc(), Diagnostic::PrintfVectorSideEffects);
    return;
  }
  ++statement->last; // the ';'
  std::vector<Piece> pieces = {{"{ ", std::nullopt}};
  for (const Hoisted &value : hoisted) {
    pieces.push_back({"const auto " + value.variable + " = ", std::nullopt});
    pieces.push_back({"", value.argument});
    pieces.push_back({"; ", std::nullopt});
  }
  unsigned next = statement->first;
  for (const Hoisted &value : hoisted) {
    if (value.argument.first > next)
      pieces.push_back({"", TokenRange{next, value.argument.first - 1}});
    // The argument follows a comma: keep a space after it.
    pieces.push_back({" " + value.elements, std::nullopt});
    next = value.argument.last + 1;
  }
  pieces.push_back({"", TokenRange{next, statement->last}});
  pieces.push_back({" }", std::nullopt});
  edits_.restructure(*statement, pieces);
}

// --- vectors -------------------------------------------------------------------

bool ProgramRewriter::VisitExtVectorElementExpr(clang::ExtVectorElementExpr *access) {
  if (folded_swizzles_.count(access))
    return true;
  // A chain of swizzles (v.xyzw.zy) folds into one access of the innermost base.
  std::vector<clang::ExtVectorElementExpr *> levels = {access};
  while (!levels.back()->isArrow()) {
    auto *inner =
        llvm::dyn_cast<clang::ExtVectorElementExpr>(levels.back()->getBase()->IgnoreParens());
    if (!inner)
      break;
    folded_swizzles_.insert(inner);
    levels.push_back(inner);
  }
  llvm::SmallVector<uint32_t, 16> indices;
  levels.back()->getEncodedElementAccess(indices);
  for (size_t level = levels.size() - 1; level-- > 0;) {
    llvm::SmallVector<uint32_t, 16> outer, composed;
    levels[level]->getEncodedElementAccess(outer);
    for (uint32_t index : outer)
      composed.push_back(index < indices.size() ? indices[index] : index);
    indices = composed;
  }
  clang::QualType base_type = levels.back()->getBase()->getType();
  if (levels.back()->isArrow())
    base_type = base_type->getPointeeType();
  const auto *vector = base_type->getAs<clang::ExtVectorType>();
  std::optional<TokenRange> whole = rangeOf(access);
  if (!vector || !whole)
    return true;
  unsigned width = vector->getNumElements();
  EditGroup group(edits_);

  // The '.'/'->' and accessor tokens of each level.
  std::vector<TokenRange> selectors;
  for (const clang::ExtVectorElementExpr *level : levels) {
    std::optional<unsigned> accessor = tokenAt(level->getAccessorLoc());
    if (!accessor || *accessor == 0)
      return true;
    selectors.push_back({*accessor - 1, *accessor});
  }
  for (size_t level = 1; level < selectors.size(); ++level)
    edits_.remove(selectors[level]);

  if (indices.size() == 1) {
    // One element: a member of the clc vector (x..w up to 4, s0..sf beyond).
    std::string member = vectorMemberName(indices[0], width);
    if (levels.size() == 1) {
      if (program_.tokens.text(selectors[0].last) != member)
        edits_.replace({selectors[0].last, selectors[0].last}, member);
    } else {
      edits_.replace(selectors[0], (levels.back()->isArrow() ? "->" : ".") + member);
    }
    return true;
  }
  bool written = lvalue_swizzles_.count(access) != 0;
  std::string prefix = std::string(written ? "clc::swizzle_ref<" : "clc::swizzle<") +
                       joinIndices(indices) + ">(" + (levels.back()->isArrow() ? "*" : "");
  edits_.insertBefore(*whole, prefix);
  edits_.replace(selectors[0], ")");
  return true;
}

bool ProgramRewriter::VisitBinaryOperator(clang::BinaryOperator *binary) {
  if (binary->isAssignmentOp()) {
    if (auto *target =
            llvm::dyn_cast<clang::ExtVectorElementExpr>(binary->getLHS()->IgnoreParens()))
      lvalue_swizzles_.insert(target);
  }
  if (binary->isCompoundAssignmentOp() || (!binary->isAssignmentOp() && !binary->isCommaOp())) {
    arithmetic_operands_.insert(binary->getLHS());
    arithmetic_operands_.insert(binary->getRHS());
  }

  // OpenCL masks a scalar shift count to the width of the (promoted) left side.
  clang::BinaryOperatorKind kind = binary->getOpcode();
  bool shift = kind == clang::BO_Shl || kind == clang::BO_Shr || kind == clang::BO_ShlAssign ||
               kind == clang::BO_ShrAssign;
  if (!shift)
    return true;
  clang::QualType left = binary->getType();
  if (const auto *compound = llvm::dyn_cast<clang::CompoundAssignOperator>(binary))
    left = compound->getComputationLHSType();
  if (!left->isIntegerType() || left->isVectorType())
    return true;
  uint64_t bits = program_.ast.getTypeSize(left);
  const clang::Expr *count = binary->getRHS();
  if (std::optional<llvm::APSInt> value = count->getIntegerConstantExpr(program_.ast))
    if (value->isNonNegative() && value->getZExtValue() < bits)
      return true;
  std::optional<TokenRange> range = rangeOf(count);
  if (!range)
    return true;
  bool parenthesize = needsParentheses(count);
  edits_.wrap(*range, parenthesize ? "((" : "(",
              std::string(parenthesize ? ")" : "") + " & " + std::to_string(bits - 1) + ")");
  return true;
}

bool ProgramRewriter::VisitUnaryOperator(clang::UnaryOperator *unary) {
  if (unary->isIncrementDecrementOp())
    if (auto *target =
            llvm::dyn_cast<clang::ExtVectorElementExpr>(unary->getSubExpr()->IgnoreParens()))
      lvalue_swizzles_.insert(target);
  return true;
}

bool ProgramRewriter::VisitConditionalOperator(clang::ConditionalOperator *conditional) {
  if (!conditional->getCond()->getType()->isVectorType())
    return true;
  std::optional<TokenRange> whole = rangeOf(conditional);
  std::optional<TokenRange> condition = rangeOf(conditional->getCond());
  std::optional<TokenRange> chosen = rangeOf(conditional->getTrueExpr());
  std::optional<TokenRange> otherwise = rangeOf(conditional->getFalseExpr());
  if (!whole || !condition || !chosen || !otherwise)
    return true;
  // c ? a : b with a vector c is select(b, a, c).
  edits_.restructure(*whole, {{"clc::select(", std::nullopt},
                              {"", *otherwise},
                              {", ", std::nullopt},
                              {"", *chosen},
                              {", ", std::nullopt},
                              {"", *condition},
                              {")", std::nullopt}});
  useModule(findBuiltin("select")->module);
  return true;
}

bool ProgramRewriter::isUnderArithmeticOperator(const clang::Expr *expression) const {
  return arithmetic_operands_.count(expression) != 0;
}

bool ProgramRewriter::VisitImplicitCastExpr(clang::ImplicitCastExpr *cast) {
  if (cast_arguments_.count(cast))
    return true;
  const clang::Expr *operand = cast->getSubExpr();
  clang::QualType type = cast->getType();
  switch (cast->getCastKind()) {
  case clang::CK_VectorSplat:
    // The library widens scalars in operators; elsewhere the splat is spelled.
    if (!isUnderArithmeticOperator(cast))
      castTo(cast, type);
    return true;
  case clang::CK_IntegralCast:
    // int -> enum is implicit in C only.
    if (type->isEnumeralType() && !isOwnEnumerator(operand, type) &&
        !program_.ast.hasSameUnqualifiedType(type, operand->getType()))
      castTo(operand, type);
    return true;
  case clang::CK_BitCast:
  case clang::CK_NullToPointer:
  case clang::CK_IntegralToPointer:
  case clang::CK_NoOp: {
    bool from_pointer = operand->getType()->isPointerType();
    if (!type->isPointerType() ||
        (!from_pointer && cast->getCastKind() != clang::CK_NullToPointer &&
         cast->getCastKind() != clang::CK_IntegralToPointer))
      return true;
    if (cast->getCastKind() == clang::CK_NullToPointer &&
        llvm::isa<clang::IntegerLiteral>(operand->IgnoreParenImpCasts()))
      return true; // 0 is a null pointer in C++ too
    clang::QualType to = type->getPointeeType();
    if (operand->getType()->isPointerType()) {
      clang::QualType from = operand->getType()->getPointeeType();
      bool drops_qualifiers = (from.isConstQualified() && !to.isConstQualified()) ||
                              (from.isVolatileQualified() && !to.isVolatileQualified());
      bool same = program_.ast.hasSameUnqualifiedType(withoutAddressSpace(program_.ast, from),
                                                      withoutAddressSpace(program_.ast, to));
      // T* -> void* and address-space-only changes are implicit in C++ too.
      if (!drops_qualifiers && (to->isVoidType() || same))
        return true;
    }
    castTo(operand, withoutAddressSpace(program_.ast, type));
    return true;
  }
  default:
    return true;
  }
}

bool ProgramRewriter::VisitCStyleCastExpr(clang::CStyleCastExpr *cast) {
  if (cast->getCastKind() == clang::CK_PointerToIntegral) {
    // (uint)p truncates in C; C++ rejects a pointer cast to a narrower
    // integer, so the pointer first becomes a 64-bit integer.
    std::optional<unsigned> close = tokenAt(cast->getRParenLoc());
    if (close && program_.ast.getTypeSize(cast->getType()) <
                     program_.ast.getTypeSize(cast->getSubExpr()->getType()))
      edits_.insertAfter({*close, *close}, "(unsigned long long)");
    return true;
  }
  if (cast->getCastKind() != clang::CK_VectorSplat)
    return true;
  std::optional<unsigned> open = tokenAt(cast->getLParenLoc());
  std::optional<unsigned> close = tokenAt(cast->getRParenLoc());
  const clang::Expr *operand = cast->getSubExprAsWritten();
  std::optional<TokenRange> operand_range = rangeOf(operand);
  if (!open || !close || !operand_range)
    return true;
  std::string type = spell(cast->getTypeAsWritten());
  EditGroup group(edits_);
  // (float4)(x): the parentheses may be a ParenExpr or, for a vector
  // literal, not in the AST at all.
  size_t count = program_.tokens.expanded().size();
  bool written_parentheses = operand_range->first == *close + 2 &&
                             program_.tokens.kind(*close + 1) == clang::tok::l_paren &&
                             operand_range->last + 1 < count &&
                             program_.tokens.kind(operand_range->last + 1) == clang::tok::r_paren;
  if (llvm::isa<clang::ParenExpr>(operand) || written_parentheses) {
    edits_.replace({*open, *close}, type); // (float4)(x) -> clc::float4(x)
  } else {
    edits_.replace({*open, *close}, type + "(");
    edits_.insertAfter(*operand_range, ")");
  }
  markHandled({*open, *close});
  converted("vector literal", program_.tokens.text(*open + 1));
  return true;
}

bool ProgramRewriter::VisitCompoundLiteralExpr(clang::CompoundLiteralExpr *literal) {
  std::optional<unsigned> open = tokenAt(literal->getLParenLoc());
  std::optional<unsigned> initializer = tokenAt(literal->getInitializer()->getBeginLoc());
  if (!open || !initializer || *initializer <= *open)
    return true;
  clang::QualType type = literal->getTypeSourceInfo()->getType();
  if (type->isArrayType()) {
    error(literal->getBeginLoc(), Diagnostic::ArrayCompoundLiteral);
    return true;
  }
  // (float4)(a, b) and (struct S){...} become functional casts: clc::float4(a, b), S{...}.
  TokenRange type_tokens{*open, *initializer - 1};
  edits_.replace(type_tokens, spell(type.getUnqualifiedType()));
  markHandled(type_tokens);
  return true;
}

bool ProgramRewriter::VisitAsTypeExpr(clang::AsTypeExpr *as_type) {
  const clang::Expr *source = as_type->getSrcExpr();
  if (const auto *paren = llvm::dyn_cast<clang::ParenExpr>(source))
    source = paren->getSubExpr(); // as_T(x) is __builtin_astype((x), T)
  std::optional<TokenRange> whole = rangeOf(as_type);
  std::optional<TokenRange> operand = rangeOf(source);
  if (!whole || !operand)
    return true;
  PatternMatch match = asTypePattern(spell(as_type->getType()));
  edits_.restructure(*whole,
                     {{match.cuda + "(", std::nullopt}, {"", *operand}, {")", std::nullopt}});
  useModule(match.pattern->module);
  return true;
}

bool ProgramRewriter::VisitUnaryExprOrTypeTraitExpr(clang::UnaryExprOrTypeTraitExpr *trait) {
  // vec_step, and sizeof/alignof of an image or a sampler: OpenCL's opaque
  // handles (a power of two, as the CTS checks), not the size of their CUDA
  // stand-ins (a 160-byte clc::image_desc).
  const clang::QualType operand = trait->getTypeOfArgument();
  if (trait->getKind() != clang::UETT_VecStep && !operand->isImageType() &&
      !operand->isSamplerT())
    return true;
  clang::Expr::EvalResult value;
  std::optional<TokenRange> range = rangeOf(trait);
  if (range && trait->EvaluateAsInt(value, program_.ast)) {
    edits_.replace(*range, llvm::toString(value.Val.getInt(), 10));
    markHandled(*range);
  }
  return true;
}

bool ProgramRewriter::VisitFloatingLiteral(clang::FloatingLiteral *literal) {
  // -cl-single-precision-constant: Clang converts unsuffixed (double)
  // literals to float; CUDA must see them as float literals.
  if (!options_.single_precision_constant ||
      !literal->getType()->isSpecificBuiltinType(clang::BuiltinType::Double))
    return true;
  std::optional<unsigned> token = tokenAt(literal->getLocation());
  if (!token)
    return true;
  llvm::StringRef text = program_.tokens.text(*token);
  if (!text.empty() && llvm::StringRef("fFlL").find(text.back()) == llvm::StringRef::npos)
    edits_.insertAfter({*token, *token}, "f");
  return true;
}

// --- names ---------------------------------------------------------------------

bool ProgramRewriter::VisitDeclRefExpr(clang::DeclRefExpr *reference) {
  const clang::ValueDecl *decl = reference->getDecl();
  // memory_scope_work_group, memory_order_relaxed...: the library's enumerators.
  if (llvm::isa<clang::EnumConstantDecl>(decl) && !isUser(decl->getLocation())) {
    if (std::optional<unsigned> token = tokenAt(reference->getLocation()))
      edits_.replace({*token, *token}, "clc::" + decl->getNameAsString());
    return true;
  }
  renameAt(reference->getLocation(), decl);
  return true;
}

bool ProgramRewriter::VisitMemberExpr(clang::MemberExpr *member) {
  renameAt(member->getMemberLoc(), member->getMemberDecl());
  return true;
}

bool ProgramRewriter::VisitDesignatedInitExpr(clang::DesignatedInitExpr *designated) {
  for (const clang::DesignatedInitExpr::Designator &designator : designated->designators())
    if (designator.isFieldDesignator() && designator.getField())
      renameAt(designator.getFieldLoc(), designator.getField());
  return true;
}

} // namespace cl2cuda

namespace cl2cuda {

// --- initializer lists ------------------------------------------------------------

// Whether C++ list-initialization would reject this implicit conversion as
// narrowing ([dcl.init.list]); constants that fit are fine.
bool ProgramRewriter::isNarrowing(const clang::ImplicitCastExpr *cast) const {
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
void ProgramRewriter::castInitializer(const clang::Expr *element) {
  const auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(element);
  if (!cast || cast_arguments_.count(cast))
    return;
  if (cast->getCastKind() == clang::CK_VectorSplat) {
    cast_arguments_.insert(cast);
    castTo(cast, withoutAddressSpace(program_.ast, cast->getType()));
  } else if (isNarrowing(cast)) {
    cast_arguments_.insert(cast);
    castTo(cast->getSubExpr(), withoutAddressSpace(program_.ast, cast->getType()));
  }
}

// Every element of a semantic list, and of the lists within it that brace
// elision made (they have no braces, so the visitor never meets them).
void ProgramRewriter::castInitializers(const clang::InitListExpr *semantic) {
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

// The positional form of a designated initializer: the semantic list's
// elements in order, {} for the ones not given.
bool ProgramRewriter::appendPositional(const clang::InitListExpr *semantic,
                                       std::vector<Piece> *pieces) {
  if (const clang::FieldDecl *member = semantic->getInitializedFieldInUnion()) {
    const clang::RecordDecl *record = member->getParent();
    if (record->field_begin() != record->field_end() && *record->field_begin() != member) {
      error(semantic->getBeginLoc(), Diagnostic::UnionMemberDesignator);
      return false;
    }
  }
  unsigned count = semantic->getNumInits();
  while (count > 0 && llvm::isa<clang::ImplicitValueInitExpr>(semantic->getInit(count - 1)))
    --count;
  pieces->push_back({"{", std::nullopt});
  for (unsigned i = 0; i < count; ++i) {
    if (i)
      pieces->push_back({", ", std::nullopt});
    const clang::Expr *element = semantic->getInit(i);
    if (llvm::isa<clang::ImplicitValueInitExpr, clang::NoInitExpr>(element)) {
      pieces->push_back({"{}", std::nullopt});
      continue;
    }
    // A list the designators made up (.a.b = 1) has no braces of its own.
    const auto *nested = llvm::dyn_cast<clang::InitListExpr>(element);
    std::optional<unsigned> brace = nested ? tokenAt(nested->getLBraceLoc()) : std::nullopt;
    if (nested && (!brace || program_.tokens.kind(*brace) != clang::tok::l_brace)) {
      if (!appendPositional(nested, pieces))
        return false;
      continue;
    }
    castInitializer(element);
    std::optional<TokenRange> range = rangeOf(element);
    if (!range)
      return false;
    pieces->push_back({"", *range});
  }
  pieces->push_back({"}", std::nullopt});
  return true;
}

namespace {

// Every expression and list a semantic initializer list uses, under any
// conversion, with the syntactic form of each list.
void collectUsedInitializers(const clang::InitListExpr *semantic,
                             llvm::SmallPtrSetImpl<const clang::Expr *> &used) {
  used.insert(semantic);
  if (const clang::InitListExpr *syntactic = semantic->getSyntacticForm())
    used.insert(syntactic);
  for (const clang::Expr *element : semantic->inits()) {
    used.insert(element);
    used.insert(element->IgnoreImplicit());
    if (const auto *nested = llvm::dyn_cast<clang::InitListExpr>(element->IgnoreImplicit()))
      collectUsedInitializers(nested, used);
  }
}

} // namespace

// Initializers past the end of what they initialize (int a[2] = {1, 2, 3}):
// C drops them, with Clang's warning; C++ rejects them. They are always the
// list's last ones.
void ProgramRewriter::dropExcessInitializers(const clang::InitListExpr *syntactic,
                                             const clang::InitListExpr *semantic) {
  llvm::SmallPtrSet<const clang::Expr *, 32> used;
  collectUsedInitializers(semantic, used);
  const unsigned count = syntactic->getNumInits();
  unsigned first = count;
  for (unsigned i = 0; i < count && first == count; ++i)
    if (!used.count(syntactic->getInit(i)))
      first = i;
  if (first == count)
    return;
  std::optional<TokenRange> excess = rangeOf(syntactic->getInit(first));
  std::optional<TokenRange> last = rangeOf(syntactic->getInit(count - 1));
  if (!excess || !last)
    return;
  // From the comma before the first excess initializer to the end of the last.
  unsigned begin = excess->first;
  if (first > 0 && begin > 0 && program_.tokens.kind(begin - 1) == clang::tok::comma)
    --begin;
  edits_.remove({begin, last->last});
}

bool ProgramRewriter::VisitInitListExpr(clang::InitListExpr *list) {
  // Vector literals become constructor calls, which convert their arguments.
  if (list->getType()->isVectorType())
    return true;
  bool designated = llvm::any_of(list->inits(), [](const clang::Expr *element) {
    return llvm::isa<clang::DesignatedInitExpr>(element);
  });
  const clang::InitListExpr *semantic = list->isSemanticForm() ? list : list->getSemanticForm();
  if (!designated || !semantic) {
    if (semantic && semantic != list)
      dropExcessInitializers(list, semantic);
    castInitializers(semantic ? semantic : list);
    return true;
  }
  std::optional<TokenRange> range = rangeOf(list);
  std::vector<Piece> pieces;
  if (range && appendPositional(semantic, &pieces))
    edits_.restructure(*range, pieces);
  return true;
}

} // namespace cl2cuda
