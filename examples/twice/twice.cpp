#include "twice/twice.h"

#include "common/random.h"

#include <stdexcept>

namespace twice {

using namespace clexample;

RunResult run(const Device &device, const Config &config) {
  if (config.size == 0 || config.size > UINT32_MAX)
    throw std::invalid_argument("--size must be between 1 and 2^32 - 1");
  const std::vector<float> data = randomFloats(config.size, 2, -1000.0f, 1000.0f);

  Program program = device.buildProgram(kernelPath(config.kernelDirectory, KERNEL_DIR, "twice.cl"));
  Kernel kernel = createKernel(program, "twice");
  Queue queue = device.createQueue();
  Memory buffer = device.createBuffer(CL_MEM_READ_WRITE, data);
  setKernelArgs(kernel, buffer, static_cast<cl_uint>(config.size));
  // A global size must be a multiple of the local size: round up, the kernel guards.
  if (config.localSize == 0)
    enqueueKernel(queue, kernel, NDRange(config.size));
  else
    enqueueKernel(queue, kernel, NDRange(roundUp(config.size, config.localSize)),
                  NDRange(config.localSize));
  std::vector<float> doubled = readBuffer<float>(queue, buffer, config.size);

  RunResult result;
  std::vector<float> expected(data.size());
  for (size_t i = 0; i < data.size(); ++i)
    expected[i] = 2.0f * data[i]; // exact: a power-of-two scaling
  checkAndKeep(result, "data", doubled, expected);
  return result;
}

} // namespace twice
