// What the execution test files share: running a case on both sides and
// checking the results.
#pragma once

#include "ExecHarness.h"

#include <vector>

namespace cl2cuda::testing {

// Runs the reference and the translation, compares; `expected`, when given,
// is checked against both (against the translation only without `reference`).
// Then the readable translation, whose results must be the translation's.
void runAndCompare(const ExecCase &test, const Outputs *expected = nullptr,
                   bool with_reference = true);

// The bytes of one buffer of values, as Outputs holds them.
template <typename T> std::vector<unsigned char> bytesOf(const std::vector<T> &values) {
  const auto *bytes = reinterpret_cast<const unsigned char *>(values.data());
  return std::vector<unsigned char>(bytes, bytes + values.size() * sizeof(T));
}

} // namespace cl2cuda::testing
