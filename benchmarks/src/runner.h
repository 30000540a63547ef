// Runs the selected measures on every present column, interleaved.
#pragma once

#include "column.h"
#include "options.h"
#include "results.h"

#include <array>
#include <string>
#include <vector>

namespace clcuda::bench {

struct RunResult {
  std::vector<Row> rows;
  std::vector<std::string> notes; // how the run sized its kernels, and such
  bool failed = false;            // some cell failed (a fault, not a missing column)
};

// `columns[slot]` is null for a column that is absent. For every row, each
// column prepares the measure (allocations, builds, one checked run), then
// the samples are taken round-robin, one per column per repetition, the
// column order rotating every repetition.
// The size/param of the command-buffer rows of `kernels` kernels per round
// ("100 kernels"; goals.def names the row it holds so).
std::string smallKernelsParam(unsigned kernels);

RunResult runBenchmarks(const Options &options, const std::array<Column *, kColumnCount> &columns);

} // namespace clcuda::bench
