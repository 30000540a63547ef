// The rewriter's names, decided before its walk: user declarations renamed
// (C's separate tag namespace, names CUDA reserves), and new identifiers
// that no name of the program has: a part of the rewrite with its own state,
// apart from the walk (Rewriter.cpp).
#pragma once

#include "Frontend.h"
#include "TypeNames.h"

#include <map>
#include <set>
#include <string>

namespace cl2cuda {

class ProgramNames {
public:
  // Collects the program's user declarations and chooses their renames.
  explicit ProgramNames(const ParsedProgram &program);

  // Keyed by canonical declaration; TypeSpeller reads them.
  const RenameMap &renames() const { return renames_; }
  bool isRenamed(const clang::Decl *decl) const {
    return renames_.count(decl->getCanonicalDecl()) != 0;
  }

  // A name no identifier of the program has, distinct from the others this
  // returned (unique) or only from the program's (fresh, for parameters,
  // which need no more).
  std::string unique(const std::string &base);
  std::string fresh(const std::string &base) const;

private:
  void chooseRenames();
  bool namedByOpenCLTypedef(clang::DeclarationName name) const;

  const ParsedProgram &program_;
  RenameMap renames_;
  std::set<std::string> taken_;
  std::map<std::string, std::string> reserved_renames_; // one new name per reserved name
};

} // namespace cl2cuda
