// Golden tests: each testsuite/translator/{golden,exec}/*.cl is translated in each
// mode it lists (// MODES:, default both) with its // RUN-OPTIONS:, and
//   CHECK / COMPILE / READABLE directives are checked on the CUDA output
//     (CHECK in every mode, COMPILE and READABLE in theirs),
//   METADATA directives on the serialized program metadata,
//   LOG directives on the build log (warnings);
// then NVRTC compiles the output with the device library (label translator).
#include "FileChecker.h"
#include "TestFiles.h"
#include "nvrtc_compile.h"

#include <gtest/gtest.h>

#include <sstream>

namespace cl2cuda::testing {
namespace {

struct GoldenParam {
  std::string path;
  OutputMode mode;
};

// One test per file of the directories and output mode the file lists.
std::vector<GoldenParam> paramsFor(std::initializer_list<const char *> directories) {
  std::vector<GoldenParam> params;
  for (const char *directory : directories)
    for (const std::string &path : listTestFiles(directory))
      for (OutputMode mode : loadTestCase(path).modes)
        params.push_back({path, mode});
  return params;
}

std::string paramName(const ::testing::TestParamInfo<GoldenParam> &info) {
  std::string directory = info.param.path.substr(0, info.param.path.find_last_of('/'));
  return testParamName({stemOf(directory), stemOf(info.param.path), modeName(info.param.mode)});
}

class Golden : public ::testing::TestWithParam<GoldenParam> {};

TEST_P(Golden, Output) {
  TestCase test = loadTestCase(GetParam().path);
  OutputMode mode = GetParam().mode;
  TranslateResult result = translateTestCase(test, mode);
  ASSERT_EQ(result.status, Status::Ok) << result.log;
  std::string mode_prefix = mode == OutputMode::Compile ? "COMPILE" : "READABLE";
  std::string problem =
      checkOutput(result.cuda_source, parseDirectives(test.text, {"CHECK", mode_prefix}));
  EXPECT_EQ(problem, "") << "output (" << modeName(mode) << "):\n" << result.cuda_source;
  problem = checkOutput(result.metadata.serialize(), parseDirectives(test.text, {"METADATA"}));
  EXPECT_EQ(problem, "") << "metadata:\n" << result.metadata.serialize();
  problem = checkOutput(result.log, parseDirectives(test.text, {"LOG"}));
  EXPECT_EQ(problem, "") << "log:\n" << result.log;
}

TEST_P(Golden, CompilesWithNvrtc) {
  TestCase test = loadTestCase(GetParam().path);
  TranslateResult result = translateTestCase(test, GetParam().mode);
  ASSERT_EQ(result.status, Status::Ok) << result.log;
  // Readable output may still #include user headers: NVRTC gets the test's -I.
  std::vector<std::string> nvrtc_options = result.metadata.nvrtc_options;
  nvrtc_options.push_back("-I" + test.path.substr(0, test.path.find_last_of('/')));
  std::istringstream words(test.build_options);
  for (std::string word; words >> word;) {
    if (word == "-I" && words >> word)
      nvrtc_options.push_back("-I" + word);
    else if (word.compare(0, 2, "-I") == 0)
      nvrtc_options.push_back(word);
  }
  const clcuda::NvrtcOutput compiled = clcuda::compileCuda(
      result.cuda_source, clcuda::GpuTarget{"sm_90"}, nvrtc_options, clcuda::CompileKind::whole);
  EXPECT_TRUE(compiled.ok) << compiled.log << "\n--- source ---\n" << result.cuda_source;
}

// The GPU execution tests' kernels (exec/*.cl) are golden tests too.
INSTANTIATE_TEST_SUITE_P(Translator, Golden, ::testing::ValuesIn(paramsFor({"golden", "exec"})),
                         paramName);

// Error tests: testsuite/translator/errors/*.cl must fail with the
// // EXPECT-STATUS: (1 build failure, 2 invalid build options) and a log
// matching its LOG directives, in both modes.
class Errors : public ::testing::TestWithParam<GoldenParam> {};

TEST_P(Errors, Diagnosed) {
  TestCase test = loadTestCase(GetParam().path);
  TranslateResult result = translateTestCase(test, GetParam().mode);
  std::string expected = directiveValue(test.text, "EXPECT-STATUS");
  ASSERT_FALSE(expected.empty()) << "the test needs // EXPECT-STATUS:";
  EXPECT_EQ(static_cast<int>(result.status), std::stoi(expected)) << result.log;
  EXPECT_TRUE(result.cuda_source.empty());
  std::string problem = checkOutput(result.log, parseDirectives(test.text, {"LOG"}));
  EXPECT_EQ(problem, "") << "log:\n" << result.log;
}

INSTANTIATE_TEST_SUITE_P(Translator, Errors, ::testing::ValuesIn(paramsFor({"errors"})), paramName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Errors);

// clCompileProgram translates a unit and, from the same parse, the whole
// program a link of that unit alone builds: each must be what its own
// translation gives, log and metadata included, whatever the other reported.
class UnitAndWholeProgram : public ::testing::TestWithParam<GoldenParam> {};

void expectSameTranslation(const TranslateResult &actual, const TranslateResult &expected) {
  EXPECT_EQ(actual.status, expected.status);
  EXPECT_EQ(actual.cuda_source, expected.cuda_source);
  EXPECT_EQ(actual.metadata.serialize(), expected.metadata.serialize());
  EXPECT_EQ(actual.log, expected.log);
}

TEST_P(UnitAndWholeProgram, FromOneParseAreWhatTwoTranslationsGive) {
  TestCase test = loadTestCase(GetParam().path);
  TranslateOptions options;
  options.build_options = test.build_options;
  options.file_name = stemOf(test.path) + ".cl";
  options.separate_compilation = true;
  const TranslateResult unit = translate(test.text, options);
  options.whole_program_too = true;
  const TranslateResult both = translate(test.text, options);
  expectSameTranslation(both, unit);
  if (both.status != Status::Ok) {
    EXPECT_EQ(both.whole_program, nullptr);
    return;
  }
  ASSERT_NE(both.whole_program, nullptr);
  expectSameTranslation(*both.whole_program, translateTestCase(test, OutputMode::Compile));
}

std::vector<GoldenParam> compileModeParams() {
  std::vector<GoldenParam> params;
  for (const GoldenParam &param : paramsFor({"golden", "exec", "errors"}))
    if (param.mode == OutputMode::Compile)
      params.push_back(param);
  return params;
}

INSTANTIATE_TEST_SUITE_P(Translator, UnitAndWholeProgram, ::testing::ValuesIn(compileModeParams()),
                         paramName);

} // namespace
} // namespace cl2cuda::testing
