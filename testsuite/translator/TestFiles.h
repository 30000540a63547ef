// The translator's test files (testsuite/translator/<dir>/*.cl, *.spvasm) and what
// their directive comments ask for.
#pragma once

#include <cl2cuda/translator.h>

#include <initializer_list>
#include <string>
#include <vector>

namespace cl2cuda::testing {

std::string testDirectory(); // testsuite/translator in the source tree
std::string readFile(const std::string &path);
// The files of testsuite/translator/<subdirectory> whose names end in
// `extension`, sorted by name.
std::vector<std::string> listTestFiles(const std::string &subdirectory,
                                       const std::string &extension = ".cl");
std::string stemOf(const std::string &path);

struct TestCase {
  std::string path;
  std::string text;
  std::string build_options;     // // RUN-OPTIONS:, with %S the file's directory
  std::vector<OutputMode> modes; // // MODES: (default both)
};
TestCase loadTestCase(const std::string &path);

TranslateResult translateTestCase(const TestCase &test, OutputMode mode);
const char *modeName(OutputMode mode);
// `parts` joined by '_' with every other character not a letter or digit
// made '_': a GoogleTest parameter name.
std::string testParamName(std::initializer_list<std::string> parts);

} // namespace cl2cuda::testing
