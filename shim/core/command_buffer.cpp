#include "command_buffer.h"

#include "cuda/errors.h"

#include <algorithm>

namespace clcuda::core {

using cuda::api;

cl_int recordCommand(const Recording &recording, cl_command_type type, IssueFunction issue) {
  return recording.buffer.record(recording, type, std::move(issue));
}

MutableCommand::MutableCommand(CommandBuffer &buffer, std::size_t index, Kernel &kernel,
                               Kernel &application, std::vector<khr::CommandProperties> properties,
                               khr::MutableDispatchFields fields)
    : buffer_(&buffer), index_(index), kernel_(&kernel), application_(&application),
      properties_(std::move(properties)), fields_(fields) {}

CommandBuffer::CommandBuffer(Queue &queue, std::vector<khr::CommandBufferProperties> properties,
                             cl_bitfield flags)
    : queue_(&queue), properties_(std::move(properties)), flags_(flags) {}

cl_int CommandBuffer::create(Queue &queue, std::vector<khr::CommandBufferProperties> properties,
                             cl_bitfield flags, CommandBuffer *&out) {
  std::unique_ptr<CommandBuffer> buffer(new CommandBuffer(queue, std::move(properties), flags));
  cuda::ScopedContext scope(queue.device().cudaContext());
  CUstream stream = nullptr;
  // Non-blocking: a capture must not meet the legacy stream's implicit waits.
  if (CUresult result = api().cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING);
      result != CUDA_SUCCESS)
    return cuda::toClError(result);
  buffer->capture_stream_ = cuda::UniqueStream(stream);
  out = buffer.release();
  return CL_SUCCESS;
}

void CommandBuffer::destroy() {
  for (MutableCommand *command : mutable_commands_)
    command->release();
  {
    cuda::ScopedContext scope(queue_->device().cudaContext());
    commands_.clear();
    executable_ = nullptr;
    capture_stream_.reset();
  }
  delete this;
}

bool CommandBuffer::finalized() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return finalized_;
}

bool CommandBuffer::incomplete() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return std::any_of(mutable_commands_.begin(), mutable_commands_.end(),
                     [](const MutableCommand *command) { return !command->complete(); });
}

bool CommandBuffer::hasSyncPoint(khr::SyncPoint point) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return point >= 1 && point <= commands_.size();
}

cl_int CommandBuffer::capture(IssueFunction &issue, Recorded &recorded) {
  cuda::ScopedContext scope(queue_->device().cudaContext());
  CUstream stream = capture_stream_.get();
  // Relaxed: other threads of the application may call CUDA meanwhile.
  if (CUresult result = api().cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_RELAXED);
      result != CUDA_SUCCESS)
    return cuda::toClError(result);
  CUresult issued;
  {
    Memory::CaptureScope images(recorded.written);
    issued = issue(stream);
  }
  CUgraph graph = nullptr;
  const CUresult ended = api().cuStreamEndCapture(stream, &graph);
  recorded.graph = cuda::UniqueGraph(graph);
  if (issued != CUDA_SUCCESS)
    return cuda::toClError(issued);
  return ended == CUDA_SUCCESS ? CL_SUCCESS : cuda::toClError(ended);
}

std::vector<std::size_t> CommandBuffer::dependenciesOf(const Recording &recording,
                                                       bool barrier) const {
  std::vector<std::size_t> dependencies;
  for (khr::SyncPoint point : recording.waits)
    dependencies.push_back(point - 1);
  if (!queue_->outOfOrder()) {
    if (!commands_.empty())
      dependencies.push_back(commands_.size() - 1);
  } else if (barrier && recording.waits.empty()) {
    // A barrier with no wait list waits for everything since the last one.
    for (std::size_t i = last_barrier_; i < commands_.size(); ++i)
      dependencies.push_back(i);
    if (last_barrier_)
      dependencies.push_back(last_barrier_ - 1);
  } else if (last_barrier_) {
    dependencies.push_back(last_barrier_ - 1);
  }
  std::sort(dependencies.begin(), dependencies.end());
  dependencies.erase(std::unique(dependencies.begin(), dependencies.end()), dependencies.end());
  return dependencies;
}

cl_int CommandBuffer::record(const Recording &recording, cl_command_type type,
                             IssueFunction issue) {
  std::lock_guard<std::mutex> lock(mutex_);
  Recorded recorded{std::move(issue), {}, {}, {}};
  if (cl_int error = capture(recorded.issue, recorded); error != CL_SUCCESS)
    return error;
  if (recording.replaces) {
    Recorded &old = commands_[recording.replaces - 1];
    old.issue = std::move(recorded.issue);
    old.graph = std::move(recorded.graph);
    old.written = std::move(recorded.written);
    return CL_SUCCESS;
  }
  const bool barrier = type == CL_COMMAND_BARRIER;
  recorded.dependencies = dependenciesOf(recording, barrier);
  commands_.push_back(std::move(recorded));
  if (barrier)
    last_barrier_ = commands_.size();
  if (recording.sync_point)
    *recording.sync_point = khr::SyncPoint(commands_.size());
  return CL_SUCCESS;
}

MutableCommand *CommandBuffer::addMutableCommand(Kernel &kernel, Kernel &application,
                                                 std::vector<khr::CommandProperties> properties,
                                                 khr::MutableDispatchFields fields) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto *command = new MutableCommand(*this, commands_.size() - 1, kernel, application,
                                     std::move(properties), fields);
  mutable_commands_.push_back(command);
  return command;
}

cl_int CommandBuffer::buildGraph(cuda::UniqueGraph &out) const {
  CUgraph graph = nullptr;
  if (CUresult result = api().cuGraphCreate(&graph, 0); result != CUDA_SUCCESS)
    return cuda::toClError(result);
  out = cuda::UniqueGraph(graph);
  std::vector<CUgraphNode> nodes(commands_.size());
  std::vector<CUgraphNode> dependencies;
  for (std::size_t i = 0; i < commands_.size(); ++i) {
    const Recorded &command = commands_[i];
    dependencies.clear();
    for (std::size_t d : command.dependencies)
      dependencies.push_back(nodes[d]);
    std::size_t captured_nodes = 0;
    CUresult result = api().cuGraphGetNodes(command.graph.get(), nullptr, &captured_nodes);
    // A command with no CUDA work (a barrier, an empty range) is an empty
    // node: it still orders what depends on it.
    if (result == CUDA_SUCCESS)
      result = captured_nodes
                   ? api().cuGraphAddChildGraphNode(&nodes[i], graph, dependencies.data(),
                                                    dependencies.size(), command.graph.get())
                   : api().cuGraphAddEmptyNode(&nodes[i], graph, dependencies.data(),
                                               dependencies.size());
    if (result != CUDA_SUCCESS)
      return cuda::toClError(result);
  }
  return CL_SUCCESS;
}

CommandBuffer::Executable CommandBuffer::instantiate(CUgraph graph, CUresult &result) {
  CUgraphExec executable = nullptr;
  result = api().cuGraphInstantiateWithFlags(&executable, graph, 0);
  if (result != CUDA_SUCCESS)
    return nullptr;
  // Destroyed when the last enqueue holding it is gone (a launch still
  // running frees it when it finishes: cuGraphExecDestroy).
  return Executable(executable, [](CUgraphExec graph) { api().cuGraphExecDestroy(graph); });
}

cl_int CommandBuffer::finalize() {
  std::lock_guard<std::mutex> lock(mutex_);
  cuda::ScopedContext scope(queue_->device().cudaContext());
  cuda::UniqueGraph graph;
  if (cl_int error = buildGraph(graph); error != CL_SUCCESS)
    return error;
  CUresult result;
  executable_ = instantiate(graph.get(), result);
  if (!executable_)
    return cuda::toClError(result);
  finalized_ = true;
  return CL_SUCCESS;
}

cl_int CommandBuffer::applyUpdates() {
  std::lock_guard<std::mutex> lock(mutex_);
  cuda::ScopedContext scope(queue_->device().cudaContext());
  cuda::UniqueGraph graph;
  if (cl_int error = buildGraph(graph); error != CL_SUCCESS)
    return error;
  CUgraphExecUpdateResultInfo info{};
  // In place only where no held enqueue would see the change; launches
  // already made keep their parameters (cuGraphExecUpdate).
  if (executable_.use_count() == 1 &&
      api().cuGraphExecUpdate(executable_.get(), graph.get(), &info) == CUDA_SUCCESS)
    return CL_SUCCESS;
  CUresult result;
  Executable executable = instantiate(graph.get(), result);
  if (!executable)
    return cuda::toClError(result);
  executable_ = std::move(executable);
  return CL_SUCCESS;
}

CUresult CommandBuffer::launch(CUgraphExec executable, CUstream stream) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const Recorded &command : commands_)
    for (const Ref<Memory> &image : command.written)
      image->noteWritten();
  return api().cuGraphLaunch(executable, stream);
}

cl_int CommandBuffer::enqueue(Queue &queue, const Command &command, Event **event_out) {
  Executable executable;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    executable = executable_;
  }
  auto issue = [buffer = Ref<CommandBuffer>(this), executable = std::move(executable)](
                   CUstream stream) { return buffer->launch(executable.get(), stream); };
  return queue.enqueue(command, issue, event_out);
}

} // namespace clcuda::core
