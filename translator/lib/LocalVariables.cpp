// Kernel-scope __local variables past CUDA's static shared memory: a kernel
// whose __local variables take more than kStaticLocalBytes in all declares
// them as references into dynamic shared memory, at offsets laid out here,
// and its metadata says how many bytes they take, so that the shim puts the
// __local arguments after them and launches with the total (docs/design.md,
// "Kernel-scope __local variables"). CUDA refuses more than 48 KiB of static
// __shared__ data, while CL_DEVICE_LOCAL_MEM_SIZE is the opt-in limit of
// dynamic shared memory (227 KiB on Hopper), which programs size their
// __local arrays from (PyOpenCL's scans, hashcat's bcrypt).
#include "LocalVariables.h"

#include "LaunchAbi.h"
#include "Tables.h"

namespace cl2cuda {
namespace {

uint64_t alignTo(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

} // namespace

bool LocalLayout::exceedsStaticSharedMemory() const { return bytes > kStaticLocalBytes; }

LocalLayout layOutLocalVariables(const clang::ASTContext &ast, const clang::FunctionDecl *kernel) {
  LocalLayout layout;
  // OpenCL C declares __local variables only in a kernel's outermost scope.
  const auto *body = llvm::dyn_cast_or_null<clang::CompoundStmt>(kernel->getBody());
  if (!body)
    return layout;
  for (const clang::Stmt *statement : body->body()) {
    const auto *declarations = llvm::dyn_cast<clang::DeclStmt>(statement);
    if (!declarations)
      continue;
    for (const clang::Decl *decl : declarations->decls()) {
      const auto *variable = llvm::dyn_cast<clang::VarDecl>(decl);
      if (!variable || variable->getType().getAddressSpace() != clang::LangAS::opencl_local ||
          variable->getType()->isIncompleteType())
        continue;
      const uint64_t offset =
          alignTo(layout.bytes, ast.getTypeAlignInChars(variable->getType()).getQuantity());
      layout.offsets.emplace_back(variable, offset);
      layout.bytes = offset + ast.getTypeSizeInChars(variable->getType()).getQuantity();
    }
  }
  return layout;
}

uint32_t LocalVariableRule::plan(const clang::FunctionDecl *kernel) {
  const LocalLayout layout = layOutLocalVariables(program_.ast, kernel);
  // A kernel called from another kernel runs in its caller's launch, whose
  // dynamic shared memory holds the caller's own: it keeps __shared__.
  if (!layout.exceedsStaticSharedMemory() || calls_.isCalledKernel(kernel))
    return 0;
  for (const auto &[variable, offset] : layout.offsets)
    dynamic_offsets_[variable] = offset;
  // Past any device's shared memory: the shim refuses the launch.
  return uint32_t(std::min<uint64_t>(layout.bytes, UINT32_MAX));
}

std::optional<uint64_t> LocalVariableRule::dynamicOffsetOf(const clang::VarDecl *variable) const {
  auto found = dynamic_offsets_.find(variable);
  if (found == dynamic_offsets_.end())
    return std::nullopt;
  return found->second;
}

void LocalVariableRule::declareInDynamicSharedMemory(const clang::VarDecl *variable,
                                                     uint64_t offset) {
  // `float t[N]` becomes `float (&t)[N] = clc::local_variable<decltype(t)>(offset)`:
  // the declarator keeps its spelling (macros in the bounds, other edits).
  std::optional<unsigned> name = tokenAt(variable->getLocation());
  std::optional<unsigned> end = tokenAt(variable->getEndLoc());
  if (!name || !end) {
    error(variable->getLocation(), Diagnostic::LocalVariableTooLarge);
    return;
  }
  std::string initializer = " = clc::local_variable<decltype(" + types_.nameOf(variable) + ")>(" +
                            std::to_string(offset) + ")";
  edits_.insertBefore({*name, *name}, "(&");
  if (*end == *name) {
    edits_.insertAfter({*name, *name}, ")" + initializer);
  } else {
    edits_.insertAfter({*name, *name}, ")");
    edits_.insertAfter({*end, *end}, initializer);
  }
}

} // namespace cl2cuda
