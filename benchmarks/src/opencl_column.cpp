#include "opencl_column.h"

#include "bench_error.h"
#include "common/cl_error_name.h"
#include "host_support.h"

#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <clcuda/command_buffer_khr.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <optional>
#include <sstream>
#include <type_traits>
#include <vector>

namespace clcuda {
extern const EmbeddedFileSet opencl_benchmark_sources; // kernels/*.cl
extern const EmbeddedFileSet opencl_benchmark_il;      // kernels/*.spv, made from them
} // namespace clcuda

namespace clcuda::bench {
namespace {

std::string errorName(cl_int code) {
  const char *name = clErrorName(code);
  return name ? name : "OpenCL error " + std::to_string(code);
}

void check(cl_int status, const char *call) {
  if (status != CL_SUCCESS)
    throw BenchError(std::string(call) + " failed: " + errorName(status));
}

template <typename Handle, cl_int(CL_API_CALL *Release)(Handle)> struct Releaser {
  void operator()(Handle handle) const { Release(handle); }
};
template <typename Handle, cl_int(CL_API_CALL *Release)(Handle)>
using Owned = std::unique_ptr<std::remove_pointer_t<Handle>, Releaser<Handle, Release>>;

using Context = Owned<cl_context, clReleaseContext>;
using Queue = Owned<cl_command_queue, clReleaseCommandQueue>;
using Program = Owned<cl_program, clReleaseProgram>;
using Kernel = Owned<cl_kernel, clReleaseKernel>;
using Memory = Owned<cl_mem, clReleaseMemObject>;
using Event = Owned<cl_event, clReleaseEvent>;

std::string platformString(cl_platform_id platform, cl_platform_info what) {
  std::size_t size = 0;
  if (clGetPlatformInfo(platform, what, 0, nullptr, &size) != CL_SUCCESS || size == 0)
    return "";
  std::string text(size, '\0');
  clGetPlatformInfo(platform, what, size, text.data(), nullptr);
  return text.c_str();
}

std::string deviceString(cl_device_id device, cl_device_info what) {
  std::size_t size = 0;
  if (clGetDeviceInfo(device, what, 0, nullptr, &size) != CL_SUCCESS || size == 0)
    return "";
  std::string text(size, '\0');
  clGetDeviceInfo(device, what, size, text.data(), nullptr);
  return text.c_str();
}

std::string versionText(cl_version version) {
  return std::to_string(CL_VERSION_MAJOR(version)) + "." +
         std::to_string(CL_VERSION_MINOR(version)) + "." +
         std::to_string(CL_VERSION_PATCH(version));
}

// The version of the extension `name` the device lists in
// CL_DEVICE_EXTENSIONS_WITH_VERSION (OpenCL 3.0); none where it cannot say.
std::optional<cl_version> extensionVersion(cl_device_id device, const std::string &name) {
  std::size_t size = 0;
  if (clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS_WITH_VERSION, 0, nullptr, &size) != CL_SUCCESS ||
      size == 0)
    return std::nullopt;
  std::vector<cl_name_version> listed(size / sizeof(cl_name_version));
  if (clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS_WITH_VERSION, size, listed.data(), nullptr) !=
      CL_SUCCESS)
    return std::nullopt;
  for (const cl_name_version &extension : listed)
    if (name == std::string(extension.name, strnlen(extension.name, sizeof(extension.name))))
      return extension.version;
  return std::nullopt;
}

// cl_khr_command_buffer's functions the command-buffer measure calls.
struct CommandBufferFunctions {
  khr::CreateCommandBufferFn create;
  khr::CommandNDRangeKernelFn ndrange_kernel;
  khr::FinalizeCommandBufferFn finalize;
  khr::EnqueueCommandBufferFn enqueue;
  khr::ReleaseCommandBufferFn release;
};

struct CommandBufferReleaser {
  khr::ReleaseCommandBufferFn release;
  void operator()(khr::CommandBuffer buffer) const { release(buffer); }
};
using CommandBuffer = std::unique_ptr<_cl_command_buffer_khr, CommandBufferReleaser>;

std::vector<cl_platform_id> platforms() {
  cl_uint count = 0;
  cl_int status = clGetPlatformIDs(0, nullptr, &count);
  if (status == CL_PLATFORM_NOT_FOUND_KHR || count == 0)
    return {};
  check(status, "clGetPlatformIDs");
  std::vector<cl_platform_id> ids(count);
  check(clGetPlatformIDs(count, ids.data(), nullptr), "clGetPlatformIDs");
  return ids;
}

std::vector<cl_device_id> devices(cl_platform_id platform) {
  cl_uint count = 0;
  cl_int status = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &count);
  if (status == CL_DEVICE_NOT_FOUND || count == 0)
    return {};
  check(status, "clGetDeviceIDs");
  std::vector<cl_device_id> ids(count);
  check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, count, ids.data(), nullptr), "clGetDeviceIDs");
  return ids;
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

cl_platform_id findPlatform(const std::string &pattern) {
  const std::string wanted = lower(pattern);
  const std::vector<cl_platform_id> all = platforms();
  for (cl_platform_id platform : all)
    if (lower(platformString(platform, CL_PLATFORM_NAME)) == wanted)
      return platform;
  // By name before by vendor: clcuda's vendor is NVIDIA's too.
  for (cl_platform_info param : {CL_PLATFORM_NAME, CL_PLATFORM_VENDOR})
    for (cl_platform_id platform : all)
      if (lower(platformString(platform, param)).find(wanted) != std::string::npos)
        return platform;
  std::string names;
  for (cl_platform_id platform : all)
    names += (names.empty() ? "" : ", ") + ("'" + platformString(platform, CL_PLATFORM_NAME) + "'");
  throw Unavailable("no OpenCL platform matches '" + pattern + "' (the ICD loader offers " +
                    (names.empty() ? std::string("none") : names) + ")");
}

class OpenClColumn : public Column {
public:
  OpenClColumn(const std::string &pattern, bool il_programs)
      : platform_(findPlatform(pattern)), il_programs_(il_programs) {
    std::vector<cl_device_id> found = devices(platform_);
    if (found.empty())
      throw Unavailable("OpenCL platform '" + platformString(platform_, CL_PLATFORM_NAME) +
                        "' has no device");
    device_ = found.front();
    const cl_context_properties properties[] = {
        CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(platform_), 0};
    cl_int status = CL_SUCCESS;
    context_.reset(clCreateContext(properties, 1, &device_, nullptr, nullptr, &status));
    check(status, "clCreateContext");
    queue_ = newQueue();
  }

  std::string description() const override {
    return "platform '" + platformString(platform_, CL_PLATFORM_NAME) + "' (" +
           platformString(platform_, CL_PLATFORM_VERSION) + "), device '" +
           deviceString(device_, CL_DEVICE_NAME) + "' (driver " +
           deviceString(device_, CL_DRIVER_VERSION) + ")" +
           (il_programs_ ? ", kernels built from SPIR-V" : "");
  }

  std::unique_ptr<Trial> launches(const LaunchCase &c) override;
  std::unique_ptr<Trial> smallKernels(const CommandBufferCase &c) override;
  std::unique_ptr<Trial> transfers(const TransferCase &c) override;
  std::unique_ptr<Trial> kernel(const KernelPlan &plan) override;
  std::unique_ptr<Trial> build(const BuildCase &c) override;
  std::unique_ptr<Trial> pipeline(const PipelineCase &c) override;
  std::unique_ptr<Trial> fmaChain(const FmaCase &c) override;
  std::unique_ptr<Trial> blockingWait(const WaitCase &c) override;

private:
  Queue newQueue() {
    cl_int status = CL_SUCCESS;
    Queue queue(clCreateCommandQueueWithProperties(context_.get(), device_, nullptr, &status));
    check(status, "clCreateCommandQueueWithProperties");
    return queue;
  }

  Memory newBuffer(std::size_t bytes, cl_mem_flags flags = CL_MEM_READ_WRITE) {
    cl_int status = CL_SUCCESS;
    Memory memory(clCreateBuffer(context_.get(), flags, bytes, nullptr, &status));
    check(status, "clCreateBuffer");
    return memory;
  }

  // A 2D image or image array of `shape` (CL_RGBA, CL_UNORM_INT8 or CL_FLOAT).
  Memory newImage(const ImageShape &shape) {
    cl_image_format format = {};
    format.image_channel_order = CL_RGBA;
    format.image_channel_data_type =
        shape.format == PixelFormat::Rgba32f ? CL_FLOAT : CL_UNORM_INT8;
    cl_image_desc desc = {};
    desc.image_type = shape.layers ? CL_MEM_OBJECT_IMAGE2D_ARRAY : CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = shape.width;
    desc.image_height = shape.height;
    desc.image_array_size = shape.layers;
    cl_int status = CL_SUCCESS;
    Memory memory(
        clCreateImage(context_.get(), CL_MEM_READ_WRITE, &format, &desc, nullptr, &status));
    check(status, "clCreateImage");
    return memory;
  }

  Program sourceProgram(const std::string &source) {
    const char *text = source.c_str();
    const std::size_t length = source.size();
    cl_int status = CL_SUCCESS;
    Program program(clCreateProgramWithSource(context_.get(), 1, &text, &length, &status));
    check(status, "clCreateProgramWithSource");
    return program;
  }

  // Builds `source`; the seconds clBuildProgram took go to *build_seconds.
  Program buildProgram(const std::string &source, double *build_seconds = nullptr,
                       const std::string &options = "") {
    return built(sourceProgram(source), build_seconds, options);
  }

  // Compiles each of `units` (clCompileProgram, with `options`) and links
  // them (clLinkProgram, which takes link options only); the seconds both
  // took go to *build_seconds.
  Program linkUnits(const std::vector<std::string> &units, double *build_seconds,
                    const std::string &options) {
    std::vector<Program> objects;
    for (const std::string &unit : units)
      objects.push_back(sourceProgram(unit));
    const double start = wallSeconds();
    std::vector<cl_program> handles;
    for (const Program &object : objects) {
      const cl_int status = clCompileProgram(object.get(), 1, &device_, options.c_str(), 0, nullptr,
                                             nullptr, nullptr, nullptr);
      if (status != CL_SUCCESS)
        throw BenchError("clCompileProgram failed: " + errorName(status) +
                         "; log: " + buildLog(object.get()));
      handles.push_back(object.get());
    }
    cl_int status = CL_SUCCESS;
    Program linked(clLinkProgram(context_.get(), 1, &device_, "", cl_uint(handles.size()),
                                 handles.data(), nullptr, nullptr, &status));
    if (build_seconds)
      *build_seconds = wallSeconds() - start;
    if (status != CL_SUCCESS)
      throw BenchError("clLinkProgram failed: " + errorName(status) +
                       (linked ? "; log: " + buildLog(linked.get()) : std::string()));
    return linked;
  }

  // A build measure program as `input` holds it: one source built, or units
  // compiled and linked.
  Program buildInput(const BuildInput &input, double *build_seconds) {
    return input.units.empty() ? buildProgram(input.source, build_seconds, input.options)
                               : linkUnits(input.units, build_seconds, input.options);
  }

  // Builds a SPIR-V module (clCreateProgramWithIL).
  Program buildIlProgram(const std::string &il) {
    cl_int status = CL_SUCCESS;
    Program program(clCreateProgramWithIL(context_.get(), il.data(), il.size(), &status));
    check(status, "clCreateProgramWithIL");
    return built(std::move(program));
  }

  // `program` after clBuildProgram; the seconds it took go to *build_seconds.
  Program built(Program program, double *build_seconds = nullptr, const std::string &options = "") {
    const double start = wallSeconds();
    const cl_int status =
        clBuildProgram(program.get(), 1, &device_, options.c_str(), nullptr, nullptr);
    if (build_seconds)
      *build_seconds = wallSeconds() - start;
    if (status != CL_SUCCESS)
      throw BenchError("clBuildProgram failed: " + errorName(status) +
                       "; log: " + buildLog(program.get()));
    return program;
  }

  // Makes and releases every kernel of `program`; the seconds it took.
  double createEveryKernel(cl_program program) {
    const double start = wallSeconds();
    cl_uint count = 0;
    check(clCreateKernelsInProgram(program, 0, nullptr, &count), "clCreateKernelsInProgram");
    std::vector<cl_kernel> kernels(count);
    check(clCreateKernelsInProgram(program, count, kernels.data(), nullptr),
          "clCreateKernelsInProgram");
    const double seconds = wallSeconds() - start;
    for (cl_kernel kernel : kernels)
      clReleaseKernel(kernel);
    return seconds;
  }

  std::string buildLog(cl_program program) const {
    std::size_t size = 0;
    clGetProgramBuildInfo(program, device_, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
    std::string log(size, '\0');
    clGetProgramBuildInfo(program, device_, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
    return log.c_str();
  }

  // The built program kernels/<name>.cl (or its SPIR-V, kernels/<name>.spv),
  // built once per column.
  cl_program benchmarkProgram(const std::string &name) {
    auto found = programs_.find(name);
    if (found == programs_.end()) {
      Program program =
          il_programs_
              ? buildIlProgram(embeddedText(opencl_benchmark_il, "kernels/" + name + ".spv"))
              : buildProgram(embeddedText(opencl_benchmark_sources, "kernels/" + name + ".cl"));
      found = programs_.emplace(name, std::move(program)).first;
    }
    return found->second.get();
  }

  Kernel newKernel(const std::string &program, const std::string &name) {
    cl_int status = CL_SUCCESS;
    Kernel kernel(clCreateKernel(benchmarkProgram(program), name.c_str(), &status));
    check(status, "clCreateKernel");
    return kernel;
  }

  // fma_chain on `buffer` (its arguments set but for the iteration count).
  Kernel newFmaKernel(cl_mem buffer, std::uint32_t iterations) {
    Kernel kernel = newKernel("fma_chain", "fma_chain");
    const float scale = kFmaScale, offset = kFmaOffset;
    check(clSetKernelArg(kernel.get(), 0, sizeof(cl_mem), &buffer), "clSetKernelArg");
    check(clSetKernelArg(kernel.get(), 1, sizeof(cl_uint), &iterations), "clSetKernelArg");
    check(clSetKernelArg(kernel.get(), 2, sizeof(float), &scale), "clSetKernelArg");
    check(clSetKernelArg(kernel.get(), 3, sizeof(float), &offset), "clSetKernelArg");
    return kernel;
  }

  void enqueue1d(cl_command_queue queue, cl_kernel kernel, std::size_t global, std::size_t local,
                 cl_event *event = nullptr) {
    check(clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, &local, 0, nullptr, event),
          "clEnqueueNDRangeKernel");
  }

  void finish(cl_command_queue queue) { check(clFinish(queue), "clFinish"); }

  // cl_khr_command_buffer's functions, where the device lists the extension
  // at the version whose declarations this program calls
  // (clcuda/command_buffer_khr.h: the drafts' functions differ, and some
  // take other arguments) and needs no queue property the measure's queue lacks;
  // Unavailable, saying why, where not.
  CommandBufferFunctions commandBufferFunctions() const {
    const std::string name = "cl_khr_command_buffer";
    std::istringstream listed(deviceString(device_, CL_DEVICE_EXTENSIONS));
    bool found = false;
    for (std::string extension; listed >> extension;)
      found = found || extension == name;
    if (!found)
      throw Unavailable("the device does not list " + name);
    const std::optional<cl_version> version = extensionVersion(device_, name);
    const std::string wanted = versionText(khr::kCommandBufferVersion);
    if (!version)
      throw Unavailable("the device does not say which version of " + name +
                        " it has; this program calls " + wanted);
    if (*version != khr::kCommandBufferVersion)
      throw Unavailable("the device has " + name + " " + versionText(*version) +
                        ", a draft other than the " + wanted +
                        " whose declarations this program calls");
    cl_command_queue_properties required = 0;
    check(clGetDeviceInfo(device_, khr::kDeviceCommandBufferRequiredQueueProperties,
                          sizeof(required), &required, nullptr),
          "clGetDeviceInfo(CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR)");
    if (required != 0) {
      std::ostringstream why;
      why << name << " requires queue properties 0x" << std::hex << required
          << ", the measure's in-order queue has none";
      throw Unavailable(why.str());
    }
    auto function = [this](const char *function_name) {
      void *address = clGetExtensionFunctionAddressForPlatform(platform_, function_name);
      if (!address)
        throw BenchError(std::string("the device lists cl_khr_command_buffer, but "
                                     "clGetExtensionFunctionAddressForPlatform has no ") +
                         function_name);
      return address;
    };
    return {
        reinterpret_cast<khr::CreateCommandBufferFn>(function("clCreateCommandBufferKHR")),
        reinterpret_cast<khr::CommandNDRangeKernelFn>(function("clCommandNDRangeKernelKHR")),
        reinterpret_cast<khr::FinalizeCommandBufferFn>(function("clFinalizeCommandBufferKHR")),
        reinterpret_cast<khr::EnqueueCommandBufferFn>(function("clEnqueueCommandBufferKHR")),
        reinterpret_cast<khr::ReleaseCommandBufferFn>(function("clReleaseCommandBufferKHR")),
    };
  }

  cl_platform_id platform_;
  bool il_programs_;
  cl_device_id device_ = nullptr;
  Context context_;
  Queue queue_;
  std::map<std::string, Program> programs_;
};

// Empty-kernel launches -------------------------------------------------------

struct LaunchState {
  cl_command_queue queue;
  Kernel kernel;
  LaunchCase c;
};

std::unique_ptr<Trial> OpenClColumn::launches(const LaunchCase &c) {
  auto state =
      std::make_unique<LaunchState>(LaunchState{queue_.get(), newKernel("empty", "empty"), c});
  enqueue1d(queue_.get(), state->kernel.get(), kEmptyKernelWorkItems, kEmptyKernelWorkItems);
  finish(queue_.get());
  return makeTrial<LaunchState>(std::move(state), [](LaunchState &s) {
    const std::size_t size = kEmptyKernelWorkItems;
    const double start = wallSeconds();
    for (unsigned i = 0; i < s.c.launches; ++i) {
      check(clEnqueueNDRangeKernel(s.queue, s.kernel.get(), 1, nullptr, &size, &size, 0, nullptr,
                                   nullptr),
            "clEnqueueNDRangeKernel");
      if (s.c.wait_for_each)
        check(clFinish(s.queue), "clFinish");
    }
    const double seconds = wallSeconds() - start;
    check(clFinish(s.queue), "clFinish");
    return seconds / s.c.launches;
  });
}

// Small kernels, one by one and from a command buffer --------------------------

struct SmallKernelsState {
  cl_command_queue queue;
  Memory counts; // kSmallKernelWorkItems uints
  Kernel kernel; // increment(counts)
  CommandBufferCase c;
  khr::EnqueueCommandBufferFn enqueue = nullptr;
  CommandBuffer recorded;     // null: one by one; released before the kernel and counts
  std::uint64_t launches = 0; // that the counts have seen
};

void smallKernelsRound(SmallKernelsState &s) {
  if (s.recorded) {
    check(s.enqueue(0, nullptr, s.recorded.get(), 0, nullptr, nullptr),
          "clEnqueueCommandBufferKHR");
  } else {
    const std::size_t global = kSmallKernelWorkItems, local = kSmallKernelLocalSize;
    for (unsigned i = 0; i < s.c.kernels; ++i)
      check(clEnqueueNDRangeKernel(s.queue, s.kernel.get(), 1, nullptr, &global, &local, 0, nullptr,
                                   nullptr),
            "clEnqueueNDRangeKernel");
  }
  check(clFinish(s.queue), "clFinish");
  s.launches += s.c.kernels;
}

void checkSmallKernels(SmallKernelsState &s) {
  std::vector<cl_uint> counts(kSmallKernelWorkItems);
  check(clEnqueueReadBuffer(s.queue, s.counts.get(), CL_TRUE, 0, counts.size() * sizeof(cl_uint),
                            counts.data(), 0, nullptr, nullptr),
        "clEnqueueReadBuffer");
  const std::string wrong = checkLaunchCounts(counts.data(), counts.size(), s.launches);
  if (!wrong.empty())
    throw BenchError("wrong result: " + wrong);
}

std::unique_ptr<Trial> OpenClColumn::smallKernels(const CommandBufferCase &c) {
  std::optional<CommandBufferFunctions> functions;
  if (c.replay) {
    try {
      functions = commandBufferFunctions();
    } catch (const Unavailable &e) {
      if (!c.one_by_one_fallback)
        throw;
      if (c.one_by_one_reason)
        *c.one_by_one_reason = e.what();
    }
  }
  auto state = std::make_unique<SmallKernelsState>();
  state->queue = queue_.get();
  state->c = c;
  state->counts = newBuffer(kSmallKernelWorkItems * sizeof(cl_uint));
  const std::vector<cl_uint> zeros(kSmallKernelWorkItems, 0);
  check(clEnqueueWriteBuffer(queue_.get(), state->counts.get(), CL_TRUE, 0,
                             zeros.size() * sizeof(cl_uint), zeros.data(), 0, nullptr, nullptr),
        "clEnqueueWriteBuffer");
  state->kernel = newKernel("increment", "increment");
  cl_mem counts = state->counts.get();
  check(clSetKernelArg(state->kernel.get(), 0, sizeof(cl_mem), &counts), "clSetKernelArg");
  if (functions) {
    // Recorded once on the column's in-order queue, whose order the buffer
    // keeps: every launch after the one before.
    cl_command_queue queue = queue_.get();
    cl_int status = CL_SUCCESS;
    khr::CommandBuffer buffer = functions->create(1, &queue, nullptr, &status);
    check(status, "clCreateCommandBufferKHR");
    if (!buffer)
      throw BenchError("clCreateCommandBufferKHR returned no command buffer");
    state->recorded = CommandBuffer(buffer, CommandBufferReleaser{functions->release});
    const std::size_t global = kSmallKernelWorkItems, local = kSmallKernelLocalSize;
    for (unsigned i = 0; i < c.kernels; ++i)
      check(functions->ndrange_kernel(buffer, nullptr, nullptr, state->kernel.get(), 1, nullptr,
                                      &global, &local, 0, nullptr, nullptr, nullptr),
            "clCommandNDRangeKernelKHR");
    check(functions->finalize(buffer), "clFinalizeCommandBufferKHR");
    state->enqueue = functions->enqueue;
  }
  // A warm-up as long as a sample, checked.
  for (unsigned r = 0; r < c.rounds; ++r)
    smallKernelsRound(*state);
  checkSmallKernels(*state);
  return makeTrial<SmallKernelsState>(std::move(state), [](SmallKernelsState &s) {
    const double start = wallSeconds();
    for (unsigned r = 0; r < s.c.rounds; ++r)
      smallKernelsRound(s);
    const double seconds = wallSeconds() - start;
    checkSmallKernels(s);
    return seconds / s.c.rounds;
  });
}

// Transfers ---------------------------------------------------------------------

// Pinned host memory the OpenCL way: a CL_MEM_ALLOC_HOST_PTR buffer, mapped.
struct PinnedHostBuffer {
  cl_command_queue queue;
  Memory buffer;
  unsigned char *data = nullptr;

  ~PinnedHostBuffer() {
    if (data) {
      clEnqueueUnmapMemObject(queue, buffer.get(), data, 0, nullptr, nullptr);
      clFinish(queue);
    }
  }
};

std::unique_ptr<PinnedHostBuffer> mapPinned(cl_context context, cl_command_queue queue,
                                            std::size_t bytes) {
  auto pinned = std::make_unique<PinnedHostBuffer>();
  pinned->queue = queue;
  cl_int status = CL_SUCCESS;
  pinned->buffer.reset(
      clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes, nullptr, &status));
  check(status, "clCreateBuffer(CL_MEM_ALLOC_HOST_PTR)");
  pinned->data = static_cast<unsigned char *>(
      clEnqueueMapBuffer(queue, pinned->buffer.get(), CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes,
                         0, nullptr, nullptr, &status));
  check(status, "clEnqueueMapBuffer");
  return pinned;
}

struct TransferState {
  cl_command_queue queue;
  Memory device;
  std::unique_ptr<PageableMemory> pageable;
  std::unique_ptr<PinnedHostBuffer> pinned;
  unsigned char *host = nullptr;
  TransferCase c;
};

cl_int transferOnce(TransferState &s) {
  return s.c.direction == Direction::HostToDevice
             ? clEnqueueWriteBuffer(s.queue, s.device.get(), CL_TRUE, 0, s.c.bytes, s.host, 0,
                                    nullptr, nullptr)
             : clEnqueueReadBuffer(s.queue, s.device.get(), CL_TRUE, 0, s.c.bytes, s.host, 0,
                                   nullptr, nullptr);
}

std::unique_ptr<Trial> OpenClColumn::transfers(const TransferCase &c) {
  auto state = std::make_unique<TransferState>();
  state->queue = queue_.get();
  state->c = c;
  state->device = newBuffer(c.bytes);
  if (c.memory == HostMemory::Pinned) {
    state->pinned = mapPinned(context_.get(), queue_.get(), c.bytes);
    state->host = state->pinned->data;
  } else {
    state->pageable = std::make_unique<PageableMemory>(c.bytes);
    state->host = state->pageable->data();
  }
  // Round trip a pattern through the device: both directions must be right.
  fillTransferPattern(state->host, c.bytes);
  check(clEnqueueWriteBuffer(queue_.get(), state->device.get(), CL_TRUE, 0, c.bytes, state->host, 0,
                             nullptr, nullptr),
        "clEnqueueWriteBuffer");
  std::memset(state->host, 0, c.bytes);
  check(clEnqueueReadBuffer(queue_.get(), state->device.get(), CL_TRUE, 0, c.bytes, state->host, 0,
                            nullptr, nullptr),
        "clEnqueueReadBuffer");
  std::string wrong = checkTransferPattern(state->host, c.bytes);
  if (!wrong.empty())
    throw BenchError(wrong);
  return makeTrial<TransferState>(std::move(state), [](TransferState &s) {
    const double start = wallSeconds();
    for (unsigned i = 0; i < s.c.count; ++i)
      check(transferOnce(s), s.c.direction == Direction::HostToDevice ? "clEnqueueWriteBuffer"
                                                                      : "clEnqueueReadBuffer");
    check(clFinish(s.queue), "clFinish");
    return (wallSeconds() - start) / s.c.count;
  });
}

// Kernel plans ------------------------------------------------------------------

struct PlanState {
  cl_command_queue queue;
  std::vector<Memory> buffers;
  std::vector<Kernel> kernels; // one per Launch step, arguments set
  const KernelPlan *plan;
};

void enqueuePlan(PlanState &s) {
  std::size_t next_kernel = 0;
  for (const Step &step : s.plan->steps) {
    if (const auto *launch = std::get_if<Launch>(&step)) {
      check(clEnqueueNDRangeKernel(s.queue, s.kernels[next_kernel++].get(), launch->dims, nullptr,
                                   launch->global.data(), launch->local.data(), 0, nullptr,
                                   nullptr),
            "clEnqueueNDRangeKernel");
    } else {
      const Fill &fill = std::get<Fill>(step);
      check(clEnqueueFillBuffer(s.queue, s.buffers[fill.buffer].get(), &fill.value,
                                sizeof(fill.value), 0, s.plan->buffers[fill.buffer].bytes, 0,
                                nullptr, nullptr),
            "clEnqueueFillBuffer");
    }
  }
}

// Blocking copies of a plan buffer's whole contents to and from the host: a
// buffer's bytes, or an image's pixels (rows packed).
void writePlanBuffer(cl_command_queue queue, cl_mem memory, const PlanBuffer &buffer,
                     const void *data) {
  if (!buffer.image) {
    check(clEnqueueWriteBuffer(queue, memory, CL_TRUE, 0, buffer.bytes, data, 0, nullptr, nullptr),
          "clEnqueueWriteBuffer");
    return;
  }
  const std::size_t origin[3] = {0, 0, 0};
  const std::size_t region[3] = {buffer.image->width, buffer.image->height,
                                 buffer.image->layers ? buffer.image->layers : 1};
  check(
      clEnqueueWriteImage(queue, memory, CL_TRUE, origin, region, 0, 0, data, 0, nullptr, nullptr),
      "clEnqueueWriteImage");
}

void readPlanBuffer(cl_command_queue queue, cl_mem memory, const PlanBuffer &buffer, void *data) {
  if (!buffer.image) {
    check(clEnqueueReadBuffer(queue, memory, CL_TRUE, 0, buffer.bytes, data, 0, nullptr, nullptr),
          "clEnqueueReadBuffer");
    return;
  }
  const std::size_t origin[3] = {0, 0, 0};
  const std::size_t region[3] = {buffer.image->width, buffer.image->height,
                                 buffer.image->layers ? buffer.image->layers : 1};
  check(clEnqueueReadImage(queue, memory, CL_TRUE, origin, region, 0, 0, data, 0, nullptr, nullptr),
        "clEnqueueReadImage");
}

std::unique_ptr<Trial> OpenClColumn::kernel(const KernelPlan &plan) {
  auto state = std::make_unique<PlanState>();
  state->queue = queue_.get();
  state->plan = &plan;
  for (const PlanBuffer &buffer : plan.buffers) {
    state->buffers.push_back(buffer.image ? newImage(*buffer.image) : newBuffer(buffer.bytes));
    if (buffer.initial)
      writePlanBuffer(queue_.get(), state->buffers.back().get(), buffer, buffer.initial->data());
  }
  for (const Step &step : plan.steps) {
    const auto *launch = std::get_if<Launch>(&step);
    if (!launch)
      continue;
    Kernel kernel = newKernel(plan.program, launch->kernel);
    for (cl_uint index = 0; index < launch->args.size(); ++index) {
      const KernelArg &arg = launch->args[index];
      // Buffers and images alike are a cl_mem; the kernel declares its samplers.
      const bool memory_arg = arg.kind == ArgKind::Buffer || arg.kind == ArgKind::Image ||
                              arg.kind == ArgKind::SampledImage;
      cl_mem memory = memory_arg ? state->buffers.at(arg.buffer).get() : nullptr;
      const void *value = memory_arg                  ? static_cast<const void *>(&memory)
                          : arg.kind == ArgKind::Uint ? static_cast<const void *>(&arg.uint_value)
                                                      : static_cast<const void *>(&arg.float_value);
      const std::size_t size = memory_arg ? sizeof(cl_mem) : 4;
      check(clSetKernelArg(kernel.get(), index, size, value), "clSetKernelArg");
    }
    state->kernels.push_back(std::move(kernel));
  }
  enqueuePlan(*state);
  BufferContents outputs;
  for (unsigned output : plan.outputs) {
    outputs.emplace_back(plan.buffers[output].bytes);
    readPlanBuffer(queue_.get(), state->buffers[output].get(), plan.buffers[output],
                   outputs.back().data());
  }
  std::string wrong = plan.verify(outputs);
  if (!wrong.empty())
    throw BenchError("wrong result: " + wrong);
  return makeTrial<PlanState>(std::move(state), [](PlanState &s) {
    const double start = wallSeconds();
    for (unsigned r = 0; r < s.plan->repeats; ++r)
      enqueuePlan(s);
    check(clFinish(s.queue), "clFinish");
    return (wallSeconds() - start) / s.plan->repeats;
  });
}

// Builds ------------------------------------------------------------------------

constexpr const char *kSaltKernel =
    "__kernel void clcuda_bench_salt_@SALT@(__global uint *out) { out[0] = @SALT@u; }\n";

struct BuildState {
  OpenClColumn *column;
  BuildCase c;
  BuildInput warm;
};

std::unique_ptr<Trial> OpenClColumn::build(const BuildCase &c) {
  // -cl-nv-verbose is cl_nv_compiler_options' (NVIDIA's and clcuda's).
  if (c.phases && deviceString(device_, CL_DEVICE_EXTENSIONS).find("cl_nv_compiler_options") ==
                      std::string::npos)
    throw Unavailable("no cl_nv_compiler_options: no verbose build");
  auto state = std::make_unique<BuildState>();
  state->column = this;
  state->c = c;
  if (!c.cold) {
    state->warm = buildMeasureInput(opencl_benchmark_sources, *c.program, c.packages_root,
                                    "kernels", ".cl", kSaltKernel, 0, false);
    buildInput(state->warm, nullptr); // fills the caches
  }
  return makeTrial<BuildState>(std::move(state), [](BuildState &s) {
    BuildInput input =
        s.c.cold ? buildMeasureInput(opencl_benchmark_sources, *s.c.program, s.c.packages_root,
                                     "kernels", ".cl", kSaltKernel, nextBuildSalt(), false)
                 : s.warm;
    if (s.c.phases)
      input.options += " -cl-nv-verbose";
    double seconds = 0.0;
    Program program = s.column->buildInput(input, &seconds);
    if (s.c.ready_seconds)
      s.c.ready_seconds->push_back(seconds + s.column->createEveryKernel(program.get()));
    if (s.c.phases) {
      BuildPhases phases = parseBuildTimes(s.column->buildLog(program.get()));
      if (phases.empty())
        throw Unavailable("its build log has no phase times");
      s.c.phases->push_back(std::move(phases));
    }
    return seconds;
  });
}

// Pipeline ----------------------------------------------------------------------

struct PipelineState {
  std::vector<Queue> queues;
  std::vector<Memory> device;  // one batch buffer per queue
  std::vector<Kernel> kernels; // fma_chain on device[q]
  std::unique_ptr<PinnedHostBuffer> input, output;
  PipelineCase c;
};

double runPipeline(PipelineState &s) {
  const std::size_t bytes = s.c.batch_elements * sizeof(float);
  const std::size_t local = kPipelineWorkGroupSize;
  const double start = wallSeconds();
  for (unsigned b = 0; b < s.c.batches; ++b) {
    const unsigned q = b % s.c.queues;
    cl_command_queue queue = s.queues[q].get();
    check(clEnqueueWriteBuffer(queue, s.device[q].get(), CL_FALSE, 0, bytes,
                               s.input->data + b * bytes, 0, nullptr, nullptr),
          "clEnqueueWriteBuffer");
    check(clEnqueueNDRangeKernel(queue, s.kernels[q].get(), 1, nullptr, &s.c.batch_elements, &local,
                                 0, nullptr, nullptr),
          "clEnqueueNDRangeKernel");
    check(clEnqueueReadBuffer(queue, s.device[q].get(), CL_FALSE, 0, bytes,
                              s.output->data + b * bytes, 0, nullptr, nullptr),
          "clEnqueueReadBuffer");
  }
  for (const Queue &queue : s.queues)
    check(clFlush(queue.get()), "clFlush");
  for (const Queue &queue : s.queues)
    check(clFinish(queue.get()), "clFinish");
  return wallSeconds() - start;
}

std::unique_ptr<Trial> OpenClColumn::pipeline(const PipelineCase &c) {
  auto state = std::make_unique<PipelineState>();
  state->c = c;
  const std::size_t bytes = c.batch_elements * sizeof(float);
  state->input = mapPinned(context_.get(), queue_.get(), bytes * c.batches);
  state->output = mapPinned(context_.get(), queue_.get(), bytes * c.batches);
  fillPipelineInput(reinterpret_cast<float *>(state->input->data), c.batch_elements * c.batches);
  for (unsigned q = 0; q < c.queues; ++q) {
    state->queues.push_back(newQueue());
    state->device.push_back(newBuffer(bytes));
    state->kernels.push_back(newFmaKernel(state->device.back().get(), c.iterations));
  }
  runPipeline(*state);
  std::string wrong = checkFmaChainOutput(reinterpret_cast<const float *>(state->output->data),
                                          c.batch_elements * c.batches, c.iterations);
  if (!wrong.empty())
    throw BenchError("wrong result: " + wrong);
  return makeTrial<PipelineState>(std::move(state), runPipeline);
}

// fma_chain launches and blocking waits -------------------------------------------

struct FmaState {
  cl_command_queue queue;
  Memory buffer;
  Kernel kernel;
  FmaCase c;
};

std::unique_ptr<Trial> OpenClColumn::fmaChain(const FmaCase &c) {
  auto state = std::make_unique<FmaState>();
  state->queue = queue_.get();
  state->c = c;
  state->buffer = newBuffer(c.elements * sizeof(float));
  std::vector<float> input(c.elements);
  fillPipelineInput(input.data(), input.size());
  check(clEnqueueWriteBuffer(queue_.get(), state->buffer.get(), CL_TRUE, 0,
                             input.size() * sizeof(float), input.data(), 0, nullptr, nullptr),
        "clEnqueueWriteBuffer");
  state->kernel = newFmaKernel(state->buffer.get(), c.iterations);
  enqueue1d(queue_.get(), state->kernel.get(), c.elements, c.local_size);
  check(clEnqueueReadBuffer(queue_.get(), state->buffer.get(), CL_TRUE, 0,
                            input.size() * sizeof(float), input.data(), 0, nullptr, nullptr),
        "clEnqueueReadBuffer");
  std::string wrong = checkFmaChainOutput(input.data(), input.size(), c.iterations);
  if (!wrong.empty())
    throw BenchError("wrong result: " + wrong);
  return makeTrial<FmaState>(std::move(state), [](FmaState &s) {
    const double start = wallSeconds();
    for (unsigned i = 0; i < s.c.launches; ++i)
      check(clEnqueueNDRangeKernel(s.queue, s.kernel.get(), 1, nullptr, &s.c.elements,
                                   &s.c.local_size, 0, nullptr, nullptr),
            "clEnqueueNDRangeKernel");
    check(clFinish(s.queue), "clFinish");
    return (wallSeconds() - start) / s.c.launches;
  });
}

struct WaitState {
  cl_command_queue queue;
  Memory buffer;
  Kernel kernel;
  WaitKind kind;
};

std::unique_ptr<Trial> OpenClColumn::blockingWait(const WaitCase &c) {
  auto state = std::make_unique<WaitState>();
  state->queue = queue_.get();
  state->kind = c.kind;
  state->buffer = newBuffer(sizeof(float));
  state->kernel = newFmaKernel(state->buffer.get(), 1);
  enqueue1d(queue_.get(), state->kernel.get(), 1, 1); // loads the program before timing
  finish(queue_.get());
  check(clSetKernelArg(state->kernel.get(), 1, sizeof(cl_uint), &c.iterations), "clSetKernelArg");
  return makeTrial<WaitState>(std::move(state), [](WaitState &s) {
    const std::size_t one = 1;
    const double cpu_start = processCpuSeconds(), start = wallSeconds();
    cl_event raw_event = nullptr;
    check(clEnqueueNDRangeKernel(s.queue, s.kernel.get(), 1, nullptr, &one, &one, 0, nullptr,
                                 s.kind == WaitKind::Event ? &raw_event : nullptr),
          "clEnqueueNDRangeKernel");
    Event event(raw_event);
    if (s.kind == WaitKind::Event)
      check(clWaitForEvents(1, &raw_event), "clWaitForEvents");
    else
      check(clFinish(s.queue), "clFinish");
    const double wall = wallSeconds() - start, cpu = processCpuSeconds() - cpu_start;
    return cpu / wall;
  });
}

} // namespace

std::unique_ptr<Column> makeOpenClColumn(const std::string &pattern, bool il_programs) {
  return std::make_unique<OpenClColumn>(pattern, il_programs);
}

std::string describeOpenClPlatforms() {
  std::ostringstream out;
  for (cl_platform_id platform : platforms()) {
    out << "'" << platformString(platform, CL_PLATFORM_NAME) << "' vendor '"
        << platformString(platform, CL_PLATFORM_VENDOR) << "' "
        << platformString(platform, CL_PLATFORM_VERSION) << ":";
    const std::vector<cl_device_id> found = devices(platform);
    if (found.empty())
      out << " no device";
    for (cl_device_id device : found)
      out << " '" << deviceString(device, CL_DEVICE_NAME) << "'";
    out << "\n";
  }
  return out.str();
}

} // namespace clcuda::bench
