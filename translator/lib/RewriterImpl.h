// The rewriter's walk, shared by Rewriter.cpp (declarations, types,
// tokens) and RewriteExpressions.cpp (expressions); it hands features with
// state of their own to their rules (RewriteRule.h).
#pragma once

#include "AddressSpaces.h"
#include "AsmImmediates.h"
#include "BuiltinCalls.h"
#include "Conversions.h"
#include "KernelInterface.h"
#include "LocalVariables.h"
#include "RewriteRule.h"
#include "Swizzles.h"

#include <clang/AST/RecursiveASTVisitor.h>

#include <llvm/ADT/DenseSet.h>

namespace cl2cuda {

class ProgramRewriter : public clang::RecursiveASTVisitor<ProgramRewriter>, private RewriteRule {
public:
  explicit ProgramRewriter(RewriteContext &context);
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
  bool VisitBinaryConditionalOperator(clang::BinaryConditionalOperator *conditional);
  std::vector<Piece> selectCall(Piece otherwise, Piece chosen, Piece condition);
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
  bool VisitStmtExpr(clang::StmtExpr *expression);
  bool VisitGCCAsmStmt(clang::GCCAsmStmt *statement);

  // Statements (StoreRuns.cpp)
  bool VisitCompoundStmt(clang::CompoundStmt *block);

private:
  // --- declarations (Rewriter.cpp) ---
  // A helper function of a whole program, declared without a storage class:
  // compile mode gives it internal linkage (qualifiers.def, InternalHelperFunction).
  bool mayBeInternal(const clang::FunctionDecl *function) const;
  void rewriteKernelAttributes(const clang::FunctionDecl *function, TokenRange declaration,
                               std::string *launch_bounds);
  // `local_bytes`: the kernel's __local variables in dynamic shared memory.
  void rewriteParameters(const clang::FunctionDecl *function, bool kernel_entry,
                         uint64_t local_bytes);
  void addHiddenParameter(const clang::FunctionDecl *function, const std::string &parameter,
                          unsigned modes);
  void addKernelWrapper(const clang::FunctionDecl *function, const std::string &launch_bounds);
  void recordKernelMetadata(const clang::FunctionDecl *function, uint32_t local_bytes);
  void initializeConstObject(const clang::VarDecl *variable, clang::QualType object);

  std::optional<TokenRange> attributeTokens(const clang::Attr *attribute) const;
  std::optional<TokenRange> declarationTokens(const clang::Decl *decl) const;

  // --- tokens no declaration claimed (Rewriter.cpp) ---
  void dropRepeatedSpecifier(clang::SourceLocation repeat);
  void finishTokens();

  // --- initializer lists (RewriteExpressions.cpp) ---
  void dropExcessInitializers(const clang::InitListExpr *syntactic,
                              const clang::InitListExpr *semantic);
  bool appendPositional(const clang::InitListExpr *semantic, std::vector<Piece> *pieces);

  // --- statements (Rewriter.cpp) ---
  // `pragma` as a line of its own before `statement`.
  std::string pragmaLine(const std::string &pragma, const clang::Stmt *statement) const;

  AddressSpaceRule address_spaces_;
  LocalVariableRule locals_;
  ConversionRule conversions_;
  BuiltinCallRule builtin_calls_;
  SwizzleRule swizzles_;
  KernelInterfaceRule interface_;
  AsmImmediateRule asm_immediates_;

  llvm::DenseSet<unsigned> prefixed_tokens_; // declarations given a __device__ prefix
};

} // namespace cl2cuda
