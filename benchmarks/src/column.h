// A column of the report: one way of driving the GPU (an OpenCL platform
// through the ICD loader, or the raw CUDA driver API). The runner asks every
// column to prepare the same measure, then takes samples from them in turn.
#pragma once

#include "workloads.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace clcuda::bench {

// One measure prepared on one column (buffers allocated, program built,
// results checked once). run() takes one sample and returns the observation
// that the Column method which prepared it documents; it throws BenchError.
class Trial {
public:
  virtual ~Trial() = default;
  virtual double run() = 0;
};

enum class Direction { HostToDevice, DeviceToHost };
enum class HostMemory { Pageable, Pinned };
enum class WaitKind {
  Queue,
  Event
}; // clFinish / cuStreamSynchronize; clWaitForEvents / cuEventSynchronize

// The empty kernel's launch: one work-group of one warp.
constexpr std::size_t kEmptyKernelWorkItems = 32;
// The pipeline's work-group size (its batches are a multiple of it).
constexpr std::size_t kPipelineWorkGroupSize = 256;

// The command-buffer measure's small kernel (kernels/increment.cl,
// cuda/increment.cu): each work-item adds 1 to its own uint of a buffer of
// kSmallKernelWorkItems, in work-groups of kSmallKernelLocalSize.
constexpr std::size_t kSmallKernelWorkItems = 4096;
constexpr std::size_t kSmallKernelLocalSize = 256;

struct LaunchCase {
  unsigned launches;  // empty kernels per sample
  bool wait_for_each; // false: enqueue only (the queue is drained after the clock stops)
};

// A round: `kernels` launches of the small kernel on one in-order queue
// (stream), then a finish (cuStreamSynchronize). One by one: each launch
// enqueued with clEnqueueNDRangeKernel / cuLaunchKernel. Replay: the
// launches recorded once, before timing, in a cl_khr_command_buffer (raw: a
// CUDA graph of `kernels` kernel nodes in a chain, built by hand and
// instantiated), and a round is one clEnqueueCommandBufferKHR / cuGraphLaunch.
struct CommandBufferCase {
  unsigned kernels;
  unsigned rounds; // per sample
  bool replay;
  // Replay on an OpenCL device without the extension (cl_khr_command_buffer
  // 0.9.8): false, Unavailable; true, the kernels are enqueued one by one
  // instead, and why goes to *one_by_one_reason.
  bool one_by_one_fallback = false;
  std::string *one_by_one_reason = nullptr;
};

struct TransferCase {
  Direction direction;
  HostMemory memory;
  std::size_t bytes;
  unsigned count; // transfers per sample, each complete before the next
};

// One build's phases, in the order the build log names them: {"translate", ms}...
using BuildPhases = std::vector<std::pair<std::string, double>>;

struct BuildCase {
  bool cold; // cold: a salt no cache has seen (nextBuildSalt()); warm: the same source again
  const BuildProgram *program;
  std::string packages_root; // where an installed program's package is
  // A profile: each sample is a cold build that also appends its phases
  // here (an OpenCL column whose verbose build log has them; Unavailable
  // in the others).
  std::vector<BuildPhases> *phases = nullptr;
  // Ready to launch, on the side of a cold build: after the sample's clock
  // stops, every kernel is made (clCreateKernelsInProgram; raw CUDA: each
  // function loaded), where an implementation that compiles lazily pays what
  // its build did not, and the build's seconds plus those are appended here.
  std::vector<double> *ready_seconds = nullptr;
};

struct PipelineCase {
  unsigned queues;
  unsigned batches;
  std::size_t batch_elements; // floats, a multiple of kPipelineWorkGroupSize
  std::uint32_t iterations;   // fma_chain iterations per element
};

struct FmaCase {
  std::size_t elements; // work-items (the global size)
  std::size_t local_size;
  std::uint32_t iterations;
  unsigned launches; // back to back in one sample
};

struct WaitCase {
  WaitKind kind;
  std::uint32_t iterations; // fma_chain iterations of the single long work-item
};

class Column {
public:
  virtual ~Column() = default;
  // The platform, device and versions, for the report's header.
  virtual std::string description() const = 0;

  // Seconds per launch of the empty kernel.
  virtual std::unique_ptr<Trial> launches(const LaunchCase &c) = 0;
  // Seconds per round of small kernels. Each sample checks, after its clock
  // stops, that every uint of the buffer counts every launch so far.
  virtual std::unique_ptr<Trial> smallKernels(const CommandBufferCase &c) = 0;
  // Seconds per transfer.
  virtual std::unique_ptr<Trial> transfers(const TransferCase &c) = 0;
  // Seconds per repetition of the plan's steps (timed over plan.repeats).
  virtual std::unique_ptr<Trial> kernel(const KernelPlan &plan) = 0;
  // Seconds per build of one of buildMeasurePrograms().
  virtual std::unique_ptr<Trial> build(const BuildCase &c) = 0;
  // Seconds to stream every batch through copy in, fma_chain, copy out.
  virtual std::unique_ptr<Trial> pipeline(const PipelineCase &c) = 0;
  // Seconds per fma_chain launch (the runner sizes the pipeline and the wait with it).
  virtual std::unique_ptr<Trial> fmaChain(const FmaCase &c) = 0;
  // CPU time (user + sys, all threads) over wall time of a blocking wait for
  // one long fma_chain launch.
  virtual std::unique_ptr<Trial> blockingWait(const WaitCase &c) = 0;
};

// A trial whose preparation lives in `State`; `sample` takes one sample.
template <typename State> class StateTrial : public Trial {
public:
  StateTrial(std::unique_ptr<State> state, double (*sample)(State &))
      : state_(std::move(state)), sample_(sample) {}
  double run() override { return sample_(*state_); }

private:
  std::unique_ptr<State> state_;
  double (*sample_)(State &);
};

template <typename State>
std::unique_ptr<Trial> makeTrial(std::unique_ptr<State> state, double (*sample)(State &)) {
  return std::make_unique<StateTrial<State>>(std::move(state), sample);
}

// The entry point of the raw CUDA column's module (loaded with dlopen, so that
// this program starts where libcuda.so.1 is missing). Returns the column, or
// null with *error set.
using CreateCudaColumnFunction = Column *(*)(std::string *error);
constexpr const char *kCreateCudaColumnSymbol = "clcuda_bench_create_cuda_column";

} // namespace clcuda::bench
