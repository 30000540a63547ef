// Reductions: four float variants (interleaved, sequential, first add while
// loading, float4 loads) giving one partial sum per work-group, an integer
// sum with atomics, and min/max with local and global atomics.
#include "host_reference.h"
#include "program.h"

#include <climits>

namespace differential {
namespace {

using namespace clexample;

constexpr size_t kGroupSize = 256;
constexpr size_t kGroups = 64;
constexpr size_t kWorkItems = kGroupSize * kGroups;

struct FloatVariant {
  const char *kernel;
  size_t span; // consecutive input elements summed by one group
};
constexpr FloatVariant kFloatVariants[] = {{"reduce_interleaved", kGroupSize},
                                           {"reduce_sequential", kGroupSize},
                                           {"reduce_first_add", 2 * kGroupSize},
                                           {"reduce_float4", 4 * kGroupSize}};

RunResult runReduction(const Device &device) {
  Program program = device.buildProgram(programPath("reduction.cl"));
  Queue queue = device.createQueue();
  RunResult result;

  const std::vector<float> floats = randomFloats(4 * kWorkItems, 11, -1.0f, 1.0f);
  Memory floatInput = device.createBuffer(CL_MEM_READ_ONLY, floats);
  Memory partials = device.createBuffer(CL_MEM_WRITE_ONLY, kGroups * sizeof(float));
  for (const FloatVariant &variant : kFloatVariants) {
    Kernel kernel = createKernel(program, variant.kernel);
    setKernelArgs(kernel, floatInput, partials, LocalMemory{kGroupSize * sizeof(float)});
    enqueueKernel(queue, kernel, NDRange(kWorkItems), NDRange(kGroupSize));
    std::vector<float> sums = readBuffer<float>(queue, partials, kGroups);

    std::vector<double> expected(kGroups), bounds(kGroups);
    for (size_t g = 0; g < kGroups; ++g) {
      double sum = 0, magnitude = 0;
      for (size_t i = g * variant.span; i < (g + 1) * variant.span; ++i) {
        sum += floats[i];
        magnitude += std::fabs(floats[i]);
      }
      expected[g] = sum;
      bounds[g] = gamma(variant.span - 1) * magnitude;
    }
    expectWithin(result, variant.kernel, sums, expected, bounds, "gamma(n-1) sum |x|");
    result.buffers.push_back(resultBuffer(variant.kernel, sums));
  }

  const std::vector<int32_t> integers = randomIntegers<int32_t>(kWorkItems, 12, -1000, 1000);
  Memory integerInput = device.createBuffer(CL_MEM_READ_ONLY, integers);
  Memory total = device.createBuffer(CL_MEM_READ_WRITE, std::vector<int32_t>{0});
  Kernel sumKernel = createKernel(program, "reduce_int_atomic");
  setKernelArgs(sumKernel, integerInput, total, LocalMemory{kGroupSize * sizeof(int32_t)});
  enqueueKernel(queue, sumKernel, NDRange(kWorkItems), NDRange(kGroupSize));
  std::vector<int32_t> sum = readBuffer<int32_t>(queue, total, 1);
  int32_t expectedSum = 0;
  for (int32_t value : integers)
    expectedSum += value;
  checkAndKeep(result, "reduce_int_atomic", sum, {expectedSum});

  Memory extremes = device.createBuffer(CL_MEM_READ_WRITE, std::vector<int32_t>{INT_MAX, INT_MIN});
  Kernel minMaxKernel = createKernel(program, "min_max_atomic");
  setKernelArgs(minMaxKernel, integerInput, extremes);
  enqueueKernel(queue, minMaxKernel, NDRange(kWorkItems), NDRange(kGroupSize));
  std::vector<int32_t> minMax = readBuffer<int32_t>(queue, extremes, 2);
  checkAndKeep(result, "min_max_atomic", minMax,
               {*std::min_element(integers.begin(), integers.end()),
                *std::max_element(integers.begin(), integers.end())});
  return result;
}

} // namespace

std::vector<DifferentialProgram> reductionPrograms() {
  return {{"reduction", "exact (same additions, same order)", runReduction}};
}

} // namespace differential
