// cl_khr_command_buffer and its mutable dispatch through the OpenCL API:
// recording, replay, sync points, queue substitution, updates, queries and
// the spec's errors. On the GPU the kernels' results are checked; on the CPU
// stand-in for the driver, which runs copies and fills but not kernels, the
// launches each replay recorded are.
#include "child_process.h"
#include "program_fixture.h"

#include "clcuda/command_buffer_khr.h"

#include <cstring>

namespace clcuda::test {
namespace {

const char kAdd[] = R"(
__kernel void add(__global int *data, int amount) { data[get_global_id(0)] += amount; }
)";

constexpr size_t kCount = 1024;

// The extension's functions, as an application finds them.
struct CommandBufferApi {
  khr::CreateCommandBufferFn create;
  khr::FinalizeCommandBufferFn finalize;
  khr::RetainCommandBufferFn retain;
  khr::ReleaseCommandBufferFn release;
  khr::EnqueueCommandBufferFn enqueue;
  khr::CommandBarrierWithWaitListFn barrier;
  khr::CommandCopyBufferFn copy;
  khr::CommandFillBufferFn fill;
  khr::CommandNDRangeKernelFn ndrange;
  khr::GetCommandBufferInfoFn info;
  khr::UpdateMutableCommandsFn update;
  khr::GetMutableCommandInfoFn mutable_info;
};

class CommandBufferTest : public ProgramTest {
protected:
  void SetUp() override {
    ProgramTest::SetUp();
    if (IsSkipped())
      return;
    auto find = [&](const char *name) {
      void *function = clGetExtensionFunctionAddressForPlatform(platform, name);
      EXPECT_NE(nullptr, function) << name;
      return function;
    };
    api.create = reinterpret_cast<khr::CreateCommandBufferFn>(find("clCreateCommandBufferKHR"));
    api.finalize =
        reinterpret_cast<khr::FinalizeCommandBufferFn>(find("clFinalizeCommandBufferKHR"));
    api.retain = reinterpret_cast<khr::RetainCommandBufferFn>(find("clRetainCommandBufferKHR"));
    api.release = reinterpret_cast<khr::ReleaseCommandBufferFn>(find("clReleaseCommandBufferKHR"));
    api.enqueue = reinterpret_cast<khr::EnqueueCommandBufferFn>(find("clEnqueueCommandBufferKHR"));
    api.barrier = reinterpret_cast<khr::CommandBarrierWithWaitListFn>(
        find("clCommandBarrierWithWaitListKHR"));
    api.copy = reinterpret_cast<khr::CommandCopyBufferFn>(find("clCommandCopyBufferKHR"));
    api.fill = reinterpret_cast<khr::CommandFillBufferFn>(find("clCommandFillBufferKHR"));
    api.ndrange = reinterpret_cast<khr::CommandNDRangeKernelFn>(find("clCommandNDRangeKernelKHR"));
    api.info = reinterpret_cast<khr::GetCommandBufferInfoFn>(find("clGetCommandBufferInfoKHR"));
    api.update = reinterpret_cast<khr::UpdateMutableCommandsFn>(find("clUpdateMutableCommandsKHR"));
    api.mutable_info =
        reinterpret_cast<khr::GetMutableCommandInfoFn>(find("clGetMutableCommandInfoKHR"));
  }

  void TearDown() override {
    for (khr::CommandBuffer buffer : command_buffers_)
      EXPECT_CL(CL_SUCCESS, api.release(buffer));
    ProgramTest::TearDown();
  }

  // A command buffer on `on` (the fixture's queue by default), released by TearDown.
  khr::CommandBuffer makeCommandBuffer(cl_bitfield flags = 0, cl_command_queue on = nullptr) {
    cl_command_queue queues[] = {on ? on : queue};
    const khr::CommandBufferProperties properties[] = {khr::kCommandBufferFlags, flags, 0};
    cl_int error = CL_INVALID_VALUE;
    khr::CommandBuffer buffer = api.create(1, queues, flags ? properties : nullptr, &error);
    EXPECT_CL(CL_SUCCESS, error);
    if (buffer)
      command_buffers_.push_back(buffer);
    return buffer;
  }

  cl_uint state(khr::CommandBuffer buffer) {
    cl_uint value = 99;
    EXPECT_CL(CL_SUCCESS,
              api.info(buffer, khr::kCommandBufferState, sizeof(value), &value, nullptr));
    return value;
  }

  // The `add` kernel with its arguments set.
  cl_kernel addKernel(cl_mem data, int amount) {
    cl_kernel add = kernel(build(kAdd), "add");
    setArg(add, 0, data);
    setArg(add, 1, amount);
    return add;
  }

  cl_mem zeros() {
    std::vector<int> values(kCount, 0);
    return makeBuffer(CL_MEM_COPY_HOST_PTR, kCount * sizeof(int), values.data());
  }

  // The `amount` argument of each launch the stand-in recorded since the last call.
  std::vector<int> launchedAmounts() {
    std::vector<int> amounts;
    for (const ClcudaFakeLaunch &launch : takeLaunches())
      amounts.push_back(parameter<int>(launch, 1));
    return amounts;
  }

  CommandBufferApi api{};

private:
  std::vector<khr::CommandBuffer> command_buffers_;
};

TEST_F(CommandBufferTest, DeviceClaimsBothExtensionsAndTheirCapabilities) {
  size_t size = 0;
  ASSERT_CL(CL_SUCCESS, clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, 0, nullptr, &size));
  std::string extensions(size, '\0');
  ASSERT_CL(CL_SUCCESS,
            clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, size, extensions.data(), nullptr));
  EXPECT_NE(std::string::npos, extensions.find("cl_khr_command_buffer "));
  EXPECT_NE(std::string::npos, extensions.find("cl_khr_command_buffer_mutable_dispatch"));
  cl_bitfield capabilities = 0, mutable_fields = 0;
  cl_command_queue_properties supported = 0, required = 1;
  ASSERT_CL(CL_SUCCESS, clGetDeviceInfo(device, khr::kDeviceCommandBufferCapabilities,
                                        sizeof(capabilities), &capabilities, nullptr));
  ASSERT_CL(CL_SUCCESS, clGetDeviceInfo(device, khr::kDeviceCommandBufferSupportedQueueProperties,
                                        sizeof(supported), &supported, nullptr));
  ASSERT_CL(CL_SUCCESS, clGetDeviceInfo(device, khr::kDeviceCommandBufferRequiredQueueProperties,
                                        sizeof(required), &required, nullptr));
  ASSERT_CL(CL_SUCCESS, clGetDeviceInfo(device, khr::kDeviceMutableDispatchCapabilities,
                                        sizeof(mutable_fields), &mutable_fields, nullptr));
  EXPECT_EQ(khr::kCapabilitySimultaneousUse, capabilities);
  EXPECT_EQ(cl_command_queue_properties(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
                                        CL_QUEUE_PROFILING_ENABLE),
            supported);
  EXPECT_EQ(0u, required);
  EXPECT_EQ(0x1fu, mutable_fields);
}

TEST_F(CommandBufferTest, ReplaysCopiesAndFillsEveryTimeItIsEnqueued) {
  const size_t bytes = kCount * sizeof(int);
  cl_mem source = makeBuffer(0, bytes), destination = makeBuffer(0, bytes);
  khr::CommandBuffer buffer = makeCommandBuffer();
  const int seven = 7;
  khr::SyncPoint filled = 0, copied = 0;
  ASSERT_CL(CL_SUCCESS, api.fill(buffer, nullptr, nullptr, source, &seven, sizeof(seven), 0, bytes,
                                 0, nullptr, &filled, nullptr));
  ASSERT_CL(CL_SUCCESS, api.copy(buffer, nullptr, nullptr, source, destination, 0, 0, bytes, 1,
                                 &filled, &copied, nullptr));
  EXPECT_NE(filled, copied);
  EXPECT_EQ(khr::kStateRecording, state(buffer));
  // Nothing runs before an enqueue.
  const int zero = 0;
  ASSERT_CL(CL_SUCCESS, clEnqueueFillBuffer(queue, destination, &zero, sizeof(zero), 0, bytes, 0,
                                            nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, api.finalize(buffer));
  EXPECT_EQ(khr::kStateExecutable, state(buffer));
  EXPECT_EQ(std::vector<int>(kCount, 0), read<int>(destination, kCount));
  for (int replay = 0; replay < 3; ++replay) {
    ASSERT_CL(CL_SUCCESS, clEnqueueFillBuffer(queue, destination, &zero, sizeof(zero), 0, bytes, 0,
                                              nullptr, nullptr));
    ASSERT_CL(CL_SUCCESS, api.enqueue(0, nullptr, buffer, 0, nullptr, nullptr));
    EXPECT_EQ(std::vector<int>(kCount, 7), read<int>(destination, kCount)) << "replay " << replay;
  }
}

TEST_F(CommandBufferTest, KernelArgumentsAreThoseOfTheRecording) {
  cl_mem data = zeros();
  cl_int error = CL_INVALID_VALUE;
  cl_kernel add = clCreateKernel(build(kAdd), "add", &error); // released below, not by TearDown
  ASSERT_CL(CL_SUCCESS, error);
  setArg(add, 0, data);
  setArg(add, 1, 5);
  khr::CommandBuffer buffer = makeCommandBuffer();
  const size_t global = kCount;
  takeLaunches();
  ASSERT_CL(CL_SUCCESS, api.ndrange(buffer, nullptr, nullptr, add, 1, nullptr, &global, nullptr, 0,
                                    nullptr, nullptr, nullptr));
  setArg(add, 1, 1000); // after the recording: not in it
  ASSERT_CL(CL_SUCCESS, api.ndrange(buffer, nullptr, nullptr, add, 1, nullptr, &global, nullptr, 0,
                                    nullptr, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, api.finalize(buffer));
  ASSERT_CL(CL_SUCCESS, clReleaseKernel(add)); // the buffer keeps what it launches
  for (int replay = 0; replay < 2; ++replay)
    ASSERT_CL(CL_SUCCESS, api.enqueue(0, nullptr, buffer, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  if (fakeDevice())
    EXPECT_EQ((std::vector<int>{5, 1000, 5, 1000}), launchedAmounts());
  else
    EXPECT_EQ(std::vector<int>(kCount, 2 * 1005), read<int>(data, kCount));
}

TEST_F(CommandBufferTest, OutOfOrderCommandsFollowTheirSyncPointsAndBarriers) {
  cl_command_queue out_of_order = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  const size_t bytes = kCount * sizeof(int);
  cl_mem a = makeBuffer(0, bytes), b = makeBuffer(0, bytes), c = makeBuffer(0, bytes);
  khr::CommandBuffer buffer = makeCommandBuffer(0, out_of_order);
  const int one = 1;
  khr::SyncPoint filled = 0;
  ASSERT_CL(CL_SUCCESS, api.fill(buffer, nullptr, nullptr, a, &one, sizeof(one), 0, bytes, 0,
                                 nullptr, &filled, nullptr));
  ASSERT_CL(CL_SUCCESS,
            api.copy(buffer, nullptr, nullptr, a, b, 0, 0, bytes, 1, &filled, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, api.barrier(buffer, nullptr, nullptr, 0, nullptr, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS,
            api.copy(buffer, nullptr, nullptr, b, c, 0, 0, bytes, 0, nullptr, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, api.finalize(buffer));
  cl_event done = nullptr;
  ASSERT_CL(CL_SUCCESS, api.enqueue(0, nullptr, buffer, 0, nullptr, &done));
  ASSERT_CL(CL_SUCCESS, clWaitForEvents(1, &done));
  cl_command_type type = 0;
  EXPECT_CL(CL_SUCCESS, clGetEventInfo(done, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, nullptr));
  EXPECT_EQ(khr::kCommandCommandBuffer, type);
  clReleaseEvent(done);
  EXPECT_EQ(std::vector<int>(kCount, 1), read<int>(c, kCount));
}

TEST_F(CommandBufferTest, ProfilesAnEnqueueAsOneCommand) {
  cl_command_queue profiled = makeQueue(CL_QUEUE_PROFILING_ENABLE);
  cl_mem data = zeros();
  khr::CommandBuffer buffer = makeCommandBuffer(0, profiled);
  const int two = 2;
  ASSERT_CL(CL_SUCCESS, api.fill(buffer, nullptr, nullptr, data, &two, sizeof(two), 0,
                                 kCount * sizeof(int), 0, nullptr, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, api.finalize(buffer));
  cl_event done = nullptr;
  ASSERT_CL(CL_SUCCESS, api.enqueue(0, nullptr, buffer, 0, nullptr, &done));
  ASSERT_CL(CL_SUCCESS, clWaitForEvents(1, &done));
  cl_ulong queued = 0, submitted = 0, started = 0, ended = 0;
  EXPECT_CL(CL_SUCCESS, clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_QUEUED, sizeof(queued),
                                                &queued, nullptr));
  EXPECT_CL(CL_SUCCESS, clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_SUBMIT,
                                                sizeof(submitted), &submitted, nullptr));
  EXPECT_CL(CL_SUCCESS, clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_START, sizeof(started),
                                                &started, nullptr));
  EXPECT_CL(CL_SUCCESS, clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_END, sizeof(ended),
                                                &ended, nullptr));
  EXPECT_LE(queued, submitted);
  EXPECT_LE(submitted, started);
  EXPECT_LE(started, ended);
  clReleaseEvent(done);
}

TEST_F(CommandBufferTest, ReleasingTheBufferFreesItsGraphs) {
  auto live_graphs = fakeDriverFunction<ClcudaFakeLiveGraphs>("clcuda_fake_live_graphs");
  auto live_executables =
      fakeDriverFunction<ClcudaFakeLiveGraphExecs>("clcuda_fake_live_graph_execs");
  if (!live_graphs || !live_executables)
    GTEST_SKIP() << "counts the CPU stand-in's graphs: not on a GPU";
  const long graphs = live_graphs(), executables = live_executables();
  cl_mem data = zeros();
  const int one = 1;
  cl_command_queue queues[] = {queue};
  cl_int error = CL_INVALID_VALUE;
  khr::CommandBuffer buffer = api.create(1, queues, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  for (int i = 0; i < 4; ++i)
    ASSERT_CL(CL_SUCCESS, api.fill(buffer, nullptr, nullptr, data, &one, sizeof(one), 0,
                                   kCount * sizeof(int), 0, nullptr, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, api.finalize(buffer));
  ASSERT_CL(CL_SUCCESS, api.enqueue(0, nullptr, buffer, 0, nullptr, nullptr));
  EXPECT_LT(graphs, live_graphs());
  EXPECT_EQ(executables + 1, live_executables());
  ASSERT_CL(CL_SUCCESS, api.release(buffer));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  EXPECT_EQ(graphs, live_graphs());
  EXPECT_EQ(executables, live_executables());
}

TEST_F(CommandBufferTest, AnswersItsQueries) {
  const khr::CommandBufferProperties properties[] = {khr::kCommandBufferFlags,
                                                     khr::kFlagSimultaneousUse, 0};
  cl_int error = CL_INVALID_VALUE;
  khr::CommandBuffer buffer = api.create(1, &queue, properties, &error);
  ASSERT_CL(CL_SUCCESS, error);
  cl_command_queue queue_answer = nullptr;
  cl_uint count = 0, references = 0;
  cl_context context_answer = nullptr;
  khr::CommandBufferProperties properties_answer[3] = {};
  size_t size = 0;
  EXPECT_CL(CL_SUCCESS, api.info(buffer, khr::kCommandBufferQueues, sizeof(queue_answer),
                                 &queue_answer, nullptr));
  EXPECT_CL(CL_SUCCESS,
            api.info(buffer, khr::kCommandBufferNumQueues, sizeof(count), &count, nullptr));
  EXPECT_CL(CL_SUCCESS, api.retain(buffer));
  EXPECT_CL(CL_SUCCESS, api.info(buffer, khr::kCommandBufferReferenceCount, sizeof(references),
                                 &references, nullptr));
  EXPECT_CL(CL_SUCCESS, api.info(buffer, khr::kCommandBufferContext, sizeof(context_answer),
                                 &context_answer, nullptr));
  EXPECT_CL(CL_SUCCESS, api.info(buffer, khr::kCommandBufferPropertiesArray,
                                 sizeof(properties_answer), properties_answer, &size));
  EXPECT_EQ(queue, queue_answer);
  EXPECT_EQ(1u, count);
  EXPECT_EQ(2u, references);
  EXPECT_EQ(context, context_answer);
  EXPECT_EQ(sizeof(properties), size);
  EXPECT_EQ(0, std::memcmp(properties, properties_answer, sizeof(properties)));
  EXPECT_CL(CL_INVALID_VALUE, api.info(buffer, 0x1234, sizeof(count), &count, nullptr));
  EXPECT_CL(CL_SUCCESS, api.release(buffer));
  EXPECT_CL(CL_SUCCESS, api.release(buffer));
}

TEST_F(CommandBufferTest, RefusesWhatTheSpecificationNames) {
  cl_mem data = zeros();
  const size_t bytes = kCount * sizeof(int), global = kCount;
  const int one = 1;
  cl_int error = CL_SUCCESS;
  // Creation: one queue, known properties and flags.
  EXPECT_EQ(nullptr, api.create(0, nullptr, nullptr, &error));
  EXPECT_CL(CL_INVALID_VALUE, error);
  cl_command_queue two[] = {queue, queue};
  EXPECT_EQ(nullptr, api.create(2, two, nullptr, &error));
  EXPECT_CL(CL_INVALID_VALUE, error);
  const khr::CommandBufferProperties unknown[] = {0x4242, 1, 0};
  EXPECT_EQ(nullptr, api.create(1, &queue, unknown, &error));
  EXPECT_CL(CL_INVALID_VALUE, error);
  const khr::CommandBufferProperties bad_flags[] = {khr::kCommandBufferFlags, 1u << 7, 0};
  EXPECT_EQ(nullptr, api.create(1, &queue, bad_flags, &error));
  EXPECT_CL(CL_INVALID_VALUE, error);
  // Handles.
  EXPECT_CL(khr::kInvalidCommandBuffer, api.finalize(nullptr));
  EXPECT_CL(
      khr::kInvalidCommandBuffer,
      api.enqueue(0, nullptr, reinterpret_cast<khr::CommandBuffer>(queue), 0, nullptr, nullptr));
  khr::CommandBuffer buffer = makeCommandBuffer();
  // Recording: no queue, a valid sync-point list, not mutable but a launch.
  EXPECT_CL(CL_INVALID_COMMAND_QUEUE, api.fill(buffer, queue, nullptr, data, &one, sizeof(one), 0,
                                               bytes, 0, nullptr, nullptr, nullptr));
  const khr::SyncPoint missing = 9;
  EXPECT_CL(khr::kInvalidSyncPointWaitList,
            api.fill(buffer, nullptr, nullptr, data, &one, sizeof(one), 0, bytes, 1, &missing,
                     nullptr, nullptr));
  EXPECT_CL(khr::kInvalidSyncPointWaitList,
            api.fill(buffer, nullptr, nullptr, data, &one, sizeof(one), 0, bytes, 1, nullptr,
                     nullptr, nullptr));
  khr::MutableCommand handle = nullptr;
  EXPECT_CL(CL_INVALID_VALUE, api.fill(buffer, nullptr, nullptr, data, &one, sizeof(one), 0, bytes,
                                       0, nullptr, nullptr, &handle));
  // The same checks as the clEnqueue* command.
  EXPECT_CL(CL_INVALID_VALUE, api.fill(buffer, nullptr, nullptr, data, &one, sizeof(one), 0,
                                       bytes + 4, 0, nullptr, nullptr, nullptr));
  EXPECT_CL(CL_MEM_COPY_OVERLAP,
            api.copy(buffer, nullptr, nullptr, data, data, 0, 4, 8, 0, nullptr, nullptr, nullptr));
  cl_kernel unset = kernel(build(kAdd), "add");
  EXPECT_CL(CL_INVALID_KERNEL_ARGS, api.ndrange(buffer, nullptr, nullptr, unset, 1, nullptr,
                                                &global, nullptr, 0, nullptr, nullptr, nullptr));
  // Not finalized: no enqueue; finalized: no more commands, no second finalize.
  EXPECT_CL(CL_INVALID_OPERATION, api.enqueue(0, nullptr, buffer, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, api.finalize(buffer));
  EXPECT_CL(CL_INVALID_OPERATION, api.finalize(buffer));
  EXPECT_CL(CL_INVALID_OPERATION, api.fill(buffer, nullptr, nullptr, data, &one, sizeof(one), 0,
                                           bytes, 0, nullptr, nullptr, nullptr));
  // Another queue of the device may run it, in order or not, not one of
  // another context; a queue list must match the buffer's one queue.
  cl_command_queue out_of_order = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  EXPECT_CL(CL_SUCCESS, api.enqueue(1, &out_of_order, buffer, 0, nullptr, nullptr));
  EXPECT_CL(CL_SUCCESS, clFinish(out_of_order));
  cl_command_queue queues[] = {queue, queue};
  EXPECT_CL(CL_INVALID_VALUE, api.enqueue(2, queues, buffer, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, api.enqueue(1, nullptr, buffer, 0, nullptr, nullptr));
  cl_context other = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  cl_command_queue foreign = clCreateCommandQueueWithProperties(other, device, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_CL(CL_INVALID_CONTEXT, api.enqueue(1, &foreign, buffer, 0, nullptr, nullptr));
  clReleaseCommandQueue(foreign);
  clReleaseContext(other);
  // Updates: only on a mutable buffer.
  khr::MutableDispatchConfig config{};
  const void *configs[] = {&config};
  const khr::UpdateType types[] = {khr::kStructureTypeMutableDispatchConfig};
  EXPECT_CL(CL_INVALID_OPERATION, api.update(buffer, 1, types, configs));
}

TEST_F(CommandBufferTest, MutableLaunchTakesNewArgumentsAndSizes) {
  cl_mem first = zeros(), second = zeros();
  cl_kernel add = addKernel(first, 3);
  khr::CommandBuffer buffer = makeCommandBuffer(khr::kFlagMutable);
  const size_t global = kCount, local = 64;
  khr::MutableCommand command = nullptr;
  ASSERT_CL(CL_SUCCESS, api.ndrange(buffer, nullptr, nullptr, add, 1, nullptr, &global, &local, 0,
                                    nullptr, nullptr, &command));
  ASSERT_NE(nullptr, command);
  ASSERT_CL(CL_SUCCESS, api.finalize(buffer));
  takeLaunches();
  ASSERT_CL(CL_SUCCESS, api.enqueue(0, nullptr, buffer, 0, nullptr, nullptr));

  const int forty = 40;
  const khr::MutableDispatchArg arguments[] = {{0, sizeof(cl_mem), &second},
                                               {1, sizeof(int), &forty}};
  const size_t half = kCount / 2;
  khr::MutableDispatchConfig config{};
  config.command = command;
  config.num_args = 2;
  config.arg_list = arguments;
  config.work_dim = 1;
  config.global_work_size = &half;
  const void *configs[] = {&config};
  const khr::UpdateType types[] = {khr::kStructureTypeMutableDispatchConfig};
  ASSERT_CL(CL_SUCCESS, api.update(buffer, 1, types, configs));
  ASSERT_CL(CL_SUCCESS, api.enqueue(0, nullptr, buffer, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));

  size_t sizes[1] = {}, size = 0;
  EXPECT_CL(CL_SUCCESS, api.mutable_info(command, khr::kMutableDispatchGlobalWorkSize,
                                         sizeof(sizes), sizes, &size));
  EXPECT_EQ(sizeof(size_t), size);
  EXPECT_EQ(half, sizes[0]);
  cl_kernel kernel_answer = nullptr;
  EXPECT_CL(CL_SUCCESS, api.mutable_info(command, khr::kMutableDispatchKernel,
                                         sizeof(kernel_answer), &kernel_answer, nullptr));
  EXPECT_EQ(add, kernel_answer);
  if (fakeDevice()) {
    const std::vector<ClcudaFakeLaunch> launches = takeLaunches();
    ASSERT_EQ(2u, launches.size());
    EXPECT_EQ(3, parameter<int>(launches[0], 1));
    EXPECT_EQ(40, parameter<int>(launches[1], 1));
    EXPECT_EQ(kCount / 64, launches[0].grid[0]);
    EXPECT_EQ(half / 64, launches[1].grid[0]);
  } else {
    EXPECT_EQ(std::vector<int>(kCount, 3), read<int>(first, kCount));
    std::vector<int> expected(kCount, 0);
    std::fill(expected.begin(), expected.begin() + half, 40);
    EXPECT_EQ(expected, read<int>(second, kCount));
  }

  // A field the command did not list may not change.
  khr::MutableCommand fixed = nullptr;
  khr::CommandBuffer other = makeCommandBuffer(khr::kFlagMutable);
  const khr::CommandProperties only_arguments[] = {khr::kMutableDispatchUpdatableFields,
                                                   khr::kDispatchArguments, 0};
  ASSERT_CL(CL_SUCCESS, api.ndrange(other, nullptr, only_arguments, add, 1, nullptr, &global,
                                    nullptr, 0, nullptr, nullptr, &fixed));
  ASSERT_CL(CL_SUCCESS, api.finalize(other));
  config.command = fixed;
  EXPECT_CL(CL_INVALID_OPERATION, api.update(other, 1, types, configs));
  config.command = command; // a command of another buffer
  EXPECT_CL(khr::kInvalidMutableCommand, api.update(other, 1, types, configs));
}

TEST_F(CommandBufferTest, MutableLaunchWaitsForItsArguments) {
  cl_mem data = zeros();
  cl_kernel add = kernel(build(kAdd), "add");
  setArg(add, 0, data); // `amount` not set
  khr::CommandBuffer buffer = makeCommandBuffer(khr::kFlagMutable);
  const size_t global = kCount;
  khr::MutableCommand command = nullptr;
  ASSERT_CL(CL_SUCCESS, api.ndrange(buffer, nullptr, nullptr, add, 1, nullptr, &global, nullptr, 0,
                                    nullptr, nullptr, &command));
  ASSERT_CL(CL_SUCCESS, api.finalize(buffer));
  EXPECT_EQ(khr::kStateFinalized, state(buffer));
  EXPECT_CL(CL_INVALID_OPERATION, api.enqueue(0, nullptr, buffer, 0, nullptr, nullptr));
  const int nine = 9;
  const khr::MutableDispatchArg argument{1, sizeof(int), &nine};
  khr::MutableDispatchConfig config{};
  config.command = command;
  config.num_args = 1;
  config.arg_list = &argument;
  const void *configs[] = {&config};
  const khr::UpdateType types[] = {khr::kStructureTypeMutableDispatchConfig};
  ASSERT_CL(CL_SUCCESS, api.update(buffer, 1, types, configs));
  EXPECT_EQ(khr::kStateExecutable, state(buffer));
  takeLaunches();
  ASSERT_CL(CL_SUCCESS, api.enqueue(0, nullptr, buffer, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  if (fakeDevice())
    EXPECT_EQ(std::vector<int>{9}, launchedAmounts());
  else
    EXPECT_EQ(std::vector<int>(kCount, 9), read<int>(data, kCount));
  // Without a mutable handle, unset arguments are an error as for an enqueue.
  cl_kernel unset = kernel(build(kAdd), "add");
  khr::CommandBuffer other = makeCommandBuffer(khr::kFlagMutable);
  EXPECT_CL(CL_INVALID_KERNEL_ARGS, api.ndrange(other, nullptr, nullptr, unset, 1, nullptr, &global,
                                                nullptr, 0, nullptr, nullptr, nullptr));
}

// A replay whose kernel faults: the enqueue's event fails and the queue
// reports the lost context, in a child process (a fault poisons the
// process's CUDA context), which must end normally.
TEST_F(CommandBufferTest, AFaultingReplayFailsItsEventNotTheProcess) {
  if (!childRole()) {
    const ChildResult child = runChild("fault", {}, {"--loading=" + loadingMode()});
    EXPECT_EQ(0, child.signal) << child.output;
    EXPECT_EQ(0, child.exit_code) << child.output;
    return;
  }
  const int zeros[4] = {};
  cl_mem data = makeBuffer(CL_MEM_COPY_HOST_PTR, sizeof(zeros), const_cast<int *>(zeros));
  cl_kernel fault = kernel(
      build("__kernel void fault_write(__global int *p) { ((__global int *)0x10)[0] = p[0]; }"),
      "fault_write");
  setArg(fault, 0, data);
  khr::CommandBuffer buffer = makeCommandBuffer();
  const size_t global = 1;
  ASSERT_CL(CL_SUCCESS, api.ndrange(buffer, nullptr, nullptr, fault, 1, nullptr, &global, nullptr,
                                    0, nullptr, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, api.finalize(buffer));
  cl_event replayed = nullptr;
  const cl_int enqueued = api.enqueue(0, nullptr, buffer, 0, nullptr, &replayed);
  if (enqueued == CL_SUCCESS) {
    EXPECT_CL(CL_OUT_OF_RESOURCES, clFinish(queue));
    cl_int status = CL_COMPLETE;
    EXPECT_CL(CL_SUCCESS, clGetEventInfo(replayed, CL_EVENT_COMMAND_EXECUTION_STATUS,
                                         sizeof(status), &status, nullptr));
    EXPECT_LT(status, 0);
    clReleaseEvent(replayed);
  } else {
    EXPECT_CL(CL_OUT_OF_RESOURCES, enqueued);
  }
  EXPECT_CL(CL_OUT_OF_RESOURCES, api.enqueue(0, nullptr, buffer, 0, nullptr, nullptr));
}

TEST_F(CommandBufferTest, RefusesKernelsThatPrint) {
  cl_kernel prints = kernel(build("__kernel void prints() { printf(\"%d\\n\", 1); }"), "prints");
  khr::CommandBuffer buffer = makeCommandBuffer();
  const size_t global = 1;
  EXPECT_CL(CL_INVALID_OPERATION, api.ndrange(buffer, nullptr, nullptr, prints, 1, nullptr, &global,
                                              nullptr, 0, nullptr, nullptr, nullptr));
}

} // namespace
} // namespace clcuda::test
