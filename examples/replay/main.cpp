#include "replay/replay.h"

#include "common/example_main.h"

int main(int argc, char **argv) {
  replay::Config config;
  clexample::Example example("replay",
                             "Relaxes a 2D heat equation in steps of a few kernels each, "
                             "records one step into a command buffer (cl_khr_command_buffer "
                             "0.9.8, where the device has it) and replays it, and compares with "
                             "the same step enqueued command by command.");
  example.options().add("--size", config.size, "grid side N (N x N cells)");
  example.options().add("--iterations", config.iterations,
                        "relaxations a step (even: two kernels each)");
  example.options().add("--steps", config.steps, "steps (replays of the recorded step)");
  return example.main(argc, argv, config.kernelDirectory,
                      [&](const clexample::Device &device) { return replay::run(device, config); });
}
