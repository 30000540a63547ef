#include "pipeline/pipeline.h"

#include "common/example_main.h"

int main(int argc, char **argv) {
  pipeline::Config config;
  clexample::Example example("pipeline",
                             "Streams batches through host-to-device copy, kernel and "
                             "device-to-host copy with 1, 2 and 3 queues and pinned host memory, "
                             "and prints the speed-up.");
  example.options().add("--batches", config.batches, "batches");
  example.options().add("--batch-size", config.batchSize, "uint elements per batch");
  example.options().add("--rounds", config.rounds, "kernel work per element");
  example.options().add("--queues", config.maxQueues, "run with 1 up to this many queues");
  return example.main(argc, argv, config.kernelDirectory, [&](const clexample::Device &device) {
    return pipeline::run(device, config);
  });
}
