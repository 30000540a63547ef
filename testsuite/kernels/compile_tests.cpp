// NVRTC compile tests of the device library (ctest label kernels; no GPU
// needed): every generated builtin call, every module on its own, the
// hand-written vector/swizzle sources, the sources that must be rejected,
// and the kernels the GPU tests run.
#include "nvrtc_compile.h"
#include "test_sources.h"

#include <clcuda/device_library.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace {

using clcuda::test::readFile;

// The architecture the compile tests target: the H200's, as PTX (NVRTC's
// front end and NVVM) or as a CUBIN (ptxas too).
const char *const virtualArchitecture = "compute_90";
const char *const realArchitecture = "sm_90";

// The shim's compile of `source` (translated code's NVRTC options aside).
clcuda::NvrtcOutput compiled(const std::string &source, const char *architecture) {
  return clcuda::compileCuda(source, clcuda::GpuTarget{architecture}, {},
                             clcuda::CompileKind::whole);
}

std::vector<std::string> lines(const std::string &path) {
  std::vector<std::string> result;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);)
    if (!line.empty())
      result.push_back(line);
  return result;
}

// The .cu files of a directory under testsuite/kernels/sources, sorted.
std::vector<std::string> sources(const std::string &subdirectory) {
  std::vector<std::string> result;
  std::error_code error;
  for (const auto &entry : std::filesystem::directory_iterator(
           std::string(CLCUDA_KERNELS_TEST_SOURCES) + "/" + subdirectory, error))
    if (entry.path().extension() == ".cu")
      result.push_back(entry.path().string());
  std::sort(result.begin(), result.end());
  return result;
}

std::string testName(const std::string &path) {
  std::string stem = std::filesystem::path(path).stem().string();
  std::replace_if(
      stem.begin(), stem.end(), [](char c) { return !std::isalnum(c); }, '_');
  return stem;
}

std::string nameOf(const ::testing::TestParamInfo<std::string> &info) {
  return testName(info.param);
}

// The generated sources: a call of every builtin overload, result type checked.
class BuiltinCoverage : public ::testing::TestWithParam<std::string> {};

TEST_P(BuiltinCoverage, CompilesWithoutDiagnostics) {
  std::string path = std::string(CLCUDA_GENERATED_TESTS) + "/" + GetParam();
  std::string source = readFile(path);
  ASSERT_FALSE(source.empty()) << "cannot read " << path;
  clcuda::NvrtcOutput c = compiled(source, virtualArchitecture);
  EXPECT_TRUE(c.ok) << c.log;
  EXPECT_EQ(c.log, "") << "the device library must compile without warnings";
}

INSTANTIATE_TEST_SUITE_P(Generated, BuiltinCoverage,
                         ::testing::ValuesIn(lines(std::string(CLCUDA_GENERATED_TESTS) +
                                                   "/tests.txt")),
                         nameOf);

TEST(BuiltinCoverage, GeneratedSourcesExist) {
  EXPECT_FALSE(lines(std::string(CLCUDA_GENERATED_TESTS) + "/tests.txt").empty())
      << "generate_builtin_tests wrote no test list in " << CLCUDA_GENERATED_TESTS;
}

// Each module compiles on its own, without warnings: it includes what it uses.
class Module : public ::testing::TestWithParam<std::string> {};

TEST_P(Module, CompilesAlone) {
  std::string source = "#include <" + GetParam() + ">\nextern \"C\" __global__ void k() {}\n";
  clcuda::NvrtcOutput c = compiled(source, realArchitecture);
  EXPECT_TRUE(c.ok) << c.log;
  EXPECT_EQ(c.log, "");
}

std::vector<std::string> embeddedHeaders() {
  std::vector<std::string> names;
  for (size_t i = 0; i < clcuda::device_library_headers.count; ++i)
    names.push_back(clcuda::device_library_headers.files[i].name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(Embedded, Module, ::testing::ValuesIn(embeddedHeaders()), nameOf);

TEST(Module, CoreAndNdrangeAreEmbedded) {
  std::vector<std::string> names = embeddedHeaders();
  for (const char *required : {"clc/core.h", "clc/ndrange.h", "clc/math.h", "clc/convert.h"})
    EXPECT_NE(std::find(names.begin(), names.end(), required), names.end()) << required;
}

// Hand-written sources that must compile cleanly: operators, swizzles and
// layout for every type and width (static_asserts inside), and the kernels of
// the GPU tests, compiled to a CUBIN here so ptxas checks them too.
class Source : public ::testing::TestWithParam<std::string> {};

TEST_P(Source, Compiles) {
  std::string source = readFile(GetParam());
  ASSERT_FALSE(source.empty()) << "cannot read " << GetParam();
  clcuda::NvrtcOutput c = compiled(source, realArchitecture);
  EXPECT_TRUE(c.ok) << c.log;
  EXPECT_EQ(c.log, "");
}

INSTANTIATE_TEST_SUITE_P(Valid, Source, ::testing::ValuesIn(sources("valid")), nameOf);
INSTANTIATE_TEST_SUITE_P(Gpu, Source, ::testing::ValuesIn(sources("gpu")), nameOf);

// Sources the library must reject; the first line reads
// `// expect-error: <text NVRTC's log contains>`.
class Rejected : public ::testing::TestWithParam<std::string> {};

TEST_P(Rejected, FailsWithTheExpectedMessage) {
  std::string source = readFile(GetParam());
  const std::string marker = "// expect-error: ";
  ASSERT_EQ(source.rfind(marker, 0), 0u) << GetParam() << " must start with " << marker;
  std::string expected = source.substr(marker.size(), source.find('\n') - marker.size());
  clcuda::NvrtcOutput c = compiled(source, virtualArchitecture);
  EXPECT_FALSE(c.ok) << "compiled, but should fail with: " << expected;
  EXPECT_NE(c.log.find(expected), std::string::npos) << "expected \"" << expected << "\" in:\n"
                                                     << c.log;
}

INSTANTIATE_TEST_SUITE_P(Invalid, Rejected, ::testing::ValuesIn(sources("invalid")), nameOf);

} // namespace
