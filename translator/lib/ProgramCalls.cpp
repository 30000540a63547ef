#include "ProgramCalls.h"

#include "Tables.h"

#include <clang/AST/RecursiveASTVisitor.h>

#include <vector>

namespace cl2cuda {
namespace {

const clang::FunctionDecl *canonical(const clang::FunctionDecl *function) {
  return function ? function->getCanonicalDecl() : nullptr;
}

// The calls each user function makes.
class CallCollector : public clang::RecursiveASTVisitor<CallCollector> {
public:
  bool VisitCallExpr(clang::CallExpr *call) {
    if (const clang::FunctionDecl *callee = call->getDirectCallee())
      calls.emplace_back(call, callee);
    return true;
  }
  std::vector<std::pair<const clang::CallExpr *, const clang::FunctionDecl *>> calls;
};

} // namespace

std::optional<std::string> workItemBuiltin(const WorkItemInfo &work_item,
                                           const clang::CallExpr *call,
                                           const clang::ASTContext &ast) {
  std::string builtin = work_item.builtin;
  if (builtin.empty() || builtin.find(".D") == std::string::npos)
    return builtin.empty() ? std::nullopt : std::optional<std::string>(builtin);
  clang::Expr::EvalResult dimension;
  if (call->getNumArgs() != 1 || !call->getArg(0)->EvaluateAsInt(dimension, ast))
    return std::nullopt;
  const llvm::APSInt &value = dimension.Val.getInt();
  if (value.isSigned() && value.isNegative())
    return std::nullopt;
  const uint64_t d = value.getLimitedValue();
  if (d > 2)
    return std::nullopt;
  for (size_t at = builtin.find(".D"); at != std::string::npos; at = builtin.find(".D", at))
    builtin[++at] = "xyz"[d];
  return builtin;
}

bool isBuiltinFunction(const ParsedProgram &program, const clang::FunctionDecl *function) {
  // -fdeclare-opencl-builtins declares builtins implicitly, at their first use.
  return function->isImplicit() || function->getBuiltinID() != 0 ||
         !program.isUserLocation(function->getLocation());
}

bool ProgramCalls::isUnreached(const clang::FunctionDecl *function) const {
  return options_.leaves_out_unreached_functions && function->getDeclContext()->isFileContext() &&
         !reached_functions_.count(canonical(function));
}

ProgramCalls::ProgramCalls(
    const ParsedProgram &program, const BuildOptions &options,
    llvm::function_ref<bool(const clang::FunctionDecl *)> keeps_dynamic_locals)
    : options_(options) {
  auto isUser = [&](clang::SourceLocation location) { return program.isUserLocation(location); };
  // Separate compilation: a unit that only declares a function cannot see
  // whether its definition needs the NDRange, so every function with
  // external linkage takes it, and every kernel has a body other units call
  // (but a kernel whose __local variables need dynamic shared memory, which
  // a caller's launch would not hold: a call from another unit fails to link).
  if (options_.separate_compilation)
    for (clang::Decl *decl : program.ast.getTranslationUnitDecl()->decls())
      if (const auto *function = llvm::dyn_cast<clang::FunctionDecl>(decl);
          function && isUser(function->getLocation()) && function->isExternallyVisible()) {
        ndrange_functions_.insert(canonical(function));
        readable_ndrange_functions_.try_emplace(canonical(function), kSeparateCompilation);
        if (isKernel(function) && !keeps_dynamic_locals(function))
          called_kernels_.insert(canonical(function));
      }
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<const clang::FunctionDecl *>> calls;
  for (clang::Decl *decl : program.ast.getTranslationUnitDecl()->decls()) {
    const auto *function = llvm::dyn_cast<clang::FunctionDecl>(decl);
    if (!function || !function->hasBody() || !function->doesThisDeclarationHaveABody() ||
        !isUser(function->getLocation()))
      continue;
    CallCollector collector;
    collector.TraverseStmt(function->getBody());
    for (const auto &[call, callee] : collector.calls) {
      if (isBuiltinFunction(program, callee)) {
        if (!needsNDRange(callee->getName()))
          continue;
        ndrange_functions_.insert(canonical(function));
        const WorkItemInfo *work_item = findWorkItem(callee->getName());
        if (!work_item || !workItemBuiltin(*work_item, call, program.ast))
          readable_ndrange_functions_.try_emplace(canonical(function), callee->getName());
        continue;
      }
      calls[canonical(function)].push_back(canonical(callee));
      if (isKernel(callee))
        called_kernels_.insert(canonical(callee));
    }
  }
  if (options_.leaves_out_unreached_functions) {
    std::vector<const clang::FunctionDecl *> pending;
    for (clang::Decl *decl : program.ast.getTranslationUnitDecl()->decls())
      if (const auto *function = llvm::dyn_cast<clang::FunctionDecl>(decl);
          function && isUser(function->getLocation()) && isKernel(function) &&
          reached_functions_.insert(canonical(function)).second)
        pending.push_back(canonical(function));
    while (!pending.empty()) {
      const clang::FunctionDecl *caller = pending.back();
      pending.pop_back();
      for (const clang::FunctionDecl *callee : calls.lookup(caller))
        if (reached_functions_.insert(callee).second)
          pending.push_back(callee);
    }
  }
  // A function needs the NDRange if anything it calls does.
  for (bool changed = true; changed;) {
    changed = false;
    for (auto &[caller, callees] : calls) {
      if (ndrange_functions_.count(caller))
        continue;
      for (const clang::FunctionDecl *callee : callees)
        if (ndrange_functions_.count(callee)) {
          ndrange_functions_.insert(caller);
          changed = true;
          break;
        }
    }
  }
  // Readable mode: the same, and a function that reads the launch's shape
  // (one compile mode gives the NDRange) called where the NDRange is passed
  // takes it as well: it may be launched as any NDRange.
  for (bool changed = true; changed;) {
    changed = false;
    for (auto &[caller, callees] : calls) {
      auto passed = readable_ndrange_functions_.find(caller);
      if (passed != readable_ndrange_functions_.end()) {
        const llvm::StringRef reason = passed->second;
        for (const clang::FunctionDecl *callee : callees)
          if (ndrange_functions_.count(callee))
            changed |= readable_ndrange_functions_.try_emplace(callee, reason).second;
        continue;
      }
      for (const clang::FunctionDecl *callee : callees)
        if (auto taken = readable_ndrange_functions_.find(callee);
            taken != readable_ndrange_functions_.end()) {
          const llvm::StringRef reason = taken->second;
          readable_ndrange_functions_.try_emplace(caller, reason);
          changed = true;
          break;
        }
    }
  }
}

} // namespace cl2cuda
