// Readable mode: the user's files, edited in place.
//
// Each edit (a range of expanded tokens) is placed in the spelled text:
//  * tokens written in the file map to themselves, and a range covering whole
//    macro calls maps to the calls (TokenBuffer::spelledForExpanded);
//  * a range inside one macro argument maps into the argument, a range of one
//    macro body's own tokens into its #define, provided every expansion of
//    that argument or body carries the same edit (so expanding the edited
//    text gives the edited expansion) and no comma it adds splits arguments;
//  * otherwise the macro call is replaced by its expansion, rendered from the
//    tokens with the edits applied, and the mapping is retried.
// Edits inside OpenCL's own macros that the prologue defines in CUDA terms
// (INFINITY...) are dropped; those macros keep their names.
// A user header that needs edits is inlined at its #include, translated;
// one that needs none stays an #include.
#include "CompileRenderer.h"
#include "Diagnostics.h"
#include "EditRealizer.h"
#include "Renderers.h"
#include "Tables.h"

#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <llvm/ADT/DenseSet.h>

#include <algorithm>
#include <map>
#include <set>

namespace cl2cuda {
namespace {

struct Invocation {
  clang::FileID file;
  unsigned begin = 0; // spelled text, offsets in file
  unsigned end = 0;
  unsigned open_paren_token = 0; // index in spelled tokens of the file; 0 if object-like
  TokenRange expanded;
  bool expand = false;
};

// An edit placed in a file's text.
struct Placed {
  clang::FileID file;
  TextOp op;
  // Set when the edit sits inside a macro argument or body: how many
  // expansions of that text there are; the same edit must come from each.
  std::optional<clang::SourceLocation> counted;
  std::optional<unsigned> argument_of; // invocation whose argument it edits
  unsigned group = 0;                  // Edit::group
  int home = -1; // -1: the file's own text; otherwise the call whose argument or body it edits
};

class ReadableRenderer {
public:
  explicit ReadableRenderer(RenderInput &input)
      : input_(input), program_(input.program), sources_(program_.sources),
        tokens_(program_.tokens.expanded()) {}

  std::optional<std::string> render();

private:
  void findInvocations();
  void countLeaves();
  // Places every edit, marking the calls to expand. Stable: nothing new to
  // expand; Failed: an edit has no place (where says which).
  enum class Round { Stable, Changed, Failed };
  Round placeAll(std::vector<Placed> *placed, clang::SourceLocation *where);
  enum class Outcome { Placed, Dropped, ExpandedOne, Failed };
  Outcome place(const Edit &edit, Placed *placed);
  std::optional<std::pair<clang::FileID, TextSpan>> locate(TokenRange range, bool *expanded_one);
  std::optional<std::pair<clang::FileID, TextSpan>>
  locateInside(TokenRange range, unsigned invocation,
               std::optional<clang::SourceLocation> *counted);
  std::optional<std::pair<clang::FileID, TextSpan>>
  locateInBody(TokenRange range, std::optional<clang::SourceLocation> *counted);
  bool insideOverrideMacro(TokenRange range) const;
  bool checkConsistency(const std::vector<Placed> &placed);
  bool addsArgumentComma(const Placed &placed) const;

  void buildHybrid(clang::FileID file);
  unsigned hybridOffset(clang::FileID file, unsigned original) const;
  std::optional<std::string> realizeFile(clang::FileID file, const std::vector<Placed> &placed);
  // The OpenCL macros the output uses, defined for NVRTC.
  std::string prologue(const std::string &body);
  // A std::string: the raw lexer needs the NUL after the text.
  std::set<std::string> identifiersIn(const std::string &text) const;
  std::optional<std::string> fallBack(clang::SourceLocation where);

  llvm::ArrayRef<clang::syntax::Token> spelledTokensOf(clang::FileID file) const {
    if (tracked_.count(file))
      return program_.tokens.buffer().spelledTokens(file);
    auto [lexed, inserted] = lexed_.try_emplace(file);
    if (inserted)
      lexed->second = clang::syntax::tokenize(file, sources_, program_.ast.getLangOpts());
    return lexed->second;
  }

  std::pair<clang::FileID, unsigned> decompose(clang::SourceLocation location) const {
    return sources_.getDecomposedLoc(location);
  }

  RenderInput &input_;
  ParsedProgram &program_;
  const clang::SourceManager &sources_;
  llvm::ArrayRef<clang::syntax::Token> tokens_;
  std::vector<Invocation> invocations_;
  std::vector<int> invocation_of_; // per expanded token, -1 if written in a file
  llvm::DenseMap<clang::SourceLocation, unsigned> leaf_counts_;
  std::vector<clang::FileID> files_;      // the main file and the user headers it includes
  llvm::DenseSet<clang::FileID> tracked_; // those the TokenBuffer has spelled tokens of
  mutable std::map<clang::FileID, std::vector<clang::syntax::Token>>
      lexed_; // the others, lexed here

  struct Hybrid {
    std::string text;
    std::vector<std::pair<unsigned, int>> shifts; // original end offset of an expanded call, delta
  };
  std::map<clang::FileID, Hybrid> hybrid_;
  llvm::DenseMap<unsigned, TextSpan> token_spans_; // tokens of expanded calls, in hybrid text
  // User headers that stay an #include: NVRTC reads them as they are, so
  // the macros they name (a -D option's, say) need defining too.
  std::set<clang::FileID> kept_headers_;
};

void ReadableRenderer::findInvocations() {
  invocation_of_.assign(tokens_.size(), -1);
  files_.push_back(sources_.getMainFileID());
  for (const PreprocessorRecord::Include &include : program_.record.includes)
    if (program_.isUserFile(include.included))
      files_.push_back(include.included);
  const clang::syntax::TokenBuffer &buffer = program_.tokens.buffer();
  // The TokenBuffer has spelled tokens for the files that produced tokens.
  for (const clang::syntax::Token &token : tokens_)
    if (token.kind() != clang::tok::eof)
      tracked_.insert(sources_.getFileID(sources_.getExpansionLoc(token.location())));
  for (clang::FileID file : files_) {
    if (!tracked_.count(file))
      continue;
    llvm::ArrayRef<clang::syntax::Token> spelled = buffer.spelledTokens(file);
    for (size_t i = 0; i < spelled.size(); ++i) {
      std::optional<clang::syntax::TokenBuffer::Expansion> expansion =
          buffer.expansionStartingAt(&spelled[i]);
      if (!expansion || expansion->Expanded.empty() ||
          expansion->Spelled.front().kind() == clang::tok::hash)
        continue;
      Invocation invocation;
      invocation.file = file;
      invocation.begin = decompose(expansion->Spelled.front().location()).second;
      invocation.end = decompose(expansion->Spelled.back().endLocation()).second;
      if (expansion->Spelled.size() > 1 && expansion->Spelled[1].kind() == clang::tok::l_paren)
        invocation.open_paren_token = static_cast<unsigned>(i + 1);
      invocation.expanded = {
          static_cast<unsigned>(expansion->Expanded.begin() - tokens_.begin()),
          static_cast<unsigned>(expansion->Expanded.end() - tokens_.begin() - 1)};
      for (unsigned t = invocation.expanded.first; t <= invocation.expanded.last; ++t)
        invocation_of_[t] = static_cast<int>(invocations_.size());
      invocations_.push_back(invocation);
    }
  }
}

// How many times each spelled token of a macro argument or body occurs in
// the expansion (outside calls being expanded).
void ReadableRenderer::countLeaves() {
  leaf_counts_.clear();
  for (unsigned i = 0; i < tokens_.size(); ++i) {
    int invocation = invocation_of_[i];
    if (invocation < 0 || invocations_[invocation].expand)
      continue;
    ++leaf_counts_[sources_.getSpellingLoc(tokens_[i].location())];
  }
}

bool ReadableRenderer::insideOverrideMacro(TokenRange range) const {
  // The expansion instances of table-defined OpenCL macros around a token.
  auto instances = [&](unsigned index) {
    llvm::SmallVector<clang::FileID, 4> found;
    for (clang::SourceLocation location = tokens_[index].location(); location.isMacroID();
         location = sources_.getImmediateMacroCallerLoc(location)) {
      const clang::SrcMgr::ExpansionInfo &expansion =
          sources_.getSLocEntry(sources_.getFileID(location)).getExpansion();
      if (expansion.isMacroArgExpansion())
        continue;
      llvm::StringRef name =
          clang::Lexer::getImmediateMacroName(location, sources_, program_.ast.getLangOpts());
      if (findPredefinedMacro(name) && !program_.isUserLocation(expansion.getSpellingLoc()))
        found.push_back(sources_.getFileID(location));
    }
    return found;
  };
  llvm::SmallVector<clang::FileID, 4> first = instances(range.first);
  llvm::SmallVector<clang::FileID, 4> last = instances(range.last);
  for (clang::FileID instance : first)
    if (llvm::is_contained(last, instance))
      return true;
  return false;
}

// A range within one macro call that is not expanded: into an argument, or
// into the call's own #define body.
std::optional<std::pair<clang::FileID, TextSpan>>
ReadableRenderer::locateInside(TokenRange range, unsigned invocation,
                               std::optional<clang::SourceLocation> *counted) {
  const clang::syntax::TokenBuffer &buffer = program_.tokens.buffer();
  std::optional<llvm::ArrayRef<clang::syntax::Token>> spelled =
      buffer.spelledForExpanded(tokens_.slice(range.first, range.last - range.first + 1));
  if (spelled && !spelled->empty()) {
    auto [file, begin] = decompose(spelled->front().location());
    unsigned end = decompose(spelled->back().endLocation()).second;
    if (file != invocations_[invocation].file)
      return std::nullopt;
    // The first token of the argument text that is not a macro name counts
    // how often the argument is expanded.
    for (const clang::syntax::Token &token : *spelled)
      if (leaf_counts_.count(token.location())) {
        *counted = token.location();
        return std::make_pair(file, TextSpan{begin, end});
      }
    return std::nullopt;
  }
  return locateInBody(range, counted);
}

// One body: the same expansion instance, its own tokens, consecutive in the #define.
std::optional<std::pair<clang::FileID, TextSpan>>
ReadableRenderer::locateInBody(TokenRange range, std::optional<clang::SourceLocation> *counted) {
  clang::FileID instance = sources_.getFileID(tokens_[range.first].location());
  clang::SourceLocation first_spelling;
  llvm::ArrayRef<clang::syntax::Token> define_tokens;
  size_t at = 0;
  for (unsigned i = range.first; i <= range.last; ++i) {
    clang::SourceLocation location = tokens_[i].location();
    if (!location.isMacroID() || sources_.getFileID(location) != instance ||
        sources_.isMacroArgExpansion(location))
      return std::nullopt;
    clang::SourceLocation spelling = sources_.getSpellingLoc(location);
    if (i == range.first) {
      if (!program_.isUserLocation(spelling))
        return std::nullopt;
      first_spelling = spelling;
      define_tokens = spelledTokensOf(sources_.getFileID(spelling));
      auto token =
          std::lower_bound(define_tokens.begin(), define_tokens.end(), spelling,
                           [&](const clang::syntax::Token &token, clang::SourceLocation location) {
                             return token.location() < location;
                           });
      if (token == define_tokens.end() || token->location() != spelling)
        return std::nullopt;
      at = token - define_tokens.begin();
    } else if (++at >= define_tokens.size() || define_tokens[at].location() != spelling) {
      return std::nullopt;
    }
  }
  auto [file, begin] = decompose(first_spelling);
  unsigned end = decompose(define_tokens[at].endLocation()).second;
  *counted = first_spelling;
  return std::make_pair(file, TextSpan{begin, end});
}

std::optional<std::pair<clang::FileID, TextSpan>> ReadableRenderer::locate(TokenRange range,
                                                                           bool *expanded_one) {
  auto homeOf = [&](unsigned index) -> std::pair<clang::FileID, unsigned> {
    int invocation = invocation_of_[index];
    if (invocation >= 0)
      return {invocations_[invocation].file, 0};
    return decompose(tokens_[index].location());
  };
  auto hybridSpanOf = [&](unsigned index) -> std::optional<TextSpan> {
    int invocation = invocation_of_[index];
    if (invocation >= 0 && invocations_[invocation].expand) {
      auto found = token_spans_.find(index);
      return found == token_spans_.end() ? std::nullopt : std::optional<TextSpan>(found->second);
    }
    if (invocation >= 0)
      return std::nullopt;
    auto [file, offset] = decompose(tokens_[index].location());
    unsigned length = tokens_[index].length();
    return TextSpan{hybridOffset(file, offset), hybridOffset(file, offset) + length};
  };
  int first_call = invocation_of_[range.first];
  int last_call = invocation_of_[range.last];
  clang::FileID file = homeOf(range.first).first;
  if (file != homeOf(range.last).first)
    return std::nullopt;

  // Begin: a token of the file or of an expanded call, or the start of a
  // whole call the range covers.
  std::optional<unsigned> begin, end;
  if (std::optional<TextSpan> span = hybridSpanOf(range.first))
    begin = span->begin;
  else if (first_call >= 0 && invocations_[first_call].expanded.first == range.first &&
           invocations_[first_call].expanded.last <= range.last)
    begin = hybridOffset(file, invocations_[first_call].begin);
  if (std::optional<TextSpan> span = hybridSpanOf(range.last))
    end = span->end;
  else if (last_call >= 0 && invocations_[last_call].expanded.last == range.last &&
           invocations_[last_call].expanded.first >= range.first)
    end = hybridOffset(file, invocations_[last_call].end);
  if (begin && end)
    return std::make_pair(file, TextSpan{*begin, *end});

  // Partly inside a call that is not expanded: expand it.
  for (int call : {first_call, last_call})
    if (call >= 0 && !invocations_[call].expand &&
        !(first_call == last_call && call == first_call)) {
      invocations_[call].expand = true;
      *expanded_one = true;
    }
  return std::nullopt;
}

ReadableRenderer::Outcome ReadableRenderer::place(const Edit &edit, Placed *placed) {
  // What replaces the text of an OpenCL macro the prologue defines in CUDA
  // terms (NAN is clc::as<float>(...)) translates its body: the name stays.
  bool owner = edit.kind == EditKind::Replace || edit.kind == EditKind::Restructure;
  if (owner && insideOverrideMacro(edit.range))
    return Outcome::Dropped;
  bool expanded_one = false;
  int first_call = invocation_of_[edit.range.first];
  bool in_one_call = first_call >= 0 && first_call == invocation_of_[edit.range.last] &&
                     !invocations_[first_call].expand;
  bool whole_call = in_one_call && invocations_[first_call].expanded.first == edit.range.first &&
                    invocations_[first_call].expanded.last == edit.range.last;
  bool inside_one_call = in_one_call && !whole_call;
  std::optional<std::pair<clang::FileID, TextSpan>> whole;
  // What replaces a whole macro call's text is better made in its body.
  if (owner && whole_call) {
    whole = locateInBody(edit.range, &placed->counted);
    inside_one_call = whole.has_value();
    if (!whole)
      placed->counted.reset();
  }
  placed->group = edit.group;
  if (inside_one_call) {
    if (!whole)
      whole = locateInside(edit.range, first_call, &placed->counted);
    placed->home = first_call;
    if (!whole) {
      if (insideOverrideMacro(edit.range))
        return Outcome::Dropped;
      invocations_[first_call].expand = true;
      return Outcome::ExpandedOne;
    }
    auto [file, offset] = *whole;
    whole->second = {hybridOffset(file, offset.begin), hybridOffset(file, offset.end)};
    if (sources_.getFileID(sources_.getSpellingLoc(tokens_[edit.range.first].location())) ==
            invocations_[first_call].file &&
        sources_.isMacroArgExpansion(tokens_[edit.range.first].location()))
      placed->argument_of = static_cast<unsigned>(first_call);
  } else {
    whole = locate(edit.range, &expanded_one);
    if (!whole)
      return expanded_one ? Outcome::ExpandedOne : Outcome::Failed;
  }
  placed->file = whole->first;
  placed->op = TextOp{edit.kind, whole->second, edit.text, {}, edit.sequence};
  for (const Piece &piece : edit.pieces) {
    if (!piece.range) {
      placed->op.pieces.push_back({piece.text, std::nullopt});
      continue;
    }
    std::optional<std::pair<clang::FileID, TextSpan>> span;
    std::optional<clang::SourceLocation> ignored;
    int piece_call = invocation_of_[piece.range->first];
    if (inside_one_call || (piece_call >= 0 && piece_call == invocation_of_[piece.range->last] &&
                            !invocations_[piece_call].expand &&
                            !(invocations_[piece_call].expanded.first == piece.range->first &&
                              invocations_[piece_call].expanded.last == piece.range->last))) {
      span = locateInside(*piece.range, piece_call, &ignored);
      if (span)
        span->second = {hybridOffset(span->first, span->second.begin),
                        hybridOffset(span->first, span->second.end)};
      else if (piece_call >= 0) {
        invocations_[piece_call].expand = true;
        return Outcome::ExpandedOne;
      }
    } else {
      span = locate(*piece.range, &expanded_one);
    }
    if (!span || span->first != placed->file)
      return expanded_one ? Outcome::ExpandedOne : Outcome::Failed;
    placed->op.pieces.push_back({"", span->second});
  }
  return Outcome::Placed;
}

ReadableRenderer::Round ReadableRenderer::placeAll(std::vector<Placed> *placed,
                                                   clang::SourceLocation *where) {
  placed->clear();
  for (clang::FileID file : files_)
    buildHybrid(file);
  countLeaves();
  bool stable = true;
  for (const Edit &edit : input_.edits.edits()) {
    if (!(edit.modes & kReadableMode))
      continue;
    Placed one;
    switch (place(edit, &one)) {
    case Outcome::Placed:
      placed->push_back(std::move(one));
      break;
    case Outcome::Dropped:
      break;
    case Outcome::ExpandedOne:
      stable = false;
      break;
    case Outcome::Failed:
      *where = tokens_[edit.range.first].location();
      return Round::Failed;
    }
  }
  // The edits of one node go to one place: a swizzle's "clc::swizzle<..>(" in
  // the file and its ")" in a macro body would read badly; expand the call.
  std::map<unsigned, std::set<int>> homes;
  for (const Placed &one : *placed)
    homes[one.group].insert(one.home);
  for (const auto &[group, group_homes] : homes) {
    if (group_homes.size() < 2)
      continue;
    for (int home : group_homes)
      if (home >= 0 && !invocations_[home].expand) {
        invocations_[home].expand = true;
        stable = false;
      }
  }
  return stable ? Round::Stable : Round::Changed;
}

bool ReadableRenderer::addsArgumentComma(const Placed &placed) const {
  if (!placed.argument_of)
    return false;
  std::string added = placed.op.text;
  for (const TextPiece &piece : placed.op.pieces)
    added += piece.span ? "()" : piece.text;
  int depth = 0;
  bool in_string = false;
  char quote = 0;
  for (size_t i = 0; i < added.size(); ++i) {
    char c = added[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        in_string = false;
    } else if (c == '"' || c == '\'') {
      in_string = true;
      quote = c;
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      --depth;
    } else if (c == ',' && depth <= 0) {
      // Is the insertion point itself inside parentheses of the argument?
      const Invocation &call = invocations_[*placed.argument_of];
      llvm::ArrayRef<clang::syntax::Token> spelled = spelledTokensOf(call.file);
      unsigned position =
          placed.op.kind == EditKind::InsertAfter ? placed.op.span.end : placed.op.span.begin;
      int nesting = 0;
      for (size_t t = call.open_paren_token + 1; t < spelled.size(); ++t) {
        unsigned offset = decompose(spelled[t].location()).second;
        if (hybridOffset(call.file, offset) >= position)
          break;
        if (spelled[t].kind() == clang::tok::l_paren)
          ++nesting;
        else if (spelled[t].kind() == clang::tok::r_paren)
          --nesting;
      }
      if (nesting + depth <= 0)
        return true;
    }
  }
  return false;
}

// Where and what an edit writes: equal for the copies of one edit that the
// expansions of a macro argument or body make.
using PlacementKey = std::tuple<clang::FileID, unsigned, unsigned, int, std::string>;

PlacementKey keyOf(const Placed &one) {
  std::string text = one.op.text;
  for (const TextPiece &piece : one.op.pieces)
    text += piece.span
                ? "\x01" + std::to_string(piece.span->begin) + ":" + std::to_string(piece.span->end)
                : piece.text;
  return std::make_tuple(one.file, one.op.span.begin, one.op.span.end,
                         static_cast<int>(one.op.kind), text);
}

// An edit placed in a macro argument or body must come from every expansion
// of it; otherwise the call(s) expanding it are expanded instead.
bool ReadableRenderer::checkConsistency(const std::vector<Placed> &placed) {
  std::map<PlacementKey, unsigned> copies;
  for (const Placed &one : placed)
    if (one.counted)
      ++copies[keyOf(one)];
  bool consistent = true;
  for (const Placed &one : placed) {
    if (!one.counted)
      continue;
    bool agrees = copies[keyOf(one)] == leaf_counts_.lookup(*one.counted);
    if (agrees && !addsArgumentComma(one))
      continue;
    // Expand every call whose expansion uses this spelled text.
    for (unsigned i = 0; i < tokens_.size(); ++i) {
      int call = invocation_of_[i];
      if (call >= 0 && !invocations_[call].expand &&
          sources_.getSpellingLoc(tokens_[i].location()) == *one.counted) {
        invocations_[call].expand = true;
        consistent = false;
      }
    }
  }
  return consistent;
}

// Each expansion of a macro argument or body made its own copy of an edit
// placed there; the text is edited once (two copies of an insertion would
// both be inserted: "clc_ndrange, clc_ndrange, 0").
void keepOneCopyPerText(std::vector<Placed> *placed) {
  std::set<PlacementKey> seen;
  llvm::erase_if(*placed,
                 [&](const Placed &one) { return one.counted && !seen.insert(keyOf(one)).second; });
}

void ReadableRenderer::buildHybrid(clang::FileID file) {
  Hybrid &hybrid = hybrid_[file];
  hybrid = Hybrid();
  llvm::StringRef original = sources_.getBufferData(file);
  std::vector<const Invocation *> calls;
  for (const Invocation &call : invocations_)
    if (call.file == file && call.expand)
      calls.push_back(&call);
  std::sort(calls.begin(), calls.end(),
            [](const Invocation *a, const Invocation *b) { return a->begin < b->begin; });
  unsigned copied = 0;
  int delta = 0;
  for (const Invocation *call : calls) {
    hybrid.text += original.substr(copied, call->begin - copied).str();
    unsigned start = static_cast<unsigned>(hybrid.text.size());
    for (unsigned t = call->expanded.first; t <= call->expanded.last; ++t) {
      llvm::StringRef text = tokens_[t].text(sources_);
      if (t > call->expanded.first &&
          needsSpaceBetween(tokens_[t - 1].text(sources_), tokens_[t - 1].kind(), text))
        hybrid.text += ' ';
      token_spans_[t] = TextSpan{static_cast<unsigned>(hybrid.text.size()),
                                 static_cast<unsigned>(hybrid.text.size() + text.size())};
      hybrid.text += text.str();
    }
    delta +=
        static_cast<int>(hybrid.text.size() - start) - static_cast<int>(call->end - call->begin);
    hybrid.shifts.push_back({call->end, delta});
    copied = call->end;
  }
  hybrid.text += original.substr(copied).str();
}

unsigned ReadableRenderer::hybridOffset(clang::FileID file, unsigned original) const {
  auto found = hybrid_.find(file);
  if (found == hybrid_.end())
    return original;
  int delta = 0;
  for (const auto &[end, shift] : found->second.shifts)
    if (end <= original)
      delta = shift;
  return static_cast<unsigned>(static_cast<int>(original) + delta);
}

std::optional<std::string> ReadableRenderer::realizeFile(clang::FileID file,
                                                         const std::vector<Placed> &placed) {
  const Hybrid &hybrid = hybrid_[file];
  std::vector<TextOp> ops;
  for (const Placed &one : placed)
    if (one.file == file)
      ops.push_back(one.op);
  llvm::StringRef original = sources_.getBufferData(file);
  auto wholeLines = [&](unsigned begin, unsigned length) {
    // From the line's start (if only blanks precede) through its newline.
    unsigned start = begin, end = begin + length;
    while (start > 0 && (original[start - 1] == ' ' || original[start - 1] == '\t'))
      --start;
    if (start > 0 && original[start - 1] != '\n')
      start = begin;
    if (end < original.size() && original[end] == '\n')
      ++end;
    return TextSpan{hybridOffset(file, start), hybridOffset(file, end)};
  };
  // #pragma OPENCL ... lines go; in an inlined header, #pragma once too.
  for (const PreprocessorRecord::Pragma &pragma : program_.record.pragmas) {
    auto [pragma_file, offset] = decompose(pragma.hash);
    if (pragma_file != file || pragma.words.empty())
      continue;
    bool opencl = pragma.words[0] == "OPENCL";
    bool once = pragma.words[0] == "once" && file != sources_.getMainFileID();
    if (opencl || once)
      ops.push_back(
          TextOp{EditKind::Replace, wholeLines(offset, pragma.directive_length), "", {}, 0});
    // `#pragma unroll COUNT` with a macro as the count: its value.
    for (const RewriteOutput::UnrollCount &unroll : input_.unroll_counts) {
      auto [unroll_file, unroll_offset] = decompose(unroll.within);
      if (pragma.words[0] == "unroll" && unroll_file == file && unroll_offset >= offset &&
          unroll_offset < offset + pragma.directive_length)
        ops.push_back(TextOp{EditKind::Replace,
                             TextSpan{hybridOffset(file, offset),
                                      hybridOffset(file, offset + pragma.directive_length)},
                             unroll.pragma,
                             {},
                             0});
    }
  }
  // A condition on a CUDA compiler's macro keeps the value it had in OpenCL C.
  for (const PreprocessorRecord::CudaConditional &conditional : program_.record.cuda_conditionals) {
    auto [conditional_file, offset] = decompose(conditional.keyword);
    if (conditional_file != file)
      continue;
    llvm::StringRef directive = original.substr(offset, conditional.directive_length);
    ops.push_back(TextOp{EditKind::Replace,
                         TextSpan{hybridOffset(file, offset),
                                  hybridOffset(file, offset + conditional.directive_length)},
                         std::string(conditional.is_elif ? "elif " : "if ") +
                             (conditional.value ? "1" : "0") + " /* cl2cuda: \"#" +
                             directive.str() + "\" is " + (conditional.value ? "true" : "false") +
                             " in OpenCL C; CUDA defines " + conditional.macro + " */",
                         {},
                         0});
  }
  // Headers that need edits are inlined.
  for (const PreprocessorRecord::Include &include : program_.record.includes) {
    auto [include_file, offset] = decompose(include.hash);
    if (include_file != file || !program_.isUserFile(include.included))
      continue;
    bool touched = std::any_of(placed.begin(), placed.end(),
                               [&](const Placed &one) { return one.file == include.included; });
    std::optional<std::string> inlined = realizeFile(include.included, placed);
    if (!inlined)
      return std::nullopt;
    if (!touched && *inlined == sources_.getBufferData(include.included)) {
      kept_headers_.insert(include.included);
      continue;
    }
    std::string name =
        sources_.getPresumedLoc(sources_.getLocForStartOfFile(include.included)).getFilename();
    if (!inlined->empty() && inlined->back() != '\n')
      *inlined += '\n';
    ops.push_back(TextOp{
        EditKind::Replace,
        TextSpan{hybridOffset(file, offset), hybridOffset(file, offset + include.directive_length)},
        "// cl2cuda: \"" + name + "\", translated and inlined\n" + *inlined +
            "// cl2cuda: end of \"" + name + "\"",
        {},
        0});
  }
  absorbBlanksAfterRemovals(hybrid.text, &ops, true);
  RealizedText realized = realizeEdits(hybrid.text, ops);
  if (!realized.ok)
    return std::nullopt;
  return realized.text;
}

std::set<std::string> ReadableRenderer::identifiersIn(const std::string &text) const {
  std::set<std::string> names;
  clang::Lexer lexer(clang::SourceLocation(), program_.ast.getLangOpts(), text.c_str(),
                     text.c_str(), text.c_str() + text.size());
  clang::Token token;
  while (!lexer.LexFromRawLexer(token))
    if (token.is(clang::tok::raw_identifier))
      names.insert(token.getRawIdentifier().str());
  if (token.is(clang::tok::raw_identifier))
    names.insert(token.getRawIdentifier().str());
  return names;
}

std::string ReadableRenderer::prologue(const std::string &body) {
  // The definitions, in CUDA terms.
  const clang::Preprocessor &preprocessor = program_.preprocessor;
  std::vector<std::pair<std::string, std::string>> definitions; // name, "#define ..."
  for (const auto &[identifier, macro] : program_.record.predefined_macros_used) {
    if (macro->isBuiltinMacro())
      continue;
    std::string definition = identifier->getName().str();
    if (macro->isFunctionLike()) {
      definition += "(";
      for (const clang::IdentifierInfo *parameter : macro->params())
        definition += (definition.back() == '(' ? "" : ", ") + parameter->getName().str();
      definition += ")";
    }
    if (const PredefinedMacroInfo *known = findPredefinedMacro(identifier->getName())) {
      definition += std::string(" ") + known->cuda_body;
    } else {
      std::string replacement;
      for (const clang::Token &token : macro->tokens())
        replacement += (!replacement.empty() && token.hasLeadingSpace() ? " " : "") +
                       preprocessor.getSpelling(token);
      definition += " " + replacement;
    }
    definitions.push_back({identifier->getName().str(), definition});
  }
  // Only those the output and the headers it includes still name, and
  // those their bodies name.
  std::set<std::string> needed = identifiersIn(body);
  for (clang::FileID header : kept_headers_) {
    const std::set<std::string> named = identifiersIn(sources_.getBufferData(header).str());
    needed.insert(named.begin(), named.end());
  }
  std::vector<bool> emitted(definitions.size(), false);
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t i = 0; i < definitions.size(); ++i) {
      if (emitted[i] || !needed.count(definitions[i].first))
        continue;
      emitted[i] = grew = true;
      std::set<std::string> more = identifiersIn(definitions[i].second);
      needed.insert(more.begin(), more.end());
    }
  }
  std::string text;
  for (size_t i = 0; i < definitions.size(); ++i) {
    if (!emitted[i])
      continue;
    if (const PredefinedMacroInfo *known = findPredefinedMacro(definitions[i].first))
      if (std::string(known->module) != kCoreModule)
        input_.modules.insert(known->module);
    text += "#ifndef " + definitions[i].first + "\n#define " + definitions[i].second + "\n#endif\n";
  }
  if (!text.empty())
    text = "// OpenCL C macros this program uses\n" + text + "\n";
  return text;
}

std::optional<std::string> ReadableRenderer::fallBack(clang::SourceLocation where) {
  report(program_.diagnostics, where, Diagnostic::ReadableFallback);
  return renderCompileMode(input_);
}

std::optional<std::string> ReadableRenderer::render() {
  findInvocations();
  std::vector<Placed> placed;
  // Each round expands at least one more call, so this ends.
  for (size_t round = 0; round <= invocations_.size(); ++round) {
    clang::SourceLocation where;
    Round outcome = placeAll(&placed, &where);
    if (outcome == Round::Failed)
      return fallBack(where);
    if (outcome == Round::Stable && checkConsistency(placed))
      break;
  }
  keepOneCopyPerText(&placed);
  std::optional<std::string> text = realizeFile(sources_.getMainFileID(), placed);
  if (!text)
    return fallBack(sources_.getLocForStartOfFile(sources_.getMainFileID()));
  std::string macros = prologue(*text);
  return includeLines(input_.modules) + macros + *text;
}

} // namespace

std::optional<std::string> renderReadableMode(RenderInput input) {
  ReadableRenderer renderer(input);
  return renderer.render();
}

} // namespace cl2cuda
