// Command buffers (cl_khr_command_buffer) on CUDA graphs.
//
// Recording a command runs the function that issues its CUDA work -- the
// one clEnqueue* would run, made by the same code -- on a private stream in
// capture mode, so each command becomes a small CUDA graph. Finalizing joins
// them as child-graph nodes along their sync points and instantiates the
// result once; enqueueing the buffer is one cuGraphLaunch on the queue's
// stream, an ordinary command with an ordinary event. A mutable command
// (cl_khr_command_buffer_mutable_dispatch) is captured again with its new
// arguments and sizes, and the executable graph updated in place
// (cuGraphExecUpdate). docs/shim.md, "Command buffers", tells the rest.
#pragma once

#include "kernel.h"
#include "launch_plan.h"
#include "queue.h"

#include "clcuda/command_buffer_khr.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

namespace clcuda::core {

class CommandBuffer;

// Where a command goes instead of a queue: into `buffer`, after the commands
// of the sync points `waits` (already checked by the API layer).
struct Recording {
  CommandBuffer &buffer;
  std::vector<khr::SyncPoint> waits;
  khr::SyncPoint *sync_point = nullptr; // the new command's, if wanted
  // 1 + the index of the command the recording replaces (a mutable command
  // updated), or 0 for a new command.
  std::size_t replaces = 0;
};

// A recorded kernel launch whose arguments and sizes may change between
// enqueues. It launches its own copy of the kernel, so clSetKernelArg on
// the application's kernel leaves it alone, and the updates set arguments
// on that copy.
class MutableCommand : public Object<MutableCommand, Tag::mutable_command> {
public:
  MutableCommand(CommandBuffer &buffer, std::size_t index, Kernel &kernel, Kernel &application,
                 std::vector<khr::CommandProperties> properties, khr::MutableDispatchFields fields);

  CommandBuffer &buffer() const { return *buffer_; }
  std::size_t index() const { return index_; }
  Kernel &kernel() const { return *kernel_; }
  // The kernel the application recorded (CL_MUTABLE_DISPATCH_KERNEL_KHR).
  cl_kernel applicationKernel() const { return toHandle(application_.get()); }
  const std::vector<khr::CommandProperties> &propertiesArray() const { return properties_; }
  // What the application may change (CL_MUTABLE_DISPATCH_UPDATABLE_FIELDS_KHR).
  khr::MutableDispatchFields updatableFields() const { return fields_; }

  // The launch as last recorded, for the queries and the next update.
  struct Launch {
    cl_uint work_dim = 1;
    Size3 offset{0, 0, 0};
    Size3 global{1, 1, 1};
    Size3 local{1, 1, 1};
    bool local_given = false; // else chosen by clcuda
  };
  const Launch &launch() const { return launch_; }
  void setLaunch(const Launch &launch) { launch_ = launch; }
  // False while the launch lacks arguments (recorded as a placeholder until
  // an update sets them): the buffer cannot be enqueued then.
  bool complete() const { return complete_.load(std::memory_order_acquire); }
  void setComplete(bool complete) { complete_.store(complete, std::memory_order_release); }

private:
  CommandBuffer *buffer_;
  std::size_t index_;
  Ref<Kernel> kernel_;
  Ref<Kernel> application_;
  std::vector<khr::CommandProperties> properties_;
  khr::MutableDispatchFields fields_;
  Launch launch_;
  std::atomic<bool> complete_{true};
};

class CommandBuffer : public Object<CommandBuffer, Tag::command_buffer> {
public:
  // A buffer recording for `queue`; `flags` are CL_COMMAND_BUFFER_FLAGS_KHR's.
  static cl_int create(Queue &queue, std::vector<khr::CommandBufferProperties> properties,
                       cl_bitfield flags, CommandBuffer *&out);

  Queue &queue() const { return *queue_; }
  Context &context() const { return queue_->context(); }
  const std::vector<khr::CommandBufferProperties> &propertiesArray() const { return properties_; }
  cl_bitfield flags() const { return flags_; }
  bool isMutable() const { return flags_ & khr::kFlagMutable; }
  bool finalized() const;
  // Whether a mutable launch still lacks arguments.
  bool incomplete() const;
  // Whether `point` names a command recorded so far.
  bool hasSyncPoint(khr::SyncPoint point) const;

  // Captures `issue` as a command of type `type` (through recordCommand); a
  // barrier orders the commands after it.
  cl_int record(const Recording &recording, cl_command_type type, IssueFunction issue);
  // Keeps a mutable command made for the last command recorded; the buffer
  // owns it.
  MutableCommand *addMutableCommand(Kernel &kernel, Kernel &application,
                                    std::vector<khr::CommandProperties> properties,
                                    khr::MutableDispatchFields fields);
  // Joins the commands into one graph and instantiates it: no more commands.
  cl_int finalize();
  // After mutable commands were captured again: the executable graph takes
  // their new parameters (instantiated again where CUDA cannot update it).
  cl_int applyUpdates();
  // One replay, as a command of `queue` (the buffer's or another of its device).
  cl_int enqueue(Queue &queue, const Command &command, Event **event_out);

  void destroy();

private:
  struct Recorded {
    IssueFunction issue; // owns what the command uses, for as long as the buffer
    cuda::UniqueGraph graph;
    std::vector<std::size_t> dependencies; // indices of earlier commands
    std::vector<Ref<Memory>> written;      // images the command writes
  };

  CommandBuffer(Queue &queue, std::vector<khr::CommandBufferProperties> properties,
                cl_bitfield flags);
  cl_int capture(IssueFunction &issue, Recorded &recorded);
  // The dependencies of a new command: its sync points, and in an in-order
  // buffer the command before it; after a barrier, the barrier.
  std::vector<std::size_t> dependenciesOf(const Recording &recording, bool barrier) const;
  cl_int buildGraph(cuda::UniqueGraph &graph) const;
  // An executable graph, shared by the enqueues that will launch it.
  using Executable = std::shared_ptr<CUgraphExec_st>;
  static Executable instantiate(CUgraph graph, CUresult &result);
  CUresult launch(CUgraphExec executable, CUstream stream);

  Ref<Queue> queue_;
  std::vector<khr::CommandBufferProperties> properties_;
  cl_bitfield flags_;

  mutable std::mutex mutex_;
  cuda::UniqueStream capture_stream_;
  std::vector<Recorded> commands_;
  std::size_t last_barrier_ = 0;                   // 1 + its index, 0 before the first
  std::vector<MutableCommand *> mutable_commands_; // released with the buffer
  // An enqueue held behind its wait list keeps the executable graph it was
  // enqueued with: an update then instantiates a new one rather than change
  // what an earlier enqueue runs.
  Executable executable_;
  bool finalized_ = false;
};

template <> struct HandleOf<CommandBuffer> { using type = khr::CommandBuffer; };
template <> struct HandleOf<MutableCommand> { using type = khr::MutableCommand; };

} // namespace clcuda::core
