#include "ExecChecks.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iostream>

namespace cl2cuda::testing {
namespace {

// The module clang-15 and llvm-spirv-15 made of the case's file at build
// time (testsuite/translator/CMakeLists.txt), as ExecCase::spirv names it;
// "" when there is none, or the case's build options ask for more than an
// OpenCL C version (the module was compiled without them).
std::string compilerSpirv(const ExecCase &test) {
  if (!test.spirv.empty() ||
      (!test.build_options.empty() && test.build_options.rfind("-cl-std=", 0) != 0) ||
      test.build_options.find(' ') != std::string::npos)
    return "";
  const std::string module = "exec/" + test.file.substr(0, test.file.rfind('.')) + ".spv";
  return std::ifstream(std::string(CL2CUDA_SPIRV_BINARY_DIR) + "/" + module) ? module : "";
}

} // namespace

void runAndCompare(const ExecCase &test, const Outputs *expected, bool with_reference) {
  RunResult reference = with_reference ? runOnReference(test) : RunResult{false, "not run", {}};
  if (!reference.ok && !expected)
    GTEST_SKIP() << "no reference result: " << reference.error;
  if (reference.ok && expected) {
    EXPECT_EQ(compareOutputs(test, *expected, reference.outputs), "")
        << "the reference platform disagrees with the expected values";
  }
  std::string unavailable = cudaUnavailableReason();
  if (!unavailable.empty())
    GTEST_SKIP() << unavailable
                 << " (the reference side ran: " << (reference.ok ? "ok" : reference.error) << ")";
  RunResult translated = runTranslatedOnCuda(test);
  ASSERT_TRUE(translated.ok) << translated.error;
  const Outputs &want = expected ? *expected : reference.outputs;
  EXPECT_EQ(compareOutputs(test, want, translated.outputs), "")
      << test.file << ": the translated kernel differs from "
      << (expected ? "the expected values" : "the reference");

  // The same program as a compiler's SPIR-V, through the SPIR-V front end.
  if (const std::string module = compilerSpirv(test); !module.empty()) {
    ExecCase from_spirv = test;
    from_spirv.spirv = module;
    const RunResult compiled = runTranslatedOnCuda(from_spirv);
    ASSERT_TRUE(compiled.ok) << module << " (clang-15, llvm-spirv-15): " << compiled.error;
    EXPECT_EQ(compareOutputs(test, want, compiled.outputs), "")
        << module << ", the compiler's SPIR-V of " << test.file << ", differs from "
        << (expected ? "the expected values" : "the reference");
  }

  if (!test.spirv.empty())
    return; // a SPIR-V module has no readable translation
  ReadableRun readable = runReadableOnCuda(test);
  if (!readable.skipped.empty()) {
    std::cout << "note: no readable-mode run: " << readable.skipped << "\n";
    return;
  }
  ASSERT_TRUE(readable.run.ok) << test.file << " in readable mode: " << readable.run.error;
  if (readable.refused)
    return; // with the error it must return: nothing ran to compare
  EXPECT_EQ(compareOutputs(test, translated.outputs, readable.run.outputs), "")
      << test.file << ": the readable translation, launched through its helper, differs from "
      << "the translation clcuda runs";
}

} // namespace cl2cuda::testing
