// A CPU stand-in for libcuda.so.1, for running the gpu tests' host-side
// logic (queues, held commands, callbacks, staging, buffers) on machines
// without a GPU. Tests run against it under the `fakecuda.` prefix.
//
// Streams are threads that run their operations in order; events follow
// CUDA's record/wait/query semantics; device memory is host memory. Modules
// load from PTX (the .entry names) or from CUBIN (an ELF: its kernels, the
// sizes of their parameters from .nv.info, their static shared memory,
// their global variables). Kernels do not run, except the test kernels
// clcuda_test_spin (sleeps for its argument in nanoseconds) and
// clcuda_test_empty; every launch is recorded with copies of its parameters
// (fake_cuda_control.h reads them back), and a kernel whose name starts
// with "fault" faults when it runs: like an illegal address on a GPU, it
// makes the context's every later call fail with
// CUDA_ERROR_ILLEGAL_ADDRESS and calls no host function in it. Pageable host memory behaves as CUDA
// documents it: an async copy from it is taken at the call, an async copy to
// it returns once the copy is done. Stricter than CUDA on one point: every
// operation on streams, events and memory fails with
// CUDA_ERROR_INVALID_CONTEXT unless a context is current, so a missing
// context push in the shim shows up here.
// Stream capture and graphs: a capturing stream's calls become nodes of its
// capture, each after the stream's previous one (and after what it waited
// for on an event recorded in the capture; a stream waiting on such an
// event joins the capture). Captured copies read their source when the
// graph runs; synchronous calls on a capturing stream fail with
// CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED; a failed call invalidates the
// capture. cuGraphInstantiate flattens the graph (child graphs included) in
// the order its nodes were made, a topological order; cuGraphLaunch then
// does what each captured call did at once (a kernel launch is recorded, an
// array copy counted) and queues the steps, in that order, as one operation
// of the stream. cuGraphExecUpdate compares node kinds and dependencies, a
// kernel's context and a copy's memory types, as CUDA 12's.
// CLCUDA_FAKE_CUDA_DEVICES (default 1) and CLCUDA_FAKE_CUDA_COMPUTE
// (default 90) say how many devices there are and what they claim to be;
// PTX for a newer GPU does not load, as with the driver.
// CLCUDA_FAKE_CUDA_CONCURRENT_MANAGED_ACCESS=0 makes the devices answer 0
// for that attribute, as on Windows or before Pascal (no SVM in clcuda).
// Not a model of performance: tests skip timing assertions on this device.
#include "fake_cuda_control.h"

#include <cuda.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

using Clock = std::chrono::steady_clock;

struct CUctx_st {
  int device;
  std::atomic<CUresult> sticky_error{CUDA_SUCCESS}; // a kernel faulted
};

struct Capture;

struct CUevent_st {
  unsigned flags;
  // Last recorded in a capture (guarded by graph_mutex): the nodes a wait
  // for it depends on. Such an event answers CUDA_ERROR_CAPTURED_EVENT.
  std::shared_ptr<Capture> capture;
  std::vector<std::size_t> capture_frontier;
  std::mutex mutex;
  std::condition_variable changed;
  std::uint64_t recorded = 0;      // generation of the latest cuEventRecord
  std::set<std::uint64_t> pending; // generations their streams have not passed
  Clock::time_point time;
  // As CUDA's: a wait is for the record it saw, so a later record that
  // another stream passes first (a pooled event reused) does not end it.
  bool passed(std::uint64_t generation) const { return pending.count(generation) == 0; }
};

struct CUstream_st {
  CUctx_st *context;
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<std::function<void()>> operations;
  bool running = false;
  bool destroyed = false;
  std::shared_ptr<Capture> capture; // the capture it takes part in (guarded by graph_mutex)
};

struct CUfunc_st {
  std::string name;
  CUctx_st *context = nullptr;           // its module's
  std::vector<unsigned> parameter_sizes; // in order; unknown (PTX): none recorded
  int static_shared = 0;
  int dynamic_shared_limit = 48 * 1024;
};

struct CUmod_st {
  std::map<std::string, std::unique_ptr<CUfunc_st>> functions;
  std::map<std::string, std::vector<unsigned char>> globals;
};

// ---- graphs: what stream capture and cuGraphAdd*Node make ----

enum class NodeKind { Empty, Kernel, Memcpy, Memset, Host, Other, Child };

// One call on a stream: what the call does at once and what its stream then
// runs. Captured, the first happens at each cuGraphLaunch, the second when
// the launch runs on its stream.
struct Step {
  NodeKind kind = NodeKind::Other;
  const CUctx_st *function_context = nullptr; // a kernel's function's (cuGraphExecUpdate)
  unsigned memory_types = 0;                  // a copy's, source * 16 + destination (CUmemorytype)
  std::function<void()> at_call;
  std::function<void()> run;
};

struct CUgraphNode_st;
struct CUgraph_st {
  std::vector<std::unique_ptr<CUgraphNode_st>> nodes; // in order of creation: a topological order
};
struct CUgraphNode_st {
  Step step;                             // an Empty or a Child node runs nothing itself
  std::unique_ptr<CUgraph_st> child;     // a Child node's: a clone of the graph it was given
  std::vector<std::size_t> dependencies; // sorted indices of earlier nodes of its graph
};
struct CUgraphExec_st {
  std::unique_ptr<CUgraph_st> graph; // a clone of what was instantiated (or updated from)
  std::shared_ptr<const std::vector<Step>> steps; // graph flattened, in order; launches hold it
};

// A stream capture: the graph it builds, and the streams in it (the origin,
// and those that joined by waiting on an event recorded in it) with the
// nodes each one's next call depends on.
struct Capture {
  CUstream origin;
  CUstreamCaptureMode mode;
  bool invalidated = false;
  bool ended = false;
  std::unique_ptr<CUgraph_st> graph = std::make_unique<CUgraph_st>();
  std::map<CUstream, std::vector<std::size_t>> frontier;
};

namespace {

constexpr int kMaxDevices = 8;
constexpr std::size_t kDeviceMemory = std::size_t(4) << 30;
CUctx_st contexts[kMaxDevices] = {{0}, {1}, {2}, {3}, {4}, {5}, {6}, {7}};
thread_local std::vector<CUcontext> context_stack;

int deviceCount() {
  const char *text = std::getenv("CLCUDA_FAKE_CUDA_DEVICES");
  int count = text ? std::atoi(text) : 1;
  return std::clamp(count, 0, kMaxDevices);
}

// The compute capability the devices claim, as 10 * major + minor
// (CLCUDA_FAKE_CUDA_COMPUTE, default 90: an H100 or H200).
int computeCapability() {
  const char *text = std::getenv("CLCUDA_FAKE_CUDA_COMPUTE");
  const int value = text ? std::atoi(text) : 90;
  return value > 0 ? value : 90;
}

bool hasContext() { return !context_stack.empty() && context_stack.back(); }

// What a call that needs the current context gets: CUDA_ERROR_INVALID_CONTEXT
// without one, the sticky error of a context a kernel faulted in.
CUresult contextError() {
  if (!hasContext())
    return CUDA_ERROR_INVALID_CONTEXT;
  return context_stack.back()->sticky_error.load();
}

// ---- memory registry: what cuPointerGetAttribute knows ----

struct Allocation {
  std::size_t size;
  CUmemorytype type;
  bool owned; // allocated here (not cuMemHostRegister)
};
// Never destroyed, like the real driver's state: clcuda's worker thread may
// still free memory while static destructors run at exit.
std::mutex &registry_mutex = *new std::mutex();
std::map<std::uintptr_t, Allocation> &registry = *new std::map<std::uintptr_t, Allocation>();

const Allocation *findAllocation(std::uintptr_t address, std::uintptr_t *base = nullptr) {
  auto it = registry.upper_bound(address);
  if (it == registry.begin())
    return nullptr;
  --it;
  if (address >= it->first + it->second.size)
    return nullptr;
  if (base)
    *base = it->first;
  return &it->second;
}

bool isPageable(std::uintptr_t address) {
  std::lock_guard<std::mutex> lock(registry_mutex);
  return findAllocation(address) == nullptr;
}

CUresult allocate(void **pointer, std::size_t size, CUmemorytype type) {
  if (size == 0)
    return CUDA_ERROR_INVALID_VALUE;
  void *memory = std::aligned_alloc(4096, (size + 4095) & ~std::size_t(4095));
  if (!memory)
    return CUDA_ERROR_OUT_OF_MEMORY;
  std::lock_guard<std::mutex> lock(registry_mutex);
  registry[std::uintptr_t(memory)] = {size, type, true};
  *pointer = memory;
  return CUDA_SUCCESS;
}

CUresult release(std::uintptr_t address) {
  std::lock_guard<std::mutex> lock(registry_mutex);
  auto it = registry.find(address);
  if (it == registry.end() || !it->second.owned)
    return CUDA_ERROR_INVALID_VALUE;
  registry.erase(it);
  std::free(reinterpret_cast<void *>(address));
  return CUDA_SUCCESS;
}

// ---- streams ----

std::atomic<long> live_streams{0}; // created and not destroyed

void runStream(CUstream stream) {
  for (;;) {
    std::function<void()> operation;
    {
      std::unique_lock<std::mutex> lock(stream->mutex);
      stream->running = false;
      stream->changed.notify_all();
      stream->changed.wait(lock, [&] { return !stream->operations.empty() || stream->destroyed; });
      if (stream->operations.empty())
        break;
      operation = std::move(stream->operations.front());
      stream->operations.pop_front();
      stream->running = true;
    }
    operation();
  }
  delete stream;
}

// Everything about captures and graphs: Capture, CUstream_st::capture,
// CUevent_st::capture, graphs and executable graphs. Never held while
// taking another lock but an event's; never destroyed, as the registry.
std::mutex &graph_mutex = *new std::mutex();
std::set<CUgraph> &live_graphs = *new std::set<CUgraph>();
std::set<CUgraphExec> &live_graph_execs = *new std::set<CUgraphExec>();

bool capturing(CUstream stream) {
  if (!stream)
    return false;
  std::lock_guard<std::mutex> lock(graph_mutex);
  return stream->capture != nullptr;
}

// As CUDA's: a call into a capture that fails invalidates the capture.
CUresult inCapture(CUstream stream, CUresult result) {
  if (result != CUDA_SUCCESS && stream) {
    std::lock_guard<std::mutex> lock(graph_mutex);
    if (stream->capture)
      stream->capture->invalidated = true;
  }
  return result;
}

// Queues `operation` on the stream's thread (the legacy stream: runs it now).
CUresult enqueue(CUstream stream, std::function<void()> operation) {
  if (!stream) {
    operation();
    return CUDA_SUCCESS;
  }
  std::lock_guard<std::mutex> lock(stream->mutex);
  stream->operations.push_back(std::move(operation));
  stream->changed.notify_all();
  return CUDA_SUCCESS;
}

// A call on a stream: done now, or a node of the stream's capture that
// depends on what the stream captured before (or waited for in it).
CUresult issue(CUstream stream, Step step) {
  if (CUresult error = contextError())
    return error;
  if (stream) {
    std::lock_guard<std::mutex> lock(graph_mutex);
    if (Capture *capture = stream->capture.get()) {
      if (capture->invalidated)
        return CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
      auto node = std::make_unique<CUgraphNode_st>();
      node->step = std::move(step);
      std::vector<std::size_t> &frontier = capture->frontier[stream];
      node->dependencies = frontier;
      frontier = {capture->graph->nodes.size()};
      capture->graph->nodes.push_back(std::move(node));
      return CUDA_SUCCESS;
    }
  }
  if (step.at_call)
    step.at_call();
  return enqueue(stream, std::move(step.run));
}

CUresult submit(CUstream stream, std::function<void()> operation, NodeKind kind = NodeKind::Other) {
  Step step;
  step.kind = kind;
  step.run = std::move(operation);
  return issue(stream, std::move(step));
}

// Submits and waits until the stream ran it: for copies to pageable memory.
// Not in a capture, as CUDA's synchronous calls.
CUresult submitAndWait(CUstream stream, std::function<void()> operation) {
  if (CUresult error = contextError())
    return error;
  if (capturing(stream))
    return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
  auto done = std::make_shared<std::atomic<bool>>(false);
  auto finished = std::make_shared<std::pair<std::mutex, std::condition_variable>>();
  CUresult submitted = enqueue(stream, [operation, done, finished] {
    operation();
    std::lock_guard<std::mutex> lock(finished->first);
    done->store(true);
    finished->second.notify_all();
  });
  if (submitted != CUDA_SUCCESS)
    return submitted;
  std::unique_lock<std::mutex> lock(finished->first);
  finished->second.wait(lock, [&] { return done->load(); });
  return CUDA_SUCCESS;
}

// ---- the driver functions ----

CUresult fake_cuInit(unsigned) { return CUDA_SUCCESS; }
CUresult fake_cuDriverGetVersion(int *version) {
  *version = 13000;
  return CUDA_SUCCESS;
}
CUresult fake_cuGetErrorName(CUresult result, const char **name) {
  *name = result == CUDA_SUCCESS ? "CUDA_SUCCESS" : "CUDA_ERROR_FAKE";
  return CUDA_SUCCESS;
}
CUresult fake_cuGetErrorString(CUresult result, const char **text) {
  return fake_cuGetErrorName(result, text);
}
CUresult fake_cuDeviceGetCount(int *count) {
  *count = deviceCount();
  return CUDA_SUCCESS;
}
CUresult fake_cuDeviceGet(CUdevice *device, int ordinal) {
  if (ordinal < 0 || ordinal >= deviceCount())
    return CUDA_ERROR_INVALID_DEVICE;
  *device = ordinal;
  return CUDA_SUCCESS;
}
CUresult fake_cuDeviceGetName(char *name, int length, CUdevice device) {
  std::snprintf(name, length, "clcuda fake CUDA device %d", device);
  return CUDA_SUCCESS;
}
CUresult fake_cuDeviceGetUuid(CUuuid *uuid, CUdevice device) {
  for (int i = 0; i < 16; ++i)
    uuid->bytes[i] = char(0xf0 + device + i);
  return CUDA_SUCCESS;
}
CUresult fake_cuDeviceTotalMem(std::size_t *bytes, CUdevice) {
  *bytes = kDeviceMemory;
  return CUDA_SUCCESS;
}
CUresult fake_cuDeviceGetAttribute(int *value, CUdevice_attribute attribute, CUdevice device) {
  switch (attribute) {
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    *value = computeCapability() / 10;
    break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
    *value = computeCapability() % 10;
    break;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
    *value = 4;
    break;
  case CU_DEVICE_ATTRIBUTE_CLOCK_RATE:
    *value = 1000000;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
    *value = 1024;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X:
    *value = 1024;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y:
    *value = 1024;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z:
    *value = 64;
    break;
  case CU_DEVICE_ATTRIBUTE_WARP_SIZE:
    *value = 32;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK:
    *value = 65536;
    break;
  case CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT:
    *value = 2;
    break;
  case CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE:
    *value = 1 << 20;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
    *value = 232448;
    break;
  case CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY:
    *value = 65536;
    break;
  case CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY:
    *value = 1;
    break;
  case CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS: {
    const char *text = std::getenv("CLCUDA_FAKE_CUDA_CONCURRENT_MANAGED_ACCESS");
    *value = text ? std::atoi(text) : 1;
    break;
  }
  case CU_DEVICE_ATTRIBUTE_PCI_BUS_ID:
    *value = 0x10 + device;
    break;
  case CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID:
    *value = 1;
    break;
  case CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID:
    *value = 2;
    break;
  case CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT: // Hopper's values
    *value = 512;
    break;
  case CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT:
    *value = 32;
    break;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH:
    *value = 131072;
    break;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_HEIGHT:
    *value = 65000;
    break;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_PITCH:
    *value = 2097120;
    break;
  default:
    *value = 0;
    break;
  }
  return CUDA_SUCCESS;
}
CUresult fake_cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) {
  if (device < 0 || device >= deviceCount())
    return CUDA_ERROR_INVALID_DEVICE;
  *context = &contexts[device];
  return CUDA_SUCCESS;
}
CUresult fake_cuDevicePrimaryCtxRelease(CUdevice) { return CUDA_SUCCESS; }
CUresult fake_cuCtxPushCurrent(CUcontext context) {
  context_stack.push_back(context);
  return CUDA_SUCCESS;
}
CUresult fake_cuCtxPopCurrent(CUcontext *context) {
  if (context_stack.empty())
    return CUDA_ERROR_INVALID_CONTEXT;
  if (context)
    *context = context_stack.back();
  context_stack.pop_back();
  return CUDA_SUCCESS;
}
CUresult fake_cuCtxSetCurrent(CUcontext context) {
  if (context_stack.empty())
    context_stack.push_back(context);
  else
    context_stack.back() = context;
  return CUDA_SUCCESS;
}
CUresult fake_cuCtxGetCurrent(CUcontext *context) {
  *context = context_stack.empty() ? nullptr : context_stack.back();
  return CUDA_SUCCESS;
}
CUresult fake_cuCtxSynchronize() { return contextError(); }

CUresult fake_cuStreamCreate(CUstream *stream, unsigned) {
  if (CUresult error = contextError())
    return error;
  auto *created = new CUstream_st();
  created->context = context_stack.back();
  ++live_streams;
  std::thread(runStream, created).detach();
  *stream = created;
  return CUDA_SUCCESS;
}
// Ends the capture: its streams leave it (graph_mutex held).
void endCapture(Capture &capture) {
  for (auto &entry : capture.frontier)
    entry.first->capture.reset();
  capture.frontier.clear();
  capture.ended = true;
}

CUresult fake_cuStreamDestroy(CUstream stream) {
  {
    // A stream destroyed in a capture invalidates it; its origin ends it.
    std::lock_guard<std::mutex> lock(graph_mutex);
    if (std::shared_ptr<Capture> capture = stream->capture) {
      capture->invalidated = true;
      capture->frontier.erase(stream);
      stream->capture.reset();
      if (capture->origin == stream)
        endCapture(*capture);
    }
  }
  std::lock_guard<std::mutex> lock(stream->mutex);
  --live_streams;
  stream->destroyed = true; // the thread finishes the work, then frees it
  stream->changed.notify_all();
  return CUDA_SUCCESS;
}
CUresult fake_cuStreamSynchronize(CUstream stream) {
  if (CUresult error = submitAndWait(stream, [] {}))
    return inCapture(stream, error);
  return contextError(); // a kernel may have faulted meanwhile
}
CUresult fake_cuStreamQuery(CUstream stream) {
  if (CUresult error = contextError())
    return inCapture(stream, error);
  if (capturing(stream))
    return inCapture(stream, CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
  bool idle;
  {
    std::lock_guard<std::mutex> lock(stream->mutex);
    idle = stream->operations.empty() && !stream->running;
  }
  // As CUDA's: a fault in the context answers every query. Read after the
  // stream, since a faulting kernel sets it before its stream goes idle.
  if (CUresult error = contextError())
    return error;
  return idle ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}
// A wait in a capture on an event recorded in it: a dependency, no node.
// On an event recorded before or in another capture:
// CUDA_ERROR_STREAM_CAPTURE_ISOLATION. A stream not capturing that waits on
// an event recorded in a capture joins the capture (a fork).
// Returns -1 where the wait is not about captures.
int captureWait(CUstream stream, CUevent event) {
  std::lock_guard<std::mutex> lock(graph_mutex);
  Capture *mine = stream ? stream->capture.get() : nullptr;
  const std::shared_ptr<Capture> &theirs = event->capture;
  if (mine) {
    if (mine->invalidated)
      return CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
    if (theirs.get() == mine) {
      std::vector<std::size_t> &frontier = mine->frontier[stream];
      for (std::size_t node : event->capture_frontier)
        if (std::find(frontier.begin(), frontier.end(), node) == frontier.end())
          frontier.push_back(node);
      std::sort(frontier.begin(), frontier.end());
      return CUDA_SUCCESS;
    }
    bool recorded;
    {
      std::lock_guard<std::mutex> event_lock(event->mutex);
      recorded = event->recorded != 0;
    }
    if (theirs || recorded) {
      mine->invalidated = true;
      return CUDA_ERROR_STREAM_CAPTURE_ISOLATION;
    }
    return CUDA_SUCCESS; // never recorded: nothing to wait for
  }
  if (!theirs)
    return -1;
  if (theirs->ended)
    return CUDA_ERROR_CAPTURED_EVENT;
  if (!stream) // the legacy stream cannot join a capture
    return CUDA_ERROR_STREAM_CAPTURE_IMPLICIT;
  stream->capture = theirs;
  theirs->frontier[stream] = event->capture_frontier;
  return theirs->invalidated ? CUDA_ERROR_STREAM_CAPTURE_INVALIDATED : CUDA_SUCCESS;
}

CUresult fake_cuStreamWaitEvent(CUstream stream, CUevent event, unsigned) {
  if (CUresult error = contextError())
    return inCapture(stream, error);
  if (int result = captureWait(stream, event); result >= 0)
    return inCapture(stream, CUresult(result));
  std::uint64_t generation;
  {
    std::lock_guard<std::mutex> lock(event->mutex);
    generation = event->recorded;
  }
  return submit(stream, [event, generation] {
    std::unique_lock<std::mutex> lock(event->mutex);
    event->changed.wait(lock, [&] { return event->passed(generation); });
  });
}
CUresult fake_cuEventCreate(CUevent *event, unsigned flags) {
  if (CUresult error = contextError())
    return error;
  *event = new CUevent_st();
  (*event)->flags = flags;
  return CUDA_SUCCESS;
}
CUresult fake_cuEventDestroy(CUevent event) {
  delete event;
  return CUDA_SUCCESS;
}
CUresult fake_cuEventRecord(CUevent event, CUstream stream) {
  if (CUresult error = contextError())
    return inCapture(stream, error);
  {
    // In a capture: marks the point for waits in the capture, no node.
    std::lock_guard<std::mutex> lock(graph_mutex);
    if (stream && stream->capture) {
      if (stream->capture->invalidated)
        return CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
      event->capture = stream->capture;
      event->capture_frontier = stream->capture->frontier[stream];
      return CUDA_SUCCESS;
    }
    event->capture.reset();
    event->capture_frontier.clear();
  }
  std::uint64_t generation;
  {
    std::lock_guard<std::mutex> lock(event->mutex);
    generation = ++event->recorded;
    event->pending.insert(generation);
  }
  CUresult result = submit(stream, [event, generation] {
    std::lock_guard<std::mutex> lock(event->mutex);
    event->pending.erase(generation);
    event->time = Clock::now();
    event->changed.notify_all();
  });
  if (result != CUDA_SUCCESS) { // never to be passed
    std::lock_guard<std::mutex> lock(event->mutex);
    event->pending.erase(generation);
  }
  return result;
}
// CUDA_ERROR_CAPTURED_EVENT for an event last recorded in a capture.
CUresult capturedEvent(CUevent event) {
  std::lock_guard<std::mutex> lock(graph_mutex);
  return event->capture ? CUDA_ERROR_CAPTURED_EVENT : CUDA_SUCCESS;
}
CUresult fake_cuEventQuery(CUevent event) {
  if (CUresult error = contextError())
    return error;
  if (CUresult error = capturedEvent(event))
    return error;
  std::lock_guard<std::mutex> lock(event->mutex);
  return event->passed(event->recorded) ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}
CUresult fake_cuEventSynchronize(CUevent event) {
  if (CUresult error = contextError())
    return error;
  if (CUresult error = capturedEvent(event))
    return error;
  std::unique_lock<std::mutex> lock(event->mutex);
  const std::uint64_t generation = event->recorded;
  event->changed.wait(lock, [&] { return event->passed(generation); });
  return contextError(); // a kernel may have faulted meanwhile
}
CUresult fake_cuEventElapsedTime(float *milliseconds, CUevent start, CUevent end) {
  if (CUresult error = contextError())
    return error;
  if ((start->flags | end->flags) & CU_EVENT_DISABLE_TIMING)
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult error = capturedEvent(start); error || (error = capturedEvent(end)))
    return error;
  if (fake_cuEventQuery(start) != CUDA_SUCCESS || fake_cuEventQuery(end) != CUDA_SUCCESS)
    return CUDA_ERROR_NOT_READY;
  std::lock_guard<std::mutex> first(start->mutex);
  std::unique_lock<std::mutex> second(end->mutex, std::defer_lock);
  if (end != start)
    second.lock();
  *milliseconds = std::chrono::duration<float, std::milli>(end->time - start->time).count();
  return CUDA_SUCCESS;
}

CUresult fake_cuMemAlloc(CUdeviceptr *pointer, std::size_t size) {
  if (CUresult error = contextError())
    return error;
  void *memory = nullptr;
  CUresult result = allocate(&memory, size, CU_MEMORYTYPE_DEVICE);
  *pointer = CUdeviceptr(memory);
  return result;
}
CUresult fake_cuMemAllocManaged(CUdeviceptr *pointer, std::size_t size, unsigned) {
  return fake_cuMemAlloc(pointer, size);
}
CUresult fake_cuMemFree(CUdeviceptr pointer) {
  return hasContext() ? release(pointer) : CUDA_ERROR_INVALID_CONTEXT;
}
CUresult fake_cuMemGetInfo(std::size_t *free, std::size_t *total) {
  *free = *total = kDeviceMemory;
  return CUDA_SUCCESS;
}
CUresult fake_cuMemHostAlloc(void **pointer, std::size_t size, unsigned) {
  if (CUresult error = contextError())
    return error;
  return allocate(pointer, size, CU_MEMORYTYPE_HOST);
}
CUresult fake_cuMemFreeHost(void *pointer) {
  return hasContext() ? release(std::uintptr_t(pointer)) : CUDA_ERROR_INVALID_CONTEXT;
}
// ---- CUDA arrays and texture objects: checked as CUDA documents them, never sampled ----

// Never destroyed, as the registry above: clcuda's worker may destroy
// textures while static destructors run at exit.
std::mutex &textures_mutex = *new std::mutex();
std::set<CUtexObject> &live_textures = *new std::set<CUtexObject>();
CUtexObject next_texture = 1;
// Each array's shape, and the pixels copied into it.
struct FakeArray {
  CUDA_ARRAY3D_DESCRIPTOR shape;
  std::vector<char> bytes;
};
std::map<CUarray, std::unique_ptr<FakeArray>> &live_arrays =
    *new std::map<CUarray, std::unique_ptr<FakeArray>>();
std::atomic<long> array_copies{0};

std::size_t bytesPerChannel(CUarray_format format) {
  switch (format) {
  case CU_AD_FORMAT_UNSIGNED_INT8:
  case CU_AD_FORMAT_SIGNED_INT8:
    return 1;
  case CU_AD_FORMAT_UNSIGNED_INT16:
  case CU_AD_FORMAT_SIGNED_INT16:
  case CU_AD_FORMAT_HALF:
    return 2;
  case CU_AD_FORMAT_FLOAT:
    return 4;
  default:
    return 0;
  }
}

CUresult fake_cuArray3DCreate(CUarray *array, const CUDA_ARRAY3D_DESCRIPTOR *shape) {
  if (CUresult error = contextError())
    return error;
  const unsigned channels = shape ? shape->NumChannels : 0;
  if (!array || !shape || shape->Width == 0 || (channels != 1 && channels != 2 && channels != 4) ||
      bytesPerChannel(shape->Format) == 0 || (shape->Flags & ~unsigned(CUDA_ARRAY3D_LAYERED)) ||
      ((shape->Flags & CUDA_ARRAY3D_LAYERED) && shape->Depth == 0) ||
      (shape->Height == 0 && shape->Depth != 0 && !(shape->Flags & CUDA_ARRAY3D_LAYERED)))
    return CUDA_ERROR_INVALID_VALUE;
  auto made = std::make_unique<FakeArray>();
  made->shape = *shape;
  made->bytes.resize(shape->Width * bytesPerChannel(shape->Format) * channels *
                     std::max<std::size_t>(shape->Height, 1) *
                     std::max<std::size_t>(shape->Depth, 1));
  std::lock_guard<std::mutex> lock(textures_mutex);
  *array = reinterpret_cast<CUarray>(made.get());
  live_arrays[*array] = std::move(made);
  return CUDA_SUCCESS;
}
CUresult fake_cuArrayDestroy(CUarray array) {
  std::lock_guard<std::mutex> lock(textures_mutex);
  return live_arrays.erase(array) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

bool validTextureResource(const CUDA_RESOURCE_DESC &resource) {
  if (resource.resType == CU_RESOURCE_TYPE_ARRAY) {
    std::lock_guard<std::mutex> lock(textures_mutex);
    return live_arrays.count(resource.res.array.hArray) != 0;
  }
  if (resource.resType != CU_RESOURCE_TYPE_PITCH2D)
    return false;
  const auto &pitch2d = resource.res.pitch2D;
  const unsigned channels = pitch2d.numChannels;
  return pitch2d.devPtr % 512 == 0 && pitch2d.pitchInBytes % 32 == 0 && pitch2d.width != 0 &&
         pitch2d.height != 0 && (channels == 1 || channels == 2 || channels == 4) &&
         findAllocation(std::uintptr_t(pitch2d.devPtr));
}

CUresult fake_cuTexObjectCreate(CUtexObject *texture, const CUDA_RESOURCE_DESC *resource,
                                const CUDA_TEXTURE_DESC *description,
                                const CUDA_RESOURCE_VIEW_DESC *view) {
  if (CUresult error = contextError())
    return error;
  if (!texture || !resource || !description || view || !validTextureResource(*resource))
    return CUDA_ERROR_INVALID_VALUE;
  std::lock_guard<std::mutex> lock(textures_mutex);
  *texture = next_texture++;
  live_textures.insert(*texture);
  return CUDA_SUCCESS;
}
CUresult fake_cuTexObjectDestroy(CUtexObject texture) {
  std::lock_guard<std::mutex> lock(textures_mutex);
  return live_textures.erase(texture) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult fake_cuMemHostGetDevicePointer(CUdeviceptr *device, void *host, unsigned) {
  if (CUresult error = contextError())
    return error;
  std::lock_guard<std::mutex> lock(registry_mutex);
  if (!findAllocation(std::uintptr_t(host)))
    return CUDA_ERROR_INVALID_VALUE;
  *device = CUdeviceptr(host);
  return CUDA_SUCCESS;
}
CUresult fake_cuMemHostRegister(void *pointer, std::size_t size, unsigned) {
  std::lock_guard<std::mutex> lock(registry_mutex);
  if (findAllocation(std::uintptr_t(pointer)))
    return CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED;
  registry[std::uintptr_t(pointer)] = {size, CU_MEMORYTYPE_HOST, false};
  return CUDA_SUCCESS;
}
CUresult fake_cuMemHostUnregister(void *pointer) {
  std::lock_guard<std::mutex> lock(registry_mutex);
  auto it = registry.find(std::uintptr_t(pointer));
  if (it == registry.end() || it->second.owned)
    return CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED;
  registry.erase(it);
  return CUDA_SUCCESS;
}
CUresult fake_cuPointerGetAttribute(void *data, CUpointer_attribute attribute,
                                    CUdeviceptr pointer) {
  if (CUresult error = contextError())
    return error;
  if (attribute != CU_POINTER_ATTRIBUTE_MEMORY_TYPE)
    return CUDA_ERROR_NOT_SUPPORTED;
  std::lock_guard<std::mutex> lock(registry_mutex);
  const Allocation *allocation = findAllocation(pointer);
  if (!allocation)
    return CUDA_ERROR_INVALID_VALUE;
  *static_cast<unsigned *>(data) = allocation->type;
  return CUDA_SUCCESS;
}

CUmemorytype memoryType(CUdeviceptr address) {
  std::lock_guard<std::mutex> lock(registry_mutex);
  const Allocation *allocation = findAllocation(address);
  return allocation ? allocation->type : CU_MEMORYTYPE_HOST; // pageable: host memory
}

// Copies with CUDA's pageable-memory semantics (see the top of the file).
// Captured, a copy reads its source when it runs, as CUDA's memcpy nodes.
CUresult copy(CUdeviceptr destination, CUdeviceptr source, std::size_t size, CUstream stream) {
  if (CUresult error = contextError())
    return inCapture(stream, error);
  auto *to = reinterpret_cast<char *>(destination);
  if (capturing(stream)) {
    Step step;
    step.kind = NodeKind::Memcpy;
    step.memory_types = memoryType(source) * 16 + memoryType(destination);
    step.run = [=] { std::memmove(to, reinterpret_cast<char *>(source), size); };
    return inCapture(stream, issue(stream, std::move(step)));
  }
  if (isPageable(destination))
    return submitAndWait(stream, [=] { std::memmove(to, reinterpret_cast<char *>(source), size); });
  if (isPageable(source)) {
    auto staged = std::make_shared<std::vector<char>>(reinterpret_cast<char *>(source),
                                                      reinterpret_cast<char *>(source) + size);
    return submit(stream, [=] { std::memcpy(to, staged->data(), size); });
  }
  return submit(stream, [=] { std::memmove(to, reinterpret_cast<char *>(source), size); });
}
CUresult fake_cuMemcpyAsync(CUdeviceptr destination, CUdeviceptr source, std::size_t size,
                            CUstream stream) {
  return copy(destination, source, size, stream);
}
CUresult fake_cuMemcpyHtoD(CUdeviceptr destination, const void *source, std::size_t size) {
  std::memcpy(reinterpret_cast<void *>(destination), source, size);
  return CUDA_SUCCESS;
}
CUresult fake_cuMemcpyDtoH(void *destination, CUdeviceptr source, std::size_t size) {
  std::memcpy(destination, reinterpret_cast<void *>(source), size);
  return CUDA_SUCCESS;
}
CUresult fake_cuMemcpyHtoDAsync(CUdeviceptr destination, const void *source, std::size_t size,
                                CUstream stream) {
  return copy(destination, CUdeviceptr(source), size, stream);
}
CUresult fake_cuMemcpyDtoHAsync(void *destination, CUdeviceptr source, std::size_t size,
                                CUstream stream) {
  return copy(CUdeviceptr(destination), source, size, stream);
}
CUresult fake_cuMemcpyDtoDAsync(CUdeviceptr destination, CUdeviceptr source, std::size_t size,
                                CUstream stream) {
  return copy(destination, source, size, stream);
}
CUresult fake_cuMemcpy2DAsync(const CUDA_MEMCPY2D *, CUstream stream) {
  return inCapture(stream, CUDA_ERROR_NOT_SUPPORTED);
}
// Device memory to a CUDA array, as clcuda refreshes an image's texture copy.
CUresult copyToArray(const CUDA_MEMCPY3D &c, CUstream stream) {
  char *to;
  std::size_t row;
  {
    std::lock_guard<std::mutex> lock(textures_mutex);
    auto found = live_arrays.find(c.dstArray);
    if (found == live_arrays.end() || !findAllocation(std::uintptr_t(c.srcDevice)))
      return CUDA_ERROR_INVALID_VALUE;
    FakeArray &array = *found->second;
    const CUDA_ARRAY3D_DESCRIPTOR &shape = array.shape;
    row = shape.Width * bytesPerChannel(shape.Format) * shape.NumChannels;
    const std::size_t rows = std::max<std::size_t>(shape.Height, 1);
    if (c.dstXInBytes || c.dstY || c.dstZ || c.WidthInBytes != row || c.Height != rows ||
        c.Depth != std::max<std::size_t>(shape.Depth, 1) || c.srcPitch < row ||
        c.srcHeight < c.Height)
      return CUDA_ERROR_INVALID_VALUE;
    to = array.bytes.data();
  }
  Step step;
  step.kind = NodeKind::Memcpy;
  step.memory_types = CU_MEMORYTYPE_DEVICE * 16 + CU_MEMORYTYPE_ARRAY;
  step.at_call = [] { ++array_copies; };
  step.run = [c, to, row] {
    for (std::size_t z = 0; z < c.Depth; ++z)
      for (std::size_t y = 0; y < c.Height; ++y)
        std::memcpy(to + (z * c.Height + y) * row,
                    reinterpret_cast<char *>(c.srcDevice) + (z * c.srcHeight + y) * c.srcPitch,
                    row);
  };
  return issue(stream, std::move(step));
}
CUresult memcpy3D(const CUDA_MEMCPY3D *copy3d, CUstream stream) {
  if (!copy3d)
    return CUDA_ERROR_INVALID_VALUE;
  if (copy3d->srcMemoryType == CU_MEMORYTYPE_DEVICE && copy3d->dstMemoryType == CU_MEMORYTYPE_ARRAY)
    return copyToArray(*copy3d, stream);
  if (copy3d->srcMemoryType != CU_MEMORYTYPE_UNIFIED ||
      copy3d->dstMemoryType != CU_MEMORYTYPE_UNIFIED)
    return CUDA_ERROR_NOT_SUPPORTED;
  const CUDA_MEMCPY3D c = *copy3d;
  Step step;
  step.kind = NodeKind::Memcpy;
  step.memory_types = memoryType(c.srcDevice) * 16 + memoryType(c.dstDevice);
  step.run = [c] {
    for (std::size_t z = 0; z < c.Depth; ++z)
      for (std::size_t y = 0; y < c.Height; ++y)
        std::memmove(reinterpret_cast<char *>(c.dstDevice) + c.dstXInBytes +
                         (c.dstY + y) * c.dstPitch + (c.dstZ + z) * c.dstPitch * c.dstHeight,
                     reinterpret_cast<char *>(c.srcDevice) + c.srcXInBytes +
                         (c.srcY + y) * c.srcPitch + (c.srcZ + z) * c.srcPitch * c.srcHeight,
                     c.WidthInBytes);
  };
  // Pageable memory on either side: as synchronous as CUDA makes it
  // (captured: a node that reads its source when it runs).
  if (!capturing(stream) && (isPageable(c.srcDevice) || isPageable(c.dstDevice)))
    return submitAndWait(stream, std::move(step.run));
  return issue(stream, std::move(step));
}
CUresult fake_cuMemcpy3DAsync(const CUDA_MEMCPY3D *copy3d, CUstream stream) {
  return inCapture(stream, memcpy3D(copy3d, stream));
}
template <class T>
CUresult memset(CUdeviceptr destination, T value, std::size_t count, std::size_t pitch,
                std::size_t width, CUstream stream) {
  auto run = [=] {
    for (std::size_t row = 0; row < count; ++row)
      for (std::size_t i = 0; i < width; ++i)
        std::memcpy(reinterpret_cast<char *>(destination) + row * pitch + i * sizeof(T), &value,
                    sizeof(T));
  };
  return inCapture(stream, submit(stream, run, NodeKind::Memset));
}
CUresult fake_cuMemsetD8Async(CUdeviceptr d, unsigned char v, std::size_t n, CUstream s) {
  return memset(d, v, n, 1, 1, s);
}
CUresult fake_cuMemsetD16Async(CUdeviceptr d, unsigned short v, std::size_t n, CUstream s) {
  return d % 2 ? inCapture(s, CUDA_ERROR_INVALID_VALUE) : memset(d, v, n, 2, 1, s);
}
CUresult fake_cuMemsetD32Async(CUdeviceptr d, unsigned v, std::size_t n, CUstream s) {
  return d % 4 ? inCapture(s, CUDA_ERROR_INVALID_VALUE) : memset(d, v, n, 4, 1, s);
}
CUresult fake_cuMemsetD2D32Async(CUdeviceptr d, std::size_t pitch, unsigned v, std::size_t width,
                                 std::size_t height, CUstream s) {
  return d % 4 || pitch < width * 4 ? inCapture(s, CUDA_ERROR_INVALID_VALUE)
                                    : memset(d, v, height, pitch, width, s);
}
CUresult fake_cuMemPrefetchAsync(CUdeviceptr, std::size_t, CUmemLocation, unsigned, CUstream s) {
  return inCapture(s, submit(s, [] {}));
}
CUresult fake_cuLaunchHostFunc(CUstream stream, CUhostFn function, void *data) {
  // As CUDA's: not called once the context faulted.
  if (!hasContext())
    return inCapture(stream, CUDA_ERROR_INVALID_CONTEXT);
  CUctx_st *context = stream ? stream->context : context_stack.back();
  auto run = [=] {
    if (context->sticky_error == CUDA_SUCCESS)
      function(data);
  };
  return inCapture(stream, submit(stream, run, NodeKind::Host));
}

// ---- modules: PTX text or CUBIN (ELF) ----

template <class T> T readAt(const std::string &image, std::size_t offset) {
  T value{};
  if (offset + sizeof(T) <= image.size())
    std::memcpy(&value, image.data() + offset, sizeof(T));
  return value;
}

struct Section {
  std::string name;
  std::uint32_t type;
  std::uint64_t offset, size;
  std::uint32_t link;
};

std::vector<Section> elfSections(const std::string &image) {
  const auto table = readAt<std::uint64_t>(image, 0x28);
  const auto entry_size = readAt<std::uint16_t>(image, 0x3a);
  const auto count = readAt<std::uint16_t>(image, 0x3c);
  const auto names_index = readAt<std::uint16_t>(image, 0x3e);
  std::vector<Section> sections;
  std::vector<std::uint32_t> name_offsets;
  for (std::uint16_t i = 0; i < count; ++i) {
    const std::size_t at = table + std::size_t(i) * entry_size;
    name_offsets.push_back(readAt<std::uint32_t>(image, at));
    sections.push_back(
        {"", readAt<std::uint32_t>(image, at + 4), readAt<std::uint64_t>(image, at + 24),
         readAt<std::uint64_t>(image, at + 32), readAt<std::uint32_t>(image, at + 40)});
  }
  for (std::size_t i = 0; names_index < count && i < sections.size(); ++i) {
    const std::size_t at = sections[names_index].offset + name_offsets[i];
    if (at < image.size())
      sections[i].name = image.c_str() + at;
  }
  return sections;
}

// The parameter sizes of .nv.info.<kernel>: EIATTR_KPARAM_INFO records.
std::vector<unsigned> parameterSizes(const std::string &image, const Section &info) {
  std::map<unsigned, unsigned> by_ordinal;
  for (std::uint64_t at = info.offset; at + 4 <= info.offset + info.size;) {
    const auto format = readAt<std::uint8_t>(image, at);
    const auto attribute = readAt<std::uint8_t>(image, at + 1);
    if (format != 0x04) { // values without a size field take 4 bytes in all
      at += 4;
      continue;
    }
    const auto size = readAt<std::uint16_t>(image, at + 2);
    if (attribute == 0x17 && size >= 12) { // EIATTR_KPARAM_INFO
      const auto ordinal = readAt<std::uint16_t>(image, at + 8);
      const auto packed = readAt<std::uint32_t>(image, at + 12);
      by_ordinal[ordinal] = (packed >> 18) & 0x3fff;
    }
    at += 4 + size;
  }
  std::vector<unsigned> sizes;
  for (const auto &[ordinal, size] : by_ordinal)
    sizes.push_back(size);
  return sizes;
}

void loadCubin(const std::string &image, CUmod_st &module) {
  const std::vector<Section> sections = elfSections(image);
  for (const Section &symbols : sections) {
    if (symbols.type != 2 /* SHT_SYMTAB */ || symbols.link >= sections.size())
      continue;
    const Section &names = sections[symbols.link];
    for (std::uint64_t at = symbols.offset; at + 24 <= symbols.offset + symbols.size; at += 24) {
      const auto name_offset = readAt<std::uint32_t>(image, at);
      const auto info = readAt<std::uint8_t>(image, at + 4);
      const auto section_index = readAt<std::uint16_t>(image, at + 6);
      const auto value = readAt<std::uint64_t>(image, at + 8);
      const auto size = readAt<std::uint64_t>(image, at + 16);
      const std::string name = names.offset + name_offset < image.size()
                                   ? image.c_str() + names.offset + name_offset
                                   : "";
      if ((info & 0xf) == 2 /* STT_FUNC */ && (info >> 4) == 1 /* STB_GLOBAL */) {
        auto function = std::make_unique<CUfunc_st>();
        function->name = name;
        for (const Section &section : sections) {
          if (section.name == ".nv.info." + name)
            function->parameter_sizes = parameterSizes(image, section);
          if (section.name == ".nv.shared." + name)
            function->static_shared = int(section.size);
        }
        function->dynamic_shared_limit -= function->static_shared;
        module.functions[name] = std::move(function);
      } else if ((info & 0xf) == 1 /* STT_OBJECT */ && section_index < sections.size()) {
        // Initialized data comes from the file; .nv.global (NOBITS) is zeros.
        std::vector<unsigned char> storage(size, 0);
        const Section &home = sections[section_index];
        if (home.type == 1 /* SHT_PROGBITS */ && home.offset + value + size <= image.size())
          std::memcpy(storage.data(), image.data() + home.offset + value, size);
        module.globals[name] = std::move(storage);
      }
    }
  }
}

CUresult fake_cuModuleLoadData(CUmodule *module, const void *image) {
  if (CUresult error = contextError())
    return error;
  auto loaded = std::make_unique<CUmod_st>();
  const char *bytes = static_cast<const char *>(image);
  if (std::memcmp(bytes,
                  "\x7f"
                  "ELF",
                  4) == 0) {
    const auto header_end = readAt<std::uint64_t>(std::string(bytes, 64), 0x28);
    const auto entry_size = readAt<std::uint16_t>(std::string(bytes, 64), 0x3a);
    const auto count = readAt<std::uint16_t>(std::string(bytes, 64), 0x3c);
    // The ELF's size: its section header table is at its end.
    loadCubin(std::string(bytes, header_end + std::size_t(entry_size) * count), *loaded);
  } else if (std::strstr(bytes, ".version")) {
    const std::string text(bytes);
    // As the driver: PTX for a newer GPU than this one does not load.
    const std::size_t target = text.find(".target sm_");
    if (target != std::string::npos && std::atoi(text.c_str() + target + 11) > computeCapability())
      return CUDA_ERROR_NO_BINARY_FOR_GPU;
    for (std::size_t at = text.find(".entry "); at != std::string::npos;
         at = text.find(".entry ", at + 1)) {
      std::size_t begin = at + 7, end = text.find_first_of("( \n", begin);
      auto function = std::make_unique<CUfunc_st>();
      function->name = text.substr(begin, end - begin);
      loaded->functions[function->name] = std::move(function);
    }
  } else {
    return CUDA_ERROR_INVALID_IMAGE;
  }
  for (auto &entry : loaded->functions)
    entry.second->context = context_stack.back();
  *module = loaded.release();
  return CUDA_SUCCESS;
}
CUresult fake_cuModuleUnload(CUmodule module) {
  delete module;
  return CUDA_SUCCESS;
}
CUresult fake_cuModuleGetFunction(CUfunction *function, CUmodule module, const char *name) {
  auto found = module->functions.find(name);
  if (found == module->functions.end())
    return CUDA_ERROR_NOT_FOUND;
  *function = found->second.get();
  return CUDA_SUCCESS;
}
CUresult fake_cuModuleGetGlobal(CUdeviceptr *address, std::size_t *bytes, CUmodule module,
                                const char *name) {
  auto found = module->globals.find(name);
  if (found == module->globals.end())
    return CUDA_ERROR_NOT_FOUND;
  if (address)
    *address = CUdeviceptr(found->second.data());
  if (bytes)
    *bytes = found->second.size();
  return CUDA_SUCCESS;
}

// ---- functions and launches ----

constexpr int kMaxThreadsPerBlock = 1024;
constexpr int kSharedMemoryOptIn = 232448;

CUresult fake_cuFuncGetAttribute(int *value, CUfunction_attribute attribute, CUfunction function) {
  switch (attribute) {
  case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
    *value = kMaxThreadsPerBlock;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES:
    *value = function->static_shared;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
    *value = function->dynamic_shared_limit;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_NUM_REGS:
    *value = 32;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES:
    *value = 0;
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_NOT_SUPPORTED;
  }
}
CUresult fake_cuFuncSetAttribute(CUfunction function, CUfunction_attribute attribute, int value) {
  if (attribute != CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
    return CUDA_ERROR_NOT_SUPPORTED;
  if (value < 0 || function->static_shared + value > kSharedMemoryOptIn)
    return CUDA_ERROR_INVALID_VALUE;
  function->dynamic_shared_limit = value;
  return CUDA_SUCCESS;
}
CUresult fake_cuOccupancyMaxPotentialBlockSize(int *min_grid, int *block, CUfunction,
                                               CUoccupancyB2DSize, std::size_t, int limit) {
  *block = limit > 0 ? std::min(limit, kMaxThreadsPerBlock) : kMaxThreadsPerBlock;
  *min_grid = 4 * 2; // four multiprocessors, two blocks each
  return CUDA_SUCCESS;
}

std::mutex &launches_mutex = *new std::mutex();
std::vector<ClcudaFakeLaunch> &launches = *new std::vector<ClcudaFakeLaunch>();

using ParameterCopies = std::vector<std::vector<unsigned char>>;

void record(const std::string &function, const unsigned (&grid)[3], const unsigned (&block)[3],
            unsigned shared, const ParameterCopies &parameters) {
  ClcudaFakeLaunch launch{};
  std::snprintf(launch.function, sizeof launch.function, "%s", function.c_str());
  std::copy(std::begin(grid), std::end(grid), launch.grid);
  std::copy(std::begin(block), std::end(block), launch.block);
  launch.shared_bytes = shared;
  unsigned offset = 0;
  for (const std::vector<unsigned char> &parameter : parameters) {
    const unsigned index = launch.parameter_count;
    const unsigned size = unsigned(parameter.size());
    if (index >= unsigned(ClcudaFakeLaunch::kMaxParameters) ||
        offset + size > unsigned(ClcudaFakeLaunch::kParameterBytes))
      break;
    launch.parameter_offset[index] = offset;
    launch.parameter_size[index] = size;
    std::memcpy(launch.parameters + offset, parameter.data(), size);
    offset += size;
    ++launch.parameter_count;
  }
  std::lock_guard<std::mutex> lock(launches_mutex);
  launches.push_back(launch);
}

CUresult launchKernel(CUfunction function, const unsigned (&grid)[3], const unsigned (&block)[3],
                      unsigned shared, CUstream stream, void **parameters) {
  if (CUresult error = contextError())
    return error;
  if (!function)
    return CUDA_ERROR_INVALID_HANDLE;
  const unsigned max_grid[3] = {2147483647u, 65535u, 65535u}, max_block[3] = {1024, 1024, 64};
  for (int d = 0; d < 3; ++d)
    if (grid[d] == 0 || grid[d] > max_grid[d] || block[d] == 0 || block[d] > max_block[d])
      return CUDA_ERROR_INVALID_VALUE;
  if (block[0] * block[1] * block[2] > unsigned(kMaxThreadsPerBlock) ||
      shared > unsigned(function->dynamic_shared_limit))
    return CUDA_ERROR_INVALID_VALUE;
  // As CUDA's: the parameters are copied at the call (into the node, when
  // captured). The launch is recorded at the call (at each cuGraphLaunch,
  // captured); the stream runs the kernel.
  Step step;
  step.kind = NodeKind::Kernel;
  step.function_context = function->context;
  if (function->name == "clcuda_test_spin") {
    if (!parameters)
      return CUDA_ERROR_INVALID_VALUE;
    const auto nanoseconds = *static_cast<std::uint64_t *>(parameters[0]);
    step.run = [=] { std::this_thread::sleep_for(std::chrono::nanoseconds(nanoseconds)); };
    return issue(stream, std::move(step));
  }
  auto copies = std::make_shared<ParameterCopies>();
  for (std::size_t i = 0; parameters && i < function->parameter_sizes.size(); ++i) {
    const auto *bytes = static_cast<const unsigned char *>(parameters[i]);
    copies->emplace_back(bytes, bytes + function->parameter_sizes[i]);
  }
  step.at_call = [name = function->name, grid, block, shared, copies] {
    record(name, grid, block, shared, *copies);
  };
  if (function->name.rfind("fault", 0) == 0) {
    CUctx_st *context = context_stack.back();
    // Some time after the launch, as on a GPU: the calls right after it succeed.
    step.run = [context] {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      context->sticky_error = CUDA_ERROR_ILLEGAL_ADDRESS;
    };
  } else {
    step.run = [] {};
  }
  return issue(stream, std::move(step));
}

CUresult fake_cuLaunchKernel(CUfunction function, unsigned grid_x, unsigned grid_y, unsigned grid_z,
                             unsigned block_x, unsigned block_y, unsigned block_z, unsigned shared,
                             CUstream stream, void **parameters, void **) {
  const unsigned grid[3] = {grid_x, grid_y, grid_z}, block[3] = {block_x, block_y, block_z};
  return inCapture(stream, launchKernel(function, grid, block, shared, stream, parameters));
}

// ---- stream capture and graphs ----

bool legacyStream(CUstream stream) {
  return !stream || stream == CU_STREAM_LEGACY || stream == CU_STREAM_PER_THREAD;
}

CUresult fake_cuStreamBeginCapture(CUstream stream, CUstreamCaptureMode mode) {
  if (CUresult error = contextError())
    return error;
  if (legacyStream(stream))
    return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
  if (mode != CU_STREAM_CAPTURE_MODE_GLOBAL && mode != CU_STREAM_CAPTURE_MODE_THREAD_LOCAL &&
      mode != CU_STREAM_CAPTURE_MODE_RELAXED)
    return CUDA_ERROR_INVALID_VALUE;
  std::lock_guard<std::mutex> lock(graph_mutex);
  if (stream->capture)
    return CUDA_ERROR_ILLEGAL_STATE;
  auto capture = std::make_shared<Capture>();
  capture->origin = stream;
  capture->mode = mode;
  capture->frontier[stream] = {};
  stream->capture = std::move(capture);
  return CUDA_SUCCESS;
}

// Whether every stream that joined the capture joined back: its last nodes
// are the origin's or come before them (graph_mutex held).
bool joined(const Capture &capture) {
  const auto &nodes = capture.graph->nodes;
  std::vector<bool> reached(nodes.size(), false);
  std::vector<std::size_t> pending = capture.frontier.at(capture.origin);
  while (!pending.empty()) {
    const std::size_t node = pending.back();
    pending.pop_back();
    if (reached[node])
      continue;
    reached[node] = true;
    for (std::size_t dependency : nodes[node]->dependencies)
      pending.push_back(dependency);
  }
  for (const auto &entry : capture.frontier)
    for (std::size_t node : entry.second)
      if (!reached[node])
        return false;
  return true;
}

CUresult fake_cuStreamEndCapture(CUstream stream, CUgraph *graph) {
  if (CUresult error = contextError())
    return error;
  if (!graph)
    return CUDA_ERROR_INVALID_VALUE;
  *graph = nullptr;
  if (legacyStream(stream))
    return CUDA_ERROR_ILLEGAL_STATE;
  std::lock_guard<std::mutex> lock(graph_mutex);
  std::shared_ptr<Capture> capture = stream->capture;
  if (!capture)
    return CUDA_ERROR_ILLEGAL_STATE;
  if (capture->origin != stream) {
    capture->invalidated = true;
    return CUDA_ERROR_STREAM_CAPTURE_UNMATCHED;
  }
  const bool all_joined = joined(*capture);
  endCapture(*capture);
  if (capture->invalidated)
    return CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
  if (!all_joined)
    return CUDA_ERROR_STREAM_CAPTURE_UNJOINED;
  *graph = capture->graph.release();
  live_graphs.insert(*graph);
  return CUDA_SUCCESS;
}

CUresult fake_cuStreamIsCapturing(CUstream stream, CUstreamCaptureStatus *status) {
  if (CUresult error = contextError())
    return error;
  if (!status)
    return CUDA_ERROR_INVALID_VALUE;
  *status = CU_STREAM_CAPTURE_STATUS_NONE;
  if (legacyStream(stream))
    return CUDA_SUCCESS;
  std::lock_guard<std::mutex> lock(graph_mutex);
  if (stream->capture)
    *status = stream->capture->invalidated ? CU_STREAM_CAPTURE_STATUS_INVALIDATED
                                           : CU_STREAM_CAPTURE_STATUS_ACTIVE;
  return CUDA_SUCCESS;
}

std::unique_ptr<CUgraph_st> clone(const CUgraph_st &graph) {
  auto copy = std::make_unique<CUgraph_st>();
  for (const auto &node : graph.nodes) {
    auto made = std::make_unique<CUgraphNode_st>();
    made->step = node->step;
    made->dependencies = node->dependencies;
    if (node->child)
      made->child = clone(*node->child);
    copy->nodes.push_back(std::move(made));
  }
  return copy;
}

void flatten(const CUgraph_st &graph, std::vector<Step> &steps) {
  for (const auto &node : graph.nodes) {
    if (node->child)
      flatten(*node->child, steps);
    else if (node->step.kind != NodeKind::Empty)
      steps.push_back(node->step);
  }
}

std::shared_ptr<const std::vector<Step>> flatten(const CUgraph_st &graph) {
  auto steps = std::make_shared<std::vector<Step>>();
  flatten(graph, *steps);
  return steps;
}

CUresult fake_cuGraphCreate(CUgraph *graph, unsigned flags) {
  if (!graph || flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  std::lock_guard<std::mutex> lock(graph_mutex);
  *graph = new CUgraph_st();
  live_graphs.insert(*graph);
  return CUDA_SUCCESS;
}
CUresult fake_cuGraphDestroy(CUgraph graph) {
  std::lock_guard<std::mutex> lock(graph_mutex);
  if (!live_graphs.erase(graph))
    return CUDA_ERROR_INVALID_VALUE;
  delete graph;
  return CUDA_SUCCESS;
}

// Adds `node` to `graph` after `dependencies`, nodes of `graph` each named
// once (graph_mutex held).
CUresult addNode(CUgraphNode *added, CUgraph graph, const CUgraphNode *dependencies,
                 std::size_t count, std::unique_ptr<CUgraphNode_st> node) {
  if (!added || !live_graphs.count(graph) || (count && !dependencies))
    return CUDA_ERROR_INVALID_VALUE;
  for (std::size_t i = 0; i < count; ++i) {
    auto found = std::find_if(graph->nodes.begin(), graph->nodes.end(),
                              [&](const auto &node) { return node.get() == dependencies[i]; });
    const std::size_t index = std::size_t(found - graph->nodes.begin());
    if (found == graph->nodes.end() ||
        std::count(node->dependencies.begin(), node->dependencies.end(), index))
      return CUDA_ERROR_INVALID_VALUE;
    node->dependencies.push_back(index);
  }
  std::sort(node->dependencies.begin(), node->dependencies.end());
  *added = node.get();
  graph->nodes.push_back(std::move(node));
  return CUDA_SUCCESS;
}
CUresult fake_cuGraphAddEmptyNode(CUgraphNode *added, CUgraph graph,
                                  const CUgraphNode *dependencies, std::size_t count) {
  auto node = std::make_unique<CUgraphNode_st>();
  node->step.kind = NodeKind::Empty;
  std::lock_guard<std::mutex> lock(graph_mutex);
  return addNode(added, graph, dependencies, count, std::move(node));
}
CUresult fake_cuGraphAddChildGraphNode(CUgraphNode *added, CUgraph graph,
                                       const CUgraphNode *dependencies, std::size_t count,
                                       CUgraph child) {
  std::lock_guard<std::mutex> lock(graph_mutex);
  if (!live_graphs.count(child) || child == graph)
    return CUDA_ERROR_INVALID_VALUE;
  auto node = std::make_unique<CUgraphNode_st>();
  node->step.kind = NodeKind::Child;
  node->child = clone(*child); // as CUDA's: the caller may destroy the child
  return addNode(added, graph, dependencies, count, std::move(node));
}
CUresult fake_cuGraphGetNodes(CUgraph graph, CUgraphNode *nodes, std::size_t *count) {
  std::lock_guard<std::mutex> lock(graph_mutex);
  if (!count || !live_graphs.count(graph))
    return CUDA_ERROR_INVALID_VALUE;
  if (nodes) // as CUDA's: up to *count of them, NULL after the last
    for (std::size_t i = 0; i < *count; ++i)
      nodes[i] = i < graph->nodes.size() ? graph->nodes[i].get() : nullptr;
  *count = graph->nodes.size();
  return CUDA_SUCCESS;
}

CUresult fake_cuGraphInstantiateWithFlags(CUgraphExec *exec, CUgraph graph,
                                          unsigned long long flags) {
  if (CUresult error = contextError())
    return error;
  const unsigned long long known =
      CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH | CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD |
      CUDA_GRAPH_INSTANTIATE_FLAG_DEVICE_LAUNCH | CUDA_GRAPH_INSTANTIATE_FLAG_USE_NODE_PRIORITY;
  std::lock_guard<std::mutex> lock(graph_mutex);
  if (!exec || !live_graphs.count(graph) || (flags & ~known))
    return CUDA_ERROR_INVALID_VALUE;
  auto made = std::make_unique<CUgraphExec_st>();
  made->graph = clone(*graph);
  made->steps = flatten(*graph);
  *exec = made.release();
  live_graph_execs.insert(*exec);
  return CUDA_SUCCESS;
}
CUresult fake_cuGraphExecDestroy(CUgraphExec exec) {
  std::lock_guard<std::mutex> lock(graph_mutex);
  if (!live_graph_execs.erase(exec))
    return CUDA_ERROR_INVALID_VALUE;
  delete exec; // launches still queued hold its steps
  return CUDA_SUCCESS;
}

// Why `now` cannot update an executable graph made from `was`, as
// cuGraphExecUpdate tells it (graph_mutex held). `top` is the node of the
// caller's graph that holds `now`, when `now` is a child graph.
CUgraphExecUpdateResult updateError(const CUgraph_st &was, const CUgraph_st &now, CUgraphNode top,
                                    CUgraphExecUpdateResultInfo &info) {
  if (was.nodes.size() != now.nodes.size()) {
    info.errorNode = top;
    return CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED;
  }
  for (std::size_t i = 0; i < now.nodes.size(); ++i) {
    const CUgraphNode_st &old_node = *was.nodes[i], &node = *now.nodes[i];
    const CUgraphNode error_node = top ? top : now.nodes[i].get();
    info.errorNode = error_node;
    if (old_node.dependencies != node.dependencies) {
      for (std::size_t dependency : node.dependencies)
        if (!top &&
            !std::count(old_node.dependencies.begin(), old_node.dependencies.end(), dependency)) {
          info.errorFromNode = now.nodes[dependency].get();
          break;
        }
      return CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED;
    }
    if (old_node.step.kind != node.step.kind)
      return CU_GRAPH_EXEC_UPDATE_ERROR_NODE_TYPE_CHANGED;
    // CUDA 11.2 on: a kernel node may take another function of the same context.
    if (old_node.step.function_context != node.step.function_context)
      return CU_GRAPH_EXEC_UPDATE_ERROR_UNSUPPORTED_FUNCTION_CHANGE;
    if (old_node.step.memory_types != node.step.memory_types)
      return CU_GRAPH_EXEC_UPDATE_ERROR_PARAMETERS_CHANGED;
    if (old_node.child && node.child) {
      const CUgraphExecUpdateResult result =
          updateError(*old_node.child, *node.child, error_node, info);
      if (result != CU_GRAPH_EXEC_UPDATE_SUCCESS)
        return result;
    }
  }
  info.errorNode = nullptr;
  return CU_GRAPH_EXEC_UPDATE_SUCCESS;
}

CUresult fake_cuGraphExecUpdate(CUgraphExec exec, CUgraph graph,
                                CUgraphExecUpdateResultInfo *info) {
  if (CUresult error = contextError())
    return error;
  if (!info)
    return CUDA_ERROR_INVALID_VALUE;
  *info = {};
  std::lock_guard<std::mutex> lock(graph_mutex);
  if (!live_graph_execs.count(exec) || !live_graphs.count(graph)) {
    info->result = CU_GRAPH_EXEC_UPDATE_ERROR;
    return CUDA_ERROR_INVALID_VALUE;
  }
  info->result = updateError(*exec->graph, *graph, nullptr, *info);
  if (info->result != CU_GRAPH_EXEC_UPDATE_SUCCESS)
    return CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE;
  exec->graph = clone(*graph);
  exec->steps = flatten(*graph); // launches already queued keep the old steps
  return CUDA_SUCCESS;
}

// The executable graph's steps, in order, as one operation on the stream:
// what their calls did at once happens now (kernel launches are recorded).
CUresult graphLaunch(CUgraphExec exec, CUstream stream) {
  if (CUresult error = contextError())
    return error;
  Step launch;
  {
    std::lock_guard<std::mutex> lock(graph_mutex);
    if (!live_graph_execs.count(exec))
      return CUDA_ERROR_INVALID_VALUE;
    std::shared_ptr<const std::vector<Step>> steps = exec->steps;
    launch.at_call = [steps] {
      for (const Step &step : *steps)
        if (step.at_call)
          step.at_call();
    };
    launch.run = [steps] {
      for (const Step &step : *steps)
        if (step.run)
          step.run();
    };
  }
  return issue(stream, std::move(launch));
}
CUresult fake_cuGraphLaunch(CUgraphExec exec, CUstream stream) {
  return inCapture(stream, graphLaunch(exec, stream));
}

// What the shim resolves but the tests never reach.
template <class... Arguments> CUresult notSupported(Arguments...) {
  return CUDA_ERROR_NOT_SUPPORTED;
}

template <class Expected> void *checked(Expected function) {
  return reinterpret_cast<void *>(function);
}

struct Symbol {
  const char *name;
  void *function;
};

// Each row's signature must be the one cuda.h gives the name.
#define FAKE(name)                                                                                 \
  { #name, checked < decltype(&::name)>(&fake_##name) }
#define MISSING(name)                                                                              \
  { #name, checked < decltype(&::name)>(&notSupported) }
const Symbol kSymbols[] = {
    FAKE(cuInit),
    FAKE(cuDriverGetVersion),
    FAKE(cuGetErrorName),
    FAKE(cuGetErrorString),
    FAKE(cuDeviceGetCount),
    FAKE(cuDeviceGet),
    FAKE(cuDeviceGetName),
    FAKE(cuDeviceGetUuid),
    FAKE(cuDeviceGetAttribute),
    FAKE(cuDeviceTotalMem),
    FAKE(cuDevicePrimaryCtxRetain),
    FAKE(cuDevicePrimaryCtxRelease),
    FAKE(cuCtxPushCurrent),
    FAKE(cuCtxPopCurrent),
    FAKE(cuCtxSetCurrent),
    FAKE(cuCtxGetCurrent),
    FAKE(cuCtxSynchronize),
    FAKE(cuStreamCreate),
    FAKE(cuStreamDestroy),
    FAKE(cuStreamSynchronize),
    FAKE(cuStreamQuery),
    FAKE(cuStreamWaitEvent),
    FAKE(cuEventCreate),
    FAKE(cuEventDestroy),
    FAKE(cuEventRecord),
    FAKE(cuEventQuery),
    FAKE(cuEventSynchronize),
    FAKE(cuEventElapsedTime),
    FAKE(cuMemAlloc),
    FAKE(cuMemFree),
    FAKE(cuMemGetInfo),
    FAKE(cuMemHostAlloc),
    FAKE(cuMemFreeHost),
    FAKE(cuTexObjectCreate),
    FAKE(cuTexObjectDestroy),
    FAKE(cuArray3DCreate),
    FAKE(cuArrayDestroy),
    FAKE(cuMemHostGetDevicePointer),
    FAKE(cuMemHostRegister),
    FAKE(cuMemHostUnregister),
    FAKE(cuMemcpyHtoD),
    FAKE(cuMemcpyDtoH),
    FAKE(cuMemcpyHtoDAsync),
    FAKE(cuMemcpyDtoHAsync),
    FAKE(cuMemcpyDtoDAsync),
    FAKE(cuMemcpy2DAsync),
    FAKE(cuMemcpy3DAsync),
    FAKE(cuMemsetD8Async),
    FAKE(cuMemsetD16Async),
    FAKE(cuMemsetD32Async),
    FAKE(cuMemsetD2D32Async),
    FAKE(cuLaunchHostFunc),
    FAKE(cuModuleLoadData),
    FAKE(cuModuleUnload),
    FAKE(cuModuleGetFunction),
    FAKE(cuLaunchKernel),
    FAKE(cuMemcpyAsync),
    FAKE(cuMemAllocManaged),
    FAKE(cuMemPrefetchAsync),
    FAKE(cuPointerGetAttribute),
    FAKE(cuModuleGetGlobal),
    FAKE(cuFuncGetAttribute),
    FAKE(cuFuncSetAttribute),
    FAKE(cuOccupancyMaxPotentialBlockSize),
    FAKE(cuStreamBeginCapture),
    FAKE(cuStreamEndCapture),
    FAKE(cuStreamIsCapturing),
    FAKE(cuGraphCreate),
    FAKE(cuGraphDestroy),
    FAKE(cuGraphAddChildGraphNode),
    FAKE(cuGraphAddEmptyNode),
    FAKE(cuGraphGetNodes),
    FAKE(cuGraphInstantiateWithFlags),
    FAKE(cuGraphExecDestroy),
    FAKE(cuGraphExecUpdate),
    FAKE(cuGraphLaunch),
    MISSING(cuStreamWaitValue32),
    MISSING(cuStreamWriteValue32),
    MISSING(cuModuleLoadDataEx),
    MISSING(cuOccupancyMaxActiveBlocksPerMultiprocessor),
};

} // namespace

extern "C" __attribute__((visibility("default"))) CUresult
cuGetProcAddress_v2(const char *symbol, void **function, int, cuuint64_t,
                    CUdriverProcAddressQueryResult *status) {
  for (const Symbol &entry : kSymbols)
    if (std::strcmp(entry.name, symbol) == 0) {
      *function = entry.function;
      if (status)
        *status = CU_GET_PROC_ADDRESS_SUCCESS;
      return CUDA_SUCCESS;
    }
  *function = nullptr;
  if (status)
    *status = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  return CUDA_ERROR_NOT_FOUND;
}

extern "C" __attribute__((visibility("default"))) long clcuda_fake_live_streams() {
  return live_streams.load();
}

extern "C" __attribute__((visibility("default"))) long clcuda_fake_live_graphs() {
  std::lock_guard<std::mutex> lock(graph_mutex);
  return long(live_graphs.size());
}

extern "C" __attribute__((visibility("default"))) long clcuda_fake_live_graph_execs() {
  std::lock_guard<std::mutex> lock(graph_mutex);
  return long(live_graph_execs.size());
}

extern "C" __attribute__((visibility("default"))) long clcuda_fake_live_textures() {
  std::lock_guard<std::mutex> lock(textures_mutex);
  return long(live_textures.size());
}

extern "C" __attribute__((visibility("default"))) long clcuda_fake_live_arrays() {
  std::lock_guard<std::mutex> lock(textures_mutex);
  return long(live_arrays.size());
}

extern "C" __attribute__((visibility("default"))) long clcuda_fake_array_copies() {
  return array_copies.load();
}

extern "C" __attribute__((visibility("default"))) std::size_t
clcuda_fake_take_launches(ClcudaFakeLaunch *out, std::size_t capacity) {
  std::lock_guard<std::mutex> lock(launches_mutex);
  const std::size_t count = std::min(launches.size(), capacity);
  std::copy_n(launches.begin(), count, out);
  launches.erase(launches.begin(), launches.begin() + std::ptrdiff_t(count));
  return count;
}
