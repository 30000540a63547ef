// The expanded token stream as text: what compile mode edits, and what
// readable mode pastes where a macro call must be expanded.
#pragma once

#include "EditRealizer.h"
#include "Renderers.h"

#include <optional>
#include <string>
#include <vector>

namespace cl2cuda {

struct ExpandedText {
  struct Location {
    unsigned offset; // of a rendered token in text
    unsigned line;   // its presumed line
    std::string file;
    unsigned token; // its expanded-token index
  };
  std::string text;
  std::vector<std::optional<TextSpan>> spans; // per expanded token; none if not rendered
  std::vector<Location> locations;            // the rendered tokens, by offset

  // The edit in text offsets; nullopt if it touches tokens not rendered.
  std::optional<TextOp> textOp(const Edit &edit) const;
  // The first rendered token at or after `offset` (the last one past the end).
  const Location *locationAt(unsigned offset) const;
};

// Whether two tokens rendered next to each other need a space (for
// readability, and so they do not lex as one).
bool needsSpaceBetween(llvm::StringRef previous, clang::tok::TokenKind previous_kind,
                       llvm::StringRef next);

// The user's expanded tokens on their lines, #line directives where files
// change or lines jump.
ExpandedText renderExpandedTokens(const ParsedProgram &program);

} // namespace cl2cuda
