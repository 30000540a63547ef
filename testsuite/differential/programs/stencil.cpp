// Stencils with local-memory tiles and halos, shaped by macros and -D build
// options, with a program-scope __constant table.
#include "host_reference.h"
#include "program.h"

#include <algorithm>

namespace differential {
namespace {

using namespace clexample;

constexpr int kRadius = 2;
constexpr size_t kGroupW = 16, kGroupH = 8;
constexpr int kWidth = 100, kHeight = 75; // not multiples of the group: edge groups are partial
constexpr int kLength = 5000;

double weight(int dx, int dy) { return std::ldexp(1.0, -2 - std::abs(dx) - std::abs(dy)); }

RunResult runStencil(const Device &device) {
  const std::string options = "-DRADIUS=" + std::to_string(kRadius) +
                              " -DGROUP_W=" + std::to_string(kGroupW) +
                              " -DGROUP_H=" + std::to_string(kGroupH);
  Program program = device.buildProgram(programPath("stencil.cl"), options);
  Queue queue = device.createQueue();
  RunResult result;

  const std::vector<float> grid = randomFloats(kWidth * kHeight, 51, -1.0f, 1.0f);
  Memory in = device.createBuffer(CL_MEM_READ_ONLY, grid);
  Memory out = device.createBuffer(CL_MEM_WRITE_ONLY, grid.size() * sizeof(float));
  Kernel kernel2d = createKernel(program, "stencil_2d");
  setKernelArgs(kernel2d, in, out, cl_int{kWidth}, cl_int{kHeight});
  enqueueKernel(queue, kernel2d, NDRange(roundUp(kWidth, kGroupW), roundUp(kHeight, kGroupH)),
                NDRange(kGroupW, kGroupH));
  std::vector<float> smoothed = readBuffer<float>(queue, out, grid.size());

  std::vector<double> expected(grid.size()), bounds(grid.size());
  const size_t terms = (2 * kRadius + 1) * (2 * kRadius + 1);
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth; ++x) {
      double sum = 0, magnitude = 0;
      for (int dy = -kRadius; dy <= kRadius; ++dy)
        for (int dx = -kRadius; dx <= kRadius; ++dx) {
          const double term =
              weight(dx, dy) *
              grid[std::clamp(y + dy, 0, kHeight - 1) * kWidth + std::clamp(x + dx, 0, kWidth - 1)];
          sum += term;
          magnitude += std::fabs(term);
        }
      expected[y * kWidth + x] = sum;
      bounds[y * kWidth + x] = gamma(terms - 1) * magnitude;
    }
  expectWithin(result, "stencil_2d", smoothed, expected, bounds, "gamma(24) sum |w x|");
  result.buffers.push_back(resultBuffer("stencil_2d", smoothed));

  const std::vector<int32_t> line = randomIntegers<int32_t>(kLength, 52, -10000, 10000);
  Memory lineIn = device.createBuffer(CL_MEM_READ_ONLY, line);
  Memory lineOut = device.createBuffer(CL_MEM_WRITE_ONLY, line.size() * sizeof(int32_t));
  Kernel kernel1d = createKernel(program, "stencil_1d");
  setKernelArgs(kernel1d, lineIn, lineOut, cl_int{kLength});
  enqueueKernel(queue, kernel1d, NDRange(roundUp(kLength, 64)), NDRange(64));
  std::vector<int32_t> filtered = readBuffer<int32_t>(queue, lineOut, line.size());
  std::vector<int32_t> expectedLine(line.size());
  for (int i = 0; i < kLength; ++i)
    for (int k = -kRadius; k <= kRadius; ++k)
      expectedLine[i] += line[std::clamp(i + k, 0, kLength - 1)] * (kRadius + 1 - std::abs(k));
  checkAndKeep(result, "stencil_1d", filtered, expectedLine);
  return result;
}

} // namespace

std::vector<DifferentialProgram> stencilPrograms() {
  return {{"stencil", "exact (exact products, same order)", runStencil}};
}

} // namespace differential
