#include "twice/twice.h"

#include "common/example_main.h"

int main(int argc, char **argv) {
  twice::Config config;
  clexample::Example example("twice", "Doubles every element of an array on the device.");
  example.options().add("--size", config.size, "elements");
  example.options().add("--local-size", config.localSize,
                        "work-group size, 0 lets the platform choose");
  return example.main(argc, argv, config.kernelDirectory,
                      [&](const clexample::Device &device) { return twice::run(device, config); });
}
