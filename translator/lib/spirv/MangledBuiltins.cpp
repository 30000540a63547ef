#include "MangledBuiltins.h"

#include <cctype>

namespace cl2cuda::spirv {
namespace {

class Demangler {
public:
  explicit Demangler(std::string_view text) : text_(text) {}

  std::optional<MangledFunction> function() {
    if (!consume("_Z"))
      return std::nullopt;
    MangledFunction result;
    const std::optional<std::string> name = sourceName();
    if (!name)
      return std::nullopt;
    result.name = *name;
    if (text_.substr(position_) == "v")
      return result; // f(void)
    while (position_ < text_.size()) {
      const std::optional<MangledParameter> parameter = type();
      if (!parameter)
        return std::nullopt;
      result.parameters.push_back(*parameter);
    }
    return result;
  }

private:
  bool consume(std::string_view prefix) {
    if (text_.substr(position_, prefix.size()) != prefix)
      return false;
    position_ += prefix.size();
    return true;
  }

  std::optional<std::size_t> number() {
    const std::size_t start = position_;
    std::size_t value = 0;
    while (position_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[position_])))
      value = value * 10 + std::size_t(text_[position_++] - '0');
    return position_ == start ? std::nullopt : std::optional<std::size_t>(value);
  }

  std::optional<std::string> sourceName() {
    const std::optional<std::size_t> length = number();
    if (!length || *length == 0 || position_ + *length > text_.size())
      return std::nullopt;
    std::string name(text_.substr(position_, *length));
    position_ += *length;
    return name;
  }

  // A builtin type's sign, or nullopt when the next character names none.
  std::optional<MangledSign> builtin() {
    if (consume("Dh"))
      return MangledSign::none; // half
    if (position_ >= text_.size())
      return std::nullopt;
    switch (text_[position_]) {
    case 'a':
    case 'c':
    case 's':
    case 'i':
    case 'l':
    case 'x':
      ++position_;
      return MangledSign::signed_integer;
    case 'h':
    case 't':
    case 'j':
    case 'm':
    case 'y':
      ++position_;
      return MangledSign::unsigned_integer;
    case 'b':
    case 'f':
    case 'd':
    case 'v':
      ++position_;
      return MangledSign::none;
    default:
      return std::nullopt;
    }
  }

  // <type>: every type but a builtin one is a substitution candidate, in
  // the order its mangling ends.
  std::optional<MangledParameter> type() {
    if (const std::optional<MangledSign> sign = builtin())
      return MangledParameter{*sign, false};
    if (consume("Dv")) {
      if (!number() || !consume("_"))
        return std::nullopt;
      const std::optional<MangledParameter> element = type();
      if (!element || element->pointer)
        return std::nullopt;
      substitutions_.push_back(*element);
      return element;
    }
    if (consume("P")) {
      std::optional<MangledParameter> pointee = qualifiedType();
      if (!pointee)
        return std::nullopt;
      pointee->pointer = true;
      substitutions_.push_back(*pointee);
      return pointee;
    }
    if (consume("S")) {
      std::size_t index = 0;
      if (const std::optional<std::size_t> seq = sequenceId())
        index = *seq + 1;
      if (!consume("_") || index >= substitutions_.size())
        return std::nullopt;
      return substitutions_[index];
    }
    return std::nullopt;
  }

  // A pointee: vendor qualifiers (U3AS1, an address space) and CV
  // qualifiers (r, V, K), then its type; qualified, a candidate itself.
  std::optional<MangledParameter> qualifiedType() {
    bool qualified = false;
    while (position_ < text_.size()) {
      if (consume("U")) {
        if (!sourceName())
          return std::nullopt;
      } else if (!consume("r") && !consume("V") && !consume("K")) {
        break;
      }
      qualified = true;
    }
    const std::optional<MangledParameter> base = type();
    if (base && qualified)
      substitutions_.push_back(*base);
    return base;
  }

  // A substitution's sequence id: base 36, digits then capital letters.
  std::optional<std::size_t> sequenceId() {
    const std::size_t start = position_;
    std::size_t value = 0;
    while (position_ < text_.size()) {
      const char c = text_[position_];
      if (std::isdigit(static_cast<unsigned char>(c)))
        value = value * 36 + std::size_t(c - '0');
      else if (c >= 'A' && c <= 'Z')
        value = value * 36 + std::size_t(c - 'A' + 10);
      else
        break;
      ++position_;
    }
    return position_ == start ? std::nullopt : std::optional<std::size_t>(value);
  }

  std::string_view text_;
  std::size_t position_ = 0;
  std::vector<MangledParameter> substitutions_;
};

} // namespace

std::optional<MangledFunction> demangleBuiltin(std::string_view mangled) {
  return Demangler(mangled).function();
}

} // namespace cl2cuda::spirv
