// The two output modes (docs/design.md, "Translation"): both realize the
// rewriter's edits, on different texts.
#pragma once

#include "Frontend.h"
#include "Rewriter.h"
#include "TokenEdits.h"

#include <optional>
#include <set>
#include <string>

namespace cl2cuda {

struct ExpandedText;

struct RenderInput {
  ParsedProgram &program;
  const EditList &edits;
  std::set<std::string> modules; // device-library headers besides core.h
  // The program's expanded tokens as text, where a caller renders one parse
  // more than once (a unit and its whole program); else compile mode makes it.
  const ExpandedText *expanded = nullptr;
  // Readable mode's `#pragma unroll` lines with a macro count, rewritten.
  std::vector<RewriteOutput::UnrollCount> unroll_counts;
};

// The whole program from the expanded token stream, with #line directives.
// Returns nullopt after reporting an error.
std::optional<std::string> renderCompileMode(RenderInput input);

// The user's text with its macros, comments and layout. Falls back to the
// compile-mode rendering (with a warning) when an edit cannot be placed.
std::optional<std::string> renderReadableMode(RenderInput input);

// "#include <clc/core.h>" and one line per module.
std::string includeLines(const std::set<std::string> &modules);

} // namespace cl2cuda
