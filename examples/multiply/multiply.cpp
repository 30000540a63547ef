#include "multiply/multiply.h"

#include "common/random.h"
#include "common/timing.h"

#include <iomanip>
#include <sstream>
#include <stdexcept>

namespace multiply {
namespace {

using namespace clexample;

struct Inputs {
  std::vector<float> a;
  std::vector<float> factors; // B of each run
};

// One run's device buffers and its host result.
struct RunBuffers {
  Memory factor;
  Memory output;
  std::vector<float> result;
};

std::vector<RunBuffers> createRunBuffers(const Device &device, const Config &config) {
  std::vector<RunBuffers> runs(config.runs);
  for (RunBuffers &run : runs) {
    run.factor = device.createBuffer(CL_MEM_READ_ONLY, sizeof(float));
    run.output = device.createBuffer(CL_MEM_WRITE_ONLY, config.size * sizeof(float));
    run.result.resize(config.size);
  }
  return runs;
}

// One queue, blocking writes and reads: each run waits for the previous one.
std::vector<RunBuffers> runSequential(const Device &device, cl_program program,
                                      const Config &config, const Inputs &inputs) {
  Queue queue = device.createQueue();
  Kernel kernel = createKernel(program, "multiply");
  Memory a = device.createBuffer(CL_MEM_READ_ONLY, config.size * sizeof(float));
  writeBuffer(queue, a, inputs.a);
  std::vector<RunBuffers> runs = createRunBuffers(device, config);
  for (size_t r = 0; r < config.runs; ++r) {
    check(clEnqueueWriteBuffer(queue, runs[r].factor, CL_TRUE, 0, sizeof(float), &inputs.factors[r],
                               0, nullptr, nullptr),
          "clEnqueueWriteBuffer");
    setKernelArgs(kernel, a, runs[r].factor, runs[r].output);
    enqueueKernel(queue, kernel, NDRange(config.size));
    check(clEnqueueReadBuffer(queue, runs[r].output, CL_TRUE, 0, config.size * sizeof(float),
                              runs[r].result.data(), 0, nullptr, nullptr),
          "clEnqueueReadBuffer");
  }
  return runs;
}

// One queue per run, nothing blocks until clFinish: A is written once on the
// first queue, and every run's kernel waits for that write's event.
std::vector<RunBuffers> runParallel(const Device &device, cl_program program, const Config &config,
                                    const Inputs &inputs) {
  // Declared before the queues, which wait for their reads when they go.
  std::vector<RunBuffers> runs = createRunBuffers(device, config);
  std::vector<Queue> queues;
  std::vector<Kernel> kernels; // a kernel's arguments are per object, so one per run
  for (size_t r = 0; r < config.runs; ++r) {
    queues.push_back(device.createQueue());
    kernels.push_back(createKernel(program, "multiply"));
  }
  Memory a = device.createBuffer(CL_MEM_READ_ONLY, config.size * sizeof(float));
  Event aWritten;
  check(clEnqueueWriteBuffer(queues[0], a, CL_FALSE, 0, config.size * sizeof(float),
                             inputs.a.data(), 0, nullptr, aWritten.receive()),
        "clEnqueueWriteBuffer");
  for (size_t r = 0; r < config.runs; ++r) {
    check(clEnqueueWriteBuffer(queues[r], runs[r].factor, CL_FALSE, 0, sizeof(float),
                               &inputs.factors[r], 0, nullptr, nullptr),
          "clEnqueueWriteBuffer");
    setKernelArgs(kernels[r], a, runs[r].factor, runs[r].output);
    enqueueKernel(queues[r], kernels[r], NDRange(config.size), {}, {}, {aWritten.get()});
    check(clEnqueueReadBuffer(queues[r], runs[r].output, CL_FALSE, 0, config.size * sizeof(float),
                              runs[r].result.data(), 0, nullptr, nullptr),
          "clEnqueueReadBuffer");
    check(clFlush(queues[r]), "clFlush");
  }
  for (Queue &queue : queues)
    check(clFinish(queue), "clFinish");
  return runs;
}

std::vector<float> concatenate(const std::vector<RunBuffers> &runs) {
  std::vector<float> all;
  for (const RunBuffers &run : runs)
    all.insert(all.end(), run.result.begin(), run.result.end());
  return all;
}

} // namespace

RunResult run(const Device &device, const Config &config) {
  const bool sequential = config.mode == "sequential" || config.mode == "both";
  const bool parallel = config.mode == "parallel" || config.mode == "both";
  if (!sequential && !parallel)
    throw std::invalid_argument("--mode must be sequential, parallel or both, not \"" +
                                config.mode + "\"");
  if (config.size == 0 || config.runs == 0)
    throw std::invalid_argument("--size and --runs must be positive");

  Inputs inputs;
  inputs.a = randomFloats(config.size, 1, -1.0f, 1.0f);
  for (size_t r = 0; r < config.runs; ++r)
    inputs.factors.push_back(static_cast<float>(r + 1));

  std::vector<float> expected;
  for (size_t r = 0; r < config.runs; ++r)
    for (float a : inputs.a)
      expected.push_back(a * inputs.factors[r]); // one correctly rounded product

  Program program =
      device.buildProgram(kernelPath(config.kernelDirectory, KERNEL_DIR, "multiply.cl"));
  // Untimed: some platforms compile or load a kernel on its first launch.
  Config warmUp = config;
  warmUp.runs = 1;
  runSequential(device, program, warmUp, inputs);

  RunResult result;
  std::vector<float> values;
  auto runMode = [&](const char *name, auto modeFunction) {
    Stopwatch stopwatch;
    values = concatenate(modeFunction(device, program, config, inputs));
    std::ostringstream line;
    line << name << ": " << config.runs << " runs of " << config.size << " elements in "
         << std::fixed << std::setprecision(2) << stopwatch.seconds() * 1e3 << " ms";
    result.report.push_back(line.str());
    expectEqual(result, std::string(name) + " C", values, expected);
  };
  if (sequential)
    runMode("sequential", runSequential);
  if (parallel)
    runMode("parallel", runParallel);
  result.buffers.push_back(resultBuffer("C", values));
  return result;
}

} // namespace multiply
