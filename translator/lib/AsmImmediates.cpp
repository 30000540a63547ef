#include "AsmImmediates.h"

#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

namespace cl2cuda {
namespace {

// The parameter an asm input operand names, or nullptr.
const clang::ParmVarDecl *namedParameter(const clang::Expr *operand) {
  const auto *reference = llvm::dyn_cast<clang::DeclRefExpr>(operand->IgnoreParenImpCasts());
  return reference ? llvm::dyn_cast<clang::ParmVarDecl>(reference->getDecl()) : nullptr;
}

// Calls `visit` with every inline PTX statement in `statement`.
template <class Visit> void forEachAsm(const clang::Stmt *statement, Visit &&visit) {
  if (!statement)
    return;
  if (const auto *assembly = llvm::dyn_cast<clang::GCCAsmStmt>(statement))
    visit(assembly);
  for (const clang::Stmt *child : statement->children())
    forEachAsm(child, visit);
}

bool isImmediate(llvm::StringRef constraint) { return constraint.contains('i'); }

} // namespace

std::optional<unsigned> AsmImmediateRule::immediateParameter(const clang::FunctionDecl *function) {
  const clang::FunctionDecl *canonical = function->getCanonicalDecl();
  if (auto known = immediates_.find(canonical); known != immediates_.end())
    return known->second;
  std::optional<unsigned> found;
  if (const clang::FunctionDecl *definition = function->getDefinition())
    forEachAsm(definition->getBody(), [&](const clang::GCCAsmStmt *assembly) {
      for (unsigned i = 0; i < assembly->getNumInputs() && !found; ++i)
        if (isImmediate(assembly->getInputConstraint(i)))
          if (const clang::ParmVarDecl *parameter = namedParameter(assembly->getInputExpr(i)))
            found = parameter->getFunctionScopeIndex();
    });
  immediates_[canonical] = found;
  return found;
}

void AsmImmediateRule::rewriteDeclaration(const clang::FunctionDecl *function,
                                          TokenRange declaration) {
  const std::optional<unsigned> index = immediateParameter(function);
  if (!index || *index >= function->getNumParams() || function->hasAttr<clang::OpenCLKernelAttr>())
    return;
  const clang::ParmVarDecl *parameter = function->getParamDecl(*index);
  std::optional<TokenRange> tokens = rangeOf(parameter->getSourceRange());
  if (!tokens)
    return;
  // The parameter and the comma that joins it to the list.
  if (*index > 0 && program_.tokens.kind(tokens->first - 1) == clang::tok::comma)
    --tokens->first;
  else if (function->getNumParams() > 1 &&
           program_.tokens.kind(tokens->last + 1) == clang::tok::comma)
    ++tokens->last;
  // A prototype's parameter may have no name: the definition's names it.
  const clang::ParmVarDecl *named =
      function->getDefinition() ? function->getDefinition()->getParamDecl(*index) : parameter;
  edits_.insertBefore(
      declaration,
      "template <" + spell(parameter->getType().getUnqualifiedType(), types_.nameOf(named)) + "> ");
  edits_.remove(*tokens);
  markHandled(*tokens);
  converted("inline PTX", "immediate operand parameter");
}

void AsmImmediateRule::rewriteStatement(const clang::GCCAsmStmt *statement) {
  const clang::FunctionDecl *function = context_.function;
  for (unsigned i = 0; i < statement->getNumInputs(); ++i) {
    if (!isImmediate(statement->getInputConstraint(i)))
      continue;
    const clang::Expr *operand = statement->getInputExpr(i);
    const clang::ParmVarDecl *parameter = namedParameter(operand);
    const bool constant = operand->isIntegerConstantExpr(program_.ast);
    const std::optional<unsigned> own = function ? immediateParameter(function) : std::nullopt;
    const bool templated = parameter && own && *own == parameter->getFunctionScopeIndex() &&
                           !function->hasAttr<clang::OpenCLKernelAttr>();
    if (!constant && !templated) {
      error(
          operand->getBeginLoc(), Diagnostic::AsmImmediate,
          {parameter ? "a second immediate parameter, or a kernel's" : "this operand is neither"});
      continue;
    }
    const clang::StringLiteral *literal = statement->getInputConstraintLiteral(i);
    std::optional<unsigned> token = tokenAt(literal->getBeginLoc());
    if (!token)
      continue;
    std::string spelled = program_.tokens.text(*token).str();
    std::replace(spelled.begin(), spelled.end(), 'i', 'n');
    edits_.replace({*token, *token}, spelled);
    markHandled({*token, *token});
  }
}

bool AsmImmediateRule::rewriteCall(const clang::CallExpr *call, const clang::FunctionDecl *callee) {
  const std::optional<unsigned> index = immediateParameter(callee);
  if (!index || *index >= call->getNumArgs() || callee->hasAttr<clang::OpenCLKernelAttr>())
    return false;
  const clang::Expr *immediate = call->getArg(*index);
  if (!immediate->isIntegerConstantExpr(program_.ast)) {
    error(immediate->getBeginLoc(), Diagnostic::AsmImmediate,
          {"the call passes '" + callee->getNameAsString() + "' a value that is not constant"});
    return true;
  }
  // callee<immediate>(the other arguments), up to the last argument: what
  // follows it (the NDRange argument, the parenthesis) stays as it is.
  std::optional<TokenRange> name = rangeOf(call->getCallee());
  std::optional<TokenRange> last = rangeOf(call->getArg(call->getNumArgs() - 1));
  std::optional<TokenRange> value = rangeOf(immediate);
  if (!name || !last || !value)
    return true;
  // The argument converts to the parameter's type as C converts it; C++
  // refuses a template argument that narrows (byte_at(-1, x) for a uint),
  // so a value the type cannot hold is cast (found by a mutation run).
  const std::optional<llvm::APSInt> as_passed = immediate->getIntegerConstantExpr(program_.ast);
  const std::optional<llvm::APSInt> as_written =
      immediate->IgnoreParenImpCasts()->getIntegerConstantExpr(program_.ast);
  const std::string cast =
      as_passed && as_written && !llvm::APSInt::isSameValue(*as_passed, *as_written)
          ? "(" + spell(callee->getParamDecl(*index)->getType().getUnqualifiedType()) + ")"
          : "";
  std::vector<Piece> pieces = {{"", name},
                               {"<" + cast + (cast.empty() ? "" : "("), std::nullopt},
                               {"", value},
                               {cast.empty() ? ">(" : ")>(", std::nullopt}};
  bool first = true;
  for (unsigned i = 0; i < call->getNumArgs(); ++i) {
    if (i == *index)
      continue;
    if (!first)
      pieces.push_back({", ", std::nullopt});
    first = false;
    std::optional<TokenRange> argument = rangeOf(call->getArg(i));
    if (!argument)
      return true;
    pieces.push_back({"", argument});
  }
  edits_.restructure({name->first, last->last}, std::move(pieces));
  return true;
}

} // namespace cl2cuda
