#include "ExecChecks.h"

#include <gtest/gtest.h>

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
}

} // namespace cl2cuda::testing
