#include "workloads.h"

#include "bench_error.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <sstream>

namespace clcuda::bench {
namespace {

constexpr unsigned kGroupSize = 256;        // 1-D kernels
constexpr unsigned kMaxReduceGroups = 1024; // enough to fill any current GPU
constexpr unsigned kHistogramBins = 256;

template <typename T> const T *elements(const Bytes &bytes) {
  return reinterpret_cast<const T *>(bytes.data());
}

// splitmix64: fast, deterministic, the same data in every column and run.
class Random {
public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  float uniform(float low, float high) {
    return low + (high - low) * static_cast<float>(next() >> 40) * 0x1.0p-24f;
  }

private:
  std::uint64_t state_;
};

std::shared_ptr<const Bytes> randomFloats(std::size_t count, float low, float high,
                                          std::uint64_t seed) {
  auto bytes = std::make_shared<Bytes>(count * sizeof(float));
  auto *values = reinterpret_cast<float *>(bytes->data());
  Random random(seed);
  for (std::size_t i = 0; i < count; ++i)
    values[i] = random.uniform(low, high);
  return bytes;
}

std::shared_ptr<const Bytes> randomUints(std::size_t count, std::uint64_t seed) {
  auto bytes = std::make_shared<Bytes>(count * sizeof(std::uint32_t));
  auto *values = reinterpret_cast<std::uint32_t *>(bytes->data());
  Random random(seed);
  for (std::size_t i = 0; i < count; ++i)
    values[i] = static_cast<std::uint32_t>(random.next());
  return bytes;
}

// Pixels of a random image: uniform bytes for RGBA8, floats in [0, 1) for
// RGBA32F; neighbours differ by up to the whole range, the hardest case for
// a filter's weights.
std::shared_ptr<const Bytes> randomPixels(std::size_t pixels, PixelFormat format,
                                          std::uint64_t seed) {
  if (format == PixelFormat::Rgba32f)
    return randomFloats(pixels * 4, 0.0f, 1.0f, seed);
  auto bytes = std::make_shared<Bytes>(pixels * 4);
  Random random(seed);
  for (unsigned char &byte : *bytes)
    byte = static_cast<unsigned char>(random.next() >> 56);
  return bytes;
}

// Channel `index` of an image's bytes as a kernel reads it: unorm8 in [0, 1].
double channelValue(const Bytes &bytes, PixelFormat format, std::size_t index) {
  return format == PixelFormat::Rgba32f ? double(elements<float>(bytes)[index])
                                        : bytes[index] / 255.0;
}

std::uint32_t asUint(std::size_t value, const char *what) {
  if (value > UINT32_MAX)
    throw BenchError(std::string(what) + " exceeds the kernels' 32-bit index range");
  return static_cast<std::uint32_t>(value);
}

std::size_t roundUp(std::size_t value, std::size_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

std::string countLabel(std::size_t count, const char *what) {
  std::ostringstream label;
  if (count % (1u << 20) == 0)
    label << count / (1u << 20) << " Mi " << what;
  else if (count % (1u << 10) == 0)
    label << count / (1u << 10) << " Ki " << what;
  else
    label << count << ' ' << what;
  return label.str();
}

std::string squareLabel(std::size_t side) {
  return std::to_string(side) + "\u00b2"; // n²
}

// "" when |got - want| <= tolerance, else a description of the first miss.
std::string compareAt(const char *what, std::size_t index, double got, double want,
                      double tolerance) {
  if (std::fabs(got - want) <= tolerance)
    return "";
  std::ostringstream message;
  message << what << "[" << index << "] = " << got << ", expected " << want << " (tolerance "
          << tolerance << ")";
  return message.str();
}

// A plan's naming and timing; the caller adds buffers, steps, check and work.
KernelPlan startPlan(const char *name, std::string param, const char *program,
                     const ProblemSizes &sizes) {
  KernelPlan plan;
  plan.name = name;
  plan.param = std::move(param);
  plan.program = program;
  plan.unit = "GB/s";
  plan.repeats = sizes.repeats;
  return plan;
}

void requireMultiple(std::size_t value, std::size_t multiple, const char *what) {
  if (value == 0 || value % multiple != 0)
    throw BenchError(std::string(what) + " must be a positive multiple of " +
                     std::to_string(multiple));
}

KernelPlan saxpyPlan(const ProblemSizes &sizes) {
  const std::size_t n = sizes.saxpy_elements;
  constexpr float a = 2.0f;
  auto x = randomFloats(n, -1.0f, 1.0f, 1);
  auto y = randomFloats(n, -1.0f, 1.0f, 2);
  KernelPlan plan = startPlan("saxpy", countLabel(n, "floats"), "saxpy", sizes);
  plan.buffers = {{n * sizeof(float), x}, {n * sizeof(float), y}};
  plan.steps = {Launch{"saxpy",
                       1,
                       {roundUp(n, kGroupSize), 1, 1},
                       {kGroupSize, 1, 1},
                       {floatArg(a), bufferArg(0), bufferArg(1), uintArg(asUint(n, "saxpy"))}}};
  plan.outputs = {1};
  plan.verify = [n, x, y](const BufferContents &out) {
    const float *xs = elements<float>(*x), *ys = elements<float>(*y);
    const float *got = elements<float>(out[0]);
    for (std::size_t i = 0; i < n; ++i) {
      // Allow for a * x + y contracted to one fma or not.
      std::string miss = compareAt("y", i, got[i], double(a) * xs[i] + ys[i], 1e-6);
      if (!miss.empty())
        return miss;
    }
    return std::string();
  };
  plan.work = 3.0 * n * sizeof(float);
  return plan;
}

KernelPlan transposePlan(const ProblemSizes &sizes, bool tiled) {
  constexpr unsigned tile = 32, block_rows = 8;
  const std::size_t n = sizes.transpose_side;
  requireMultiple(n, tile, "the transpose side");
  auto in = randomFloats(n * n, 0.0f, 1.0f, 3);
  KernelPlan plan = startPlan(tiled ? "transpose_tiled" : "transpose_naive",
                              squareLabel(n) + (tiled ? " floats, 32\u00d733 tile" : " floats"),
                              "transpose", sizes);
  plan.buffers = {{n * n * sizeof(float), nullptr}, {n * n * sizeof(float), in}};
  const std::size_t rows = tiled ? n / (tile / block_rows) : n;
  plan.steps = {Launch{plan.name,
                       2,
                       {n, rows, 1},
                       {tile, block_rows, 1},
                       {bufferArg(0), bufferArg(1), uintArg(asUint(n, "transpose"))}}};
  plan.outputs = {0};
  plan.verify = [n, in](const BufferContents &out) {
    const float *source = elements<float>(*in), *got = elements<float>(out[0]);
    for (std::size_t y = 0; y < n; ++y)
      for (std::size_t x = 0; x < n; ++x) {
        std::string miss = compareAt("out", x * n + y, got[x * n + y], source[y * n + x], 0.0);
        if (!miss.empty())
          return miss;
      }
    return std::string();
  };
  plan.work = 2.0 * n * n * sizeof(float);
  return plan;
}

KernelPlan reductionPlan(const ProblemSizes &sizes) {
  const std::size_t n = sizes.reduction_elements;
  const unsigned groups = static_cast<unsigned>(
      std::min<std::size_t>(kMaxReduceGroups, (n + kGroupSize - 1) / kGroupSize));
  auto in = randomFloats(n, 0.0f, 1.0f, 4);
  KernelPlan plan = startPlan("reduction", countLabel(n, "floats"), "reduction", sizes);
  plan.buffers = {
      {n * sizeof(float), in}, {groups * sizeof(float), nullptr}, {sizeof(float), nullptr}};
  plan.steps = {Launch{"reduce_sum",
                       1,
                       {std::size_t(groups) * kGroupSize, 1, 1},
                       {kGroupSize, 1, 1},
                       {bufferArg(0), bufferArg(1), uintArg(asUint(n, "reduction"))}},
                Launch{"reduce_sum",
                       1,
                       {kGroupSize, 1, 1},
                       {kGroupSize, 1, 1},
                       {bufferArg(1), bufferArg(2), uintArg(groups)}}};
  plan.outputs = {2};
  plan.verify = [n, in](const BufferContents &out) {
    const float *values = elements<float>(*in);
    double sum = 0.0;
    for (std::size_t i = 0; i < n; ++i)
      sum += values[i];
    // Inputs are non-negative: float partial sums lose at most ~1e-6 relative.
    return compareAt("sum", 0, elements<float>(out[0])[0], sum, 1e-4 * sum + 1e-6);
  };
  plan.work = double(n) * sizeof(float);
  return plan;
}

KernelPlan sgemmPlan(const ProblemSizes &sizes) {
  constexpr unsigned tile = 16;
  constexpr std::size_t checked_entries = 512;
  const std::size_t n = sizes.sgemm_side;
  requireMultiple(n, tile, "the sgemm side");
  auto a = randomFloats(n * n, -1.0f, 1.0f, 5);
  auto b = randomFloats(n * n, -1.0f, 1.0f, 6);
  KernelPlan plan = startPlan("sgemm", squareLabel(n) + ", 16\u00d716 tiles", "sgemm", sizes);
  plan.buffers = {
      {n * n * sizeof(float), a}, {n * n * sizeof(float), b}, {n * n * sizeof(float), nullptr}};
  plan.steps = {Launch{"sgemm",
                       2,
                       {n, n, 1},
                       {tile, tile, 1},
                       {bufferArg(0), bufferArg(1), bufferArg(2), uintArg(asUint(n, "sgemm"))}}};
  plan.outputs = {2};
  plan.verify = [n, a, b](const BufferContents &out) {
    const float *as = elements<float>(*a), *bs = elements<float>(*b);
    const float *got = elements<float>(out[0]);
    // An O(n^3) check would take minutes at full size: check entries spread
    // over the matrix (both corners included) against a double-precision dot.
    Random random(7);
    for (std::size_t e = 0; e < checked_entries; ++e) {
      std::size_t row = e == 0 ? 0 : e == 1 ? n - 1 : random.next() % n;
      std::size_t col = e == 0 ? 0 : e == 1 ? n - 1 : random.next() % n;
      double dot = 0.0, magnitude = 0.0;
      for (std::size_t k = 0; k < n; ++k) {
        dot += double(as[row * n + k]) * bs[k * n + col];
        magnitude += std::fabs(double(as[row * n + k]) * bs[k * n + col]);
      }
      std::string miss =
          compareAt("c", row * n + col, got[row * n + col], dot, 1e-5 * magnitude + 1e-6);
      if (!miss.empty())
        return miss;
    }
    return std::string();
  };
  plan.work = 2.0 * n * n * n;
  plan.unit = "GFLOP/s";
  return plan;
}

KernelPlan stencilPlan(const ProblemSizes &sizes) {
  const std::size_t side = sizes.stencil_side;
  requireMultiple(side, 32, "the stencil side");
  auto in = randomFloats(side * side, 0.0f, 1.0f, 8);
  KernelPlan plan =
      startPlan("stencil", squareLabel(side) + " floats, 3\u00d73 Laplacian", "stencil", sizes);
  plan.buffers = {{side * side * sizeof(float), in}, {side * side * sizeof(float), nullptr}};
  const std::uint32_t side32 = asUint(side, "stencil");
  plan.steps = {Launch{"laplacian",
                       2,
                       {side, side, 1},
                       {32, 8, 1},
                       {bufferArg(0), bufferArg(1), uintArg(side32), uintArg(side32)}}};
  plan.outputs = {1};
  plan.verify = [side, in](const BufferContents &out) {
    const float *image = elements<float>(*in), *got = elements<float>(out[0]);
    auto clamp = [side](std::ptrdiff_t v) {
      return std::size_t(std::clamp<std::ptrdiff_t>(v, 0, std::ptrdiff_t(side) - 1));
    };
    for (std::size_t y = 0; y < side; ++y)
      for (std::size_t x = 0; x < side; ++x) {
        double sum = 0.0, magnitude = 0.0;
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) {
            double weight = dx == 0 && dy == 0 ? -8.0 : 1.0;
            double term =
                weight *
                image[clamp(std::ptrdiff_t(y) + dy) * side + clamp(std::ptrdiff_t(x) + dx)];
            sum += term;
            magnitude += std::fabs(term);
          }
        std::string miss =
            compareAt("out", y * side + x, got[y * side + x], sum, 1e-6 * magnitude + 1e-6);
        if (!miss.empty())
          return miss;
      }
    return std::string();
  };
  plan.work = 2.0 * side * side * sizeof(float);
  return plan;
}

KernelPlan histogramPlan(const ProblemSizes &sizes) {
  const std::size_t n = sizes.histogram_elements;
  const unsigned groups = static_cast<unsigned>(
      std::min<std::size_t>(kMaxReduceGroups, (n + kGroupSize - 1) / kGroupSize));
  auto data = randomUints(n, 9);
  KernelPlan plan = startPlan("histogram", countLabel(n, "uints, 256 bins"), "histogram", sizes);
  plan.buffers = {{n * sizeof(std::uint32_t), data},
                  {kHistogramBins * sizeof(std::uint32_t), nullptr}};
  plan.steps = {Fill{1, 0}, Launch{"histogram",
                                   1,
                                   {std::size_t(groups) * kGroupSize, 1, 1},
                                   {kGroupSize, 1, 1},
                                   {bufferArg(0), bufferArg(1), uintArg(asUint(n, "histogram"))}}};
  plan.outputs = {1};
  plan.verify = [n, data](const BufferContents &out) {
    const std::uint32_t *values = elements<std::uint32_t>(*data);
    std::vector<std::uint32_t> bins(kHistogramBins, 0);
    for (std::size_t i = 0; i < n; ++i)
      ++bins[values[i] & (kHistogramBins - 1)];
    const std::uint32_t *got = elements<std::uint32_t>(out[0]);
    for (unsigned b = 0; b < kHistogramBins; ++b) {
      std::string miss = compareAt("bins", b, got[b], bins[b], 0.0);
      if (!miss.empty())
        return miss;
    }
    return std::string();
  };
  plan.work = double(n) * sizeof(std::uint32_t);
  return plan;
}

KernelPlan storeRunPlan(const ProblemSizes &sizes) {
  constexpr std::size_t vectors = 128, lanes = 16; // float16 vectors per work-item
  const std::size_t n = sizes.store_run_items;
  const std::size_t floats = vectors * lanes * n;
  auto in = randomFloats(floats, -1.0f, 1.0f, 10);
  KernelPlan plan =
      startPlan("store_run", countLabel(n, "items \u00d7 128 float16"), "store_run", sizes);
  plan.buffers = {{floats * sizeof(float), in}, {floats * sizeof(float), nullptr}};
  plan.steps = {Launch{"store_run",
                       1,
                       {roundUp(n, kGroupSize), 1, 1},
                       {kGroupSize, 1, 1},
                       {bufferArg(0), bufferArg(1), uintArg(asUint(n, "store_run"))}}};
  plan.outputs = {1};
  plan.verify = [n, floats, in](const BufferContents &out) {
    const float *source = elements<float>(*in), *got = elements<float>(out[0]);
    for (std::size_t f = 0; f < floats; ++f) {
      const std::size_t k = f / (lanes * n); // float f is in vector k * n + i
      // 2 * x is exact, so 2 * x + k rounds once, contracted to an fma or not.
      std::string miss = compareAt("dst", f, got[f], 2.0f * source[f] + float(k), 0.0);
      if (!miss.empty())
        return miss;
    }
    return std::string();
  };
  plan.work = 2.0 * floats * sizeof(float);
  return plan;
}

// The reference of image_bilinear_*: OpenCL's CLK_FILTER_LINEAR with
// CLK_ADDRESS_CLAMP_TO_EDGE at (s, t), normalized or in pixels, in double.
//
// NVIDIA's texture units round each weight to a multiple of 1/256, which for
// values in [0, 1] alone makes up to 1/512 per axis, 1/256 in all, and a
// unorm8 store rounds by up to 1/510 more: 1.5/255. On an H200 one channel
// of the 4096² unorm8 image came out 2.015/255 off (raw CUDA and NVIDIA's
// OpenCL alike, the other 67 Mi within 2/255), so the texture units' weights
// are coarser than that here; the check allows 3/255.
constexpr double kImageTolerance = 3.0 / 255.0;
void bilinearReference(const Bytes &image, const ImageShape &shape, std::size_t layer,
                       bool normalized, float s, float t, double pixel[4]) {
  auto taps = [normalized](float coordinate, std::size_t size, std::size_t &low, std::size_t &high,
                           double &weight) {
    const double u = double(coordinate) * (normalized ? double(size) : 1.0) - 0.5,
                 floor = std::floor(u);
    weight = u - floor;
    auto clamp = [size](double i) { return std::size_t(std::clamp(i, 0.0, double(size) - 1.0)); };
    low = clamp(floor);
    high = clamp(floor + 1.0);
  };
  std::size_t x0, x1, y0, y1;
  double a, b;
  taps(s, shape.width, x0, x1, a);
  taps(t, shape.height, y0, y1, b);
  auto texel = [&](std::size_t x, std::size_t y, unsigned c) {
    return channelValue(image, shape.format,
                        ((layer * shape.height + y) * shape.width + x) * 4 + c);
  };
  for (unsigned c = 0; c < 4; ++c)
    pixel[c] = (1 - a) * (1 - b) * texel(x0, y0, c) + a * (1 - b) * texel(x1, y0, c) +
               (1 - a) * b * texel(x0, y1, c) + a * b * texel(x1, y1, c);
}

// image_bilinear_*: one 2D image (layers 0), read through the texture unit
// on clcuda where it has one, at normalized coordinates;
// image_array_bilinear_rgba8: a 2D image array of `layers` layers of a
// quarter of the pixels each (the same bytes in all), which clcuda samples
// over a CUDA-array copy (docs/design.md, "Images and samplers"), at
// coordinates in pixels (kernels/image_array_bilinear.cl says why).
KernelPlan imageBilinearPlan(const ProblemSizes &sizes, PixelFormat format, std::size_t layers) {
  // Pixel (x, y) samples the source at ((x + 0.5) * scale + offset) / side
  // (normalized; in pixels without the division for arrays): a slight zoom, so the filter's weights
  // change from pixel to pixel (100 values from 0.005 to 0.995); the first row and column fall
  // before the first pixel centres, where clamp to edge decides.
  constexpr float scale = 0.97f, offset = -0.3f;
  const ImageSampler sampler = {layers == 0, true};
  const std::size_t side = layers ? sizes.image_side / 2 : sizes.image_side;
  requireMultiple(side, 32, "the image side");
  const ImageShape shape = {side, side, format, layers};
  const bool rgba8 = format == PixelFormat::Rgba8;
  auto in = randomPixels(shape.pixels(), format, 11);
  const std::string name = std::string(layers ? "image_array_bilinear" : "image_bilinear") +
                           (rgba8 ? "_rgba8" : "_rgba32f");
  std::string label = squareLabel(side);
  if (layers)
    label += " x " + std::to_string(layers) + " layers";
  KernelPlan plan =
      startPlan(name.c_str(), label + (rgba8 ? " RGBA unorm8" : " RGBA float") + ", bilinear",
                layers ? "image_array_bilinear" : "image_bilinear", sizes);
  const std::size_t bytes = shape.pixels() * pixelBytes(format);
  plan.buffers = {{bytes, in, shape}, {bytes, nullptr, shape}};
  const std::uint32_t side32 = asUint(side, "image_bilinear");
  plan.steps = {
      Launch{std::string(layers ? "bilinear_array" : "bilinear") + (rgba8 ? "_rgba8" : "_rgba32f"),
             layers ? 3u : 2u,
             {side, side, layers ? layers : 1},
             {32, 8, 1},
             {sampledImageArg(0, sampler), imageArg(1), uintArg(side32), uintArg(side32),
              floatArg(scale), floatArg(offset)}}};
  plan.outputs = {1};
  plan.verify = [shape, in, sampler](const BufferContents &out) {
    std::size_t misses = 0;
    double largest = 0.0;
    std::string first;
    for (std::size_t layer = 0; layer < (shape.layers ? shape.layers : 1); ++layer)
      for (std::size_t y = 0; y < shape.height; ++y)
        for (std::size_t x = 0; x < shape.width; ++x) {
          // The kernels' coordinate arithmetic, in float.
          float s = (float(x) + 0.5f) * scale + offset, t = (float(y) + 0.5f) * scale + offset;
          if (sampler.normalized_coords) {
            s /= float(shape.width);
            t /= float(shape.height);
          }
          double want[4];
          bilinearReference(*in, shape, layer, sampler.normalized_coords, s, t, want);
          for (unsigned c = 0; c < 4; ++c) {
            const std::size_t index = ((layer * shape.height + y) * shape.width + x) * 4 + c;
            const double got = channelValue(out[0], shape.format, index);
            const double difference = std::fabs(got - want[c]);
            if (difference <= kImageTolerance)
              continue;
            if (misses++ == 0)
              first = compareAt("dst channel", index, got, want[c], kImageTolerance) +
                      " at pixel (" + std::to_string(x) + ", " + std::to_string(y) +
                      (shape.layers ? ") of layer " + std::to_string(layer) : ")");
            largest = std::max(largest, difference);
          }
        }
    if (misses == 0)
      return std::string();
    std::ostringstream message;
    message << misses << " of " << shape.pixels() * 4
            << " channel values differ from the bilinear reference by more than "
            << kImageTolerance * 255.0 << "/255 (the largest by " << largest * 255.0
            << "/255); first: " << first;
    return message.str();
  };
  plan.work = 2.0 * bytes;
  return plan;
}

struct PlanMaker {
  const char *name;
  KernelPlan (*make)(const ProblemSizes &);
};

const PlanMaker kPlanMakers[] = {
    {"saxpy", saxpyPlan},
    {"transpose_naive", [](const ProblemSizes &s) { return transposePlan(s, false); }},
    {"transpose_tiled", [](const ProblemSizes &s) { return transposePlan(s, true); }},
    {"reduction", reductionPlan},
    {"sgemm", sgemmPlan},
    {"stencil", stencilPlan},
    {"histogram", histogramPlan},
    {"store_run", storeRunPlan},
    {"image_bilinear_rgba8",
     [](const ProblemSizes &s) { return imageBilinearPlan(s, PixelFormat::Rgba8, 0); }},
    {"image_bilinear_rgba32f",
     [](const ProblemSizes &s) { return imageBilinearPlan(s, PixelFormat::Rgba32f, 0); }},
    {"image_array_bilinear_rgba8",
     [](const ProblemSizes &s) { return imageBilinearPlan(s, PixelFormat::Rgba8, 4); }},
};

} // namespace

KernelArg bufferArg(unsigned buffer) { return {ArgKind::Buffer, buffer, 0, 0.0f}; }
KernelArg uintArg(std::uint32_t value) { return {ArgKind::Uint, 0, value, 0.0f}; }
KernelArg floatArg(float value) { return {ArgKind::Float, 0, 0, value}; }
KernelArg imageArg(unsigned buffer) { return {ArgKind::Image, buffer, 0, 0.0f}; }
KernelArg sampledImageArg(unsigned buffer, ImageSampler sampler) {
  return {ArgKind::SampledImage, buffer, 0, 0.0f, sampler};
}

std::size_t pixelBytes(PixelFormat format) {
  return format == PixelFormat::Rgba32f ? 4 * sizeof(float) : 4;
}

const std::vector<std::string> &kernelPlanNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> result;
    for (const PlanMaker &maker : kPlanMakers)
      result.emplace_back(maker.name);
    return result;
  }();
  return names;
}

KernelPlan makeKernelPlan(const std::string &name, const ProblemSizes &sizes) {
  for (const PlanMaker &maker : kPlanMakers)
    if (name == maker.name)
      return maker.make(sizes);
  throw BenchError("unknown kernel workload '" + name + "'");
}

float fmaChainReference(float x, std::uint32_t iterations) {
  for (std::uint32_t k = 0; k < iterations; ++k)
    x = std::fma(x, kFmaScale, kFmaOffset);
  return x;
}

float pipelineInput(std::size_t i) { return static_cast<float>(i % 1000) / 1000.0f; }

namespace {

// What hashcat 6.2.6 passes to clBuildProgram for an NVIDIA sm_90 GPU
// (recorded from its calls), then the hash mode's own definitions.
constexpr const char *kHashcatOptions =
    "-D KERNEL_STATIC -D INCLUDE_PATH=@ROOT@/usr/share/hashcat/OpenCL -D XM2S(x)=#x "
    "-D M2S(x)=XM2S(x) -D LOCAL_MEM_TYPE=1 -D VENDOR_ID=32 -D CUDA_ARCH=900 -D HAS_ADD=1 "
    "-D HAS_ADDC=1 -D HAS_SUB=1 -D HAS_SUBC=1 -D HAS_VADD=0 -D HAS_VADDC=0 -D HAS_VADD_CO=0 "
    "-D HAS_VADDC_CO=0 -D HAS_VSUB=0 -D HAS_VSUBB=0 -D HAS_VSUB_CO=0 -D HAS_VSUBB_CO=0 "
    "-D HAS_VPERM=0 -D HAS_VADD3=0 -D HAS_VBFE=0 -D HAS_BFE=1 -D HAS_LOP3=1 -D HAS_MOV64=1 "
    "-D HAS_PRMT=1 -D VECT_SIZE=1 -D DEVICE_TYPE=4 -w ";
// hashcat's CUDA backend compiles the same files with NVRTC.
constexpr const char *kHashcatNvrtcOptions = "--restrict --device-as-default-execution-space ";

BuildProgram hashcatProgram(const std::string &name, const std::string &label,
                            const std::string &file, const std::string &mode_options,
                            const std::string &cuda_only = "") {
  const std::string options = std::string(kHashcatOptions) + mode_options;
  return {name,
          label,
          {},
          InstalledKernel{"hashcat-data", "usr/share/hashcat/OpenCL/" + file + ".cl", options,
                          kHashcatNvrtcOptions + options + cuda_only}};
}

} // namespace

const std::vector<BuildProgram> &buildMeasurePrograms() {
  static const std::vector<BuildProgram> programs = {
      {"four_kernels",
       "4 kernels (saxpy, transpose \u00d72, laplacian)",
       {"saxpy", "transpose", "stencil"},
       {}},
      {"linked",
       "4 kernels linked from 3 units (compile each, link)",
       {"saxpy", "transpose", "stencil"},
       {},
       true},
      {"store_run", "store_run: 128 float16 stores in straight-line code", {"store_run"}, {}},
      {"image_bilinear",
       "image_bilinear: read_imagef with a sampler, write_imagef (2 kernels)",
       {"image_bilinear"},
       {}},
      hashcatProgram("hashcat_md5", "hashcat -m 0 -a 3: MD5, straight-line rounds (2 kernels)",
                     "m00000_a3-pure",
                     "-D DGST_R0=0 -D DGST_R1=3 -D DGST_R2=2 -D DGST_R3=1 -D DGST_ELEM=4 "
                     "-D KERN_TYPE=0 -D ATTACK_EXEC=11 -D ATTACK_KERN=3 -D ATTACK_MODE=3"),
      hashcatProgram("hashcat_sha512", "hashcat -m 1700 -a 3: SHA-512, 64-bit rounds (2 kernels)",
                     "m01700_a3-pure",
                     "-D DGST_R0=14 -D DGST_R1=15 -D DGST_R2=6 -D DGST_R3=7 -D DGST_ELEM=16 "
                     "-D KERN_TYPE=1700 -D ATTACK_EXEC=11 -D ATTACK_KERN=3 -D ATTACK_MODE=3"),
      hashcatProgram("hashcat_bcrypt",
                     "hashcat -m 3200: bcrypt, S-boxes in local memory (3 kernels)", "m03200-pure",
                     "-D DGST_R0=0 -D DGST_R1=1 -D DGST_R2=2 -D DGST_R3=3 -D DGST_ELEM=6 "
                     "-D KERN_TYPE=3200 -D ATTACK_EXEC=10 -D ATTACK_KERN=3 -D ATTACK_MODE=3 "
                     "-D FIXED_LOCAL_SIZE=56",
                     // CUDA's static shared memory stops at 48 KiB: hashcat's
                     // CUDA path takes the S-boxes from dynamic shared memory.
                     " -D DYNAMIC_LOCAL"),
      hashcatProgram("hashcat_pbkdf2", "hashcat -m 10900: PBKDF2-HMAC-SHA256, loops (3 kernels)",
                     "m10900-pure",
                     "-D DGST_R0=0 -D DGST_R1=1 -D DGST_R2=2 -D DGST_R3=3 -D DGST_ELEM=64 "
                     "-D KERN_TYPE=10900 -D ATTACK_EXEC=10 -D ATTACK_KERN=3 -D ATTACK_MODE=3"),
  };
  return programs;
}

std::vector<std::string> buildProgramNames() {
  std::vector<std::string> names;
  for (const BuildProgram &program : buildMeasurePrograms())
    names.push_back(program.name);
  return names;
}

std::uint32_t nextBuildSalt() {
  // Seeded with the process id, so that runs sharing a cache directory miss too.
  static std::atomic<std::uint32_t> counter{static_cast<std::uint32_t>(getpid()) * 2654435761u};
  std::uint32_t salt;
  do
    salt = ++counter;
  while (salt == 0); // 0 is the warm builds' fixed salt
  return salt;
}

std::string formatBytes(std::size_t bytes) {
  constexpr std::size_t kib = 1024, mib = kib * 1024, gib = mib * 1024;
  if (bytes >= gib && bytes % gib == 0)
    return std::to_string(bytes / gib) + " GiB";
  if (bytes >= mib && bytes % mib == 0)
    return std::to_string(bytes / mib) + " MiB";
  if (bytes >= kib && bytes % kib == 0)
    return std::to_string(bytes / kib) + " KiB";
  return std::to_string(bytes) + " B";
}

} // namespace clcuda::bench
