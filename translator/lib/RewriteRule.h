// What the rewrite's parts share, and the base they build on. The rewrite
// is one walk (ProgramRewriter, RewriterImpl.h) that hands each node to the
// part that owns the feature; each part (a RewriteRule) keeps its own state
// and reaches the shared services here: the program and its tokens, the
// edit list, diagnostics and statistics, names, types and the call analysis.
#pragma once

#include "Diagnostics.h"
#include "ProgramCalls.h"
#include "ProgramNames.h"
#include "Rewriter.h"
#include "TypeNames.h"

#include <llvm/ADT/DenseSet.h>

namespace cl2cuda {

// One per rewrite; the rules hold references to it.
struct RewriteContext {
  RewriteContext(ParsedProgram &program, const BuildOptions &options, RewriteOutput &output,
                 llvm::function_ref<bool(const clang::FunctionDecl *)> keeps_dynamic_locals);

  ParsedProgram &program;
  const BuildOptions &options;
  RewriteOutput &output;
  ProgramNames names;
  TypeSpeller types;
  ProgramCalls calls;
  // Tokens an edit has taken: later rules leave them alone.
  llvm::DenseSet<unsigned> handled_tokens;
  // The function whose declaration the walk is in.
  const clang::FunctionDecl *function = nullptr;
  // A location reports one diagnostic, however many rules meet it.
  llvm::DenseSet<unsigned> reported_locations;
};

class RewriteRule {
protected:
  explicit RewriteRule(RewriteContext &context);

  std::optional<unsigned> tokenAt(clang::SourceLocation location) const {
    return program_.tokens.indexOf(location);
  }
  std::optional<TokenRange> rangeOf(clang::SourceRange range) const {
    return program_.tokens.rangeOf(range);
  }
  // An expression's tokens, with the ')' of a vector literal it ends with:
  // Clang's range of (int4)(1) ends at the 1, its parentheses not being in
  // the AST.
  std::optional<TokenRange> rangeOf(const clang::Stmt *statement) const;
  bool isUser(clang::SourceLocation location) const { return program_.isUserLocation(location); }
  void error(clang::SourceLocation location, Diagnostic diagnostic,
             std::initializer_list<std::string> arguments = {});
  // Counts a construct converted, for cl2cuda --stats: kind "builtin", name "sqrt".
  void converted(llvm::StringRef kind, llvm::StringRef name);
  void useModule(llvm::StringRef module);
  void markHandled(TokenRange range);
  // The CUDA spelling of an OpenCL-side type.
  std::string spell(clang::QualType type, const std::string &declarator = "") const {
    return types_.spell(type, declarator);
  }
  // Whether `expression` needs parentheses to be the operand of a cast.
  static bool needsParentheses(const clang::Expr *expression);
  std::string indentationOf(clang::SourceLocation location) const;
  // The name of `decl` at `location` as the output spells it (renames,
  // called kernels' bodies).
  void renameAt(clang::SourceLocation location, const clang::NamedDecl *decl);

  RewriteContext &context_;
  ParsedProgram &program_;
  const BuildOptions &options_;
  RewriteOutput &output_;
  EditList &edits_;
  ProgramNames &names_;
  const TypeSpeller &types_;
  const ProgramCalls &calls_;
  llvm::DenseSet<unsigned> &handled_tokens_;
};

} // namespace cl2cuda
