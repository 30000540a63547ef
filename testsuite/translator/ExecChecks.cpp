#include "ExecChecks.h"

#include <gtest/gtest.h>

#include <iostream>

namespace cl2cuda::testing {

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
