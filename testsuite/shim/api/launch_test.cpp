// clEnqueueNDRangeKernel and clEnqueueTask through the OpenCL API: the
// work-item functions of every kind of NDRange (on the CPU stand-in the
// recorded launches are played back as the device library would run them,
// so both check the same records), local memory, arguments by value, held
// launches, errors, faults, launch cost.
#include "child_process.h"
#include "cuda/driver.h"
#include "program_fixture.h"

#include <atomic>
#include <cstring>
#include <thread>

namespace clcuda::test {
namespace {

using Size3 = std::array<size_t, 3>;

// Each work-item writes what the work-item functions tell it.
constexpr int kFields = 25;
const char kWorkItems[] = R"(
__kernel void work_items(__global ulong *out) {
  size_t x = get_global_id(0) - get_global_offset(0);
  size_t y = get_global_id(1) - get_global_offset(1);
  size_t z = get_global_id(2) - get_global_offset(2);
  __global ulong *r = out + ((z * get_global_size(1) + y) * get_global_size(0) + x) * 25;
  for (uint d = 0; d < 3; ++d) {
    r[d] = get_global_id(d);
    r[3 + d] = get_local_id(d);
    r[6 + d] = get_group_id(d);
    r[9 + d] = get_local_size(d);
    r[12 + d] = get_enqueued_local_size(d);
    r[15 + d] = get_num_groups(d);
    r[18 + d] = get_global_size(d);
    r[21 + d] = get_global_offset(d);
  }
  r[24] = get_work_dim();
}
)";

// The hidden argument (kernels/include/clc/ndrange.h), as launched.
struct NdRange {
  unsigned long long global_size[3], global_offset[3], enqueued_local_size[3], num_groups[3];
  unsigned group_offset[3], work_dim;
};
static_assert(sizeof(NdRange) == 112, "clc::ndrange is 112 bytes");

// What the GPU would do with a recorded launch of work_items: the device
// library's work-item functions (kernels/include/clc/core.h) for every
// block and thread, written where the kernel writes.
void playWorkItems(const ClcudaFakeLaunch &launch) {
  auto *out = reinterpret_cast<unsigned long long *>(parameter<std::uint64_t>(launch, 0));
  const NdRange r = parameter<NdRange>(launch, 1);
  unsigned block[3], thread[3];
  for (block[2] = 0; block[2] < launch.grid[2]; ++block[2])
    for (block[1] = 0; block[1] < launch.grid[1]; ++block[1])
      for (block[0] = 0; block[0] < launch.grid[0]; ++block[0])
        for (thread[2] = 0; thread[2] < launch.block[2]; ++thread[2])
          for (thread[1] = 0; thread[1] < launch.block[1]; ++thread[1])
            for (thread[0] = 0; thread[0] < launch.block[0]; ++thread[0]) {
              unsigned long long global[3], group[3];
              for (int d = 0; d < 3; ++d) {
                group[d] = r.group_offset[d] + block[d];
                global[d] = group[d] * r.enqueued_local_size[d] + thread[d] + r.global_offset[d];
              }
              const unsigned long long linear =
                  ((global[2] - r.global_offset[2]) * r.global_size[1] +
                   (global[1] - r.global_offset[1])) *
                      r.global_size[0] +
                  (global[0] - r.global_offset[0]);
              unsigned long long *record = out + linear * kFields;
              for (int d = 0; d < 3; ++d) {
                record[d] = global[d];
                record[3 + d] = thread[d];
                record[6 + d] = group[d];
                record[9 + d] = launch.block[d];
                record[12 + d] = r.enqueued_local_size[d];
                record[15 + d] = r.num_groups[d];
                record[18 + d] = r.global_size[d];
                record[21 + d] = r.global_offset[d];
              }
              record[24] = r.work_dim;
            }
}

class Launches : public ProgramTest {
protected:
  // Runs work_items over the NDRange and checks every work-item's record
  // against the OpenCL specification; returns the enqueued local size.
  Size3 checkWorkItems(cl_program program, cl_uint dims, const Size3 &global, const size_t *offset,
                       const size_t *local) {
    cl_kernel items = kernel(program, "work_items");
    const size_t count = global[0] * global[1] * global[2];
    cl_mem out = makeBuffer(CL_MEM_READ_WRITE, count * kFields * sizeof(cl_ulong));
    const cl_uchar unwritten = 0xee;
    EXPECT_CL(CL_SUCCESS,
              clEnqueueFillBuffer(queue, out, &unwritten, 1, 0, count * kFields * sizeof(cl_ulong),
                                  0, nullptr, nullptr));
    setArg(items, 0, out);
    EXPECT_CL(CL_SUCCESS, clEnqueueNDRangeKernel(queue, items, dims, offset, global.data(), local,
                                                 0, nullptr, nullptr));
    EXPECT_CL(CL_SUCCESS, clFinish(queue));
    for (const ClcudaFakeLaunch &launch : takeLaunches())
      playWorkItems(launch);
    const std::vector<cl_ulong> records = read<cl_ulong>(out, count * kFields);
    const Size3 start = {offset && dims > 0 ? offset[0] : 0, offset && dims > 1 ? offset[1] : 0,
                         offset && dims > 2 ? offset[2] : 0};
    Size3 enqueued = {records[12], records[13], records[14]};
    for (cl_uint d = 0; local && d < dims; ++d) {
      EXPECT_EQ(enqueued[d], local[d]);
    }
    for (size_t index = 0; index < count; ++index) {
      const cl_ulong *r = &records[index * kFields];
      const Size3 position = {index % global[0], index / global[0] % global[1],
                              index / (global[0] * global[1])};
      for (int d = 0; d < 3; ++d) {
        const size_t l = enqueued[d], full = global[d] / l * l;
        const cl_ulong expected[8] = {start[d] + position[d],
                                      position[d] % l,
                                      position[d] / l,
                                      position[d] < full ? l : global[d] - full,
                                      l,
                                      (global[d] + l - 1) / l,
                                      global[d],
                                      start[d]};
        for (int field = 0; field < 8; ++field)
          if (r[field * 3 + d] != expected[field]) {
            ADD_FAILURE() << "work-item (" << position[0] << "," << position[1] << ","
                          << position[2] << ") field " << field << " dimension " << d << ": got "
                          << r[field * 3 + d] << ", expected " << expected[field];
            return enqueued;
          }
      }
      if (r[24] != dims) {
        ADD_FAILURE() << "work_dim " << r[24] << " at item " << index;
        return enqueued;
      }
    }
    return enqueued;
  }

  size_t deviceSize(cl_device_info param) {
    size_t value = 0;
    clGetDeviceInfo(device, param, sizeof(value), &value, nullptr);
    return value;
  }
};

TEST_F(Launches, OneDimension) {
  cl_program program = build(kWorkItems, "-cl-std=CL3.0");
  const size_t local[1] = {128};
  checkWorkItems(program, 1, {1024, 1, 1}, nullptr, local);
}

TEST_F(Launches, NonUniformTwoDimensionsWithOffsets) {
  cl_program program = build(kWorkItems, "-cl-std=CL3.0");
  const size_t offset[2] = {5, 7}, local[2] = {16, 8};
  checkWorkItems(program, 2, {100, 30, 1}, offset, local);
  if (fakeDevice())
    SUCCEED() << "played back from the recorded launches";
}

TEST_F(Launches, ThreeDimensionsWithRemainders) {
  cl_program program = build(kWorkItems, "-cl-std=CL2.0");
  const size_t offset[3] = {1, 2, 3}, local[3] = {4, 3, 2};
  checkWorkItems(program, 3, {9, 10, 11}, offset, local);
}

TEST_F(Launches, NullLocalSizeIsChosenAndUniformWhereRequired) {
  cl_program free = build(kWorkItems, "-cl-std=CL3.0");
  const Size3 chosen = checkWorkItems(free, 1, {100003, 1, 1}, nullptr, nullptr);
  EXPECT_EQ(chosen[0] % 32, 0u) << "non-uniform groups allowed: warp multiples";
  cl_program uniform = build(kWorkItems, "-cl-std=CL3.0 -cl-uniform-work-group-size");
  const Size3 divisor = checkWorkItems(uniform, 2, {1000, 6, 1}, nullptr, nullptr);
  EXPECT_EQ(1000 % divisor[0], 0u);
  EXPECT_EQ(6 % divisor[1], 0u);
  EXPECT_LE(divisor[0] * divisor[1], deviceSize(CL_DEVICE_MAX_WORK_GROUP_SIZE));
}

TEST_F(Launches, GridsBeyondCudasLimitsAreSplit) {
  cl_program program = build(kWorkItems, "-cl-std=CL3.0");
  const size_t local[3] = {1, 1, 1};
  checkWorkItems(program, 2, {2, 70000, 1}, nullptr, local);
  checkWorkItems(program, 3, {1, 2, 66000}, nullptr, local);
}

TEST_F(Launches, RequiredWorkGroupSizeStandsInForNull) {
  cl_program program = build(
      "__kernel __attribute__((reqd_work_group_size(16, 2, 1))) void work_items(__global ulong "
      "*out) " +
          std::string(std::strstr(kWorkItems, "{")),
      "-cl-std=CL3.0");
  const Size3 chosen = checkWorkItems(program, 2, {64, 8, 1}, nullptr, nullptr);
  EXPECT_EQ(chosen, (Size3{16, 2, 1}));
  cl_kernel items = kernel(program, "work_items");
  cl_mem out = makeBuffer(CL_MEM_READ_WRITE, 64);
  setArg(items, 0, out);
  const size_t global[2] = {64, 8}, wrong[2] = {8, 4};
  EXPECT_CL(CL_INVALID_WORK_GROUP_SIZE,
            clEnqueueNDRangeKernel(queue, items, 2, nullptr, global, wrong, 0, nullptr, nullptr));
}

TEST_F(Launches, UniformProgramsRejectRemainders) {
  for (const char *options : {"", "-cl-std=CL1.2", "-cl-std=CL3.0 -cl-uniform-work-group-size"}) {
    SCOPED_TRACE(options);
    cl_kernel put =
        kernel(build("__kernel void put(__global int *out) { out[0] = 1; }", options), "put");
    cl_mem out = makeBuffer(CL_MEM_READ_WRITE, sizeof(int));
    setArg(put, 0, out);
    const size_t global = 100, local = 16;
    EXPECT_CL(CL_INVALID_WORK_GROUP_SIZE,
              clEnqueueNDRangeKernel(queue, put, 1, nullptr, &global, &local, 0, nullptr, nullptr));
  }
}

TEST_F(Launches, WorkSizeErrors) {
  cl_kernel put =
      kernel(build("__kernel void put(__global int *out) { out[0] = 1; }", "-cl-std=CL3.0"), "put");
  cl_mem out = makeBuffer(CL_MEM_READ_WRITE, sizeof(int));
  setArg(put, 0, out);
  const size_t global[3] = {64, 64, 64};
  const size_t too_many[3] = {32, 32, 2}, too_deep[3] = {1, 1, 65}, zero[1] = {0};
  EXPECT_CL(CL_INVALID_WORK_DIMENSION,
            clEnqueueNDRangeKernel(queue, put, 0, nullptr, global, nullptr, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_WORK_DIMENSION,
            clEnqueueNDRangeKernel(queue, put, 4, nullptr, global, nullptr, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_WORK_GROUP_SIZE,
            clEnqueueNDRangeKernel(queue, put, 3, nullptr, global, too_many, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_WORK_ITEM_SIZE,
            clEnqueueNDRangeKernel(queue, put, 3, nullptr, global, too_deep, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_WORK_GROUP_SIZE,
            clEnqueueNDRangeKernel(queue, put, 1, nullptr, global, zero, 0, nullptr, nullptr));
  const size_t huge_offset[1] = {SIZE_MAX - 10};
  EXPECT_CL(CL_INVALID_GLOBAL_OFFSET, clEnqueueNDRangeKernel(queue, put, 1, huge_offset, global,
                                                             nullptr, 0, nullptr, nullptr));
  const size_t too_many_groups[1] = {size_t(1) << 40}, one[1] = {1};
  EXPECT_CL(
      CL_INVALID_GLOBAL_WORK_SIZE,
      clEnqueueNDRangeKernel(queue, put, 1, nullptr, too_many_groups, one, 0, nullptr, nullptr));
  cl_event bogus = reinterpret_cast<cl_event>(out);
  EXPECT_CL(CL_INVALID_EVENT_WAIT_LIST,
            clEnqueueNDRangeKernel(queue, put, 1, nullptr, global, nullptr, 1, &bogus, nullptr));
  EXPECT_CL(CL_INVALID_EVENT_WAIT_LIST,
            clEnqueueNDRangeKernel(queue, put, 1, nullptr, global, nullptr, 1, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_COMMAND_QUEUE,
            clEnqueueNDRangeKernel(nullptr, put, 1, nullptr, global, nullptr, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_KERNEL, clEnqueueNDRangeKernel(queue, nullptr, 1, nullptr, global, nullptr,
                                                      0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_OPERATION, clEnqueueNativeKernel(queue, nullptr, nullptr, 0, 0, nullptr,
                                                        nullptr, 0, nullptr, nullptr));
  // A queue of another context.
  cl_int error = CL_SUCCESS;
  cl_context other = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &error);
  cl_command_queue foreign = clCreateCommandQueueWithProperties(other, device, nullptr, &error);
  EXPECT_CL(CL_INVALID_CONTEXT,
            clEnqueueNDRangeKernel(foreign, put, 1, nullptr, global, nullptr, 0, nullptr, nullptr));
  clReleaseCommandQueue(foreign);
  clReleaseContext(other);
}

TEST_F(Launches, EmptyRangesCompleteWithoutALaunch) {
  cl_kernel put =
      kernel(build("__kernel void put(__global int *out) { out[0] = 1; }", "-cl-std=CL3.0"), "put");
  cl_mem out = makeBuffer(CL_MEM_READ_WRITE, sizeof(int));
  setArg(put, 0, out);
  const size_t global[2] = {16, 0};
  cl_event event = nullptr;
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, put, 2, nullptr, global, nullptr, 0, nullptr, &event));
  EXPECT_CL(CL_SUCCESS, clWaitForEvents(1, &event));
  EXPECT_EQ(status(event), CL_COMPLETE);
  cl_command_type type = 0;
  clGetEventInfo(event, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, nullptr);
  EXPECT_EQ(type, cl_command_type(CL_COMMAND_NDRANGE_KERNEL));
  clReleaseEvent(event);
  EXPECT_TRUE(takeLaunches().empty());
}

TEST_F(Launches, NullGlobalSizeIsAnEmptyRangeThatWaitsForItsWaitList) {
  // The CTS's zero_sized_enqueue and profiling_timebase: no launch, but an
  // NDRange command that completes after its wait list, profiled as one.
  cl_kernel put =
      kernel(build("__kernel void put(__global int *out) { out[0] = 1; }", "-cl-std=CL3.0"), "put");
  int zero = 0;
  cl_mem out = makeBuffer(CL_MEM_COPY_HOST_PTR, sizeof(int), &zero);
  setArg(put, 0, out);
  for (cl_uint dims = 1; dims <= 3; ++dims)
    EXPECT_CL(CL_SUCCESS, clEnqueueNDRangeKernel(queue, put, dims, nullptr, nullptr, nullptr, 0,
                                                 nullptr, nullptr))
        << dims << " dimensions";
  cl_command_queue profiled = makeQueue(CL_QUEUE_PROFILING_ENABLE);
  cl_event gate = makeUserEvent(), event = nullptr;
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(profiled, put, 1, nullptr, nullptr, nullptr, 1, &gate, &event));
  const cl_int waiting = status(event);
  EXPECT_TRUE(waiting == CL_QUEUED || waiting == CL_SUBMITTED) << waiting;
  EXPECT_CL(CL_SUCCESS, clSetUserEventStatus(gate, CL_COMPLETE));
  EXPECT_CL(CL_SUCCESS, clFinish(profiled));
  EXPECT_EQ(status(event), CL_COMPLETE);
  cl_command_type type = 0;
  clGetEventInfo(event, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, nullptr);
  EXPECT_EQ(type, cl_command_type(CL_COMMAND_NDRANGE_KERNEL));
  cl_ulong queued = 0, end = 0;
  EXPECT_CL(CL_SUCCESS, clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_QUEUED, sizeof(queued),
                                                &queued, nullptr));
  EXPECT_CL(CL_SUCCESS,
            clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof(end), &end, nullptr));
  EXPECT_LE(queued, end);
  clReleaseEvent(event);
  EXPECT_TRUE(takeLaunches().empty());
  EXPECT_EQ(read<int>(out, 1)[0], 0) << "the empty range wrote";
}

TEST_F(Launches, LocalArgumentsAreLaidOutInSharedMemory) {
  cl_program program = build(R"(
__kernel void reverse(__global const int *in, __global int *out, __local int *scratch,
                      __local char *bytes, __local double *wide) {
  size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
  scratch[l] = in[g];
  bytes[l] = (char)l;
  wide[l] = 0.5 * l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[g] = scratch[n - 1 - l] * 1000 + bytes[n - 1 - l] + (int)(wide[n - 1 - l] * 2.0);
}
)");
  cl_kernel reverse = kernel(program, "reverse");
  const size_t n = 256, group = 64;
  std::vector<int> input(n);
  for (size_t i = 0; i < n; ++i)
    input[i] = int(i);
  cl_mem in = makeBuffer(CL_MEM_COPY_HOST_PTR, n * sizeof(int), input.data());
  cl_mem out = makeBuffer(CL_MEM_READ_WRITE, n * sizeof(int));
  setArg(reverse, 0, in);
  setArg(reverse, 1, out);
  ASSERT_CL(CL_SUCCESS, clSetKernelArg(reverse, 2, group * sizeof(int), nullptr));
  ASSERT_CL(CL_SUCCESS, clSetKernelArg(reverse, 3, group + 3, nullptr)); // odd: the next aligns
  ASSERT_CL(CL_SUCCESS, clSetKernelArg(reverse, 4, group * sizeof(double), nullptr));
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, reverse, 1, nullptr, &n, &group, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  if (fakeDevice()) {
    const auto launches = takeLaunches();
    ASSERT_EQ(launches.size(), 1u);
    EXPECT_EQ(parameter<unsigned>(launches[0], 2), 0u);
    EXPECT_EQ(parameter<unsigned>(launches[0], 3), 256u);
    EXPECT_EQ(parameter<unsigned>(launches[0], 4), 256u + 72u); // 256 + 67 rounded up to 8
    EXPECT_EQ(launches[0].shared_bytes, 256u + 72u + 512u);
    return;
  }
  const std::vector<int> result = read<int>(out, n);
  for (size_t i = 0; i < n; ++i) {
    const size_t l = i % group, mirrored = group - 1 - l;
    ASSERT_EQ(result[i], int((i - l + mirrored) * 1000 + mirrored + mirrored)) << i;
  }
}

TEST_F(Launches, DynamicSharedMemoryBeyond48KiB) {
  cl_kernel big = kernel(build(R"(
__kernel void big(__global int *out, __local int *scratch, int count) {
  for (int i = get_local_id(0); i < count; i += get_local_size(0))
    scratch[i] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) {
    int sum = 0;
    for (int i = 0; i < count; ++i)
      sum += scratch[i];
    out[get_group_id(0)] = sum;
  }
}
)"),
                         "big");
  cl_ulong device_local = 0;
  clGetDeviceInfo(device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof(device_local), &device_local, nullptr);
  ASSERT_GT(device_local, 100u * 1024) << "the device cannot hold 100 KiB of local memory";
  const int count = 100 * 1024 / 4;
  cl_mem out = makeBuffer(CL_MEM_READ_WRITE, 2 * sizeof(int));
  setArg(big, 0, out);
  ASSERT_CL(CL_SUCCESS, clSetKernelArg(big, 1, count * sizeof(int), nullptr));
  setArg(big, 2, count);
  cl_ulong local = 0;
  clGetKernelWorkGroupInfo(big, device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof(local), &local, nullptr);
  EXPECT_GE(local, cl_ulong(count) * 4);
  const size_t global = 512, group = 256;
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, big, 1, nullptr, &global, &group, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  if (!fakeDevice()) {
    const long long expected = (long long)(count - 1) * count / 2;
    for (int sum : read<int>(out, 2))
      EXPECT_EQ(sum, int(expected));
  }
  ASSERT_CL(CL_SUCCESS, clSetKernelArg(big, 1, size_t(device_local) + 4, nullptr));
  EXPECT_CL(CL_OUT_OF_RESOURCES,
            clEnqueueNDRangeKernel(queue, big, 1, nullptr, &global, &group, 0, nullptr, nullptr));
}

TEST_F(Launches, KernelScopeLocalVariablesBeyond48KiB) {
  // 64 KiB of __local variables (past CUDA's static shared memory) and a
  // __local argument, which must be laid out after them: an overlap would
  // overwrite the tile's first elements.
  cl_kernel mirror = kernel(build(R"(
#define TILE 16384
__kernel void mirror(__global int *data, __local int *scratch) {
  __local int tile[TILE];
  size_t l = get_local_id(0), n = get_local_size(0), base = get_group_id(0) * TILE;
  for (size_t i = l; i < TILE; i += n)
    tile[i] = data[base + i];
  scratch[l] = -(int)l;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t i = l; i < TILE; i += n)
    data[base + i] = tile[TILE - 1 - i] * 1000 + scratch[n - 1 - l];
}
)"),
                            "mirror");
  const size_t tile = 16384, groups = 2, group = 256;
  std::vector<int> input(groups * tile);
  for (size_t i = 0; i < input.size(); ++i)
    input[i] = int(i % 100000);
  cl_mem data = makeBuffer(CL_MEM_COPY_HOST_PTR, input.size() * sizeof(int), input.data());
  setArg(mirror, 0, data);
  ASSERT_CL(CL_SUCCESS, clSetKernelArg(mirror, 1, group * sizeof(int), nullptr));
  cl_ulong local = 0;
  ASSERT_CL(CL_SUCCESS, clGetKernelWorkGroupInfo(mirror, device, CL_KERNEL_LOCAL_MEM_SIZE,
                                                 sizeof(local), &local, nullptr));
  EXPECT_GE(local, cl_ulong(tile + group) * sizeof(int));
  const size_t global = groups * group;
  ASSERT_CL(CL_SUCCESS, clEnqueueNDRangeKernel(queue, mirror, 1, nullptr, &global, &group, 0,
                                               nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  if (fakeDevice()) {
    const auto launches = takeLaunches();
    ASSERT_EQ(launches.size(), 1u);
    EXPECT_EQ(parameter<unsigned>(launches[0], 1), tile * sizeof(int));
    EXPECT_EQ(launches[0].shared_bytes, (tile + group) * sizeof(int));
  } else {
    const std::vector<int> result = read<int>(data, input.size());
    for (size_t i = 0; i < result.size(); ++i) {
      const size_t base = i / tile * tile, within = i % tile, l = within % group;
      ASSERT_EQ(result[i], input[base + tile - 1 - within] * 1000 - int(group - 1 - l)) << i;
    }
  }
  // The variables and the arguments share the device's local memory.
  cl_ulong device_local = 0;
  clGetDeviceInfo(device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof(device_local), &device_local, nullptr);
  ASSERT_CL(CL_SUCCESS, clSetKernelArg(mirror, 1, size_t(device_local) - 1024, nullptr));
  EXPECT_CL(CL_OUT_OF_RESOURCES, clEnqueueNDRangeKernel(queue, mirror, 1, nullptr, &global, &group,
                                                       0, nullptr, nullptr));
}

struct Record {
  float a;
  int b[3];
  char c;
};

TEST_F(Launches, ArgumentsByValue) {
  cl_kernel values = kernel(build(R"(
typedef struct { float a; int b[3]; char c; } Record;
__kernel void values(__global float *out, Record record, float3 direction, uchar small,
                     double precise, long big, short2 pair, __constant float *table) {
  out[0] = record.a; out[1] = record.b[2]; out[2] = record.c;
  out[3] = direction.x; out[4] = direction.z; out[5] = small;
  out[6] = (float)precise; out[7] = (float)big; out[8] = pair.y;
  out[9] = table ? table[1] : -1.0f;
}
)"),
                            "values");
  cl_mem out = makeBuffer(CL_MEM_READ_WRITE, 10 * sizeof(float));
  const float table_values[2] = {0.5f, 7.5f};
  cl_mem table = makeBuffer(CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY, sizeof(table_values),
                            const_cast<float *>(table_values));
  Record record{1.5f, {2, 3, 4}, 5};
  static_assert(sizeof(Record) == 20, "the OpenCL struct's layout");
  const cl_float3 direction = {{6, 7, 8}};
  const cl_short2 pair = {{9, 10}};
  setArg(values, 0, out);
  setArg(values, 1, record);
  setArg(values, 2, direction);
  setArg(values, 3, cl_uchar(11));
  setArg(values, 4, 12.0);
  setArg(values, 5, cl_long(13));
  setArg(values, 6, pair);
  setArg(values, 7, table);
  ASSERT_CL(CL_SUCCESS, clEnqueueTask(queue, values, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  if (fakeDevice()) {
    const auto launches = takeLaunches();
    ASSERT_EQ(launches.size(), 1u);
    EXPECT_EQ(launches[0].grid[0] * launches[0].block[0], 1u);
    const Record seen = parameter<Record>(launches[0], 1);
    EXPECT_EQ(std::memcmp(&seen, &record, sizeof(Record)), 0);
    EXPECT_EQ(parameter<cl_float3>(launches[0], 2).s[2], 8.0f);
    EXPECT_EQ(parameter<cl_uchar>(launches[0], 3), 11);
    EXPECT_EQ(parameter<double>(launches[0], 4), 12.0);
    EXPECT_EQ(parameter<cl_long>(launches[0], 5), 13);
    EXPECT_EQ(parameter<cl_short2>(launches[0], 6).s[1], 10);
    return;
  }
  EXPECT_EQ(read<float>(out, 10), (std::vector<float>{1.5f, 4, 5, 6, 8, 11, 12, 13, 10, 7.5f}));
  cl_mem null_table = nullptr;
  setArg(values, 7, null_table);
  ASSERT_CL(CL_SUCCESS, clEnqueueTask(queue, values, 0, nullptr, nullptr));
  EXPECT_EQ(read<float>(out, 10)[9], -1.0f);
}

TEST_F(Launches, AHeldLaunchKeepsTheArgumentsItWasEnqueuedWith) {
  cl_kernel put = kernel(build("__kernel void put(__global int *out, int value) {\n"
                               "  out[0] = value; }\n"),
                         "put");
  cl_mem out = makeBuffer(CL_MEM_READ_WRITE, sizeof(int));
  setArg(put, 0, out);
  setArg(put, 1, 1);
  cl_event gate = makeUserEvent(), done = nullptr;
  const size_t one = 1;
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, put, 1, nullptr, &one, &one, 1, &gate, &done));
  setArg(put, 1, 2);
  cl_int error = CL_SUCCESS;
  cl_mem replaced = clCreateBuffer(context, CL_MEM_READ_WRITE, sizeof(int), nullptr, &error);
  setArg(put, 0, replaced);
  clReleaseMemObject(replaced); // the kernel's new buffer goes; the held launch's stays
  EXPECT_EQ(status(done), CL_QUEUED);
  ASSERT_CL(CL_SUCCESS, clSetUserEventStatus(gate, CL_COMPLETE));
  ASSERT_CL(CL_SUCCESS, clWaitForEvents(1, &done));
  clReleaseEvent(done);
  if (fakeDevice()) {
    const auto launches = takeLaunches();
    ASSERT_EQ(launches.size(), 1u);
    EXPECT_EQ(parameter<int>(launches[0], 1), 1);
    return;
  }
  EXPECT_EQ(read<int>(out, 1)[0], 1);
}

TEST_F(Launches, EventsWaitListsAndProfiling) {
  cl_program program = build("__kernel void add(__global int *x, int v) { x[0] += v; }");
  cl_kernel first = kernel(program, "add"), second = kernel(program, "add");
  cl_command_queue profiled = makeQueue(CL_QUEUE_PROFILING_ENABLE);
  cl_command_queue other = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  const int zero = 0;
  cl_mem x = makeBuffer(CL_MEM_COPY_HOST_PTR, sizeof(int), const_cast<int *>(&zero));
  setArg(first, 0, x);
  setArg(first, 1, 5);
  setArg(second, 0, x);
  setArg(second, 1, 7);
  const size_t one = 1;
  cl_event a = nullptr, b = nullptr;
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(profiled, first, 1, nullptr, &one, &one, 0, nullptr, &a));
  ASSERT_CL(CL_SUCCESS, clEnqueueNDRangeKernel(other, second, 1, nullptr, &one, &one, 1, &a, &b));
  ASSERT_CL(CL_SUCCESS, clWaitForEvents(1, &b));
  EXPECT_EQ(status(a), CL_COMPLETE);
  cl_ulong start = 0, end = 0;
  ASSERT_CL(CL_SUCCESS,
            clGetEventProfilingInfo(a, CL_PROFILING_COMMAND_START, sizeof(start), &start, nullptr));
  ASSERT_CL(CL_SUCCESS,
            clGetEventProfilingInfo(a, CL_PROFILING_COMMAND_END, sizeof(end), &end, nullptr));
  EXPECT_LE(start, end);
  clReleaseEvent(a);
  clReleaseEvent(b);
  if (!fakeDevice()) {
    EXPECT_EQ(read<int>(x, 1)[0], 12);
  }
}

TEST_F(Launches, ThreadsShareAKernel) {
  cl_kernel add = kernel(build("__kernel void add(__global int *x) { atomic_inc(x); }"), "add");
  const int zero = 0;
  cl_mem x = makeBuffer(CL_MEM_COPY_HOST_PTR, sizeof(int), const_cast<int *>(&zero));
  setArg(add, 0, x);
  constexpr int kThreads = 8, kLaunches = 200;
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      cl_command_queue own = t % 2 ? queue : nullptr;
      cl_int error = CL_SUCCESS;
      if (!own)
        own = clCreateCommandQueueWithProperties(context, device, nullptr, &error);
      const size_t global = 64, local = 32;
      for (int i = 0; i < kLaunches; ++i)
        if (clEnqueueNDRangeKernel(own, add, 1, nullptr, &global, &local, 0, nullptr, nullptr) !=
            CL_SUCCESS)
          ++failures;
      clFinish(own);
      if (own != queue)
        clReleaseCommandQueue(own);
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(failures.load(), 0);
  clFinish(queue);
  if (fakeDevice()) {
    EXPECT_EQ(takeLaunches().size(), size_t(kThreads * kLaunches));
  } else {
    EXPECT_EQ(read<int>(x, 1)[0], kThreads * kLaunches * 64);
  }
}

// ---- faults ----

std::atomic<int> lost_notices{0};
void CL_CALLBACK noteContextError(const char *message, const void *, size_t, void *) {
  if (std::strstr(message, "lost"))
    ++lost_notices;
}

cl_int eventStatus(cl_event event) {
  cl_int value = CL_QUEUED;
  clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(value), &value, nullptr);
  return value;
}

// A kernel that faults: an out-of-bounds write, or a trap. Each runs in a
// child process, since after a fault CUDA has no working context for the
// process; the parent, and every other test, show that another process has.
class Faults : public ::testing::TestWithParam<const char *> {};

const char *kFaultSource = R"(
__kernel void fault_write(__global int *p) { ((__global int *)0x10)[get_global_id(0)] = p[0]; }
__kernel void fault_trap(__global int *p) { if (p[0] == 0) __builtin_trap(); p[1] = 1; }
__kernel void fine(__global int *p) { p[0] = 2; }
)";

TEST_P(Faults, FailTheirEventsAndContextsAndNotTheProcess) {
  if (cuda::deviceCount() == 0)
    GTEST_SKIP() << "no CUDA device: " << cuda::driverUnavailableReason();
  if (!childRole()) {
    const ChildResult child = runChild("fault", {}, {"--loading=" + loadingMode()});
    EXPECT_EQ(child.signal, 0) << child.output;
    EXPECT_EQ(child.exit_code, 0) << child.output;
    for (const std::string line : {"clcuda: the context is lost", "restart the process"}) {
      const size_t first = child.output.find(line);
      EXPECT_NE(first, std::string::npos) << child.output;
      EXPECT_EQ(child.output.find(line, first + 1), std::string::npos)
          << "reported more than once:\n"
          << child.output;
    }
    return;
  }
  const cl_platform_id platform = findClcudaPlatform();
  ASSERT_NE(platform, nullptr);
  cl_device_id device = nullptr;
  ASSERT_CL(CL_SUCCESS, clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 1, &device, nullptr));
  cl_int error = CL_SUCCESS;
  cl_context faulty = clCreateContext(nullptr, 1, &device, noteContextError, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  cl_command_queue first = clCreateCommandQueueWithProperties(faulty, device, nullptr, &error);
  cl_command_queue second = clCreateCommandQueueWithProperties(faulty, device, nullptr, &error);
  cl_program program = clCreateProgramWithSource(faulty, 1, &kFaultSource, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr));
  cl_kernel fault = clCreateKernel(program, GetParam(), &error);
  ASSERT_CL(CL_SUCCESS, error);
  cl_kernel fine = clCreateKernel(program, "fine", &error);
  const int zeros[16] = {};
  cl_mem buffer = clCreateBuffer(faulty, CL_MEM_COPY_HOST_PTR, sizeof(zeros),
                                 const_cast<int *>(zeros), &error);
  clSetKernelArg(fault, 0, sizeof(buffer), &buffer);
  clSetKernelArg(fine, 0, sizeof(buffer), &buffer);
  const size_t size = 64;
  // A callback on the faulting command: it must come, with an error status.
  static std::atomic<cl_int> callback_status{1};
  const auto noteStatus = [](cl_event, cl_int status, void *) { callback_status = status; };
  // The fault may already show when the launch's own completion event is
  // recorded: then the enqueue itself fails.
  cl_event faulted = nullptr, dependent = nullptr;
  const cl_int enqueued =
      clEnqueueNDRangeKernel(first, fault, 1, nullptr, &size, &size, 0, nullptr, &faulted);
  if (enqueued == CL_SUCCESS) {
    ASSERT_CL(CL_SUCCESS, clSetEventCallback(faulted, CL_COMPLETE, noteStatus, nullptr));
    // A command that waits for it, on another queue: it fails too, now or later.
    error = clEnqueueNDRangeKernel(second, fine, 1, nullptr, &size, &size, 1, &faulted, &dependent);
    // The callback comes without a wait or a query from the application.
    EXPECT_TRUE(waitUntil([] { return callback_status.load() != 1; })) << "no callback";
    EXPECT_LT(callback_status.load(), 0);
    EXPECT_CL(CL_OUT_OF_RESOURCES, clFinish(first));
    EXPECT_CL(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, clWaitForEvents(1, &faulted));
    EXPECT_LT(eventStatus(faulted), 0);
    clReleaseEvent(faulted);
    if (error == CL_SUCCESS) {
      clWaitForEvents(1, &dependent);
      EXPECT_LT(eventStatus(dependent), 0);
      clReleaseEvent(dependent);
    } else {
      EXPECT_CL(CL_OUT_OF_RESOURCES, error);
    }
  } else {
    EXPECT_CL(CL_OUT_OF_RESOURCES, enqueued);
  }
  // Every later command in the context fails; the process goes on.
  EXPECT_CL(CL_OUT_OF_RESOURCES,
            clEnqueueNDRangeKernel(first, fine, 1, nullptr, &size, &size, 0, nullptr, nullptr));
  int value = 0;
  EXPECT_CL(CL_OUT_OF_RESOURCES, clEnqueueReadBuffer(second, buffer, CL_TRUE, 0, sizeof(value),
                                                     &value, 0, nullptr, nullptr));
  EXPECT_CL(CL_OUT_OF_RESOURCES, clFinish(second));
  EXPECT_TRUE(waitUntil([] { return lost_notices.load() == 1; }));
  EXPECT_CL(CL_SUCCESS, clReleaseMemObject(buffer));
  EXPECT_CL(CL_SUCCESS, clReleaseKernel(fault));
  EXPECT_CL(CL_SUCCESS, clReleaseKernel(fine));
  EXPECT_CL(CL_SUCCESS, clReleaseProgram(program));
  EXPECT_CL(CL_SUCCESS, clReleaseCommandQueue(first));
  EXPECT_CL(CL_SUCCESS, clReleaseCommandQueue(second));
  EXPECT_CL(CL_SUCCESS, clReleaseContext(faulty));
  // CUDA has no working context for this process any more: a new one fails
  // cleanly, and stderr says why (the parent reads it).
  cl_context fresh = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &error);
  EXPECT_CL(CL_OUT_OF_RESOURCES, error);
  EXPECT_EQ(fresh, nullptr);
}

INSTANTIATE_TEST_SUITE_P(Launches, Faults, ::testing::Values("fault_write", "fault_trap"),
                         [](const ::testing::TestParamInfo<const char *> &info) {
                           return std::string(info.param);
                         });

} // namespace
} // namespace clcuda::test
