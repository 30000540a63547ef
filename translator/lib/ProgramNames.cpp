#include "ProgramNames.h"

#include "Tables.h"

#include <clang/AST/RecursiveASTVisitor.h>

#include <llvm/ADT/StringMap.h>

namespace cl2cuda {
namespace {

// Every user declaration, for the renames decided before the rewrite.
class DeclCollector : public clang::RecursiveASTVisitor<DeclCollector> {
public:
  explicit DeclCollector(const ParsedProgram &program) : program_(program) {}
  bool TraverseDecl(clang::Decl *decl) {
    if (decl && !llvm::isa<clang::TranslationUnitDecl>(decl) &&
        !program_.isUserLocation(decl->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(decl);
  }
  bool VisitNamedDecl(clang::NamedDecl *decl) {
    decls.push_back(decl);
    return true;
  }
  std::vector<clang::NamedDecl *> decls;

private:
  const ParsedProgram &program_;
};

} // namespace

ProgramNames::ProgramNames(const ParsedProgram &program) : program_(program) { chooseRenames(); }

std::string ProgramNames::unique(const std::string &base) {
  std::string candidate = fresh(base);
  for (unsigned suffix = 2; taken_.count(candidate); ++suffix)
    candidate = fresh(base + std::to_string(suffix));
  taken_.insert(candidate);
  return candidate;
}

std::string ProgramNames::fresh(const std::string &base) const {
  std::string candidate = base;
  for (unsigned suffix = 2; program_.ast.Idents.find(candidate) != program_.ast.Idents.end();
       ++suffix)
    candidate = base + std::to_string(suffix);
  return candidate;
}

// OpenCL C's own typedefs (float4, size_t, ...) name types a tag of the
// same name is not: `struct float4 {...}` is legal beside the vector type in
// C, and clashes with CUDA's struct float4 in C++.
bool ProgramNames::namedByOpenCLTypedef(clang::DeclarationName name) const {
  for (const clang::NamedDecl *found : program_.ast.getTranslationUnitDecl()->lookup(name))
    if (llvm::isa<clang::TypedefNameDecl>(found) && !program_.isUserLocation(found->getLocation()))
      return true;
  return false;
}

void ProgramNames::chooseRenames() {
  DeclCollector collector(program_);
  collector.TraverseDecl(program_.ast.getTranslationUnitDecl());
  // C keeps struct/union/enum tags apart from other names, C++ does not:
  // `struct S;` and `typedef struct {...} S;` name two types in OpenCL C and
  // clash in CUDA, so such a tag gets a new name.
  llvm::StringMap<llvm::SmallVector<clang::QualType, 1>> typedef_types;
  for (clang::NamedDecl *decl : collector.decls)
    if (const auto *typedef_decl = llvm::dyn_cast<clang::TypedefNameDecl>(decl))
      typedef_types[typedef_decl->getName()].push_back(
          program_.ast.getCanonicalType(typedef_decl->getUnderlyingType()));
  for (clang::NamedDecl *decl : collector.decls) {
    const auto *tag = llvm::dyn_cast<clang::TagDecl>(decl);
    if (!tag || !tag->getIdentifier() || renames_.count(tag->getCanonicalDecl()))
      continue;
    const clang::QualType tag_type = program_.ast.getCanonicalType(program_.ast.getTagDeclType(tag));
    auto other_type = [&](clang::QualType type) { return type != tag_type; };
    auto typedefs = typedef_types.find(tag->getName());
    if ((typedefs != typedef_types.end() && llvm::any_of(typedefs->second, other_type)) ||
        namedByOpenCLTypedef(tag->getDeclName()))
      renames_[tag->getCanonicalDecl()] = unique(tag->getName().str() + "_tag");
  }
  for (clang::NamedDecl *decl : collector.decls) {
    const clang::IdentifierInfo *identifier = decl->getIdentifier();
    if (!identifier || !isReservedName(identifier->getName()) ||
        renames_.count(decl->getCanonicalDecl()))
      continue;
    // One new name per reserved name, whatever declares it.
    std::string &renamed = reserved_renames_[identifier->getName().str()];
    if (renamed.empty())
      renamed = unique(identifier->getName().str() + "_cl");
    renames_[decl->getCanonicalDecl()] = renamed;
  }
}

} // namespace cl2cuda
