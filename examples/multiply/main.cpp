#include "multiply/multiply.h"

#include "common/example_main.h"

int main(int argc, char **argv) {
  multiply::Config config;
  clexample::Example example("multiply",
                             "C = A * B[0] for several runs, each with its own factor B: "
                             "sequentially on one queue, and in parallel on one queue per run.");
  example.options().add("--size", config.size, "elements per run");
  example.options().add("--runs", config.runs, "runs (factors 1, 2, ...)");
  example.options().add("--mode", config.mode, "sequential, parallel or both");
  return example.main(argc, argv, config.kernelDirectory, [&](const clexample::Device &device) {
    return multiply::run(device, config);
  });
}
