#include "prefetch_loader/prefetch_loader.h"

#include "common/example_main.h"

int main(int argc, char **argv) {
  prefetch_loader::Config config;
  clexample::Example example("prefetch_loader",
                             "A worker thread loads batches into pinned host buffers, a bounded "
                             "number ahead, while the device processes earlier ones; prints the "
                             "throughput with and without prefetching.");
  example.options().add("--batches", config.batches, "batches");
  example.options().add("--batch-size", config.batchSize, "uint elements per batch");
  example.options().add("--slots", config.slots,
                        "pinned buffers the loader fills ahead (2: double buffering)");
  example.options().add("--load-work", config.loadWork, "CPU work per element when loading");
  example.options().add("--rounds", config.rounds, "kernel work per element");
  return example.main(argc, argv, config.kernelDirectory, [&](const clexample::Device &device) {
    return prefetch_loader::run(device, config);
  });
}
