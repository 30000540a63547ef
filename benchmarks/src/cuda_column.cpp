// The raw CUDA column: the same workloads written by hand for the CUDA driver
// API, the kernels compiled at run time with NVRTC. Built as a module that
// links libcuda.so.1 (the toolkit's stub at link time); clcuda-bench loads it
// with dlopen, so the program still starts, and runs its OpenCL columns, where
// there is no driver.
#include "bench_error.h"
#include "column.h"
#include "host_support.h"
#include "nvrtc_compile.h"

#include <cuda.h>

#include <cstring>
#include <map>
#include <optional>
#include <sstream>

namespace clcuda::bench {
namespace {

std::string resultName(CUresult status) {
  const char *name = nullptr;
  if (cuGetErrorName(status, &name) != CUDA_SUCCESS || !name)
    return "CUresult " + std::to_string(static_cast<int>(status));
  return name;
}

void check(CUresult status, const char *call) {
  if (status != CUDA_SUCCESS)
    throw BenchError(std::string(call) + " failed: " + resultName(status));
}

// Owners of driver objects; each frees its handle with the matching call.
class DeviceMemory {
public:
  explicit DeviceMemory(std::size_t bytes) { check(cuMemAlloc(&pointer_, bytes), "cuMemAlloc"); }
  DeviceMemory(DeviceMemory &&other) noexcept : pointer_(std::exchange(other.pointer_, 0)) {}
  DeviceMemory &operator=(DeviceMemory &&) = delete;
  ~DeviceMemory() {
    if (pointer_)
      cuMemFree(pointer_);
  }
  CUdeviceptr get() const { return pointer_; }

private:
  CUdeviceptr pointer_ = 0;
};

class PinnedMemory {
public:
  explicit PinnedMemory(std::size_t bytes) {
    check(cuMemAllocHost(&pointer_, bytes), "cuMemAllocHost");
  }
  PinnedMemory(const PinnedMemory &) = delete;
  PinnedMemory &operator=(const PinnedMemory &) = delete;
  ~PinnedMemory() { cuMemFreeHost(pointer_); }
  unsigned char *data() const { return static_cast<unsigned char *>(pointer_); }

private:
  void *pointer_ = nullptr;
};

struct ContextDestroyer {
  void operator()(CUcontext context) const { cuCtxDestroy(context); }
};
using OwnedContext = std::unique_ptr<CUctx_st, ContextDestroyer>;

// Makes a context current for its lifetime, then restores the thread's
// previous one: the OpenCL implementations in this process drive CUDA from
// the same thread, and none of them should find its context replaced.
class ContextScope {
public:
  explicit ContextScope(CUcontext context) { check(cuCtxPushCurrent(context), "cuCtxPushCurrent"); }
  ~ContextScope() {
    CUcontext popped = nullptr;
    cuCtxPopCurrent(&popped);
  }
  ContextScope(const ContextScope &) = delete;
  ContextScope &operator=(const ContextScope &) = delete;
};

struct StreamDestroyer {
  void operator()(CUstream stream) const { cuStreamDestroy(stream); }
};
using Stream = std::unique_ptr<CUstream_st, StreamDestroyer>;

struct EventDestroyer {
  void operator()(CUevent event) const { cuEventDestroy(event); }
};
using Event = std::unique_ptr<CUevent_st, EventDestroyer>;

struct ModuleUnloader {
  void operator()(CUmodule module) const { cuModuleUnload(module); }
};
using Module = std::unique_ptr<CUmod_st, ModuleUnloader>;

struct GraphDestroyer {
  void operator()(CUgraph graph) const { cuGraphDestroy(graph); }
};
using Graph = std::unique_ptr<CUgraph_st, GraphDestroyer>;

struct GraphExecDestroyer {
  void operator()(CUgraphExec exec) const { cuGraphExecDestroy(exec); }
};
using GraphExec = std::unique_ptr<CUgraphExec_st, GraphExecDestroyer>;

struct ArrayDestroyer {
  void operator()(CUarray array) const { cuArrayDestroy(array); }
};
using Array = std::unique_ptr<CUarray_st, ArrayDestroyer>;

// A texture or surface object: an integer handle, destroyed with `Destroy`.
template <typename Handle, CUresult (*Destroy)(Handle)> class ObjectHandle {
public:
  explicit ObjectHandle(Handle handle) : handle_(handle) {}
  ObjectHandle(ObjectHandle &&other) noexcept : handle_(std::exchange(other.handle_, 0)) {}
  ObjectHandle &operator=(ObjectHandle &&) = delete;
  ~ObjectHandle() {
    if (handle_)
      Destroy(handle_);
  }
  Handle get() const { return handle_; }

private:
  Handle handle_;
};
using TextureObject = ObjectHandle<CUtexObject, cuTexObjectDestroy>;
using SurfaceObject = ObjectHandle<CUsurfObject, cuSurfObjectDestroy>;

// A 2D CUDA array of `shape`'s pixels, layered for an image array;
// `surface`: also written through a surface object.
Array newArray(const ImageShape &shape, bool surface) {
  CUDA_ARRAY3D_DESCRIPTOR desc = {};
  desc.Width = shape.width;
  desc.Height = shape.height;
  desc.Depth = shape.layers;
  desc.Format =
      shape.format == PixelFormat::Rgba32f ? CU_AD_FORMAT_FLOAT : CU_AD_FORMAT_UNSIGNED_INT8;
  desc.NumChannels = 4;
  desc.Flags =
      (surface ? CUDA_ARRAY3D_SURFACE_LDST : 0) | (shape.layers ? CUDA_ARRAY3D_LAYERED : 0);
  CUarray array = nullptr;
  check(cuArray3DCreate(&array, &desc), "cuArray3DCreate");
  return Array(array);
}

CUDA_RESOURCE_DESC arrayResource(CUarray array) {
  CUDA_RESOURCE_DESC resource = {};
  resource.resType = CU_RESOURCE_TYPE_ARRAY;
  resource.res.array.hArray = array;
  return resource;
}

// A texture object over `array` that samples as `sampler` says, with clamp
// addressing; unorm8 channels read as floats in [0, 1] (the default read
// mode, without CU_TRSF_READ_AS_INTEGER).
TextureObject newTexture(CUarray array, const ImageSampler &sampler) {
  const CUDA_RESOURCE_DESC resource = arrayResource(array);
  CUDA_TEXTURE_DESC texture = {};
  texture.addressMode[0] = texture.addressMode[1] = CU_TR_ADDRESS_MODE_CLAMP;
  texture.filterMode = sampler.linear_filter ? CU_TR_FILTER_MODE_LINEAR : CU_TR_FILTER_MODE_POINT;
  texture.flags = sampler.normalized_coords ? CU_TRSF_NORMALIZED_COORDINATES : 0;
  CUtexObject object = 0;
  check(cuTexObjectCreate(&object, &resource, &texture, nullptr), "cuTexObjectCreate");
  return TextureObject(object);
}

SurfaceObject newSurface(CUarray array) {
  const CUDA_RESOURCE_DESC resource = arrayResource(array);
  CUsurfObject object = 0;
  check(cuSurfObjectCreate(&object, &resource), "cuSurfObjectCreate");
  return SurfaceObject(object);
}

// A copy of a whole image between the host (rows packed, then layers) and
// a CUDA array; the caller sets the host side's pointer and both memory types.
CUDA_MEMCPY3D imageCopy(const ImageShape &shape, CUarray array) {
  CUDA_MEMCPY3D copy = {};
  copy.srcArray = copy.dstArray = array;
  copy.srcPitch = copy.dstPitch = shape.width * pixelBytes(shape.format);
  copy.srcHeight = copy.dstHeight = shape.height;
  copy.WidthInBytes = shape.width * pixelBytes(shape.format);
  copy.Height = shape.height;
  copy.Depth = shape.layers ? shape.layers : 1;
  return copy;
}

Stream newStream() {
  CUstream stream = nullptr;
  check(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
  return Stream(stream);
}

// One kernel launch with its arguments, ready for cuLaunchKernel.
struct PreparedLaunch {
  union Value {
    CUdeviceptr pointer;
    std::uint32_t uint_value;
    float float_value;
    unsigned long long object; // CUtexObject, CUsurfObject
  };
  PreparedLaunch() = default;
  PreparedLaunch(PreparedLaunch &&) = default; // params keep pointing into the moved values
  PreparedLaunch &operator=(PreparedLaunch &&) = default;
  PreparedLaunch(const PreparedLaunch &) = delete;

  CUfunction function = nullptr;
  unsigned grid[3] = {1, 1, 1};
  unsigned block[3] = {1, 1, 1};
  std::vector<Value> values;
  std::vector<void *> params; // points into values

  void setArgs(std::vector<Value> args) {
    values = std::move(args);
    params.clear();
    for (Value &value : values)
      params.push_back(&value);
  }

  CUresult enqueue(CUstream stream) {
    return cuLaunchKernel(function, grid[0], grid[1], grid[2], block[0], block[1], block[2], 0,
                          stream, params.empty() ? nullptr : params.data(), nullptr);
  }
};

PreparedLaunch::Value pointerValue(CUdeviceptr pointer) {
  PreparedLaunch::Value value{};
  value.pointer = pointer;
  return value;
}
PreparedLaunch::Value uintValue(std::uint32_t v) {
  PreparedLaunch::Value value{};
  value.uint_value = v;
  return value;
}
PreparedLaunch::Value floatValue(float v) {
  PreparedLaunch::Value value{};
  value.float_value = v;
  return value;
}

PreparedLaunch::Value objectValue(unsigned long long object) {
  PreparedLaunch::Value value{};
  value.object = object;
  return value;
}

PreparedLaunch oneDimensional(CUfunction function, std::size_t elements, std::size_t block) {
  PreparedLaunch launch;
  launch.function = function;
  launch.grid[0] = static_cast<unsigned>(elements / block);
  launch.block[0] = static_cast<unsigned>(block);
  return launch;
}

class CudaColumn : public Column {
public:
  CudaColumn() {
    CUresult status = cuInit(0);
    if (status != CUDA_SUCCESS)
      throw Unavailable("cuInit failed: " + resultName(status));
    int count = 0;
    check(cuDeviceGetCount(&count), "cuDeviceGetCount");
    if (count == 0)
      throw Unavailable("no CUDA device");
    check(cuDeviceGet(&device_, 0), "cuDeviceGet");
    // A context of our own with default flags (CU_CTX_SCHED_AUTO), so that
    // what the OpenCL implementations do to the primary context cannot change
    // this column. cuCtxCreate makes it current: pop it to leave the thread
    // as it was.
    CUcontext created = nullptr;
    check(cuCtxCreate(&created, nullptr, 0, device_), "cuCtxCreate");
    context_.reset(created);
    CUcontext popped = nullptr;
    check(cuCtxPopCurrent(&popped), "cuCtxPopCurrent");
    const ContextScope current = enter();
    int major = 0, minor = 0;
    check(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device_),
          "cuDeviceGetAttribute");
    check(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device_),
          "cuDeviceGetAttribute");
    arch_ = "sm_" + std::to_string(major) + std::to_string(minor);
    stream_ = newStream();
  }

  ~CudaColumn() override {
    // Unload in our context (cuCtxDestroy, when context_ goes, frees the rest).
    if (cuCtxPushCurrent(context_.get()) == CUDA_SUCCESS) {
      modules_.clear();
      stream_.reset();
      CUcontext popped = nullptr;
      cuCtxPopCurrent(&popped);
    }
  }

  std::string description() const override {
    char name[256] = {};
    cuDeviceGetName(name, sizeof(name), device_);
    int driver = 0;
    cuDriverGetVersion(&driver);
    std::ostringstream text;
    text << "device '" << name << "' (" << arch_ << "), CUDA driver API " << driver / 1000 << "."
         << driver % 1000 / 10 << ", NVRTC kernels";
    return text.str();
  }

  std::unique_ptr<Trial> launches(const LaunchCase &c) override;
  std::unique_ptr<Trial> smallKernels(const CommandBufferCase &c) override;
  std::unique_ptr<Trial> transfers(const TransferCase &c) override;
  std::unique_ptr<Trial> kernel(const KernelPlan &plan) override;
  std::unique_ptr<Trial> build(const BuildCase &c) override;
  std::unique_ptr<Trial> pipeline(const PipelineCase &c) override;
  std::unique_ptr<Trial> fmaChain(const FmaCase &c) override;
  std::unique_ptr<Trial> blockingWait(const WaitCase &c) override;

  // Every preparation and every sample runs inside one of these.
  ContextScope enter() const { return ContextScope(context_.get()); }

  // NVRTC compile + load; the seconds both took go to *seconds.
  Module loadModule(const std::string &source, const std::string &name, double *seconds = nullptr,
                    const std::string &options = "") {
    const double start = wallSeconds();
    const std::vector<char> cubin = compileToCubin(source, name, arch_, options);
    CUmodule module = nullptr;
    check(cuModuleLoadData(&module, cubin.data()), "cuModuleLoadData");
    if (seconds)
      *seconds = wallSeconds() - start;
    return Module(module);
  }

  // Each of `units` compiled by NVRTC as relocatable code, linked by the
  // driver's linker, and loaded; the seconds it all took go to *seconds.
  Module linkModule(const std::vector<std::string> &units, double *seconds,
                    const std::string &options) {
    const double start = wallSeconds();
    std::vector<std::vector<char>> cubins;
    for (const std::string &unit : units)
      cubins.push_back(compileToCubin(unit, "unit.cu", arch_, options + " -rdc=true"));
    CUlinkState raw = nullptr;
    check(cuLinkCreate(0, nullptr, nullptr, &raw), "cuLinkCreate");
    const std::unique_ptr<CUlinkState_st, decltype(&cuLinkDestroy)> link(raw, cuLinkDestroy);
    for (std::vector<char> &cubin : cubins)
      check(cuLinkAddData(raw, CU_JIT_INPUT_CUBIN, cubin.data(), cubin.size(), "unit", 0, nullptr,
                          nullptr),
            "cuLinkAddData");
    void *image = nullptr;
    std::size_t size = 0;
    check(cuLinkComplete(raw, &image, &size), "cuLinkComplete");
    CUmodule module = nullptr;
    check(cuModuleLoadData(&module, image), "cuModuleLoadData");
    if (seconds)
      *seconds = wallSeconds() - start;
    return Module(module);
  }

  // A build measure program as `input` holds it: one source, or units linked.
  Module buildInput(const BuildInput &input, double *seconds) {
    return input.units.empty() ? loadModule(input.source, "build.cu", seconds, input.options)
                               : linkModule(input.units, seconds, input.options);
  }

  CUfunction function(const std::string &program, const std::string &name) {
    auto found = modules_.find(program);
    if (found == modules_.end()) {
      const std::string file = "cuda/" + program + ".cu";
      found =
          modules_.emplace(program, loadModule(embeddedText(cuda_benchmark_sources, file), file))
              .first;
    }
    CUfunction result = nullptr;
    check(cuModuleGetFunction(&result, found->second.get(), name.c_str()), "cuModuleGetFunction");
    return result;
  }

  PreparedLaunch fmaLaunch(CUdeviceptr data, std::size_t elements, std::size_t block,
                           std::uint32_t iterations) {
    PreparedLaunch launch = oneDimensional(function("fma_chain", "fma_chain"), elements, block);
    launch.setArgs(
        {pointerValue(data), uintValue(iterations), floatValue(kFmaScale), floatValue(kFmaOffset)});
    return launch;
  }

  CUstream stream() const { return stream_.get(); }

  // Copies on the column's stream, complete on return. (The synchronous
  // cuMemcpy calls use the legacy stream, which a non-blocking stream does
  // not wait for: a kernel could read a buffer still being uploaded.)
  void upload(CUdeviceptr device, const void *host, std::size_t bytes) {
    check(cuMemcpyHtoDAsync(device, host, bytes, stream()), "cuMemcpyHtoDAsync");
    check(cuStreamSynchronize(stream()), "cuStreamSynchronize");
  }
  void download(void *host, CUdeviceptr device, std::size_t bytes) {
    check(cuMemcpyDtoHAsync(host, device, bytes, stream()), "cuMemcpyDtoHAsync");
    check(cuStreamSynchronize(stream()), "cuStreamSynchronize");
  }
  void uploadImage(CUarray array, const ImageShape &shape, const void *host) {
    CUDA_MEMCPY3D copy = imageCopy(shape, array);
    copy.srcMemoryType = CU_MEMORYTYPE_HOST;
    copy.srcHost = host;
    copy.dstMemoryType = CU_MEMORYTYPE_ARRAY;
    check(cuMemcpy3DAsync(&copy, stream()), "cuMemcpy3DAsync");
    check(cuStreamSynchronize(stream()), "cuStreamSynchronize");
  }
  void downloadImage(void *host, CUarray array, const ImageShape &shape) {
    CUDA_MEMCPY3D copy = imageCopy(shape, array);
    copy.srcMemoryType = CU_MEMORYTYPE_ARRAY;
    copy.dstMemoryType = CU_MEMORYTYPE_HOST;
    copy.dstHost = host;
    check(cuMemcpy3DAsync(&copy, stream()), "cuMemcpy3DAsync");
    check(cuStreamSynchronize(stream()), "cuStreamSynchronize");
  }

private:
  CUdevice device_ = 0;
  OwnedContext context_; // first: destroyed after everything made in it
  std::string arch_;
  std::map<std::string, Module> modules_;
  Stream stream_;
};

void synchronize(CUstream stream) { check(cuStreamSynchronize(stream), "cuStreamSynchronize"); }

// Empty-kernel launches -------------------------------------------------------

struct LaunchState {
  CudaColumn *column;
  PreparedLaunch launch;
  LaunchCase c;
};

std::unique_ptr<Trial> CudaColumn::launches(const LaunchCase &c) {
  const ContextScope current = enter();
  auto state = std::make_unique<LaunchState>(LaunchState{
      this,
      oneDimensional(function("empty", "empty"), kEmptyKernelWorkItems, kEmptyKernelWorkItems), c});
  check(state->launch.enqueue(stream()), "cuLaunchKernel");
  synchronize(stream());
  return makeTrial<LaunchState>(std::move(state), [](LaunchState &s) {
    const ContextScope current = s.column->enter();
    CUstream stream = s.column->stream();
    const double start = wallSeconds();
    for (unsigned i = 0; i < s.c.launches; ++i) {
      check(s.launch.enqueue(stream), "cuLaunchKernel");
      if (s.c.wait_for_each)
        synchronize(stream);
    }
    const double seconds = wallSeconds() - start;
    synchronize(stream);
    return seconds / s.c.launches;
  });
}

// Small kernels, one by one and from a CUDA graph ------------------------------

struct SmallKernelsState {
  CudaColumn *column = nullptr;
  std::optional<DeviceMemory> counts; // kSmallKernelWorkItems uints
  PreparedLaunch launch;              // increment(counts)
  Graph graph;                        // replay: `kernels` kernel nodes in a chain
  GraphExec exec;
  CommandBufferCase c{};
  std::uint64_t launches = 0; // that the counts have seen

  ~SmallKernelsState() {
    // The runner frees a trial outside the column's context.
    if (!column)
      return;
    try {
      const ContextScope current = column->enter();
      exec.reset();
      graph.reset();
      counts.reset();
    } catch (const BenchError &) {
    }
  }
};

void smallKernelsRound(SmallKernelsState &s) {
  CUstream stream = s.column->stream();
  if (s.exec) {
    check(cuGraphLaunch(s.exec.get(), stream), "cuGraphLaunch");
  } else {
    for (unsigned i = 0; i < s.c.kernels; ++i)
      check(s.launch.enqueue(stream), "cuLaunchKernel");
  }
  synchronize(stream);
  s.launches += s.c.kernels;
}

void checkSmallKernels(SmallKernelsState &s) {
  std::vector<std::uint32_t> counts(kSmallKernelWorkItems);
  s.column->download(counts.data(), s.counts->get(), counts.size() * sizeof(std::uint32_t));
  const std::string wrong = checkLaunchCounts(counts.data(), counts.size(), s.launches);
  if (!wrong.empty())
    throw BenchError("wrong result: " + wrong);
}

std::unique_ptr<Trial> CudaColumn::smallKernels(const CommandBufferCase &c) {
  const ContextScope current = enter();
  auto state = std::make_unique<SmallKernelsState>();
  state->column = this;
  state->c = c;
  state->counts.emplace(kSmallKernelWorkItems * sizeof(std::uint32_t));
  check(cuMemsetD32Async(state->counts->get(), 0, kSmallKernelWorkItems, stream()),
        "cuMemsetD32Async");
  synchronize(stream());
  state->launch = oneDimensional(function("increment", "increment"), kSmallKernelWorkItems,
                                 kSmallKernelLocalSize);
  state->launch.setArgs({pointerValue(state->counts->get())});
  if (c.replay) {
    // The graph a CUDA programmer writes for an in-order sequence: one
    // kernel node after another, instantiated once.
    CUgraph graph = nullptr;
    check(cuGraphCreate(&graph, 0), "cuGraphCreate");
    state->graph.reset(graph);
    CUDA_KERNEL_NODE_PARAMS params = {};
    params.func = state->launch.function;
    params.gridDimX = state->launch.grid[0];
    params.gridDimY = state->launch.grid[1];
    params.gridDimZ = state->launch.grid[2];
    params.blockDimX = state->launch.block[0];
    params.blockDimY = state->launch.block[1];
    params.blockDimZ = state->launch.block[2];
    params.kernelParams = state->launch.params.data();
    CUgraphNode previous = nullptr;
    for (unsigned i = 0; i < c.kernels; ++i) {
      CUgraphNode node = nullptr;
      check(cuGraphAddKernelNode(&node, graph, previous ? &previous : nullptr, previous ? 1 : 0,
                                 &params),
            "cuGraphAddKernelNode");
      previous = node;
    }
    CUgraphExec exec = nullptr;
    check(cuGraphInstantiate(&exec, graph, 0), "cuGraphInstantiate");
    state->exec.reset(exec);
  }
  // A warm-up as long as a sample, checked.
  for (unsigned r = 0; r < c.rounds; ++r)
    smallKernelsRound(*state);
  checkSmallKernels(*state);
  return makeTrial<SmallKernelsState>(std::move(state), [](SmallKernelsState &s) {
    const ContextScope current = s.column->enter();
    const double start = wallSeconds();
    for (unsigned r = 0; r < s.c.rounds; ++r)
      smallKernelsRound(s);
    const double seconds = wallSeconds() - start;
    checkSmallKernels(s);
    return seconds / s.c.rounds;
  });
}

// Transfers ---------------------------------------------------------------------

struct TransferState {
  CudaColumn *column;
  DeviceMemory device;
  std::unique_ptr<PageableMemory> pageable;
  std::unique_ptr<PinnedMemory> pinned;
  unsigned char *host = nullptr;
  TransferCase c;
};

// One transfer, complete on return (as a blocking OpenCL read or write).
void transferOnce(CudaColumn &column, Direction direction, CUdeviceptr device, unsigned char *host,
                  std::size_t bytes) {
  if (direction == Direction::HostToDevice)
    column.upload(device, host, bytes);
  else
    column.download(host, device, bytes);
}

std::unique_ptr<Trial> CudaColumn::transfers(const TransferCase &c) {
  const ContextScope current = enter();
  auto state = std::make_unique<TransferState>(
      TransferState{this, DeviceMemory(c.bytes), nullptr, nullptr, nullptr, c});
  if (c.memory == HostMemory::Pinned) {
    state->pinned = std::make_unique<PinnedMemory>(c.bytes);
    state->host = state->pinned->data();
  } else {
    state->pageable = std::make_unique<PageableMemory>(c.bytes);
    state->host = state->pageable->data();
  }
  // Round trip a pattern through the device: both directions must be right.
  fillTransferPattern(state->host, c.bytes);
  transferOnce(*this, Direction::HostToDevice, state->device.get(), state->host, c.bytes);
  std::memset(state->host, 0, c.bytes);
  transferOnce(*this, Direction::DeviceToHost, state->device.get(), state->host, c.bytes);
  std::string wrong = checkTransferPattern(state->host, c.bytes);
  if (!wrong.empty())
    throw BenchError(wrong);
  return makeTrial<TransferState>(std::move(state), [](TransferState &s) {
    const ContextScope current = s.column->enter();
    const double start = wallSeconds();
    for (unsigned i = 0; i < s.c.count; ++i)
      transferOnce(*s.column, s.c.direction, s.device.get(), s.host, s.c.bytes);
    return (wallSeconds() - start) / s.c.count;
  });
}

// Kernel plans ------------------------------------------------------------------

// A plan buffer in this column: device memory, or a CUDA array for an image.
struct PlanMemory {
  std::optional<DeviceMemory> buffer;
  Array array;
};

struct PlanState {
  CudaColumn *column = nullptr;
  std::vector<PlanMemory> buffers;
  std::vector<TextureObject> textures; // after buffers: destroyed before their arrays
  std::vector<SurfaceObject> surfaces;
  std::vector<PreparedLaunch> launches; // one per Launch step
  const KernelPlan *plan;

  ~PlanState() {
    // The runner frees a trial outside the column's context: free its
    // objects and memory in it.
    if (!column)
      return;
    try {
      const ContextScope current = column->enter();
      surfaces.clear();
      textures.clear();
      buffers.clear();
    } catch (const BenchError &) {
    }
  }
};

void enqueuePlan(PlanState &s) {
  CUstream stream = s.column->stream();
  std::size_t next_launch = 0;
  for (const Step &step : s.plan->steps) {
    if (std::holds_alternative<Launch>(step)) {
      check(s.launches[next_launch++].enqueue(stream), "cuLaunchKernel");
    } else {
      const Fill &fill = std::get<Fill>(step);
      check(cuMemsetD32Async(s.buffers[fill.buffer].buffer->get(), fill.value,
                             s.plan->buffers[fill.buffer].bytes / sizeof(std::uint32_t), stream),
            "cuMemsetD32Async");
    }
  }
}

// Whether plan buffer `index` is an image some launch writes (through a
// surface object, which needs an array made for it).
bool writtenImage(const KernelPlan &plan, unsigned index) {
  for (const Step &step : plan.steps)
    if (const auto *launch = std::get_if<Launch>(&step))
      for (const KernelArg &arg : launch->args)
        if (arg.kind == ArgKind::Image && arg.buffer == index)
          return true;
  return false;
}

std::unique_ptr<Trial> CudaColumn::kernel(const KernelPlan &plan) {
  const ContextScope current = enter();
  auto state = std::make_unique<PlanState>();
  state->column = this;
  state->plan = &plan;
  for (unsigned index = 0; index < plan.buffers.size(); ++index) {
    const PlanBuffer &buffer = plan.buffers[index];
    PlanMemory &memory = state->buffers.emplace_back();
    if (buffer.image) {
      memory.array = newArray(*buffer.image, writtenImage(plan, index));
      if (buffer.initial)
        uploadImage(memory.array.get(), *buffer.image, buffer.initial->data());
    } else {
      memory.buffer.emplace(buffer.bytes);
      if (buffer.initial)
        upload(memory.buffer->get(), buffer.initial->data(), buffer.bytes);
    }
  }
  for (const Step &step : plan.steps) {
    const auto *launch = std::get_if<Launch>(&step);
    if (!launch)
      continue;
    PreparedLaunch prepared;
    prepared.function = function(plan.program, launch->kernel);
    for (unsigned d = 0; d < 3; ++d) {
      prepared.grid[d] = static_cast<unsigned>(launch->global[d] / launch->local[d]);
      prepared.block[d] = static_cast<unsigned>(launch->local[d]);
    }
    std::vector<PreparedLaunch::Value> values;
    for (const KernelArg &arg : launch->args) {
      switch (arg.kind) {
      case ArgKind::Buffer:
        values.push_back(pointerValue(state->buffers.at(arg.buffer).buffer->get()));
        break;
      case ArgKind::Uint:
        values.push_back(uintValue(arg.uint_value));
        break;
      case ArgKind::Float:
        values.push_back(floatValue(arg.float_value));
        break;
      case ArgKind::Image:
        state->surfaces.push_back(newSurface(state->buffers.at(arg.buffer).array.get()));
        values.push_back(objectValue(state->surfaces.back().get()));
        break;
      case ArgKind::SampledImage:
        state->textures.push_back(
            newTexture(state->buffers.at(arg.buffer).array.get(), arg.sampler));
        values.push_back(objectValue(state->textures.back().get()));
        break;
      }
    }
    prepared.setArgs(std::move(values));
    state->launches.push_back(std::move(prepared));
  }
  enqueuePlan(*state);
  synchronize(stream());
  BufferContents outputs;
  for (unsigned output : plan.outputs) {
    outputs.emplace_back(plan.buffers[output].bytes);
    const PlanMemory &memory = state->buffers[output];
    if (memory.array)
      downloadImage(outputs.back().data(), memory.array.get(), *plan.buffers[output].image);
    else
      download(outputs.back().data(), memory.buffer->get(), outputs.back().size());
  }
  std::string wrong = plan.verify(outputs);
  if (!wrong.empty())
    throw BenchError("wrong result: " + wrong);
  return makeTrial<PlanState>(std::move(state), [](PlanState &s) {
    const ContextScope current = s.column->enter();
    const double start = wallSeconds();
    for (unsigned r = 0; r < s.plan->repeats; ++r)
      enqueuePlan(s);
    synchronize(s.column->stream());
    return (wallSeconds() - start) / s.plan->repeats;
  });
}

// Builds ------------------------------------------------------------------------

// Loads every function of `module` (under CUDA's lazy loading, a module's
// functions load at their first use); the seconds it took.
double loadEveryFunction(CUmodule module) {
  const double start = wallSeconds();
  unsigned count = 0;
  check(cuModuleGetFunctionCount(&count, module), "cuModuleGetFunctionCount");
  std::vector<CUfunction> functions(count);
  check(cuModuleEnumerateFunctions(functions.data(), count, module), "cuModuleEnumerateFunctions");
  for (CUfunction function : functions)
    check(cuFuncLoad(function), "cuFuncLoad");
  return wallSeconds() - start;
}

struct BuildState {
  CudaColumn *column;
  BuildCase c;
  BuildInput warm;
};

std::unique_ptr<Trial> CudaColumn::build(const BuildCase &c) {
  if (c.phases)
    throw Unavailable("NVRTC and cuModuleLoadData: the cold row");
  // NVRTC has no cache: a warm build compiles again, which for an
  // application's large kernels would only repeat the cold row, slowly.
  if (!c.cold && c.program->installed)
    throw Unavailable("no kernel cache: a build again is the cold row");
  const ContextScope current = enter();
  auto state = std::make_unique<BuildState>(BuildState{this, c, {}});
  if (!c.cold) {
    state->warm = buildMeasureInput(cuda_benchmark_sources, *c.program, c.packages_root, "cuda",
                                    ".cu", kCudaSaltKernel, 0, true);
    buildInput(state->warm, nullptr);
  }
  return makeTrial<BuildState>(std::move(state), [](BuildState &s) {
    const ContextScope current = s.column->enter();
    const BuildInput input =
        s.c.cold ? buildMeasureInput(cuda_benchmark_sources, *s.c.program, s.c.packages_root,
                                     "cuda", ".cu", kCudaSaltKernel, nextBuildSalt(), true)
                 : s.warm;
    double seconds = 0.0;
    Module module = s.column->buildInput(input, &seconds);
    if (s.c.ready_seconds)
      s.c.ready_seconds->push_back(seconds + loadEveryFunction(module.get()));
    return seconds;
  });
}

// Pipeline ----------------------------------------------------------------------

struct PipelineState {
  CudaColumn *column;
  std::vector<Stream> streams;
  std::vector<DeviceMemory> device;     // one batch buffer per stream
  std::vector<PreparedLaunch> launches; // fma_chain on device[q]
  std::unique_ptr<PinnedMemory> input, output;
  PipelineCase c;
};

double runPipeline(PipelineState &s) {
  const ContextScope current = s.column->enter();
  const std::size_t bytes = s.c.batch_elements * sizeof(float);
  const double start = wallSeconds();
  for (unsigned b = 0; b < s.c.batches; ++b) {
    const unsigned q = b % s.c.queues;
    CUstream stream = s.streams[q].get();
    check(cuMemcpyHtoDAsync(s.device[q].get(), s.input->data() + b * bytes, bytes, stream),
          "cuMemcpyHtoDAsync");
    check(s.launches[q].enqueue(stream), "cuLaunchKernel");
    check(cuMemcpyDtoHAsync(s.output->data() + b * bytes, s.device[q].get(), bytes, stream),
          "cuMemcpyDtoHAsync");
  }
  for (const Stream &stream : s.streams)
    synchronize(stream.get());
  return wallSeconds() - start;
}

std::unique_ptr<Trial> CudaColumn::pipeline(const PipelineCase &c) {
  const ContextScope current = enter();
  auto state = std::make_unique<PipelineState>();
  state->column = this;
  state->c = c;
  const std::size_t bytes = c.batch_elements * sizeof(float);
  state->input = std::make_unique<PinnedMemory>(bytes * c.batches);
  state->output = std::make_unique<PinnedMemory>(bytes * c.batches);
  fillPipelineInput(reinterpret_cast<float *>(state->input->data()), c.batch_elements * c.batches);
  for (unsigned q = 0; q < c.queues; ++q) {
    state->streams.push_back(newStream());
    state->device.emplace_back(bytes);
    state->launches.push_back(fmaLaunch(state->device.back().get(), c.batch_elements,
                                        kPipelineWorkGroupSize, c.iterations));
  }
  runPipeline(*state);
  std::string wrong = checkFmaChainOutput(reinterpret_cast<const float *>(state->output->data()),
                                          c.batch_elements * c.batches, c.iterations);
  if (!wrong.empty())
    throw BenchError("wrong result: " + wrong);
  return makeTrial<PipelineState>(std::move(state), runPipeline);
}

// fma_chain launches and blocking waits -------------------------------------------

struct FmaState {
  CudaColumn *column;
  DeviceMemory buffer;
  PreparedLaunch launch;
  unsigned launches;
};

std::unique_ptr<Trial> CudaColumn::fmaChain(const FmaCase &c) {
  const ContextScope current = enter();
  DeviceMemory buffer(c.elements * sizeof(float));
  std::vector<float> data(c.elements);
  fillPipelineInput(data.data(), data.size());
  upload(buffer.get(), data.data(), data.size() * sizeof(float));
  PreparedLaunch launch = fmaLaunch(buffer.get(), c.elements, c.local_size, c.iterations);
  auto state =
      std::make_unique<FmaState>(FmaState{this, std::move(buffer), std::move(launch), c.launches});
  check(state->launch.enqueue(stream()), "cuLaunchKernel");
  synchronize(stream());
  download(data.data(), state->buffer.get(), data.size() * sizeof(float));
  std::string wrong = checkFmaChainOutput(data.data(), data.size(), c.iterations);
  if (!wrong.empty())
    throw BenchError("wrong result: " + wrong);
  return makeTrial<FmaState>(std::move(state), [](FmaState &s) {
    const ContextScope current = s.column->enter();
    CUstream stream = s.column->stream();
    const double start = wallSeconds();
    for (unsigned i = 0; i < s.launches; ++i)
      check(s.launch.enqueue(stream), "cuLaunchKernel");
    synchronize(stream);
    return (wallSeconds() - start) / s.launches;
  });
}

struct WaitState {
  CudaColumn *column;
  DeviceMemory buffer;
  PreparedLaunch launch;
  Event event;
  WaitKind kind;
};

std::unique_ptr<Trial> CudaColumn::blockingWait(const WaitCase &c) {
  const ContextScope current = enter();
  DeviceMemory buffer(sizeof(float));
  PreparedLaunch launch = fmaLaunch(buffer.get(), 1, 1, 1);
  check(launch.enqueue(stream()), "cuLaunchKernel"); // loads the module before timing
  synchronize(stream());
  launch.values[1] = uintValue(c.iterations);
  // The event a CUDA programmer who cares about CPU time waits on.
  CUevent event = nullptr;
  check(cuEventCreate(&event, CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING), "cuEventCreate");
  auto state = std::make_unique<WaitState>(
      WaitState{this, std::move(buffer), std::move(launch), Event(event), c.kind});
  return makeTrial<WaitState>(std::move(state), [](WaitState &s) {
    const ContextScope current = s.column->enter();
    CUstream stream = s.column->stream();
    const double cpu_start = processCpuSeconds(), start = wallSeconds();
    check(s.launch.enqueue(stream), "cuLaunchKernel");
    if (s.kind == WaitKind::Event) {
      check(cuEventRecord(s.event.get(), stream), "cuEventRecord");
      check(cuEventSynchronize(s.event.get()), "cuEventSynchronize");
    } else {
      synchronize(stream);
    }
    const double wall = wallSeconds() - start, cpu = processCpuSeconds() - cpu_start;
    return cpu / wall;
  });
}

} // namespace
} // namespace clcuda::bench

extern "C" __attribute__((visibility("default"))) clcuda::bench::Column *
clcuda_bench_create_cuda_column(std::string *error) {
  try {
    return new clcuda::bench::CudaColumn();
  } catch (const std::exception &e) {
    *error = e.what();
    return nullptr;
  }
}
