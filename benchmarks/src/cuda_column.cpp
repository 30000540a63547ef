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
  std::unique_ptr<Trial> transfers(const TransferCase &c) override;
  std::unique_ptr<Trial> kernel(const KernelPlan &plan) override;
  std::unique_ptr<Trial> build(const BuildCase &c) override;
  std::unique_ptr<Trial> pipeline(const PipelineCase &c) override;
  std::unique_ptr<Trial> fmaChain(const FmaCase &c) override;
  std::unique_ptr<Trial> blockingWait(const WaitCase &c) override;

  // Every preparation and every sample runs inside one of these.
  ContextScope enter() const { return ContextScope(context_.get()); }

  // NVRTC compile + load; the seconds both took go to *seconds.
  Module loadModule(const std::string &source, const std::string &name, double *seconds = nullptr) {
    const double start = wallSeconds();
    const std::vector<char> cubin = compileToCubin(source, name, arch_);
    CUmodule module = nullptr;
    check(cuModuleLoadData(&module, cubin.data()), "cuModuleLoadData");
    if (seconds)
      *seconds = wallSeconds() - start;
    return Module(module);
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

struct PlanState {
  CudaColumn *column;
  std::vector<DeviceMemory> buffers;
  std::vector<PreparedLaunch> launches; // one per Launch step
  const KernelPlan *plan;
};

void enqueuePlan(PlanState &s) {
  CUstream stream = s.column->stream();
  std::size_t next_launch = 0;
  for (const Step &step : s.plan->steps) {
    if (std::holds_alternative<Launch>(step)) {
      check(s.launches[next_launch++].enqueue(stream), "cuLaunchKernel");
    } else {
      const Fill &fill = std::get<Fill>(step);
      check(cuMemsetD32Async(s.buffers[fill.buffer].get(), fill.value,
                             s.plan->buffers[fill.buffer].bytes / sizeof(std::uint32_t), stream),
            "cuMemsetD32Async");
    }
  }
}

std::unique_ptr<Trial> CudaColumn::kernel(const KernelPlan &plan) {
  const ContextScope current = enter();
  auto state = std::make_unique<PlanState>();
  state->column = this;
  state->plan = &plan;
  for (const PlanBuffer &buffer : plan.buffers) {
    state->buffers.emplace_back(buffer.bytes);
    if (buffer.initial)
      upload(state->buffers.back().get(), buffer.initial->data(), buffer.bytes);
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
    for (const KernelArg &arg : launch->args)
      values.push_back(arg.kind == ArgKind::Buffer
                           ? pointerValue(state->buffers.at(arg.buffer).get())
                       : arg.kind == ArgKind::Uint ? uintValue(arg.uint_value)
                                                   : floatValue(arg.float_value));
    prepared.setArgs(std::move(values));
    state->launches.push_back(std::move(prepared));
  }
  enqueuePlan(*state);
  synchronize(stream());
  BufferContents outputs;
  for (unsigned output : plan.outputs) {
    outputs.emplace_back(plan.buffers[output].bytes);
    download(outputs.back().data(), state->buffers[output].get(), outputs.back().size());
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

struct BuildState {
  CudaColumn *column;
  BuildCase c;
  std::string warm_source;
};

std::unique_ptr<Trial> CudaColumn::build(const BuildCase &c) {
  const ContextScope current = enter();
  auto state = std::make_unique<BuildState>(BuildState{this, c, ""});
  if (!c.cold) {
    state->warm_source = buildMeasureSource(cuda_benchmark_sources, *c.program, "cuda", ".cu",
                                            saltKernel(kCudaSaltKernel, 0));
    loadModule(state->warm_source, "build.cu");
  }
  return makeTrial<BuildState>(std::move(state), [](BuildState &s) {
    const ContextScope current = s.column->enter();
    const std::string source =
        s.c.cold ? buildMeasureSource(cuda_benchmark_sources, *s.c.program, "cuda", ".cu",
                                      saltKernel(kCudaSaltKernel, nextBuildSalt()))
                 : s.warm_source;
    double seconds = 0.0;
    s.column->loadModule(source, "build.cu", &seconds);
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
