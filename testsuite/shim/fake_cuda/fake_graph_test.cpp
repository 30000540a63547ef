// The CPU stand-in for libcuda.so.1 (fake_cuda.cpp) called directly: its
// stream capture and CUDA Graphs, as clcuda's command buffers use them.
// Loaded as clcuda loads the driver: dlopen("libcuda.so.1") (ctest puts the
// fake first on LD_LIBRARY_PATH), each function through cuGetProcAddress_v2.
#include "fake_cuda_control.h"

#include <cuda.h>
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr std::size_t kCount = 64; // 32-bit values in each buffer
constexpr std::size_t kBytes = kCount * sizeof(std::uint32_t);

struct Driver {
  void *library = nullptr;
  decltype(&::cuGetProcAddress) get_proc_address = nullptr;

  template <class Function> Function resolve(const char *name) {
    void *pointer = nullptr;
    if (!get_proc_address || get_proc_address(name, &pointer, CUDA_VERSION,
                                              CU_GET_PROC_ADDRESS_DEFAULT, nullptr) != CUDA_SUCCESS)
      return nullptr;
    return reinterpret_cast<Function>(pointer);
  }
  template <class Function> Function control(const char *name) {
    return library ? reinterpret_cast<Function>(dlsym(library, name)) : nullptr;
  }

  Driver()
      : library(dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL)),
        get_proc_address(library ? reinterpret_cast<decltype(get_proc_address)>(
                                       dlsym(library, "cuGetProcAddress_v2"))
                                 : nullptr) {}

#define CLCUDA_TEST_FUNCTION(name) decltype(&::name) name = resolve<decltype(&::name)>(#name);
  CLCUDA_TEST_FUNCTION(cuInit)
  CLCUDA_TEST_FUNCTION(cuDeviceGet)
  CLCUDA_TEST_FUNCTION(cuDevicePrimaryCtxRetain)
  CLCUDA_TEST_FUNCTION(cuDevicePrimaryCtxRelease)
  CLCUDA_TEST_FUNCTION(cuCtxPushCurrent)
  CLCUDA_TEST_FUNCTION(cuCtxPopCurrent)
  CLCUDA_TEST_FUNCTION(cuStreamCreate)
  CLCUDA_TEST_FUNCTION(cuStreamDestroy)
  CLCUDA_TEST_FUNCTION(cuStreamSynchronize)
  CLCUDA_TEST_FUNCTION(cuStreamQuery)
  CLCUDA_TEST_FUNCTION(cuStreamWaitEvent)
  CLCUDA_TEST_FUNCTION(cuEventCreate)
  CLCUDA_TEST_FUNCTION(cuEventDestroy)
  CLCUDA_TEST_FUNCTION(cuEventRecord)
  CLCUDA_TEST_FUNCTION(cuEventQuery)
  CLCUDA_TEST_FUNCTION(cuMemAlloc)
  CLCUDA_TEST_FUNCTION(cuMemFree)
  CLCUDA_TEST_FUNCTION(cuMemcpyHtoDAsync)
  CLCUDA_TEST_FUNCTION(cuMemcpyDtoHAsync)
  CLCUDA_TEST_FUNCTION(cuMemcpyDtoDAsync)
  CLCUDA_TEST_FUNCTION(cuMemsetD32Async)
  CLCUDA_TEST_FUNCTION(cuLaunchHostFunc)
  CLCUDA_TEST_FUNCTION(cuModuleLoadData)
  CLCUDA_TEST_FUNCTION(cuModuleUnload)
  CLCUDA_TEST_FUNCTION(cuModuleGetFunction)
  CLCUDA_TEST_FUNCTION(cuLaunchKernel)
  CLCUDA_TEST_FUNCTION(cuStreamBeginCapture)
  CLCUDA_TEST_FUNCTION(cuStreamEndCapture)
  CLCUDA_TEST_FUNCTION(cuStreamIsCapturing)
  CLCUDA_TEST_FUNCTION(cuGraphCreate)
  CLCUDA_TEST_FUNCTION(cuGraphDestroy)
  CLCUDA_TEST_FUNCTION(cuGraphAddChildGraphNode)
  CLCUDA_TEST_FUNCTION(cuGraphAddEmptyNode)
  CLCUDA_TEST_FUNCTION(cuGraphGetNodes)
  CLCUDA_TEST_FUNCTION(cuGraphInstantiateWithFlags)
  CLCUDA_TEST_FUNCTION(cuGraphExecDestroy)
  CLCUDA_TEST_FUNCTION(cuGraphExecUpdate)
  CLCUDA_TEST_FUNCTION(cuGraphLaunch)
#undef CLCUDA_TEST_FUNCTION

  ClcudaFakeLiveGraphs live_graphs = control<ClcudaFakeLiveGraphs>("clcuda_fake_live_graphs");
  ClcudaFakeLiveGraphExecs live_graph_execs =
      control<ClcudaFakeLiveGraphExecs>("clcuda_fake_live_graph_execs");
  ClcudaFakeTakeLaunches take_launches =
      control<ClcudaFakeTakeLaunches>("clcuda_fake_take_launches");
};

Driver &driver() {
  static Driver loaded;
  return loaded;
}

// Two kernels, as PTX: the fake knows their names (no parameter sizes).
const char kModule[] = ".version 8.0\n.target sm_50\n.address_size 64\n"
                       ".visible .entry graph_first(\n.param .u64 p\n)\n{\nret;\n}\n"
                       ".visible .entry graph_second(\n.param .u64 p\n)\n{\nret;\n}\n";

class FakeGraph : public ::testing::Test {
protected:
  Driver &cu = driver();
  CUdevice device = 0;
  CUcontext context = nullptr;
  CUstream stream = nullptr;
  CUdeviceptr a = 0, b = 0;
  long graphs_before = 0, execs_before = 0;

  void SetUp() override {
    ASSERT_NE(cu.library, nullptr) << "libcuda.so.1: " << dlerror();
    ASSERT_NE(cu.live_graphs, nullptr) << "libcuda.so.1 is not the fake (clcuda_fake_cuda)";
    ASSERT_NE(cu.cuGraphLaunch, nullptr);
    ASSERT_EQ(cu.cuInit(0), CUDA_SUCCESS);
    ASSERT_EQ(cu.cuDeviceGet(&device, 0), CUDA_SUCCESS);
    ASSERT_EQ(cu.cuDevicePrimaryCtxRetain(&context, device), CUDA_SUCCESS);
    ASSERT_EQ(cu.cuCtxPushCurrent(context), CUDA_SUCCESS);
    ASSERT_EQ(cu.cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
    ASSERT_EQ(cu.cuMemAlloc(&a, kBytes), CUDA_SUCCESS);
    ASSERT_EQ(cu.cuMemAlloc(&b, kBytes), CUDA_SUCCESS);
    fill(a, 0);
    fill(b, 0);
    graphs_before = cu.live_graphs();
    execs_before = cu.live_graph_execs();
    ClcudaFakeLaunch drained[16];
    while (cu.take_launches(drained, 16)) {
    }
  }

  void TearDown() override {
    if (!cu.live_graphs || !context)
      return;
    EXPECT_EQ(cu.live_graphs(), graphs_before) << "graphs leaked";
    EXPECT_EQ(cu.live_graph_execs(), execs_before) << "executable graphs leaked";
    if (stream) {
      EXPECT_EQ(cu.cuStreamDestroy(stream), CUDA_SUCCESS);
    }
    if (a)
      cu.cuMemFree(a);
    if (b)
      cu.cuMemFree(b);
    cu.cuCtxPopCurrent(nullptr);
    cu.cuDevicePrimaryCtxRelease(device);
  }

  // Outside any capture: sets every value, and waits.
  void fill(CUdeviceptr buffer, std::uint32_t value) {
    ASSERT_EQ(cu.cuMemsetD32Async(buffer, value, kCount, stream), CUDA_SUCCESS);
    ASSERT_EQ(cu.cuStreamSynchronize(stream), CUDA_SUCCESS);
  }
  static std::uint32_t at(CUdeviceptr buffer, std::size_t index) {
    return reinterpret_cast<const std::uint32_t *>(buffer)[index];
  }
  std::size_t nodeCount(CUgraph graph) {
    std::size_t count = ~std::size_t(0);
    EXPECT_EQ(cu.cuGraphGetNodes(graph, nullptr, &count), CUDA_SUCCESS);
    return count;
  }
  CUstreamCaptureStatus status(CUstream captured) {
    CUstreamCaptureStatus result = CU_STREAM_CAPTURE_STATUS_INVALIDATED;
    EXPECT_EQ(cu.cuStreamIsCapturing(captured, &result), CUDA_SUCCESS);
    return result;
  }
  // A graph of one memset of `a` to `value` (two memsets with `twice`).
  CUgraph memsetGraph(std::uint32_t value, bool twice = false) {
    CUgraph graph = nullptr;
    EXPECT_EQ(cu.cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_RELAXED), CUDA_SUCCESS);
    EXPECT_EQ(cu.cuMemsetD32Async(a, value, kCount, stream), CUDA_SUCCESS);
    if (twice) {
      EXPECT_EQ(cu.cuMemsetD32Async(a, value, kCount, stream), CUDA_SUCCESS);
    }
    EXPECT_EQ(cu.cuStreamEndCapture(stream, &graph), CUDA_SUCCESS);
    return graph;
  }
  CUgraphExec instantiate(CUgraph graph) {
    CUgraphExec exec = nullptr;
    EXPECT_EQ(cu.cuGraphInstantiateWithFlags(&exec, graph, 0), CUDA_SUCCESS);
    return exec;
  }
  void launchAndWait(CUgraphExec exec) {
    ASSERT_EQ(cu.cuGraphLaunch(exec, stream), CUDA_SUCCESS);
    ASSERT_EQ(cu.cuStreamSynchronize(stream), CUDA_SUCCESS);
  }
};

TEST_F(FakeGraph, CapturedCopiesRunAtEachLaunchAndReadHostMemoryThen) {
  std::vector<std::uint32_t> source(kCount, 5), back(kCount, 0);
  CUgraph graph = nullptr;
  EXPECT_EQ(status(stream), CU_STREAM_CAPTURE_STATUS_NONE);
  ASSERT_EQ(cu.cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_RELAXED), CUDA_SUCCESS);
  EXPECT_EQ(status(stream), CU_STREAM_CAPTURE_STATUS_ACTIVE);
  ASSERT_EQ(cu.cuMemsetD32Async(a, 7, kCount, stream), CUDA_SUCCESS);
  // Pageable memory on both sides: captured, not taken at the call.
  ASSERT_EQ(cu.cuMemcpyHtoDAsync(b, source.data(), kBytes, stream), CUDA_SUCCESS);
  ASSERT_EQ(cu.cuMemcpyDtoHAsync(back.data(), b, kBytes, stream), CUDA_SUCCESS);
  ASSERT_EQ(cu.cuStreamEndCapture(stream, &graph), CUDA_SUCCESS);
  ASSERT_NE(graph, nullptr);
  EXPECT_EQ(status(stream), CU_STREAM_CAPTURE_STATUS_NONE);
  EXPECT_EQ(nodeCount(graph), 3u);
  std::vector<CUgraphNode> nodes(5, reinterpret_cast<CUgraphNode>(1));
  std::size_t count = nodes.size();
  EXPECT_EQ(cu.cuGraphGetNodes(graph, nodes.data(), &count), CUDA_SUCCESS);
  EXPECT_EQ(count, 3u);
  EXPECT_NE(nodes[2], nullptr);
  EXPECT_EQ(nodes[3], nullptr);
  count = 1;
  EXPECT_EQ(cu.cuGraphGetNodes(graph, nodes.data(), &count), CUDA_SUCCESS);
  EXPECT_EQ(count, 3u);
  // Nothing ran at capture.
  ASSERT_EQ(cu.cuStreamSynchronize(stream), CUDA_SUCCESS);
  EXPECT_EQ(at(a, 0), 0u);
  EXPECT_EQ(at(b, 0), 0u);

  CUgraphExec exec = instantiate(graph);
  ASSERT_NE(exec, nullptr);
  // The executable graph is a copy: the graph may go.
  EXPECT_EQ(cu.cuGraphDestroy(graph), CUDA_SUCCESS);
  source.assign(kCount, 11);
  launchAndWait(exec);
  for (std::size_t i = 0; i < kCount; ++i) {
    ASSERT_EQ(at(a, i), 7u) << i;
    ASSERT_EQ(at(b, i), 11u) << i;
    ASSERT_EQ(back[i], 11u) << i;
  }
  fill(a, 0);
  source.assign(kCount, 12);
  launchAndWait(exec);
  EXPECT_EQ(at(a, kCount - 1), 7u);
  EXPECT_EQ(at(b, kCount - 1), 12u);
  EXPECT_EQ(back[kCount - 1], 12u);
  EXPECT_EQ(cu.cuGraphExecDestroy(exec), CUDA_SUCCESS);
}

TEST_F(FakeGraph, LaunchesAreInStreamOrder) {
  CUgraph graph = memsetGraph(3);
  CUgraphExec exec = instantiate(graph);
  // Before the launch on the stream: a memset to 1; after it: a copy of a to b.
  ASSERT_EQ(cu.cuMemsetD32Async(a, 1, kCount, stream), CUDA_SUCCESS);
  ASSERT_EQ(cu.cuGraphLaunch(exec, stream), CUDA_SUCCESS);
  ASSERT_EQ(cu.cuMemcpyDtoDAsync(b, a, kBytes, stream), CUDA_SUCCESS);
  ASSERT_EQ(cu.cuStreamSynchronize(stream), CUDA_SUCCESS);
  EXPECT_EQ(at(a, 0), 3u);
  EXPECT_EQ(at(b, 0), 3u);
  EXPECT_EQ(cu.cuGraphExecDestroy(exec), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuGraphDestroy(graph), CUDA_SUCCESS);
}

TEST_F(FakeGraph, ChildGraphNodeClonesTheChild) {
  CUgraph child = memsetGraph(9);
  CUgraph parent = nullptr;
  ASSERT_EQ(cu.cuGraphCreate(&parent, 0), CUDA_SUCCESS);
  CUgraphNode nodes[3] = {};
  ASSERT_EQ(cu.cuGraphAddChildGraphNode(&nodes[0], parent, nullptr, 0, child), CUDA_SUCCESS);
  // The caller may destroy the child at once.
  ASSERT_EQ(cu.cuGraphDestroy(child), CUDA_SUCCESS);
  ASSERT_EQ(cu.cuGraphAddEmptyNode(&nodes[1], parent, &nodes[0], 1), CUDA_SUCCESS);
  // A node of another graph, or one named twice, is no dependency.
  CUgraph other = nullptr;
  ASSERT_EQ(cu.cuGraphCreate(&other, 0), CUDA_SUCCESS);
  CUgraphNode foreign = nullptr;
  ASSERT_EQ(cu.cuGraphAddEmptyNode(&foreign, other, nullptr, 0), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuGraphAddEmptyNode(&nodes[2], parent, &foreign, 1), CUDA_ERROR_INVALID_VALUE);
  const CUgraphNode twice[2] = {nodes[0], nodes[0]};
  EXPECT_EQ(cu.cuGraphAddEmptyNode(&nodes[2], parent, twice, 2), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cu.cuGraphAddChildGraphNode(&nodes[2], parent, nullptr, 0, parent),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cu.cuGraphDestroy(other), CUDA_SUCCESS);
  EXPECT_EQ(nodeCount(parent), 2u);

  CUgraphExec exec = instantiate(parent);
  launchAndWait(exec);
  EXPECT_EQ(at(a, 0), 9u);
  EXPECT_EQ(at(a, kCount - 1), 9u);
  EXPECT_EQ(cu.cuGraphExecDestroy(exec), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuGraphDestroy(parent), CUDA_SUCCESS);
}

TEST_F(FakeGraph, EmptyCaptureHasNoNodes) {
  CUevent event = nullptr;
  ASSERT_EQ(cu.cuEventCreate(&event, 0), CUDA_SUCCESS);
  CUgraph graph = nullptr;
  ASSERT_EQ(cu.cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_GLOBAL), CUDA_SUCCESS);
  // An event record in a capture is no node; the event is a captured one.
  EXPECT_EQ(cu.cuEventRecord(event, stream), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuEventQuery(event), CUDA_ERROR_CAPTURED_EVENT);
  ASSERT_EQ(cu.cuStreamEndCapture(stream, &graph), CUDA_SUCCESS);
  ASSERT_NE(graph, nullptr);
  EXPECT_EQ(nodeCount(graph), 0u);
  CUgraphExec exec = instantiate(graph);
  launchAndWait(exec); // nothing to run
  EXPECT_EQ(cu.cuGraphExecDestroy(exec), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuGraphDestroy(graph), CUDA_SUCCESS);
  // Recorded outside a capture again, it is an ordinary event.
  ASSERT_EQ(cu.cuEventRecord(event, stream), CUDA_SUCCESS);
  ASSERT_EQ(cu.cuStreamSynchronize(stream), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuEventQuery(event), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuEventDestroy(event), CUDA_SUCCESS);
}

TEST_F(FakeGraph, ExecUpdateTakesTheParametersOfTheSameTopology) {
  CUgraph first = memsetGraph(1);
  CUgraphExec exec = instantiate(first);
  CUgraph second = memsetGraph(2);
  CUgraphExecUpdateResultInfo info{};
  info.result = CU_GRAPH_EXEC_UPDATE_ERROR;
  ASSERT_EQ(cu.cuGraphExecUpdate(exec, second, &info), CUDA_SUCCESS);
  EXPECT_EQ(info.result, CU_GRAPH_EXEC_UPDATE_SUCCESS);
  launchAndWait(exec);
  EXPECT_EQ(at(a, 0), 2u);

  // Another topology: the update fails and leaves the executable graph as it was.
  CUgraph longer = memsetGraph(3, true);
  ASSERT_EQ(cu.cuGraphExecUpdate(exec, longer, &info), CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE);
  EXPECT_EQ(info.result, CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED);
  EXPECT_EQ(info.errorNode, nullptr); // the node counts differ
  // Another kind of node.
  CUgraph copy = nullptr;
  ASSERT_EQ(cu.cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_RELAXED), CUDA_SUCCESS);
  ASSERT_EQ(cu.cuMemcpyDtoDAsync(a, b, kBytes, stream), CUDA_SUCCESS);
  ASSERT_EQ(cu.cuStreamEndCapture(stream, &copy), CUDA_SUCCESS);
  ASSERT_EQ(cu.cuGraphExecUpdate(exec, copy, &info), CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE);
  EXPECT_EQ(info.result, CU_GRAPH_EXEC_UPDATE_ERROR_NODE_TYPE_CHANGED);
  CUgraphNode copy_node = nullptr;
  std::size_t count = 1;
  ASSERT_EQ(cu.cuGraphGetNodes(copy, &copy_node, &count), CUDA_SUCCESS);
  EXPECT_EQ(info.errorNode, copy_node);
  fill(a, 0);
  launchAndWait(exec);
  EXPECT_EQ(at(a, 0), 2u);

  EXPECT_EQ(cu.cuGraphExecUpdate(exec, second, nullptr), CUDA_ERROR_INVALID_VALUE);
  for (CUgraph graph : {first, second, longer, copy})
    EXPECT_EQ(cu.cuGraphDestroy(graph), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuGraphExecDestroy(exec), CUDA_SUCCESS);
}

TEST_F(FakeGraph, DependenciesAreTopology) {
  // Two empty nodes, then one after both, or one after the first only.
  CUgraph graphs[2] = {};
  for (int i = 0; i < 2; ++i) {
    ASSERT_EQ(cu.cuGraphCreate(&graphs[i], 0), CUDA_SUCCESS);
    CUgraphNode nodes[3] = {};
    ASSERT_EQ(cu.cuGraphAddEmptyNode(&nodes[0], graphs[i], nullptr, 0), CUDA_SUCCESS);
    ASSERT_EQ(cu.cuGraphAddEmptyNode(&nodes[1], graphs[i], nullptr, 0), CUDA_SUCCESS);
    ASSERT_EQ(cu.cuGraphAddEmptyNode(&nodes[2], graphs[i], nodes, i == 0 ? 2 : 1), CUDA_SUCCESS);
  }
  CUgraphExec exec = instantiate(graphs[0]);
  CUgraphExecUpdateResultInfo info{};
  EXPECT_EQ(cu.cuGraphExecUpdate(exec, graphs[1], &info), CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE);
  EXPECT_EQ(info.result, CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED);
  EXPECT_NE(info.errorNode, nullptr);
  EXPECT_EQ(cu.cuGraphExecUpdate(exec, graphs[0], &info), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuGraphExecDestroy(exec), CUDA_SUCCESS);
  for (CUgraph graph : graphs)
    EXPECT_EQ(cu.cuGraphDestroy(graph), CUDA_SUCCESS);
}

TEST_F(FakeGraph, FailedCallInvalidatesTheCapture) {
  ASSERT_EQ(cu.cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_RELAXED), CUDA_SUCCESS);
  ASSERT_EQ(cu.cuMemsetD32Async(a, 4, kCount, stream), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuMemsetD32Async(a + 1, 4, kCount - 1, stream), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(status(stream), CU_STREAM_CAPTURE_STATUS_INVALIDATED);
  EXPECT_EQ(cu.cuMemsetD32Async(a, 4, kCount, stream), CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
  CUgraph graph = reinterpret_cast<CUgraph>(1);
  EXPECT_EQ(cu.cuStreamEndCapture(stream, &graph), CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
  EXPECT_EQ(graph, nullptr);
  EXPECT_EQ(status(stream), CU_STREAM_CAPTURE_STATUS_NONE);
  // The stream works as before; nothing captured ran.
  ASSERT_EQ(cu.cuStreamSynchronize(stream), CUDA_SUCCESS);
  EXPECT_EQ(at(a, 0), 0u);
}

TEST_F(FakeGraph, SynchronousCallsAreNotCaptured) {
  for (int call = 0; call < 3; ++call) {
    ASSERT_EQ(cu.cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_RELAXED), CUDA_SUCCESS);
    if (call == 0) {
      EXPECT_EQ(cu.cuStreamSynchronize(stream), CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
    } else if (call == 1) {
      EXPECT_EQ(cu.cuStreamQuery(stream), CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
    } else {
      // A wait on an event recorded outside the capture crosses its boundary.
      CUevent event = nullptr;
      ASSERT_EQ(cu.cuEventCreate(&event, 0), CUDA_SUCCESS);
      CUstream other = nullptr;
      ASSERT_EQ(cu.cuStreamCreate(&other, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
      ASSERT_EQ(cu.cuEventRecord(event, other), CUDA_SUCCESS);
      EXPECT_EQ(cu.cuStreamWaitEvent(stream, event, 0), CUDA_ERROR_STREAM_CAPTURE_ISOLATION);
      EXPECT_EQ(cu.cuStreamSynchronize(other), CUDA_SUCCESS);
      EXPECT_EQ(cu.cuStreamDestroy(other), CUDA_SUCCESS);
      EXPECT_EQ(cu.cuEventDestroy(event), CUDA_SUCCESS);
    }
    EXPECT_EQ(status(stream), CU_STREAM_CAPTURE_STATUS_INVALIDATED) << call;
    CUgraph graph = nullptr;
    EXPECT_EQ(cu.cuStreamEndCapture(stream, &graph), CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
    EXPECT_EQ(graph, nullptr);
  }
}

TEST_F(FakeGraph, CaptureStartsAndEndsOnlyWhereItMay) {
  CUgraph graph = nullptr;
  EXPECT_EQ(cu.cuStreamBeginCapture(nullptr, CU_STREAM_CAPTURE_MODE_RELAXED),
            CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
  EXPECT_EQ(cu.cuStreamEndCapture(stream, &graph), CUDA_ERROR_ILLEGAL_STATE);
  EXPECT_EQ(cu.cuStreamEndCapture(stream, nullptr), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cu.cuStreamIsCapturing(stream, nullptr), CUDA_ERROR_INVALID_VALUE);
  ASSERT_EQ(cu.cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_RELAXED), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_RELAXED),
            CUDA_ERROR_ILLEGAL_STATE);
  ASSERT_EQ(cu.cuStreamEndCapture(stream, &graph), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuGraphDestroy(graph), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuGraphDestroy(graph), CUDA_ERROR_INVALID_VALUE); // destroyed already
}

TEST_F(FakeGraph, ForkedStreamsJoinTheCapture) {
  CUstream other = nullptr;
  ASSERT_EQ(cu.cuStreamCreate(&other, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  CUevent fork = nullptr, join = nullptr;
  ASSERT_EQ(cu.cuEventCreate(&fork, 0), CUDA_SUCCESS);
  ASSERT_EQ(cu.cuEventCreate(&join, 0), CUDA_SUCCESS);
  // A memset of a on the origin, a copy of a to b on the stream it forks
  // (waiting for the memset), joined back or not.
  auto forkAndCopy = [&](bool joined) {
    ASSERT_EQ(cu.cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_RELAXED), CUDA_SUCCESS);
    ASSERT_EQ(cu.cuMemsetD32Async(a, 6, kCount, stream), CUDA_SUCCESS);
    ASSERT_EQ(cu.cuEventRecord(fork, stream), CUDA_SUCCESS);
    ASSERT_EQ(cu.cuStreamWaitEvent(other, fork, 0), CUDA_SUCCESS);
    EXPECT_EQ(status(other), CU_STREAM_CAPTURE_STATUS_ACTIVE);
    ASSERT_EQ(cu.cuMemcpyDtoDAsync(b, a, kBytes, other), CUDA_SUCCESS);
    if (joined) {
      ASSERT_EQ(cu.cuEventRecord(join, other), CUDA_SUCCESS);
      ASSERT_EQ(cu.cuStreamWaitEvent(stream, join, 0), CUDA_SUCCESS);
    }
  };

  forkAndCopy(true);
  CUgraph graph = nullptr;
  ASSERT_EQ(cu.cuStreamEndCapture(stream, &graph), CUDA_SUCCESS);
  EXPECT_EQ(status(other), CU_STREAM_CAPTURE_STATUS_NONE);
  EXPECT_EQ(nodeCount(graph), 2u);
  CUgraphExec exec = instantiate(graph);
  launchAndWait(exec);
  EXPECT_EQ(at(b, 0), 6u);
  EXPECT_EQ(cu.cuGraphExecDestroy(exec), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuGraphDestroy(graph), CUDA_SUCCESS);

  forkAndCopy(false);
  EXPECT_EQ(cu.cuStreamEndCapture(stream, &graph), CUDA_ERROR_STREAM_CAPTURE_UNJOINED);
  EXPECT_EQ(graph, nullptr);
  EXPECT_EQ(status(other), CU_STREAM_CAPTURE_STATUS_NONE);

  // Ended on the stream that joined: not where it began, and invalidated.
  forkAndCopy(true);
  EXPECT_EQ(cu.cuStreamEndCapture(other, &graph), CUDA_ERROR_STREAM_CAPTURE_UNMATCHED);
  EXPECT_EQ(cu.cuStreamEndCapture(stream, &graph), CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
  EXPECT_EQ(graph, nullptr);

  // The events were last recorded in a capture, now ended.
  EXPECT_EQ(cu.cuStreamWaitEvent(other, fork, 0), CUDA_ERROR_CAPTURED_EVENT);
  EXPECT_EQ(cu.cuEventQuery(join), CUDA_ERROR_CAPTURED_EVENT);
  EXPECT_EQ(cu.cuStreamDestroy(other), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuEventDestroy(fork), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuEventDestroy(join), CUDA_SUCCESS);
}

TEST_F(FakeGraph, KernelNodesAreRecordedAtEachLaunch) {
  CUmodule module = nullptr;
  ASSERT_EQ(cu.cuModuleLoadData(&module, kModule), CUDA_SUCCESS);
  CUfunction first = nullptr, second = nullptr;
  ASSERT_EQ(cu.cuModuleGetFunction(&first, module, "graph_first"), CUDA_SUCCESS);
  ASSERT_EQ(cu.cuModuleGetFunction(&second, module, "graph_second"), CUDA_SUCCESS);
  auto capture = [&](CUfunction function, unsigned grid) {
    CUgraph graph = nullptr;
    std::uint64_t argument = 42;
    void *parameters[] = {&argument};
    EXPECT_EQ(cu.cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_RELAXED), CUDA_SUCCESS);
    EXPECT_EQ(cu.cuLaunchKernel(function, grid, 1, 1, 32, 1, 1, 0, stream, parameters, nullptr),
              CUDA_SUCCESS);
    EXPECT_EQ(cu.cuStreamEndCapture(stream, &graph), CUDA_SUCCESS);
    return graph;
  };
  CUgraph graph = capture(first, 2);
  ClcudaFakeLaunch launches[4];
  EXPECT_EQ(cu.take_launches(launches, 4), 0u) << "a captured launch is no launch";
  CUgraphExec exec = instantiate(graph);
  launchAndWait(exec);
  launchAndWait(exec);
  ASSERT_EQ(cu.take_launches(launches, 4), 2u);
  EXPECT_STREQ(launches[0].function, "graph_first");
  EXPECT_EQ(launches[1].grid[0], 2u);

  // CUDA 11.2 on: another function of the same context updates the node.
  CUgraph other = capture(second, 3);
  CUgraphExecUpdateResultInfo info{};
  ASSERT_EQ(cu.cuGraphExecUpdate(exec, other, &info), CUDA_SUCCESS);
  ASSERT_EQ(cu.cuGraphLaunch(exec, stream), CUDA_SUCCESS);
  // Destroyed while its launch may still be queued: the launch runs.
  EXPECT_EQ(cu.cuGraphExecDestroy(exec), CUDA_SUCCESS);
  ASSERT_EQ(cu.cuStreamSynchronize(stream), CUDA_SUCCESS);
  ASSERT_EQ(cu.take_launches(launches, 4), 1u);
  EXPECT_STREQ(launches[0].function, "graph_second");
  EXPECT_EQ(launches[0].grid[0], 3u);
  EXPECT_EQ(cu.cuGraphDestroy(graph), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuGraphDestroy(other), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuModuleUnload(module), CUDA_SUCCESS);
}

TEST_F(FakeGraph, HostFunctionNodesRunAtEachLaunch) {
  int calls = 0;
  CUhostFn count = [](void *data) { ++*static_cast<int *>(data); };
  CUgraph graph = nullptr;
  ASSERT_EQ(cu.cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_RELAXED), CUDA_SUCCESS);
  ASSERT_EQ(cu.cuLaunchHostFunc(stream, count, &calls), CUDA_SUCCESS);
  ASSERT_EQ(cu.cuStreamEndCapture(stream, &graph), CUDA_SUCCESS);
  EXPECT_EQ(calls, 0);
  CUgraphExec exec = instantiate(graph);
  launchAndWait(exec);
  launchAndWait(exec);
  EXPECT_EQ(calls, 2);
  EXPECT_EQ(cu.cuGraphExecDestroy(exec), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuGraphDestroy(graph), CUDA_SUCCESS);
}

TEST_F(FakeGraph, BadArgumentsAreInvalidValues) {
  CUgraph graph = nullptr;
  EXPECT_EQ(cu.cuGraphCreate(nullptr, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cu.cuGraphCreate(&graph, 1), CUDA_ERROR_INVALID_VALUE);
  ASSERT_EQ(cu.cuGraphCreate(&graph, 0), CUDA_SUCCESS);
  std::size_t count = 0;
  EXPECT_EQ(cu.cuGraphGetNodes(graph, nullptr, nullptr), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cu.cuGraphGetNodes(nullptr, nullptr, &count), CUDA_ERROR_INVALID_VALUE);
  CUgraphNode node = nullptr;
  EXPECT_EQ(cu.cuGraphAddEmptyNode(nullptr, graph, nullptr, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cu.cuGraphAddEmptyNode(&node, graph, nullptr, 1), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cu.cuGraphAddChildGraphNode(&node, graph, nullptr, 0, nullptr),
            CUDA_ERROR_INVALID_VALUE);
  CUgraphExec exec = nullptr;
  EXPECT_EQ(cu.cuGraphInstantiateWithFlags(nullptr, graph, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cu.cuGraphInstantiateWithFlags(&exec, nullptr, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cu.cuGraphInstantiateWithFlags(&exec, graph, 1ull << 40), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cu.cuGraphLaunch(nullptr, stream), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cu.cuGraphExecDestroy(nullptr), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cu.cuGraphDestroy(nullptr), CUDA_ERROR_INVALID_VALUE);
  exec = instantiate(graph);
  CUgraphExecUpdateResultInfo info{};
  EXPECT_EQ(cu.cuGraphExecUpdate(exec, nullptr, &info), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(info.result, CU_GRAPH_EXEC_UPDATE_ERROR);
  // As every stream call here: a launch needs a current context.
  CUcontext popped = nullptr;
  ASSERT_EQ(cu.cuCtxPopCurrent(&popped), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuGraphLaunch(exec, stream), CUDA_ERROR_INVALID_CONTEXT);
  ASSERT_EQ(cu.cuCtxPushCurrent(popped), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuGraphExecDestroy(exec), CUDA_SUCCESS);
  EXPECT_EQ(cu.cuGraphDestroy(graph), CUDA_SUCCESS);
}

} // namespace
