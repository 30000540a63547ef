#include "laplacian/laplacian.h"

#include "common/example_main.h"

int main(int argc, char **argv) {
  laplacian::Config config;
  config.saveInputPath = "laplacian_input.pgm";
  config.saveEdgesPath = "laplacian_edges.pgm";
  clexample::Example example("laplacian",
                             "A 3x3 Laplacian edge filter over a grayscale image; writes the "
                             "input and the edges as PGM images.");
  example.options().add("--image", config.inputPath,
                        "a binary PGM (P5) to filter; default: a generated sample");
  example.options().add("--width", config.width, "width of the generated sample");
  example.options().add("--height", config.height, "height of the generated sample");
  example.options().add("--save-input", config.saveInputPath,
                        "write the input image here (\"\" for nowhere)");
  example.options().add("--save-edges", config.saveEdgesPath,
                        "write the edge image here (\"\" for nowhere)");
  return example.main(argc, argv, config.kernelDirectory, [&](const clexample::Device &device) {
    return laplacian::run(device, config);
  });
}
