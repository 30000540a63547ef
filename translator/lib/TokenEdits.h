// The edits the rewriter derives from the AST, as operations on ranges of
// the preprocessor's expanded token stream (clang::syntax::TokenBuffer).
// Both output modes realize the same edits: compile mode on the rendered
// expanded stream, readable mode on the user's spelled text (EditRealizer).
#pragma once

#include <clang/Basic/SourceLocation.h>
#include <clang/Tooling/Syntax/Tokens.h>

#include <optional>
#include <string>
#include <vector>

namespace cl2cuda {

// A closed range of expanded-token indices.
struct TokenRange {
  unsigned first = 0;
  unsigned last = 0;
  bool contains(const TokenRange &other) const {
    return first <= other.first && other.last <= last;
  }
};

enum class EditKind {
  InsertBefore, // text before the range (outside any macro call that the range covers)
  InsertAfter,  // text after the range
  Replace,      // the range becomes text; edits inside it are dropped
  Restructure,  // the range becomes pieces: text and (edited) sub-ranges, in any order
};

// Which output modes an edit applies to.
enum ModeMask : unsigned { kCompileMode = 1, kReadableMode = 2, kBothModes = 3 };

struct Piece {
  std::string text;                // used when range is empty
  std::optional<TokenRange> range; // a sub-range of the edit's range
};

struct Edit {
  EditKind kind;
  TokenRange range;
  std::string text;          // InsertBefore/InsertAfter/Replace
  std::vector<Piece> pieces; // Restructure
  unsigned sequence;         // creation order: among equal ranges, earlier = outer
  unsigned modes;
  unsigned group = 0; // edits of one AST node share it: readable mode places them alike
};

class EditList {
public:
  void insertBefore(TokenRange range, std::string text, unsigned modes = kBothModes) {
    add({EditKind::InsertBefore, range, std::move(text), {}, 0, modes});
  }
  void insertAfter(TokenRange range, std::string text, unsigned modes = kBothModes) {
    add({EditKind::InsertAfter, range, std::move(text), {}, 0, modes});
  }
  void replace(TokenRange range, std::string text, unsigned modes = kBothModes) {
    add({EditKind::Replace, range, std::move(text), {}, 0, modes});
  }
  void remove(TokenRange range, unsigned modes = kBothModes) { replace(range, "", modes); }
  void restructure(TokenRange range, std::vector<Piece> pieces, unsigned modes = kBothModes) {
    add({EditKind::Restructure, range, {}, std::move(pieces), 0, modes});
  }
  // Wraps the range: prefix before it, suffix after it.
  void wrap(TokenRange range, std::string prefix, std::string suffix) {
    openGroup();
    insertBefore(range, std::move(prefix));
    insertAfter(range, std::move(suffix));
    closeGroup();
  }

  const std::vector<Edit> &edits() const { return edits_; }

  // Edits made between openGroup() and closeGroup() belong together (see Edit::group).
  void openGroup() {
    if (group_depth_++ == 0)
      open_group_ = static_cast<unsigned>(edits_.size());
  }
  void closeGroup() { --group_depth_; }

private:
  void add(Edit edit) {
    edit.sequence = static_cast<unsigned>(edits_.size());
    edit.group = group_depth_ ? open_group_ : edit.sequence;
    edits_.push_back(std::move(edit));
  }
  std::vector<Edit> edits_;
  unsigned group_depth_ = 0;
  unsigned open_group_ = 0;
};

// Groups the edits made during its lifetime.
class EditGroup {
public:
  explicit EditGroup(EditList &edits) : edits_(edits) { edits_.openGroup(); }
  ~EditGroup() { edits_.closeGroup(); }
  EditGroup(const EditGroup &) = delete;
  EditGroup &operator=(const EditGroup &) = delete;

private:
  EditList &edits_;
};

// Index arithmetic over TokenBuffer::expandedTokens().
class TokenIndex {
public:
  explicit TokenIndex(const clang::syntax::TokenBuffer &tokens);

  const clang::syntax::TokenBuffer &buffer() const { return tokens_; }
  llvm::ArrayRef<clang::syntax::Token> expanded() const { return expanded_; }
  const clang::syntax::Token &at(unsigned index) const { return expanded_[index]; }
  // The index of the expanded token starting at `location` (a token start as
  // the AST records it).
  std::optional<unsigned> indexOf(clang::SourceLocation location) const;
  // The tokens of an AST source range (begin and end are token starts).
  std::optional<TokenRange> rangeOf(clang::SourceRange range) const;
  llvm::StringRef text(unsigned index) const;
  clang::tok::TokenKind kind(unsigned index) const { return expanded_[index].kind(); }

private:
  const clang::syntax::TokenBuffer &tokens_;
  llvm::ArrayRef<clang::syntax::Token> expanded_;
};

} // namespace cl2cuda
