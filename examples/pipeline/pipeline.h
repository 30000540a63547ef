// pipeline: many batches through host-to-device copy -> kernel -> device-to-
// host copy, with 1, 2, ... queues (batch b on queue b % queues) and pinned
// host memory, so one batch's copies overlap another's kernel. Prints each
// queue count's time and its speed-up over one queue.
#pragma once

#include "common/device.h"
#include "common/results.h"

#include <string>

namespace pipeline {

struct Config {
  size_t batches = 24;
  size_t batchSize = 1 << 20;  // uint elements per batch
  size_t rounds = 128;         // work per element: kernel time near the copies' on a GPU
  size_t maxQueues = 3;        // runs with 1, 2, ..., maxQueues queues
  std::string kernelDirectory; // empty: this example's source directory
};

// The result is every batch's output (the same for every queue count).
clexample::RunResult run(const clexample::Device &device, const Config &config);

} // namespace pipeline
