#include "pipeline/pipeline.h"

#include "common/parallel.h"
#include "common/pinned.h"
#include "common/random.h"
#include "common/timing.h"

#include <algorithm>
#include <iomanip>
#include <sstream>
#include <stdexcept>

namespace pipeline {
namespace {

using namespace clexample;

uint32_t mixOnHost(uint32_t x, uint32_t rounds) {
  for (uint32_t r = 0; r < rounds; ++r) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    x = x * 2654435761u + r;
  }
  return x;
}

// One queue's resources: batches on it reuse its device buffers in order.
struct Lane {
  Queue queue;
  Kernel kernel;
  Memory input;
  Memory output;
};

// Seconds to push every batch through `queues` lanes, reading into `output`.
double runBatches(const Device &device, cl_program program, const Config &config, size_t queues,
                  const uint32_t *input, uint32_t *output) {
  const size_t bytes = config.batchSize * sizeof(uint32_t);
  std::vector<Lane> lanes;
  for (size_t q = 0; q < queues; ++q) {
    Lane lane{device.createQueue(), createKernel(program, "mix_rounds"),
              device.createBuffer(CL_MEM_READ_ONLY, bytes),
              device.createBuffer(CL_MEM_WRITE_ONLY, bytes)};
    setKernelArgs(lane.kernel, lane.input, lane.output, static_cast<cl_uint>(config.rounds));
    lanes.push_back(std::move(lane));
  }
  Stopwatch stopwatch;
  for (size_t b = 0; b < config.batches; ++b) {
    Lane &lane = lanes[b % queues];
    const size_t offset = b * config.batchSize;
    check(clEnqueueWriteBuffer(lane.queue, lane.input, CL_FALSE, 0, bytes, input + offset, 0,
                               nullptr, nullptr),
          "clEnqueueWriteBuffer");
    enqueueKernel(lane.queue, lane.kernel, NDRange(config.batchSize));
    check(clEnqueueReadBuffer(lane.queue, lane.output, CL_FALSE, 0, bytes, output + offset, 0,
                              nullptr, nullptr),
          "clEnqueueReadBuffer");
    check(clFlush(lane.queue), "clFlush");
  }
  for (Lane &lane : lanes)
    check(clFinish(lane.queue), "clFinish");
  return stopwatch.seconds();
}

} // namespace

RunResult run(const Device &device, const Config &config) {
  if (config.batches == 0 || config.batchSize == 0 || config.maxQueues == 0)
    throw std::invalid_argument("--batches, --batch-size and --queues must be positive");
  if (config.rounds > UINT32_MAX)
    throw std::invalid_argument("--rounds must fit in 32 bits");
  const size_t total = config.batches * config.batchSize;
  PinnedHostMemory input(device, total * sizeof(uint32_t));
  PinnedHostMemory output(device, total * sizeof(uint32_t));
  Random random(4);
  std::generate_n(input.as<uint32_t>(), total, [&] { return random.next32(); });
  std::vector<uint32_t> expected(total);
  parallelFor(total, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
      expected[i] = mixOnHost(input.as<uint32_t>()[i], static_cast<uint32_t>(config.rounds));
  });

  Program program =
      device.buildProgram(kernelPath(config.kernelDirectory, KERNEL_DIR, "pipeline.cl"));
  {
    // Untimed: some platforms compile or load a kernel on its first launch.
    Config warmUp = config;
    warmUp.batches = 1;
    runBatches(device, program, warmUp, 1, input.as<uint32_t>(), output.as<uint32_t>());
  }

  RunResult result;
  std::vector<uint32_t> values;
  double oneQueue = 0;
  for (size_t queues = 1; queues <= config.maxQueues; ++queues) {
    std::fill_n(output.as<uint32_t>(), total, 0u);
    double seconds =
        runBatches(device, program, config, queues, input.as<uint32_t>(), output.as<uint32_t>());
    if (queues == 1)
      oneQueue = seconds;
    values.assign(output.as<uint32_t>(), output.as<uint32_t>() + total);
    expectEqual(result, std::to_string(queues) + " queue(s)", values, expected);

    const double gigabytes = 2.0 * static_cast<double>(total * sizeof(uint32_t)) / 1e9;
    std::ostringstream line;
    line << std::fixed << std::setprecision(2) << queues << (queues == 1 ? " queue: " : " queues: ")
         << config.batches << " batches in " << seconds * 1e3 << " ms (" << gigabytes / seconds
         << " GB/s copied), " << oneQueue / seconds << "x the speed of 1 queue";
    result.report.push_back(line.str());
  }
  result.buffers.push_back(resultBuffer("output", values));
  return result;
}

} // namespace pipeline
