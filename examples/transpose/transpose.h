// transpose: a naive kernel (strided writes) and a tiled one (a 32 x 33 tile
// in local memory), timed over several iterations and reported as bandwidth
// (bytes read + written per second).
#pragma once

#include "common/device.h"
#include "common/results.h"

#include <string>

namespace transpose {

inline constexpr size_t kTile = 32; // TILE in transpose.cl
inline constexpr size_t kRows = 8;  // ROWS in transpose.cl

struct Config {
  size_t width = 4096;         // columns of the input, a multiple of 32
  size_t height = 4096;        // rows of the input, a multiple of 32
  size_t iterations = 20;      // timed launches of each kernel
  std::string kernelDirectory; // empty: this example's source directory
};

// The result is the tiled kernel's output (the naive one must equal it).
clexample::RunResult run(const clexample::Device &device, const Config &config);

} // namespace transpose
