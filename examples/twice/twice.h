// twice: the "hello world" of running a kernel: write an array to the
// device, double every element there, read it back.
#pragma once

#include "common/device.h"
#include "common/results.h"

#include <string>

namespace twice {

struct Config {
  size_t size = 1000000;       // elements (any count: the last group is guarded)
  size_t localSize = 256;      // work-group size; 0 lets the platform choose
  std::string kernelDirectory; // empty: this example's source directory
};

clexample::RunResult run(const clexample::Device &device, const Config &config);

} // namespace twice
