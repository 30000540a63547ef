#include "AddressSpaces.h"

#include "Tables.h"

namespace cl2cuda {

bool isAddressSpaceKeyword(clang::tok::TokenKind kind) {
  switch (kind) {
  case clang::tok::kw___global:
  case clang::tok::kw___local:
  case clang::tok::kw___constant:
  case clang::tok::kw___private:
  case clang::tok::kw___generic:
    return true;
  default:
    return false;
  }
}

bool AddressSpaceRule::rewriteTokens(TokenRange tokens, clang::QualType type,
                                     Placement placement, bool is_static) {
  clang::QualType base = type;
  while (!base.isNull() && (base->isPointerType() || base->isArrayType()))
    base = base->isPointerType() ? base->getPointeeType()
                                 : clang::QualType(base->getArrayElementTypeNoTypeQual(), 0);
  bool base_is_const = !base.isNull() && base.isConstQualified();
  std::string pointee_constant =
      base_is_const ? "" : std::string(cudaSpelling(Qualifier::ConstantPointee));
  bool object_keyword = false;
  for (unsigned i = tokens.first; i <= tokens.last; ++i) {
    clang::tok::TokenKind kind = program_.tokens.kind(i);
    if (!isAddressSpaceKeyword(kind) || handled_tokens_.count(i))
      continue;
    // With no '*' after it, the keyword qualifies the declared object itself.
    bool object_level = true;
    for (unsigned j = i + 1; j <= tokens.last && object_level; ++j)
      object_level = program_.tokens.kind(j) != clang::tok::star;
    std::string text;
    if (object_level && placement == Placement::ProgramScope) {
      object_keyword = true;
      if (kind == clang::tok::kw___global)
        text = cudaSpelling(Qualifier::GlobalVariable);
      else if (kind == clang::tok::kw___constant)
        text = cudaSpelling(base->isSamplerT() ? Qualifier::ConstantProgramSampler
                                               : Qualifier::ConstantProgramVariable);
    } else if (object_level && placement == Placement::DynamicSharedMemory) {
      object_keyword = true;
      text = cudaSpelling(Qualifier::LargeLocalVariable);
    } else if (object_level && placement == Placement::FunctionScope) {
      object_keyword = true;
      if (kind == clang::tok::kw___local) {
        text = cudaSpelling(Qualifier::LocalVariable);
      } else if (kind == clang::tok::kw___constant) {
        // "static const", less what the declaration already says.
        text = std::string(is_static ? "" : "static") +
               (base_is_const ? "" : std::string(is_static ? "" : " ") + "const");
      }
    } else if (kind == clang::tok::kw___constant) {
      text = pointee_constant;
    }
    auto [choice, inserted] = choices_.try_emplace(i, text);
    if (!inserted) {
      if (choice->second != text)
        error(program_.tokens.at(i).location(), Diagnostic::SharedAddressSpace);
      continue;
    }
    edits_.replace({i, i}, text);
    converted("address space", program_.tokens.text(i).ltrim('_')); // __local and local alike
  }
  return object_keyword;
}

bool AddressSpaceRule::rewrite(const clang::DeclaratorDecl *decl, clang::SourceLocation name,
                               Placement placement) {
  std::optional<unsigned> first = tokenAt(decl->getBeginLoc());
  std::optional<unsigned> last = tokenAt(name);
  if (!first)
    return false;
  if (!last || *last <= *first) {
    // An unnamed parameter: its whole range is type.
    std::optional<TokenRange> whole = rangeOf(decl->getSourceRange());
    return whole && rewriteTokens(*whole, decl->getType(), placement, false);
  }
  bool is_static = false;
  if (const auto *variable = llvm::dyn_cast<clang::VarDecl>(decl))
    is_static = variable->getStorageClass() == clang::SC_Static;
  return rewriteTokens({*first, *last - 1}, decl->getType(), placement, is_static);
}

} // namespace cl2cuda
