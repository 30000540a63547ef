// laplacian: a 3x3 Laplacian edge filter over a grayscale image, read from a
// PGM file or generated (shapes on a gradient), written as PGM files a person
// can open.
#pragma once

#include "common/device.h"
#include "common/results.h"

#include <string>

namespace laplacian {

struct Config {
  std::string inputPath; // a P5 PGM to filter; empty: generate a sample
  size_t width = 1024;   // size of the generated sample
  size_t height = 768;
  std::string saveInputPath;   // where to write the input image; empty: nowhere
  std::string saveEdgesPath;   // where to write the filtered image; empty: nowhere
  std::string kernelDirectory; // empty: this example's source directory
};

// The result is the filtered image's pixels.
clexample::RunResult run(const clexample::Device &device, const Config &config);

} // namespace laplacian
