// What the execution test files share: running a case on both sides and
// checking the results.
#pragma once

#include "ExecHarness.h"

namespace cl2cuda::testing {

// Runs the reference and the translation, compares; `expected`, when given,
// is checked against both (against the translation only without `reference`).
void runAndCompare(const ExecCase &test, const Outputs *expected = nullptr,
                   bool with_reference = true);

} // namespace cl2cuda::testing
