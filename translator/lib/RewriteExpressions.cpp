// The expression half of ProgramRewriter's walk: calls (builtins to
// BuiltinCallRule), vectors (swizzles to SwizzleRule), conversions
// (ConversionRule), casts, literals, initializer lists.
#include "RewriterImpl.h"

#include "Tables.h"

#include <clang/AST/Attr.h>
#include <clang/AST/ParentMapContext.h>

namespace cl2cuda {

// --- calls -------------------------------------------------------------------

bool ProgramRewriter::VisitCallExpr(clang::CallExpr *call) {
  const clang::FunctionDecl *callee = call->getDirectCallee();
  if (!callee)
    return true;
  if (isBuiltinFunction(program_, callee)) {
    builtin_calls_.rewrite(call, callee);
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
  asm_immediates_.rewriteCall(call, callee);
  if (calls_.needsNdrange(callee)) {
    if (std::optional<unsigned> close = tokenAt(call->getRParenLoc()))
      edits_.insertBefore({*close, *close}, call->getNumArgs() ? ", clc_ndrange" : "clc_ndrange",
                          calls_.needsNdrangeWhenReadable(callee) ? kBothModes : kCompileMode);
  }
  return true;
}

bool ProgramRewriter::VisitGCCAsmStmt(clang::GCCAsmStmt *statement) {
  asm_immediates_.rewriteStatement(statement);
  return true;
}

// --- vectors -------------------------------------------------------------------

bool ProgramRewriter::VisitExtVectorElementExpr(clang::ExtVectorElementExpr *access) {
  swizzles_.rewrite(access);
  return true;
}

bool ProgramRewriter::VisitBinaryOperator(clang::BinaryOperator *binary) {
  if (binary->isAssignmentOp())
    swizzles_.noteWritten(binary->getLHS());
  conversions_.noteOperands(binary);

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
    swizzles_.noteWritten(unary->getSubExpr());
  return true;
}

// OpenCL C's vector `c ? a : b`, select(b, a, c) (each piece the tokens of
// an operand, or text standing for one).
std::vector<Piece> ProgramRewriter::selectCall(Piece otherwise, Piece chosen, Piece condition) {
  useModule(findBuiltin("select")->module);
  return {
      {"clc::select(", std::nullopt}, std::move(otherwise), {", ", std::nullopt}, std::move(chosen),
      {", ", std::nullopt},           std::move(condition), {")", std::nullopt}};
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
  edits_.restructure(*whole, selectCall({"", otherwise}, {"", chosen}, {"", condition}));
  return true;
}

bool ProgramRewriter::VisitBinaryConditionalOperator(
    clang::BinaryConditionalOperator *conditional) {
  // GNU's `a ?: b`, which Clang takes and NVRTC does not: `(a) ? (a) : (b)`,
  // for a vector `a` select(b, a, a), when `a` has no side effects; else a
  // lambda that evaluates it once.
  const clang::Expr *common = conditional->getCommon();
  const bool vector = common->getType()->isVectorType();
  std::optional<TokenRange> whole = rangeOf(conditional);
  std::optional<TokenRange> tested = rangeOf(common);
  std::optional<TokenRange> otherwise = rangeOf(conditional->getFalseExpr());
  if (!whole || !tested || !otherwise)
    return true;
  converted("GNU extension", "binary conditional");
  if (!common->HasSideEffects(program_.ast)) {
    edits_.restructure(*whole, vector ? selectCall({"", otherwise}, {"", tested}, {"", tested})
                                      : std::vector<Piece>{{"((", std::nullopt},
                                                           {"", tested},
                                                           {") ? (", std::nullopt},
                                                           {"", tested},
                                                           {") : (", std::nullopt},
                                                           {"", otherwise},
                                                           {"))", std::nullopt}});
    return true;
  }
  std::vector<Piece> pieces = {{"[&]() { auto clc_tested = (", std::nullopt}, {"", tested}};
  if (vector) {
    pieces.push_back({"); return ", std::nullopt});
    const std::vector<Piece> call =
        selectCall({"", otherwise}, {"clc_tested", std::nullopt}, {"clc_tested", std::nullopt});
    pieces.insert(pieces.end(), call.begin(), call.end());
    pieces.push_back({"; }()", std::nullopt});
  } else {
    pieces.insert(pieces.end(), {{"); return clc_tested ? clc_tested : (", std::nullopt},
                                 {"", otherwise},
                                 {"); }()", std::nullopt}});
  }
  edits_.restructure(*whole, std::move(pieces));
  return true;
}

bool ProgramRewriter::VisitImplicitCastExpr(clang::ImplicitCastExpr *cast) {
  conversions_.rewriteImplicitCast(cast);
  return true;
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

namespace {

void collectLabels(const clang::Stmt *statement, llvm::DenseSet<const clang::LabelDecl *> &labels) {
  if (!statement)
    return;
  if (const auto *label = llvm::dyn_cast<clang::LabelStmt>(statement))
    labels.insert(label->getDecl());
  for (const clang::Stmt *child : statement->children())
    collectLabels(child, labels);
}

// Whether `statement` leaves the statement expression it is in other than
// by its end: a return, a goto to a label outside, a break or continue of
// no loop or switch inside.
bool jumpsOut(const clang::Stmt *statement, bool in_loop, bool in_switch,
              const llvm::DenseSet<const clang::LabelDecl *> &labels) {
  if (!statement)
    return false;
  if (llvm::isa<clang::ReturnStmt>(statement) || llvm::isa<clang::IndirectGotoStmt>(statement))
    return true;
  if (const auto *jump = llvm::dyn_cast<clang::GotoStmt>(statement))
    return !labels.count(jump->getLabel());
  if (llvm::isa<clang::BreakStmt>(statement))
    return !in_loop && !in_switch;
  if (llvm::isa<clang::ContinueStmt>(statement))
    return !in_loop;
  const bool loop = llvm::isa<clang::ForStmt>(statement) ||
                    llvm::isa<clang::WhileStmt>(statement) || llvm::isa<clang::DoStmt>(statement);
  const bool switch_statement = llvm::isa<clang::SwitchStmt>(statement);
  for (const clang::Stmt *child : statement->children())
    if (jumpsOut(child, in_loop || loop, in_switch || switch_statement, labels))
      return true;
  return false;
}

// Whether the value of `expression` is discarded: it stands as a statement
// (in a block, or as the body of an if, a loop or a label).
bool valueDiscarded(clang::ASTContext &ast, const clang::Expr *expression) {
  clang::DynTypedNodeList parents = ast.getParents(*expression);
  if (parents.empty())
    return false;
  const auto *parent = parents[0].get<clang::Stmt>();
  if (!parent || llvm::isa<clang::Expr>(parent))
    return false;
  if (const auto *branch = llvm::dyn_cast<clang::IfStmt>(parent))
    return branch->getThen() == expression || branch->getElse() == expression;
  if (const auto *loop = llvm::dyn_cast<clang::ForStmt>(parent))
    return loop->getBody() == expression || loop->getInit() == expression ||
           loop->getInc() == expression;
  if (const auto *loop = llvm::dyn_cast<clang::WhileStmt>(parent))
    return loop->getBody() == expression;
  if (const auto *loop = llvm::dyn_cast<clang::DoStmt>(parent))
    return loop->getBody() == expression;
  if (llvm::isa<clang::SwitchStmt>(parent) || llvm::isa<clang::ReturnStmt>(parent))
    return false;
  // The last statement of a statement expression is that expression's value.
  if (const auto *block = llvm::dyn_cast<clang::CompoundStmt>(parent);
      block && !block->body_empty() && block->body_back() == expression) {
    clang::DynTypedNodeList outer = ast.getParents(*block);
    if (!outer.empty() && outer[0].get<clang::StmtExpr>())
      return false;
  }
  return true; // a block, a label, a case
}

} // namespace

// GNU statement expressions, `({ ...; value; })`, which Clang takes in
// OpenCL C and NVRTC does not: a block where the value is discarded, else
// a lambda called at once, `[&]() -> T { ...; return value; }()`.
bool ProgramRewriter::VisitStmtExpr(clang::StmtExpr *expression) {
  std::optional<unsigned> open = tokenAt(expression->getLParenLoc());
  std::optional<unsigned> close = tokenAt(expression->getRParenLoc());
  const clang::CompoundStmt *body = expression->getSubStmt();
  if (!open || !close || !body)
    return true;
  if (valueDiscarded(program_.ast, expression)) {
    edits_.remove({*open, *open});
    edits_.remove({*close, *close});
    converted("statement expression", "block");
    return true;
  }
  llvm::DenseSet<const clang::LabelDecl *> labels;
  collectLabels(body, labels);
  if (jumpsOut(body, false, false, labels)) {
    error(expression->getBeginLoc(), Diagnostic::StatementExpressionJump);
    return true;
  }
  const clang::QualType type = expression->getType();
  edits_.replace({*open, *open}, "[&]() -> " + spell(type.getUnqualifiedType()) + " ");
  edits_.replace({*close, *close}, "()");
  // `return` goes after the token before the value (the `;` or `{` before
  // it), which no rule rewrites: the value's own first token may be
  // replaced or restructured by another rule (a compound literal's type, a
  // swizzle's object).
  if (!type->isVoidType() && !body->body_empty())
    if (const auto *value = llvm::dyn_cast<clang::Expr>(body->body_back()))
      if (std::optional<unsigned> first = tokenAt(value->getBeginLoc()); first && *first > 0)
        edits_.insertAfter({*first - 1, *first - 1}, " return");
  converted("statement expression", "lambda");
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
  std::optional<unsigned> token = tokenAt(literal->getLocation());
  if (!token)
    return true;
  llvm::StringRef text = program_.tokens.text(*token);
  // 1.5h: C++ has no half literal; the double literal converts exactly once.
  if (literal->getType()->isHalfType() && (text.endswith("h") || text.endswith("H"))) {
    edits_.replace({*token, *token},
                   std::string(findScalarType("half")->cuda) + "(" + text.drop_back().str() + ")");
    return true;
  }
  // -cl-single-precision-constant: Clang converts unsuffixed (double)
  // literals to float; CUDA must see them as float literals.
  if (!options_.single_precision_constant ||
      !literal->getType()->isSpecificBuiltinType(clang::BuiltinType::Double))
    return true;
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

// --- initializer lists ------------------------------------------------------------

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
    conversions_.castInitializer(element);
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
    conversions_.castInitializers(semantic ? semantic : list);
    return true;
  }
  std::optional<TokenRange> range = rangeOf(list);
  std::vector<Piece> pieces;
  if (range && appendPositional(semantic, &pieces))
    edits_.restructure(*range, pieces);
  return true;
}

} // namespace cl2cuda
