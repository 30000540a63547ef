#include "laplacian/laplacian.h"

#include "laplacian/pgm.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace laplacian {
namespace {

using namespace clexample;

constexpr size_t kGroupSide = 16;

// Shapes with sharp edges on a smooth gradient: a disc, a rectangle, a ring
// and a checkerboard. The gradient vanishes under the filter, the edges stay.
Image sampleImage(size_t width, size_t height) {
  Image image{width, height, std::vector<uint8_t>(width * height)};
  const double w = static_cast<double>(width), h = static_cast<double>(height);
  for (size_t y = 0; y < height; ++y)
    for (size_t x = 0; x < width; ++x) {
      const double fx = static_cast<double>(x), fy = static_cast<double>(y);
      double value = 40 + 60 * fx / w;
      if (std::hypot(fx - 0.3 * w, fy - 0.4 * h) < 0.2 * h)
        value = 200;
      if (fx > 0.55 * w && fx < 0.85 * w && fy > 0.15 * h && fy < 0.45 * h)
        value = 160;
      const double ring = std::hypot(fx - 0.7 * w, fy - 0.7 * h);
      if (ring > 0.12 * h && ring < 0.18 * h)
        value = 230;
      if (fx > 0.1 * w && fx < 0.4 * w && fy > 0.7 * h && fy < 0.9 * h)
        value = ((x / 16 + y / 16) % 2) ? 220 : 30;
      image.pixels[y * width + x] = static_cast<uint8_t>(value);
    }
  return image;
}

std::vector<uint8_t> filterOnHost(const Image &image) {
  const long width = static_cast<long>(image.width), height = static_cast<long>(image.height);
  std::vector<uint8_t> edges(image.pixels.size());
  for (long y = 0; y < height; ++y)
    for (long x = 0; x < width; ++x) {
      long sum = 0;
      for (long dy = -1; dy <= 1; ++dy)
        for (long dx = -1; dx <= 1; ++dx)
          sum += image.pixels[std::clamp(y + dy, 0L, height - 1) * width +
                              std::clamp(x + dx, 0L, width - 1)];
      long response = sum - 9 * image.pixels[y * width + x];
      edges[y * width + x] = static_cast<uint8_t>(std::min(std::labs(response), 255L));
    }
  return edges;
}

} // namespace

RunResult run(const Device &device, const Config &config) {
  Image image;
  if (config.inputPath.empty()) {
    if (config.width == 0 || config.height == 0)
      throw std::invalid_argument("--width and --height must be positive");
    image = sampleImage(config.width, config.height);
  } else {
    image = readPgm(config.inputPath);
  }
  if (image.width > INT32_MAX / image.height)
    throw std::invalid_argument("the image is too large for int indices");
  if (!config.saveInputPath.empty())
    writePgm(config.saveInputPath, image);

  Program program =
      device.buildProgram(kernelPath(config.kernelDirectory, KERNEL_DIR, "laplacian.cl"));
  Kernel kernel = createKernel(program, "laplacian");
  Queue queue = device.createQueue();
  Memory in = device.createBuffer(CL_MEM_READ_ONLY, image.pixels);
  Memory out = device.createBuffer(CL_MEM_WRITE_ONLY, image.pixels.size());
  setKernelArgs(kernel, in, out, static_cast<cl_int>(image.width),
                static_cast<cl_int>(image.height));
  enqueueKernel(queue, kernel,
                NDRange(roundUp(image.width, kGroupSide), roundUp(image.height, kGroupSide)),
                NDRange(kGroupSide, kGroupSide));
  Image edges{image.width, image.height, readBuffer<uint8_t>(queue, out, image.pixels.size())};

  RunResult result;
  result.report.push_back(
      "image: " + std::to_string(image.width) + " x " + std::to_string(image.height) +
      (config.inputPath.empty() ? " (generated sample)" : " from " + config.inputPath));
  expectEqual(result, "edges", edges.pixels, filterOnHost(image));
  if (!config.saveInputPath.empty())
    result.report.push_back("input image: " + config.saveInputPath);
  if (!config.saveEdgesPath.empty()) {
    writePgm(config.saveEdgesPath, edges);
    result.report.push_back("edge image: " + config.saveEdgesPath);
  }
  result.buffers.push_back(resultBuffer("edges", edges.pixels));
  return result;
}

} // namespace laplacian
