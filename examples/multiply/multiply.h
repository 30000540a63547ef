// multiply: one input A shared by several runs, each with its own factor
// B = run + 1 and its own output C. Sequential mode: one queue, blocking
// calls. Parallel mode: one queue per run, non-blocking calls, clFinish on
// each queue, so one run's transfers overlap other runs' kernels.
#pragma once

#include "common/device.h"
#include "common/results.h"

#include <string>

namespace multiply {

struct Config {
  size_t size = 1 << 22;       // elements of A and of each C
  size_t runs = 8;             // kernel launches, each with its own B and C
  std::string mode = "both";   // sequential, parallel or both
  std::string kernelDirectory; // empty: this example's source directory
};

// Runs the modes asked for; the result is every run's C, one after another
// (the modes' results must be identical).
clexample::RunResult run(const clexample::Device &device, const Config &config);

} // namespace multiply
