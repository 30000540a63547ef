// Compile mode: the expanded token stream of the user's code, laid out on
// the user's lines, edits applied, #line directives where the layout breaks.
#include "CompileRenderer.h"

#include "Diagnostics.h"
#include "EditRealizer.h"
#include "Tables.h"

#include <clang/Basic/SourceManager.h>

#include <algorithm>

namespace cl2cuda {
namespace {

// Newlines emitted rather than a #line directive, for small gaps.
constexpr unsigned kMaxBlankLines = 8;
constexpr unsigned kMaxIndentation = 80;

std::string lineDirective(unsigned line, llvm::StringRef file) {
  std::string escaped;
  for (char c : file) {
    if (c == '\\' || c == '"')
      escaped += '\\';
    escaped += c;
  }
  return "#line " + std::to_string(line) + " \"" + escaped + "\"\n";
}

} // namespace

bool needsSpaceBetween(llvm::StringRef previous, clang::tok::TokenKind previous_kind,
                       llvm::StringRef next) {
  if (previous == "(" || previous == "[" || previous == "." || previous == "->")
    return false;
  if (next == "." && previous_kind == clang::tok::numeric_constant)
    return true;
  if ((next == "(" || next == "[") &&
      (previous_kind == clang::tok::identifier || previous == ")" || previous == "]"))
    return false;
  return !(next == ")" || next == "]" || next == "," || next == ";" || next == "." || next == "->");
}

std::string includeLines(const std::set<std::string> &modules) {
  std::string lines = std::string("#include <clc/") + kCoreModule + ">\n";
  for (const std::string &module : modules)
    lines += "#include <clc/" + module + ">\n";
  return lines;
}

ExpandedText renderExpandedTokens(const ParsedProgram &program) {
  const clang::SourceManager &sources = program.sources;
  llvm::ArrayRef<clang::syntax::Token> tokens = program.tokens.expanded();
  ExpandedText rendered;
  rendered.spans.resize(tokens.size());
  std::string &out = rendered.text;
  std::string current_file;
  unsigned current_line = 0;
  bool at_line_start = true;
  const clang::syntax::Token *previous = nullptr;
  for (unsigned i = 0; i < tokens.size(); ++i) {
    const clang::syntax::Token &token = tokens[i];
    if (token.kind() == clang::tok::eof || !program.isUserLocation(token.location()))
      continue;
    clang::SourceLocation expansion = sources.getExpansionLoc(token.location());
    clang::PresumedLoc presumed = sources.getPresumedLoc(expansion);
    if (presumed.isInvalid())
      continue;
    llvm::StringRef file = presumed.getFilename();
    unsigned line = presumed.getLine();
    if (file != current_file || line < current_line || line > current_line + kMaxBlankLines) {
      if (!at_line_start)
        out += '\n';
      out += lineDirective(line, file);
      current_file = file.str();
      current_line = line;
      at_line_start = true;
    }
    for (; current_line < line; ++current_line) {
      out += '\n';
      at_line_start = true;
    }
    llvm::StringRef text = token.text(sources);
    if (at_line_start) {
      out.append(std::min(presumed.getColumn() - 1, kMaxIndentation), ' ');
    } else if (previous && previous->location().isFileID() && token.location().isFileID() &&
               sources.getFileID(previous->location()) == sources.getFileID(token.location())) {
      // Consecutive tokens of one file keep their spacing.
      bool invalid = false;
      const char *gap_begin = sources.getCharacterData(previous->endLocation(), &invalid);
      const char *gap_end = sources.getCharacterData(token.location(), &invalid);
      llvm::StringRef gap(gap_begin, invalid || gap_end < gap_begin ? 0 : gap_end - gap_begin);
      bool blank = gap.find_first_not_of(" \t") == llvm::StringRef::npos;
      out += blank ? gap.str() : " ";
    } else if (!previous || needsSpaceBetween(previous->text(sources), previous->kind(), text)) {
      out += ' ';
    }
    rendered.spans[i] = TextSpan{static_cast<unsigned>(out.size()),
                                 static_cast<unsigned>(out.size() + text.size())};
    rendered.locations.push_back({static_cast<unsigned>(out.size()), line, file.str(), i});
    out += text;
    at_line_start = false;
    previous = &token;
  }
  if (!at_line_start)
    out += '\n';
  return rendered;
}

std::optional<TextOp> ExpandedText::textOp(const Edit &edit) const {
  auto span = [&](TokenRange range) -> std::optional<TextSpan> {
    if (range.last >= spans.size() || !spans[range.first] || !spans[range.last])
      return std::nullopt;
    return TextSpan{spans[range.first]->begin, spans[range.last]->end};
  };
  std::optional<TextSpan> whole = span(edit.range);
  if (!whole)
    return std::nullopt;
  TextOp op{edit.kind, *whole, edit.text, {}, edit.sequence};
  for (const Piece &piece : edit.pieces) {
    if (!piece.range) {
      op.pieces.push_back({piece.text, std::nullopt});
      continue;
    }
    std::optional<TextSpan> piece_span = span(*piece.range);
    if (!piece_span)
      return std::nullopt;
    op.pieces.push_back({"", piece_span});
  }
  return op;
}

const ExpandedText::Location *ExpandedText::locationAt(unsigned offset) const {
  auto next = std::lower_bound(
      locations.begin(), locations.end(), offset,
      [](const Location &location, unsigned value) { return location.offset < value; });
  if (next == locations.end())
    return locations.empty() ? nullptr : &locations.back();
  return &*next;
}

std::optional<std::string> renderCompileMode(RenderInput input) {
  std::optional<ExpandedText> own;
  const ExpandedText &rendered =
      input.expanded ? *input.expanded : own.emplace(renderExpandedTokens(input.program));
  std::vector<TextOp> ops;
  for (const Edit &edit : input.edits.edits()) {
    if (!(edit.modes & kCompileMode))
      continue;
    if (std::optional<TextOp> op = rendered.textOp(edit))
      ops.push_back(std::move(*op));
  }
  absorbBlanksAfterRemovals(rendered.text, &ops, false);
  LineResync resync = [&](unsigned offset) {
    const ExpandedText::Location *location = rendered.locationAt(offset);
    return location ? lineDirective(location->line, location->file) : std::string();
  };
  RealizedText realized = realizeEdits(rendered.text, ops, resync);
  if (!realized.ok) {
    const ExpandedText::Location *location = rendered.locationAt(realized.conflict.begin);
    clang::SourceLocation where =
        location ? input.program.tokens.at(location->token).location() : clang::SourceLocation();
    report(input.program.diagnostics, where, Diagnostic::ConflictingEdits);
    return std::nullopt;
  }
  return includeLines(input.modules) + realized.text;
}

} // namespace cl2cuda
