#include "RewriteRule.h"

#include "Tables.h"

#include <clang/Basic/SourceManager.h>

namespace cl2cuda {

RewriteContext::RewriteContext(
    ParsedProgram &program, const BuildOptions &options, RewriteOutput &output,
    llvm::function_ref<bool(const clang::FunctionDecl *)> keeps_dynamic_locals)
    : program(program), options(options), output(output), names(program),
      types(program.ast, names.renames()), calls(program, options, keeps_dynamic_locals) {}

RewriteRule::RewriteRule(RewriteContext &context)
    : context_(context), program_(context.program), options_(context.options),
      output_(context.output), edits_(context.output.edits), names_(context.names),
      types_(context.types), calls_(context.calls), handled_tokens_(context.handled_tokens) {}

std::optional<TokenRange> RewriteRule::rangeOf(const clang::Stmt *statement) const {
  if (!statement)
    return std::nullopt;
  std::optional<TokenRange> range = rangeOf(statement->getSourceRange());
  const std::size_t count = program_.tokens.expanded().size();
  // Only a ')' right after the range can be the literal's: most ranges end
  // here, without a count of their tokens (nested expressions ask again).
  if (!range || range->last + 1 >= count ||
      program_.tokens.kind(range->last + 1) != clang::tok::r_paren)
    return range;
  int open = 0;
  for (unsigned i = range->first; i <= range->last; ++i) {
    const clang::tok::TokenKind kind = program_.tokens.kind(i);
    open += kind == clang::tok::l_paren ? 1 : kind == clang::tok::r_paren ? -1 : 0;
  }
  while (open > 0 && range->last + 1 < count &&
         program_.tokens.kind(range->last + 1) == clang::tok::r_paren) {
    ++range->last;
    --open;
  }
  return range;
}

void RewriteRule::error(clang::SourceLocation location, Diagnostic diagnostic,
                            std::initializer_list<std::string> arguments) {
  if (!context_.reported_locations.insert(location.getRawEncoding()).second)
    return;
  report(program_.diagnostics, location, diagnostic, arguments);
  ++output_.refusals[diagnosticTable()[static_cast<std::size_t>(diagnostic)].id];
}

void RewriteRule::converted(llvm::StringRef kind, llvm::StringRef name) {
  ++output_.conversions[(kind + " " + name).str()];
}

void RewriteRule::useModule(llvm::StringRef module) {
  if (!module.empty() && module != kCoreModule)
    output_.modules.insert(module.str());
}

void RewriteRule::markHandled(TokenRange range) {
  for (unsigned i = range.first; i <= range.last; ++i)
    handled_tokens_.insert(i);
}

std::string RewriteRule::indentationOf(clang::SourceLocation location) const {
  unsigned column =
      program_.sources.getPresumedColumnNumber(program_.sources.getExpansionLoc(location));
  return std::string(column > 1 ? column - 1 : 0, ' ');
}

bool RewriteRule::needsParentheses(const clang::Expr *expression) {
  expression = expression->IgnoreImplicit();
  return llvm::isa<clang::BinaryOperator, clang::AbstractConditionalOperator>(expression);
}

void RewriteRule::renameAt(clang::SourceLocation location, const clang::NamedDecl *decl) {
  std::string name;
  if (const auto *function = llvm::dyn_cast<clang::FunctionDecl>(decl);
      function && isKernel(function) && calls_.isCalledKernel(function))
    name = types_.nameOf(decl) + "_body";
  else if (names_.isRenamed(decl))
    name = types_.nameOf(decl);
  else
    return;
  std::optional<unsigned> token = tokenAt(location);
  if (!token || program_.tokens.text(*token) != decl->getName() || handled_tokens_.count(*token))
    return;
  edits_.replace({*token, *token}, name);
  handled_tokens_.insert(*token);
}

} // namespace cl2cuda
