#include "transpose/transpose.h"

#include "common/example_main.h"

int main(int argc, char **argv) {
  transpose::Config config;
  clexample::Example example("transpose",
                             "Transposes a matrix with a naive kernel and with a 32 x 33 "
                             "local-memory tile, and reports each one's bandwidth.");
  example.options().add("--width", config.width, "columns, a multiple of 32");
  example.options().add("--height", config.height, "rows, a multiple of 32");
  example.options().add("--iterations", config.iterations, "timed launches per kernel");
  return example.main(argc, argv, config.kernelDirectory, [&](const clexample::Device &device) {
    return transpose::run(device, config);
  });
}
