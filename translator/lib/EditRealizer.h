// Applies edits, mapped to character offsets of one text, with
// clang::tooling::Replacements. Nested edits compose: an edit's text wraps
// the edits inside its range, a Replace drops them, a Restructure renders
// each of its sub-ranges with the edits inside it and drops the rest.
#pragma once

#include "TokenEdits.h"

#include <llvm/ADT/StringRef.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cl2cuda {

struct TextSpan {
  unsigned begin = 0; // offset of the first character
  unsigned end = 0;   // one past the last character
  bool operator==(const TextSpan &other) const { return begin == other.begin && end == other.end; }
};

struct TextPiece {
  std::string text;
  std::optional<TextSpan> span;
};

struct TextOp {
  EditKind kind;
  TextSpan span; // the edited node's text
  std::string text;
  std::vector<TextPiece> pieces;
  unsigned sequence; // Edit::sequence
};

struct RealizedText {
  bool ok = false;
  std::string text;
  TextSpan conflict; // when !ok: the span of an edit that overlaps another
};

// `resync(offset)` returns a `#line` directive (with its newline) for the
// line holding `offset` of `text`; when given, it is appended after every
// replacement that changes the number of lines or adds a directive line, so
// that line numbers stay those of the original (compile mode).
using LineResync = std::function<std::string(unsigned offset)>;

RealizedText realizeEdits(llvm::StringRef text, const std::vector<TextOp> &ops,
                          const LineResync &resync = nullptr);

// Widens each removal (a Replace by nothing) over the blanks that follow it,
// where no other edit is placed there, so "__kernel void" leaves "void";
// with `whole_lines`, a line left empty goes too.
void absorbBlanksAfterRemovals(llvm::StringRef text, std::vector<TextOp> *ops, bool whole_lines);

} // namespace cl2cuda
