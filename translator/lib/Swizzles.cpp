#include "Swizzles.h"

#include "Printf.h"

#include <clang/Lex/Lexer.h>
#include <clang/Lex/Preprocessor.h>

namespace cl2cuda {
namespace {

// Whether `name`, written at `location` inside a function-like macro's body,
// is one of that macro's parameters: the preprocessor would replace it
// (`#define F(x) (x).s0` must not become `(x).x`).
bool isMacroParameterAt(const ParsedProgram &program, clang::SourceLocation location,
                        llvm::StringRef name) {
  if (!location.isMacroID() || program.sources.isMacroArgExpansion(location))
    return false;
  const llvm::StringRef macro =
      clang::Lexer::getImmediateMacroName(location, program.sources, program.ast.getLangOpts());
  const clang::MacroInfo *info =
      program.preprocessor.getMacroInfo(program.preprocessor.getIdentifierInfo(macro));
  if (!info)
    return false;
  for (const clang::IdentifierInfo *parameter : info->params())
    if (parameter->getName() == name)
      return true;
  return false;
}

std::string joinIndices(llvm::ArrayRef<uint32_t> indices) {
  std::string joined;
  for (uint32_t index : indices)
    joined += (joined.empty() ? "" : ", ") + std::to_string(index);
  return joined;
}

} // namespace

void SwizzleRule::rewrite(clang::ExtVectorElementExpr *access) {
  if (folded_.count(access))
    return;
  // A chain of swizzles (v.xyzw.zy) folds into one access of the innermost base.
  std::vector<clang::ExtVectorElementExpr *> levels = {access};
  while (!levels.back()->isArrow()) {
    auto *inner =
        llvm::dyn_cast<clang::ExtVectorElementExpr>(levels.back()->getBase()->IgnoreParens());
    if (!inner)
      break;
    folded_.insert(inner);
    levels.push_back(inner);
  }
  llvm::SmallVector<uint32_t, 16> indices;
  levels.back()->getEncodedElementAccess(indices);
  for (size_t level = levels.size() - 1; level-- > 0;) {
    llvm::SmallVector<uint32_t, 16> outer, composed;
    levels[level]->getEncodedElementAccess(outer);
    for (uint32_t index : outer)
      composed.push_back(index < indices.size() ? indices[index] : index);
    indices = composed;
  }
  clang::QualType base_type = levels.back()->getBase()->getType();
  if (levels.back()->isArrow())
    base_type = base_type->getPointeeType();
  const auto *vector = base_type->getAs<clang::ExtVectorType>();
  std::optional<TokenRange> whole = rangeOf(access);
  if (!vector || !whole)
    return;
  unsigned width = vector->getNumElements();
  EditGroup group(edits_);

  // The '.'/'->' and accessor tokens of each level.
  std::vector<TokenRange> selectors;
  for (const clang::ExtVectorElementExpr *level : levels) {
    std::optional<unsigned> accessor = tokenAt(level->getAccessorLoc());
    if (!accessor || *accessor == 0)
      return;
    selectors.push_back({*accessor - 1, *accessor});
  }
  for (size_t level = 1; level < selectors.size(); ++level)
    edits_.remove(selectors[level]);

  if (indices.size() == 1) {
    // One element: a member of the clc vector (x..w up to 4, s0..sf beyond),
    // or its elem[] where a macro parameter of the member's name would
    // capture the member.
    std::string member = vectorMemberName(indices[0], width);
    if (isMacroParameterAt(program_, levels.front()->getAccessorLoc(), member))
      member = "elem[" + std::to_string(indices[0]) + "]";
    if (levels.size() == 1) {
      if (program_.tokens.text(selectors[0].last) != member)
        edits_.replace({selectors[0].last, selectors[0].last}, member);
    } else {
      edits_.replace(selectors[0], (levels.back()->isArrow() ? "->" : ".") + member);
    }
    return;
  }
  bool written = written_.count(access) != 0;
  std::string prefix = std::string(written ? "clc::swizzle_ref<" : "clc::swizzle<") +
                       joinIndices(indices) + ">(" + (levels.back()->isArrow() ? "*" : "");
  edits_.insertBefore(*whole, prefix);
  edits_.replace(selectors[0], ")");
  return;
}

} // namespace cl2cuda
