#include "EditRealizer.h"

#include <clang/Tooling/Core/Replacement.h>

#include <algorithm>
#include <map>

namespace cl2cuda {
namespace {

bool isOwner(const TextOp &op) {
  return op.kind == EditKind::Replace || op.kind == EditKind::Restructure;
}

bool within(const TextSpan &inner, const TextSpan &outer) {
  return outer.begin <= inner.begin && inner.end <= outer.end;
}

// Whether `op` belongs inside owner `owner`: its node lies in the owner's
// range, and for the same range it was created later (a child node).
bool insideOwner(const TextOp &op, const TextOp &owner) {
  if (&op == &owner || !within(op.span, owner.span))
    return false;
  return !(op.span == owner.span) || op.sequence > owner.sequence;
}

class Realizer {
public:
  Realizer(llvm::StringRef text, const LineResync &resync) : text_(text), resync_(resync) {}

  // Renders text_[span] with `ops`, all of which lie within span.
  bool render(TextSpan span, const std::vector<const TextOp *> &ops, bool top_level,
              std::string *out) {
    // The outermost owners; owners inside them are rendered recursively.
    std::vector<const TextOp *> owners;
    for (const TextOp *op : ops)
      if (isOwner(*op))
        owners.push_back(op);
    std::sort(owners.begin(), owners.end(), [](const TextOp *a, const TextOp *b) {
      if (a->span.begin != b->span.begin)
        return a->span.begin < b->span.begin;
      if (a->span.end != b->span.end)
        return a->span.end > b->span.end;
      return a->sequence < b->sequence;
    });
    std::vector<const TextOp *> outermost;
    for (const TextOp *owner : owners) {
      if (!outermost.empty() && insideOwner(*owner, *outermost.back()))
        continue;
      if (!outermost.empty() && owner->span.begin < outermost.back()->span.end)
        return conflict(owner->span);
      outermost.push_back(owner);
    }

    // Each outermost owner's text.
    std::vector<std::string> owner_texts;
    for (const TextOp *owner : outermost) {
      std::string rendered;
      if (owner->kind == EditKind::Replace) {
        rendered = owner->text;
      } else {
        for (const TextPiece &piece : owner->pieces) {
          if (!piece.span) {
            rendered += piece.text;
            continue;
          }
          std::vector<const TextOp *> piece_ops;
          for (const TextOp *op : ops)
            if (insideOwner(*op, *owner) && within(op->span, *piece.span))
              piece_ops.push_back(op);
          std::string piece_text;
          if (!render(*piece.span, piece_ops, false, &piece_text))
            return false;
          rendered += piece_text;
        }
      }
      owner_texts.push_back(std::move(rendered));
    }

    // Insertions outside every owner, grouped by position.
    std::map<unsigned, std::vector<const TextOp *>> insertions;
    for (const TextOp *op : ops) {
      if (isOwner(*op))
        continue;
      bool inside = false;
      for (const TextOp *owner : outermost)
        inside = inside || insideOwner(*op, *owner);
      if (inside)
        continue;
      unsigned position = op->kind == EditKind::InsertBefore ? op->span.begin : op->span.end;
      for (const TextOp *owner : outermost)
        if (owner->span.begin < position && position < owner->span.end)
          return conflict(op->span);
      insertions[position].push_back(op);
    }

    clang::tooling::Replacements replacements;
    auto add = [&](unsigned offset, unsigned length, std::string replacement) {
      if (top_level && resync_)
        addLineResync(offset, length, &replacement);
      llvm::Error error = replacements.add(
          clang::tooling::Replacement("", offset - span.begin, length, replacement));
      if (!error)
        return true;
      llvm::consumeError(std::move(error));
      return conflict(TextSpan{offset, offset + length});
    };
    for (size_t i = 0; i < outermost.size(); ++i) {
      const TextSpan &owned = outermost[i]->span;
      std::string replacement = takeInsertions(&insertions, owned.begin) + owner_texts[i] +
                                takeInsertions(&insertions, owned.end);
      if (!add(owned.begin, owned.end - owned.begin, std::move(replacement)))
        return false;
    }
    for (auto &[position, at_position] : insertions)
      if (!at_position.empty() && !add(position, 0, orderInsertions(at_position)))
        return false;

    llvm::Expected<std::string> applied = clang::tooling::applyAllReplacements(
        text_.substr(span.begin, span.end - span.begin), replacements);
    if (!applied) {
      llvm::consumeError(applied.takeError());
      return conflict(span);
    }
    *out = std::move(*applied);
    return true;
  }

  TextSpan conflictSpan() const { return conflict_; }

private:
  bool conflict(TextSpan span) {
    conflict_ = span;
    return false;
  }

  // Insertions at one position: first the InsertAfter texts of the nodes
  // ending there (innermost first), then the InsertBefore texts of the nodes
  // starting there (outermost first).
  static std::string orderInsertions(std::vector<const TextOp *> ops) {
    std::sort(ops.begin(), ops.end(), [](const TextOp *a, const TextOp *b) {
      bool a_after = a->kind == EditKind::InsertAfter;
      bool b_after = b->kind == EditKind::InsertAfter;
      if (a_after != b_after)
        return a_after;
      if (a_after) {
        if (a->span.begin != b->span.begin)
          return a->span.begin > b->span.begin;
        return a->sequence > b->sequence;
      }
      if (a->span.end != b->span.end)
        return a->span.end > b->span.end;
      return a->sequence < b->sequence;
    });
    std::string text;
    for (const TextOp *op : ops)
      text += op->text;
    return text;
  }

  static std::string takeInsertions(std::map<unsigned, std::vector<const TextOp *>> *insertions,
                                    unsigned position) {
    auto found = insertions->find(position);
    if (found == insertions->end() || found->second.empty())
      return "";
    std::string text = orderInsertions(found->second);
    found->second.clear();
    return text;
  }

  void addLineResync(unsigned offset, unsigned length, std::string *replacement) const {
    llvm::StringRef original = text_.substr(offset, length);
    bool changes_lines = std::count(replacement->begin(), replacement->end(), '\n') !=
                         std::count(original.begin(), original.end(), '\n');
    if (!changes_lines && replacement->find("\n#") == std::string::npos)
      return;
    if (replacement->empty() || replacement->back() != '\n')
      *replacement += '\n';
    *replacement += resync_(offset + length);
  }

  llvm::StringRef text_;
  const LineResync &resync_;
  TextSpan conflict_;
};

} // namespace

void absorbBlanksAfterRemovals(llvm::StringRef text, std::vector<TextOp> *ops, bool whole_lines) {
  std::vector<unsigned> positions; // where any edit begins or ends
  for (const TextOp &op : *ops) {
    positions.push_back(op.span.begin);
    positions.push_back(op.span.end);
  }
  std::sort(positions.begin(), positions.end());
  auto anyPositionIn = [&](unsigned begin, unsigned end) { // (begin, end)
    auto next = std::upper_bound(positions.begin(), positions.end(), begin);
    return next != positions.end() && *next < end;
  };
  std::vector<TextOp *> removals;
  for (TextOp &op : *ops) {
    if (op.kind != EditKind::Replace || !op.text.empty())
      continue;
    unsigned end = op.span.end;
    while (end < text.size() && (text[end] == ' ' || text[end] == '\t'))
      ++end;
    // Something else ends or starts among the blanks: leave them.
    if (!anyPositionIn(op.span.end, end))
      op.span.end = end;
    removals.push_back(&op);
  }
  if (!whole_lines)
    return;
  // A line that only held removed text goes with its indentation and newline.
  std::sort(removals.begin(), removals.end(),
            [](const TextOp *a, const TextOp *b) { return a->span.begin < b->span.begin; });
  for (size_t first = 0; first < removals.size();) {
    size_t last = first;
    while (last + 1 < removals.size() && removals[last + 1]->span.begin == removals[last]->span.end)
      ++last;
    unsigned begin = removals[first]->span.begin, end = removals[last]->span.end;
    unsigned line_start = begin;
    while (line_start > 0 && (text[line_start - 1] == ' ' || text[line_start - 1] == '\t'))
      --line_start;
    bool whole_line = (line_start == 0 || text[line_start - 1] == '\n') && end < text.size() &&
                      text[end] == '\n' &&
                      !anyPositionIn(line_start - 1 + (line_start == 0), begin) &&
                      !std::binary_search(positions.begin(), positions.end(), end + 1);
    if (whole_line && std::count(positions.begin(), positions.end(), begin) == 1 &&
        std::count(positions.begin(), positions.end(), end) <= 1) {
      removals[first]->span.begin = line_start;
      removals[last]->span.end = end + 1;
    }
    first = last + 1;
  }
}

RealizedText realizeEdits(llvm::StringRef text, const std::vector<TextOp> &ops,
                          const LineResync &resync) {
  std::vector<const TextOp *> pointers;
  pointers.reserve(ops.size());
  for (const TextOp &op : ops)
    pointers.push_back(&op);
  Realizer realizer(text, resync);
  RealizedText result;
  result.ok = realizer.render(TextSpan{0, static_cast<unsigned>(text.size())}, pointers, true,
                              &result.text);
  if (!result.ok)
    result.conflict = realizer.conflictSpan();
  return result;
}

} // namespace cl2cuda
