// A small FileCheck: checks text against directives written as comments in a
// test file, `//` or (SPIR-V assembly) `;` (FileCheck itself is not on the GPU
// machine).
//
//   // <PREFIX>: pattern        the pattern occurs after the previous match
//   // <PREFIX>-NEXT: pattern   ... on the line after the previous match
//   // <PREFIX>-SAME: pattern   ... on the same line, after the previous match
//   // <PREFIX>-NOT: pattern    ... does not occur between the surrounding matches
//
// A pattern is literal text (runs of blanks match any run of blanks) with
// optional {{regular expression}} parts.
#pragma once

#include <string>
#include <vector>

namespace cl2cuda::testing {

struct CheckDirective {
  enum Kind { Plain, Next, Same, Not } kind;
  std::string pattern;
  unsigned line; // in the test file, for messages
};

// The directives with one of `prefixes` (e.g. {"CHECK", "COMPILE"}), in file order.
std::vector<CheckDirective> parseDirectives(const std::string &test_text,
                                            const std::vector<std::string> &prefixes);

// Whether a line of output is itself a directive comment (readable output
// keeps the test's comments, which must not match themselves).
bool isDirectiveLine(const std::string &line);

// Empty if `output` satisfies the directives; otherwise what failed.
std::string checkOutput(const std::string &output, const std::vector<CheckDirective> &directives);

// The value of `// NAME: value` in the test file (the first one), or "".
std::string directiveValue(const std::string &test_text, const std::string &name);

} // namespace cl2cuda::testing
