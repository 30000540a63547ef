// The rewriter's visitor, shared by Rewriter.cpp (declarations, types,
// tokens) and RewriteExpressions.cpp (expressions).
#pragma once

#include "Diagnostics.h"
#include "ProgramCalls.h"
#include "ProgramNames.h"
#include "Rewriter.h"
#include "TypeNames.h"

#include <clang/AST/RecursiveASTVisitor.h>

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/SmallPtrSet.h>

#include <map>

namespace cl2cuda {

// Where a declared entity lives, which decides what its own address-space
// keyword becomes. DynamicSharedMemory: a kernel's __local variable past
// CUDA's static shared memory (LocalVariables.cpp).
enum class Placement { Other, FunctionScope, ProgramScope, DynamicSharedMemory };

class ProgramRewriter : public clang::RecursiveASTVisitor<ProgramRewriter> {
public:
  ProgramRewriter(ParsedProgram &program, const BuildOptions &options, RewriteOutput &output);
  void run();

  bool shouldVisitImplicitCode() const { return false; }
  bool TraverseDecl(clang::Decl *decl);

  // Declarations (Rewriter.cpp)
  bool VisitFunctionDecl(clang::FunctionDecl *function);
  bool VisitVarDecl(clang::VarDecl *variable);
  bool VisitFieldDecl(clang::FieldDecl *field);
  bool VisitTypedefNameDecl(clang::TypedefNameDecl *typedef_decl);
  bool VisitNamedDecl(clang::NamedDecl *decl);
  bool VisitTypedefTypeLoc(clang::TypedefTypeLoc type);
  bool VisitBuiltinTypeLoc(clang::BuiltinTypeLoc type);
  bool VisitTagTypeLoc(clang::TagTypeLoc type);
  bool VisitPipeTypeLoc(clang::PipeTypeLoc type);
  bool VisitAtomicTypeLoc(clang::AtomicTypeLoc type);
  bool VisitBlockPointerTypeLoc(clang::BlockPointerTypeLoc type);
  bool VisitAttributedStmt(clang::AttributedStmt *statement);
  bool VisitBlockExpr(clang::BlockExpr *block);
  bool VisitGotoStmt(clang::GotoStmt *statement);
  bool VisitLabelStmt(clang::LabelStmt *statement);

  // Expressions (RewriteExpressions.cpp)
  bool VisitCallExpr(clang::CallExpr *call);
  bool VisitExtVectorElementExpr(clang::ExtVectorElementExpr *access);
  bool VisitBinaryOperator(clang::BinaryOperator *binary);
  bool VisitUnaryOperator(clang::UnaryOperator *unary);
  bool VisitConditionalOperator(clang::ConditionalOperator *conditional);
  bool VisitImplicitCastExpr(clang::ImplicitCastExpr *cast);
  bool VisitCStyleCastExpr(clang::CStyleCastExpr *cast);
  bool VisitCompoundLiteralExpr(clang::CompoundLiteralExpr *literal);
  bool VisitAsTypeExpr(clang::AsTypeExpr *as_type);
  bool VisitUnaryExprOrTypeTraitExpr(clang::UnaryExprOrTypeTraitExpr *trait);
  bool VisitFloatingLiteral(clang::FloatingLiteral *literal);
  bool VisitDeclRefExpr(clang::DeclRefExpr *reference);
  bool VisitMemberExpr(clang::MemberExpr *member);
  bool VisitDesignatedInitExpr(clang::DesignatedInitExpr *designated);
  bool VisitInitListExpr(clang::InitListExpr *list);

  // Statements (StoreRuns.cpp)
  bool VisitCompoundStmt(clang::CompoundStmt *block);

private:
  // --- declarations (Rewriter.cpp) ---
  // A helper function of a whole program, declared without a storage class:
  // compile mode gives it internal linkage (qualifiers.def, InternalHelperFunction).
  bool mayBeInternal(const clang::FunctionDecl *function) const;
  void rewriteKernelAttributes(const clang::FunctionDecl *function, TokenRange declaration,
                               std::string *launch_bounds);
  void rewriteParameters(const clang::FunctionDecl *function, bool kernel_entry);
  void addHiddenParameter(const clang::FunctionDecl *function, const std::string &parameter);
  void addKernelWrapper(const clang::FunctionDecl *function, const std::string &launch_bounds);
  void recordKernelMetadata(const clang::FunctionDecl *function);

  // --- kernel-scope __local variables (LocalVariables.cpp) ---
  // Lays out the kernel's __local variables in dynamic shared memory when
  // they exceed static shared memory; returns the bytes they take there (0:
  // they stay __shared__).
  uint32_t planLocalVariables(const clang::FunctionDecl *kernel);
  struct LocalLayout {
    std::vector<std::pair<const clang::VarDecl *, uint64_t>> offsets;
    uint64_t bytes = 0;
    bool exceedsStaticSharedMemory() const;
  };
  LocalLayout layOutLocalVariables(const clang::FunctionDecl *kernel) const;
  void declareInDynamicSharedMemory(const clang::VarDecl *variable, uint64_t offset);
  // Rewrites the address-space keywords among a declaration's type tokens;
  // returns whether one qualified the declared object itself.
  bool rewriteAddressSpaceTokens(TokenRange tokens, clang::QualType type, Placement placement,
                                 bool is_static);
  bool rewriteAddressSpaces(const clang::DeclaratorDecl *decl, clang::SourceLocation name,
                            Placement placement);
  void finishTokens();
  std::optional<TokenRange> attributeTokens(const clang::Attr *attribute) const;
  std::optional<TokenRange> declarationTokens(const clang::Decl *decl) const;
  void renameAt(clang::SourceLocation location, const clang::NamedDecl *decl);

  // --- expressions (RewriteExpressions.cpp) ---
  void rewriteBuiltinCall(clang::CallExpr *call, const clang::FunctionDecl *callee);
  void rewritePrintf(clang::CallExpr *call);
  void castConvertedArguments(clang::CallExpr *call, const clang::FunctionDecl *callee);
  // Whether the builtin's overloads of this arity take different types at
  // parameter `index`.
  bool overloadsDifferAt(const clang::FunctionDecl *callee, unsigned index);
  void castTo(const clang::Expr *expression, clang::QualType type);
  bool isUnderArithmeticOperator(const clang::Expr *expression) const;
  bool isNarrowing(const clang::ImplicitCastExpr *cast) const;
  void castInitializer(const clang::Expr *element);
  void castInitializers(const clang::InitListExpr *semantic);
  void dropExcessInitializers(const clang::InitListExpr *syntactic,
                              const clang::InitListExpr *semantic);
  bool appendPositional(const clang::InitListExpr *semantic, std::vector<Piece> *pieces);

  // --- helpers ---
  std::optional<unsigned> tokenAt(clang::SourceLocation location) const {
    return program_.tokens.indexOf(location);
  }
  std::optional<TokenRange> rangeOf(clang::SourceRange range) const {
    return program_.tokens.rangeOf(range);
  }
  std::optional<TokenRange> rangeOf(const clang::Stmt *statement) const {
    return statement ? rangeOf(statement->getSourceRange()) : std::nullopt;
  }
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
  // `pragma` as a line of its own before `statement`.
  std::string pragmaLine(const std::string &pragma, const clang::Stmt *statement) const;

  ParsedProgram &program_;
  const BuildOptions &options_;
  RewriteOutput &output_;
  EditList &edits_;
  ProgramNames names_;
  TypeSpeller types_;
  ProgramCalls calls_;

  llvm::DenseSet<unsigned> handled_tokens_;
  llvm::DenseMap<unsigned, std::string> keyword_choice_; // address-space token -> CUDA text
  llvm::SmallPtrSet<const clang::Expr *, 16> lvalue_swizzles_;
  llvm::SmallPtrSet<const clang::Expr *, 16> folded_swizzles_;
  llvm::SmallPtrSet<const clang::Expr *, 16> cast_arguments_;
  llvm::SmallPtrSet<const clang::Expr *, 32> arithmetic_operands_;
  llvm::DenseSet<unsigned> reported_locations_;
  llvm::DenseSet<unsigned> prefixed_tokens_; // declarations given a __device__ prefix
  llvm::DenseMap<const clang::VarDecl *, uint64_t> dynamic_local_offsets_;
  std::map<std::pair<std::string, unsigned>, bool> overloads_differ_;
};

} // namespace cl2cuda
