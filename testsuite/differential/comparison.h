// Comparing the reference platform's results with clcuda's.
#pragma once

#include "common/results.h"

#include <string>

namespace differential {

struct Comparison {
  size_t outside = 0; // elements beyond their buffer's Agreement
  size_t unequal = 0; // elements that are not bit for bit the same
  double maxUlp = 0;  // floats: largest |reference - clcuda| in ulps of the reference value
  double maxIntegerDifference = 0; // integers: largest |reference - clcuda|
  bool hasFloats = false;
  std::string firstOutside; // "C[12]: reference 1.5, clcuda 1.25, bound 0"
  std::string problem;      // the buffers do not correspond (names, types, sizes)

  bool agrees() const { return problem.empty() && outside == 0; }
  // The table's "max error" cell: "0", "0.5 ulp", "3 values differ by up to 7".
  std::string maxErrorText() const;
};

// Compares every buffer of `clcuda` with the same buffer of `reference`, under
// the reference's Agreement.
Comparison compareResults(const clexample::RunResult &reference,
                          const clexample::RunResult &clcuda);

} // namespace differential
