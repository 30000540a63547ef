// prefetch loader: a worker thread "loads" batches (generates them, at a CPU
// cost per element, as decoding or reading would) into a ring of pinned host
// buffers, at most `slots` batches ahead of the device (bounded prefetch; 2
// slots is double buffering), while the main thread feeds the device. Compared
// with loading each batch on the main thread and then processing it.
#pragma once

#include "common/device.h"
#include "common/results.h"

#include <string>

namespace prefetch_loader {

struct Config {
  size_t batches = 32;
  size_t batchSize = 1 << 20;  // uint elements per batch
  size_t slots = 2;            // pinned buffers the loader may fill ahead
  size_t loadWork = 16;        // CPU work per element when loading
  size_t rounds = 64;          // kernel work per element
  std::string kernelDirectory; // empty: this example's source directory
};

// The result is every batch's output (the same with and without prefetching).
clexample::RunResult run(const clexample::Device &device, const Config &config);

} // namespace prefetch_loader
