#include "TokenEdits.h"

namespace cl2cuda {

TokenIndex::TokenIndex(const clang::syntax::TokenBuffer &tokens)
    : tokens_(tokens), expanded_(tokens.expandedTokens()) {}

std::optional<unsigned> TokenIndex::indexOf(clang::SourceLocation location) const {
  if (location.isInvalid())
    return std::nullopt;
  llvm::ArrayRef<clang::syntax::Token> found =
      tokens_.expandedTokens(clang::SourceRange(location, location));
  if (found.empty())
    return std::nullopt;
  return static_cast<unsigned>(found.begin() - expanded_.begin());
}

std::optional<TokenRange> TokenIndex::rangeOf(clang::SourceRange range) const {
  std::optional<unsigned> first = indexOf(range.getBegin());
  std::optional<unsigned> last = indexOf(range.getEnd());
  if (!first || !last || *last < *first)
    return std::nullopt;
  return TokenRange{*first, *last};
}

llvm::StringRef TokenIndex::text(unsigned index) const {
  return expanded_[index].text(tokens_.sourceManager());
}

} // namespace cl2cuda
