#include "FileChecker.h"

#include <regex>
#include <sstream>

namespace cl2cuda::testing {
namespace {

std::vector<std::string> splitLines(const std::string &text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);)
    lines.push_back(line);
  return lines;
}

std::string collapseBlanks(const std::string &text) {
  std::string collapsed;
  for (char c : text) {
    bool blank = c == ' ' || c == '\t';
    if (blank && !collapsed.empty() && collapsed.back() == ' ')
      continue;
    collapsed += blank ? ' ' : c;
  }
  return collapsed;
}

std::string trim(const std::string &text) {
  size_t begin = text.find_first_not_of(" \t");
  size_t end = text.find_last_not_of(" \t\r");
  return begin == std::string::npos ? "" : text.substr(begin, end - begin + 1);
}

std::string escapeRegex(const std::string &text) {
  static const std::string kSpecial = "\\^$.|?*+()[]{}";
  std::string escaped;
  for (char c : text) {
    if (c == ' ') {
      escaped += "[ \\t]+";
      continue;
    }
    if (kSpecial.find(c) != std::string::npos)
      escaped += '\\';
    escaped += c;
  }
  return escaped;
}

// The first match of `pattern` in `line` at or after `from`: [begin, end).
bool findIn(const std::string &line, const std::string &pattern, size_t from, size_t *begin,
            size_t *end) {
  if (from > line.size())
    return false;
  if (pattern.find("{{") == std::string::npos) {
    size_t at = line.find(pattern, from);
    if (at == std::string::npos)
      return false;
    *begin = at;
    *end = at + pattern.size();
    return true;
  }
  std::string expression;
  size_t position = 0;
  while (position < pattern.size()) {
    size_t open = pattern.find("{{", position);
    size_t close = open == std::string::npos ? std::string::npos : pattern.find("}}", open + 2);
    if (close == std::string::npos) {
      expression += escapeRegex(pattern.substr(position));
      break;
    }
    expression += escapeRegex(pattern.substr(position, open - position));
    expression += "(?:" + pattern.substr(open + 2, close - open - 2) + ")";
    position = close + 2;
  }
  std::smatch match;
  std::string rest = line.substr(from);
  if (!std::regex_search(rest, match, std::regex(expression)))
    return false;
  *begin = from + match.position(0);
  *end = *begin + match.length(0);
  return true;
}

struct Position {
  size_t line = 0;
  size_t column = 0;
};

// The text of a comment line: after "//" (OpenCL C, CUDA) or ";" (SPIR-V
// assembly); false for any other line.
bool commentText(const std::string &line, std::string *text) {
  std::string trimmed = trim(line);
  if (trimmed.compare(0, 2, "//") == 0)
    *text = trim(trimmed.substr(2));
  else if (trimmed.compare(0, 1, ";") == 0)
    *text = trim(trimmed.substr(1));
  else
    return false;
  return true;
}

} // namespace

bool isDirectiveLine(const std::string &line) {
  std::string text;
  if (!commentText(line, &text))
    return false;
  size_t colon = text.find(':');
  if (colon == std::string::npos || colon == 0)
    return false;
  for (size_t i = 0; i < colon; ++i)
    if (!(isupper(static_cast<unsigned char>(text[i])) || text[i] == '-'))
      return false;
  return true;
}

std::vector<CheckDirective> parseDirectives(const std::string &test_text,
                                            const std::vector<std::string> &prefixes) {
  std::vector<CheckDirective> directives;
  std::vector<std::string> lines = splitLines(test_text);
  for (size_t number = 0; number < lines.size(); ++number) {
    std::string text;
    if (!commentText(lines[number], &text))
      continue;
    for (const std::string &prefix : prefixes) {
      static const std::pair<const char *, CheckDirective::Kind> kSuffixes[] = {
          {":", CheckDirective::Plain},
          {"-NEXT:", CheckDirective::Next},
          {"-SAME:", CheckDirective::Same},
          {"-NOT:", CheckDirective::Not}};
      for (const auto &[suffix, kind] : kSuffixes) {
        std::string head = prefix + suffix;
        if (text.compare(0, head.size(), head) == 0)
          directives.push_back(
              {kind, collapseBlanks(trim(text.substr(head.size()))), unsigned(number + 1)});
      }
    }
  }
  return directives;
}

std::string checkOutput(const std::string &output, const std::vector<CheckDirective> &directives) {
  std::vector<std::string> lines;
  for (const std::string &line : splitLines(output))
    if (!isDirectiveLine(line))
      lines.push_back(collapseBlanks(line));
  Position after; // where the previous match ended
  size_t matched_line = 0;
  bool any_match = false;
  std::vector<const CheckDirective *> pending_nots;
  auto context = [&](size_t line) {
    std::string text;
    size_t first = line >= 2 ? line - 2 : 0;
    for (size_t i = first; i < lines.size() && i < line + 3; ++i)
      text += "  " + std::to_string(i + 1) + ": " + lines[i] + "\n";
    return text;
  };
  // Checks the pending NOTs between `after` and `until`.
  auto checkNots = [&](Position until) -> std::string {
    for (const CheckDirective *directive : pending_nots) {
      for (size_t line = after.line; line < lines.size() && line <= until.line; ++line) {
        size_t from = line == after.line ? after.column : 0;
        size_t begin = 0, end = 0;
        if (findIn(lines[line], directive->pattern, from, &begin, &end) &&
            (line < until.line || end <= until.column))
          return "line " + std::to_string(directive->line) + ": CHECK-NOT pattern '" +
                 directive->pattern + "' found at output line " + std::to_string(line + 1) + ":\n" +
                 context(line);
      }
    }
    pending_nots.clear();
    return "";
  };
  for (const CheckDirective &directive : directives) {
    if (directive.kind == CheckDirective::Not) {
      pending_nots.push_back(&directive);
      continue;
    }
    size_t first_line = after.line, last_line = lines.size() ? lines.size() - 1 : 0;
    if (directive.kind == CheckDirective::Next) {
      first_line = last_line = any_match ? matched_line + 1 : 0;
    } else if (directive.kind == CheckDirective::Same) {
      first_line = last_line = matched_line;
    }
    bool found = false;
    for (size_t line = first_line; line < lines.size() && line <= last_line && !found; ++line) {
      size_t from = line == after.line ? after.column : 0;
      if (directive.kind == CheckDirective::Next)
        from = 0;
      size_t begin = 0, end = 0;
      if (findIn(lines[line], directive.pattern, from, &begin, &end)) {
        if (std::string problem = checkNots(Position{line, begin}); !problem.empty())
          return problem;
        found = true;
        after = Position{line, end};
        matched_line = line;
        any_match = true;
      }
    }
    if (!found) {
      const char *kind = directive.kind == CheckDirective::Next   ? "-NEXT"
                         : directive.kind == CheckDirective::Same ? "-SAME"
                                                                  : "";
      return "line " + std::to_string(directive.line) + ": CHECK" + kind + " pattern '" +
             directive.pattern + "' not found after output line " + std::to_string(after.line + 1) +
             ":\n" + context(after.line);
    }
  }
  return checkNots(Position{lines.empty() ? 0 : lines.size() - 1, std::string::npos});
}

std::string directiveValue(const std::string &test_text, const std::string &name) {
  for (const std::string &line : splitLines(test_text)) {
    std::string text;
    if (!commentText(line, &text))
      continue;
    if (text.compare(0, name.size() + 1, name + ":") == 0)
      return trim(text.substr(name.size() + 1));
  }
  return "";
}

} // namespace cl2cuda::testing
