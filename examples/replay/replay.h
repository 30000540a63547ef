// replay: an iterative stencil solver whose step is recorded once and
// replayed. Jacobi relaxation of the heat equation on an N x N grid in fixed
// point: a step is K iterations of two kernels (the stencil from one buffer
// into the other, then the new grid's boundary; the buffers alternate, so a
// step holds both orders and ends where it began) and a probe that appends
// the centre's temperature to a history on the device. Where the device
// offers cl_khr_command_buffer 0.9.8, the step is recorded once and enqueued
// S times; the same step enqueued command by command is timed for
// comparison, and is the way it runs everywhere else.
#pragma once

#include "common/device.h"
#include "common/results.h"

#include <string>

namespace replay {

struct Config {
  size_t size = 256;           // grid side N
  size_t iterations = 16;      // K, even: iterations a step
  size_t steps = 100;          // S: steps (replays)
  std::string kernelDirectory; // empty: this example's source directory
};

// The result is the final grid and the centre's temperature after each step
// (the same with and without command buffers).
clexample::RunResult run(const clexample::Device &device, const Config &config);

} // namespace replay
