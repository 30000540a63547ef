// The examples, run by their own host code (examples/*/NAME.cpp) in a small
// configuration. Their outputs are fully determined, so they compare exactly.
#include "program.h"

#include "laplacian/laplacian.h"
#include "multiply/multiply.h"
#include "pipeline/pipeline.h"
#include "prefetch_loader/prefetch_loader.h"
#include "replay/replay.h"
#include "transpose/transpose.h"
#include "twice/twice.h"

namespace differential {
namespace {

using clexample::Device;
using clexample::RunResult;

RunResult runMultiply(const Device &device) {
  multiply::Config config;
  config.size = 1 << 16;
  config.runs = 4;
  return multiply::run(device, config);
}

RunResult runTwice(const Device &device) {
  twice::Config config;
  config.size = 100003;
  return twice::run(device, config);
}

RunResult runTranspose(const Device &device) {
  transpose::Config config;
  config.width = 512;
  config.height = 256;
  config.iterations = 2;
  return transpose::run(device, config);
}

RunResult runLaplacian(const Device &device) {
  laplacian::Config config; // no files written
  config.width = 333;
  config.height = 211;
  return laplacian::run(device, config);
}

RunResult runPipeline(const Device &device) {
  pipeline::Config config;
  config.batches = 6;
  config.batchSize = 1 << 16;
  config.rounds = 16;
  return pipeline::run(device, config);
}

RunResult runPrefetchLoader(const Device &device) {
  prefetch_loader::Config config;
  config.batches = 8;
  config.batchSize = 1 << 16;
  config.loadWork = 4;
  config.rounds = 8;
  return prefetch_loader::run(device, config);
}

// On a device with cl_khr_command_buffer the step is replayed from a command
// buffer; elsewhere (the reference) it is enqueued one by one.
RunResult runReplay(const Device &device) {
  replay::Config config;
  config.size = 96;
  config.iterations = 6;
  config.steps = 20;
  return replay::run(device, config);
}

} // namespace

std::vector<DifferentialProgram> examplePrograms() {
  return {
      {"example multiply", "exact (one product)", runMultiply},
      {"example twice", "exact (x 2)", runTwice},
      {"example transpose", "exact (copies)", runTranspose},
      {"example laplacian", "exact (integers)", runLaplacian},
      {"example pipeline", "exact (integers)", runPipeline},
      {"example prefetch_loader", "exact (integers)", runPrefetchLoader},
      {"example replay", "exact (integers)", runReplay},
  };
}

} // namespace differential
