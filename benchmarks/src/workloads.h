// The kernel workloads every column runs, described as data: buffers, the
// launches and fills of one repetition, and how to check the results. The
// OpenCL column and the raw CUDA column execute the same plan, so the two
// host sides cannot drift apart.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace clcuda::bench {

// Image plan buffers: 2D, RGBA, rows packed without padding in the host's
// bytes (initial contents and outputs).
enum class PixelFormat {
  Rgba8,   // CL_RGBA / CL_UNORM_INT8; CUDA: 4 x CU_AD_FORMAT_UNSIGNED_INT8
  Rgba32f, // CL_RGBA / CL_FLOAT; CUDA: 4 x CU_AD_FORMAT_FLOAT
};
std::size_t pixelBytes(PixelFormat format);

struct ImageShape {
  std::size_t width, height;
  PixelFormat format;
  std::size_t layers = 0; // 0: a 2D image; N: a 2D image array of N layers
  std::size_t pixels() const { return width * height * (layers ? layers : 1); }
};

// How a kernel samples an image argument. The .cl kernel declares this
// sampler in its source (a program-scope const sampler_t); the raw CUDA
// column makes its texture object with it. Addressing is clamp to edge.
struct ImageSampler {
  bool normalized_coords;
  bool linear_filter;
};

enum class ArgKind {
  Buffer,       // device pointer / cl_mem of a buffer
  Uint,         // 32-bit unsigned integer
  Float,        // float
  Image,        // an image the kernel writes: cl_mem / CUDA surface object
  SampledImage, // an image the kernel reads through `sampler`: cl_mem / CUDA texture object
};

// One kernel argument. The kernels take no __local pointers (their local
// memory is declared in the kernel) and declare their samplers in the
// program, so both APIs pass the same list.
struct KernelArg {
  ArgKind kind;
  unsigned buffer = 0; // Buffer, Image, SampledImage: the plan buffer
  std::uint32_t uint_value = 0;
  float float_value = 0.0f;
  ImageSampler sampler = {}; // SampledImage
};
KernelArg bufferArg(unsigned buffer);
KernelArg uintArg(std::uint32_t value);
KernelArg floatArg(float value);
KernelArg imageArg(unsigned buffer);
KernelArg sampledImageArg(unsigned buffer, ImageSampler sampler);

struct Launch {
  std::string kernel;
  unsigned dims;
  std::array<std::size_t, 3> global; // work-items; a multiple of local in every dimension
  std::array<std::size_t, 3> local;
  std::vector<KernelArg> args;
};

// Sets every 32-bit word of a buffer (clEnqueueFillBuffer / cuMemsetD32Async);
// never an image.
struct Fill {
  unsigned buffer;
  std::uint32_t value;
};

using Step = std::variant<Launch, Fill>;

using Bytes = std::vector<unsigned char>;

struct PlanBuffer {
  std::size_t bytes;
  // Uploaded once before the first repetition; null: left uninitialised.
  // Shared so that a plan's check can compare against it without a copy.
  std::shared_ptr<const Bytes> initial;
  // Set: an image (clCreateImage / a CUDA array) of `bytes` =
  // width * height * pixelBytes(format), not a buffer.
  std::optional<ImageShape> image = std::nullopt;
};

using BufferContents = std::vector<Bytes>;

struct KernelPlan {
  std::string name;    // "saxpy"; selects it with --kernels
  std::string param;   // the size, for the report: "64 Mi floats"
  std::string program; // kernels/<program>.cl and cuda/<program>.cu
  std::vector<PlanBuffer> buffers;
  std::vector<Step> steps;       // one repetition of the workload
  std::vector<unsigned> outputs; // buffers read back after the first repetition
  // Checks the outputs (in the order of `outputs`) after exactly one
  // repetition; returns "" when right, else what is wrong.
  std::function<std::string(const BufferContents &)> verify;
  double work;      // bytes moved or flops done by one repetition
  const char *unit; // "GB/s" or "GFLOP/s": work / 1e9 per second
  unsigned repeats; // repetitions timed back to back in one sample
};

struct ProblemSizes {
  std::size_t saxpy_elements;
  std::size_t transpose_side;
  std::size_t reduction_elements;
  std::size_t sgemm_side;
  std::size_t stencil_side;
  std::size_t histogram_elements;
  std::size_t store_run_items; // work-items of store_run, 8 KiB stored by each
  std::size_t image_side;      // image_bilinear_*: width and height in pixels
  unsigned repeats;
};

// Names of every kernel plan, in report order.
const std::vector<std::string> &kernelPlanNames();

// The plan called `name` at these sizes (BenchError for an unknown name).
KernelPlan makeKernelPlan(const std::string &name, const ProblemSizes &sizes);

// The pipeline and blocking-wait kernel fma_chain(data, iterations) applies
// x = fma(x, kFmaScale, kFmaOffset) `iterations` times to every element.
constexpr float kFmaScale = 0.999f;
constexpr float kFmaOffset = 0.001f;
float fmaChainReference(float x, std::uint32_t iterations);
// The pipeline's input element i (the same in every column).
float pipelineInput(std::size_t i);

// A real application's kernel file, read from the package that installs it
// (under --packages-root) and built with the options the application passes.
struct InstalledKernel {
  std::string package; // the Debian package, named when it is missing
  std::string file;    // under the packages root: "usr/share/hashcat/OpenCL/m00000_a3-pure.cl"
  // The OpenCL columns' build options and the raw column's NVRTC options
  // (the application's CUDA backend on the same file); kPackagesRootMarker
  // stands for the packages root.
  std::string opencl_options, cuda_options;
};
inline constexpr const char *kPackagesRootMarker = "@ROOT@";

// A program of the build measure: each column concatenates its own sources
// of `files` (kernels/<file>.cl, cuda/<file>.cu), or all build `installed`;
// a `linked` program keeps each file a unit of its own, compiled apart and
// linked (clCompileProgram and clLinkProgram; raw CUDA: NVRTC -rdc and the
// driver's cuLink).
struct BuildProgram {
  std::string name;  // --programs picks by it: "store_run"
  std::string label; // the report's size/param
  std::vector<std::string> files;
  std::optional<InstalledKernel> installed;
  bool linked = false;
};
// The build measure's programs: a 4-kernel program (saxpy, transpose naive
// and tiled, laplacian), the same program linked from a unit a file,
// store_run's long straight-line kernel, the image
// resampler (the device library's image reads and writes), then hashcat's
// kernels of four hash modes, as hashcat 6.2.6 builds them on an H100 or
// H200 (its NVIDIA path: inline PTX).
const std::vector<BuildProgram> &buildMeasurePrograms();
// Their names, in report order.
std::vector<std::string> buildProgramNames();
// A number no build in this process used before: a cold build appends a
// kernel that stores it, so no kernel cache (clcuda's, NVIDIA's, the CUDA
// JIT's) can hold the program.
std::uint32_t nextBuildSalt();

// "4 KiB", "64 MiB", "1 GiB" (exact binary multiples; bytes otherwise).
std::string formatBytes(std::size_t bytes);

} // namespace clcuda::bench
