#include "transpose/transpose.h"

#include "common/random.h"
#include "common/timing.h"

#include <iomanip>
#include <sstream>
#include <stdexcept>

namespace transpose {
namespace {

using namespace clexample;

// Seconds per launch of `kernel`, after one untimed launch.
double timeKernel(cl_command_queue queue, cl_kernel kernel, const Config &config) {
  const NDRange global(config.width, config.height * kRows / kTile);
  const NDRange local(kTile, kRows);
  enqueueKernel(queue, kernel, global, local);
  check(clFinish(queue), "clFinish");
  Stopwatch stopwatch;
  for (size_t i = 0; i < config.iterations; ++i)
    enqueueKernel(queue, kernel, global, local);
  check(clFinish(queue), "clFinish");
  return stopwatch.seconds() / static_cast<double>(config.iterations);
}

} // namespace

RunResult run(const Device &device, const Config &config) {
  if (config.width == 0 || config.height == 0 || config.width % kTile || config.height % kTile)
    throw std::invalid_argument("--width and --height must be positive multiples of 32");
  if (config.iterations == 0)
    throw std::invalid_argument("--iterations must be positive");
  const size_t count = config.width * config.height;
  const std::vector<float> input = randomFloats(count, 3, -1.0f, 1.0f);
  std::vector<float> expected(count);
  for (size_t y = 0; y < config.height; ++y)
    for (size_t x = 0; x < config.width; ++x)
      expected[x * config.height + y] = input[y * config.width + x];

  Program program =
      device.buildProgram(kernelPath(config.kernelDirectory, KERNEL_DIR, "transpose.cl"));
  Queue queue = device.createQueue();
  Memory in = device.createBuffer(CL_MEM_READ_ONLY, input);
  Memory out = device.createBuffer(CL_MEM_WRITE_ONLY, count * sizeof(float));

  RunResult result;
  std::vector<float> transposed;
  double seconds[2] = {};
  const char *names[2] = {"naive", "tiled"};
  for (int k = 0; k < 2; ++k) {
    Kernel kernel = createKernel(program, (std::string("transpose_") + names[k]).c_str());
    setKernelArgs(kernel, in, out, static_cast<cl_uint>(config.width),
                  static_cast<cl_uint>(config.height));
    seconds[k] = timeKernel(queue, kernel, config);
    transposed = readBuffer<float>(queue, out, count);
    expectEqual(result, names[k], transposed, expected);

    const double bytes = 2.0 * static_cast<double>(count * sizeof(float));
    std::ostringstream line;
    line << std::fixed << std::setprecision(1) << names[k] << ": " << config.width << " x "
         << config.height << ", " << seconds[k] * 1e6 << " us per launch, "
         << bytes / seconds[k] / 1e9 << " GB/s";
    result.report.push_back(line.str());
  }
  std::ostringstream speedUp;
  speedUp << std::fixed << std::setprecision(2)
          << "tiled / naive speed-up: " << seconds[0] / seconds[1] << "x";
  result.report.push_back(speedUp.str());
  result.buffers.push_back(resultBuffer("out", transposed));
  return result;
}

} // namespace transpose
