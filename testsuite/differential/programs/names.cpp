// C++ keywords and CUDA built-in names used as OpenCL C identifiers (types,
// fields, functions, parameters, variables).
#include "host_reference.h"
#include "program.h"

namespace differential {
namespace {

using namespace clexample;

constexpr size_t kCount = 1024;

RunResult runNames(const Device &device) {
  const std::vector<int32_t> input = randomIntegers<int32_t>(kCount, 111, -100000, 100000);
  Program program = device.buildProgram(programPath("names.cl"));
  Kernel kernel = createKernel(program, "names");
  Queue queue = device.createQueue();
  Memory in = device.createBuffer(CL_MEM_READ_ONLY, input);
  Memory out = device.createBuffer(CL_MEM_WRITE_ONLY, kCount * sizeof(int32_t));
  setKernelArgs(kernel, in, out);
  enqueueKernel(queue, kernel, NDRange(kCount));
  std::vector<int32_t> got = readBuffer<int32_t>(queue, out, kCount);

  std::vector<int32_t> expected(kCount);
  for (size_t i = 0; i < kCount; ++i)
    expected[i] = (input[i] >> 3) * 3 + (input[i] & 7) - static_cast<int32_t>(i);
  RunResult result;
  checkAndKeep(result, "names", got, expected);
  return result;
}

} // namespace

std::vector<DifferentialProgram> namePrograms() {
  return {{"C++ and CUDA names", "exact (integers)", runNames}};
}

} // namespace differential
