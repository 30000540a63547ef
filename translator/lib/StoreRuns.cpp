// Long runs of stores: compile mode ends the basic block (clc::end_basic_block)
// after every kStoredComponentsPerBlock scalar components stored in straight-line
// code. NVVM merges a block's scalar stores into vector stores only up to
// about 2,000 stores to one object, and its passes and ptxas slow down on such
// blocks: the CTS's vector_creation kernels (270 sixteen-wide stores) compile
// in two thirds of the time when split, with st.global.v4 instead of scalar
// stores (docs/translator.md, "Long runs of stores").
#include "StoreRuns.h"

#include "RewriterImpl.h"
#include "Tables.h"

#include <clang/AST/StmtVisitor.h>

namespace cl2cuda {
namespace {

unsigned componentsOf(clang::QualType type) {
  if (const auto *vector = type->getAs<clang::VectorType>())
    return vector->getNumElements();
  return 1;
}

// Whether an assigned lvalue is a local variable (a register, not a store).
bool isLocalVariable(const clang::Expr *lvalue) {
  const auto *reference = llvm::dyn_cast<clang::DeclRefExpr>(lvalue->IgnoreParenImpCasts());
  const auto *variable = reference ? llvm::dyn_cast<clang::VarDecl>(reference->getDecl()) : nullptr;
  return variable && variable->hasLocalStorage() && !variable->getType()->isArrayType();
}

// The scalar components one statement stores to memory: assignments to
// anything but a local variable, and the vstore builtins.
class StoredComponents : public clang::ConstStmtVisitor<StoredComponents> {
public:
  unsigned count = 0;

  void VisitStmt(const clang::Stmt *statement) {
    for (const clang::Stmt *child : statement->children())
      if (child)
        Visit(child);
  }
  void VisitBinaryOperator(const clang::BinaryOperator *binary) {
    if (binary->isAssignmentOp() && !isLocalVariable(binary->getLHS()))
      count += componentsOf(binary->getLHS()->getType());
    VisitStmt(binary);
  }
  void VisitCallExpr(const clang::CallExpr *call) {
    const clang::FunctionDecl *callee = call->getDirectCallee();
    if (callee && callee->getIdentifier() && call->getNumArgs() > 0 &&
        isVectorStore(callee->getName()))
      count += componentsOf(call->getArg(0)->IgnoreImpCasts()->getType());
    VisitStmt(call);
  }

private:
  // vstoreN, vstore_half[N], vstorea_half[N], as the pattern table names them.
  static bool isVectorStore(llvm::StringRef name) {
    std::optional<PatternMatch> match = matchPattern(name);
    if (!match)
      return false;
    PatternKind kind = match->pattern->kind;
    return kind == PatternKind::VectorStore || kind == PatternKind::HalfStore ||
           kind == PatternKind::AlignedHalfStore;
  }
};

// Expressions and declarations run straight on; any other statement (a
// branch, a loop, a label, a block) starts or ends a basic block itself.
bool isStraightLine(const clang::Stmt *statement) {
  return llvm::isa<clang::Expr>(statement) || llvm::isa<clang::DeclStmt>(statement);
}

} // namespace

bool ProgramRewriter::VisitCompoundStmt(clang::CompoundStmt *block) {
  if (!isUser(block->getBeginLoc()))
    return true;
  unsigned stored = 0;
  for (const clang::Stmt *statement : block->body()) {
    if (!isStraightLine(statement)) {
      stored = 0;
      continue;
    }
    if (stored >= kStoredComponentsPerBlock) {
      if (std::optional<TokenRange> range = rangeOf(statement)) {
        edits_.insertBefore(*range, "clc::end_basic_block(); ", kCompileMode);
        stored = 0;
      }
    }
    StoredComponents components;
    components.Visit(statement);
    stored += components.count;
  }
  return true;
}

} // namespace cl2cuda
