// cl_khr_suggested_local_work_size through the OpenCL API: the suggestion
// is the local size an enqueue with a NULL local_work_size launches (read
// back from the kernel on the GPU, from the recorded launch's NDRange on
// the CPU stand-in for the driver), reqd_work_group_size is suggested, and
// each of the extension's errors is returned where the enqueue returns it.
#include "program_fixture.h"

#include <CL/cl_icd.h>
#include <clcuda/opencl_31.h>
#include <dlfcn.h>

#include <array>
#include <cstddef>
#include <cstring>

namespace clcuda::test {
namespace {

using Size3 = std::array<size_t, 3>;

// The first work-group's size: the enqueued local size, as the CTS's
// test_wg_suggested_local_work_size reads it (any OpenCL C version).
const char kSizes[] = R"(
__kernel void sizes(__global ulong *out) {
  if (get_global_id(0) == get_global_offset(0) && get_global_id(1) == get_global_offset(1) &&
      get_global_id(2) == get_global_offset(2))
    for (uint d = 0; d < 3; ++d)
      out[d] = get_local_size(d);
}
__kernel void sizes_with_local(__global ulong *out, __local uchar *scratch) {
  if (get_global_id(0) == get_global_offset(0) && get_global_id(1) == get_global_offset(1) &&
      get_global_id(2) == get_global_offset(2))
    for (uint d = 0; d < 3; ++d)
      out[d] = get_local_size(d);
}
__kernel __attribute__((reqd_work_group_size(16, 2, 1))) void required(__global ulong *out) {
  out[0] = get_local_size(0);
}
)";

// The hidden argument (kernels/include/clc/ndrange.h), as launched.
struct NdRange {
  unsigned long long global_size[3], global_offset[3], enqueued_local_size[3], num_groups[3];
  unsigned group_offset[3], work_dim;
};
static_assert(sizeof(NdRange) == 112, "clc::ndrange is 112 bytes");

class SuggestedLocalSize : public ProgramTest {
protected:
  void SetUp() override {
    ProgramTest::SetUp();
    if (IsSkipped())
      return;
    suggest = reinterpret_cast<clGetKernelSuggestedLocalWorkSizeKHR_fn>(
        clGetExtensionFunctionAddressForPlatform(platform, "clGetKernelSuggestedLocalWorkSizeKHR"));
    ASSERT_NE(suggest, nullptr);
    out = makeBuffer(CL_MEM_READ_WRITE, 3 * sizeof(cl_ulong));
  }

  // The suggestion for the range; past work_dim the array is left alone.
  Size3 suggested(cl_kernel kernel, cl_uint dims, const Size3 &global, const size_t *offset) {
    Size3 local = {kUntouched, kUntouched, kUntouched};
    EXPECT_CL(CL_SUCCESS, suggest(queue, kernel, dims, offset, global.data(), local.data()));
    for (cl_uint d = dims; d < 3; ++d) {
      EXPECT_EQ(local[d], kUntouched) << "written past work_dim, dimension " << d;
      local[d] = 1;
    }
    return local;
  }

  // The enqueued local size of a launch of `kernel` (its argument 0 `out`)
  // with a NULL local size.
  Size3 launched(cl_kernel kernel, cl_uint dims, const Size3 &global, const size_t *offset) {
    const cl_ulong unwritten[3] = {0, 0, 0};
    EXPECT_CL(CL_SUCCESS, clEnqueueWriteBuffer(queue, out, CL_TRUE, 0, sizeof(unwritten), unwritten,
                                               0, nullptr, nullptr));
    EXPECT_CL(CL_SUCCESS, clEnqueueNDRangeKernel(queue, kernel, dims, offset, global.data(),
                                                 nullptr, 0, nullptr, nullptr));
    EXPECT_CL(CL_SUCCESS, clFinish(queue));
    if (fakeDevice()) {
      const std::vector<ClcudaFakeLaunch> launches = takeLaunches();
      EXPECT_FALSE(launches.empty());
      if (launches.empty())
        return {0, 0, 0};
      // Every launch of a split range carries the same NDRange.
      const ClcudaFakeLaunch &first = launches.front();
      const NdRange range = parameter<NdRange>(first, first.parameter_count - 1);
      EXPECT_EQ(range.work_dim, dims);
      for (int d = 0; d < 3; ++d)
        EXPECT_EQ(range.global_size[d], d < int(dims) ? global[d] : 1u);
      return {size_t(range.enqueued_local_size[0]), size_t(range.enqueued_local_size[1]),
              size_t(range.enqueued_local_size[2])};
    }
    const std::vector<cl_ulong> sizes = read<cl_ulong>(out, 3);
    return {size_t(sizes[0]), size_t(sizes[1]), size_t(sizes[2])};
  }

  // The suggestion, checked against the launch and the limits.
  Size3 check(cl_kernel kernel, cl_uint dims, const Size3 &global, const size_t *offset,
              bool uniform) {
    SCOPED_TRACE("global " + std::to_string(global[0]) + " " + std::to_string(global[1]) + " " +
                 std::to_string(global[2]) + ", " + std::to_string(dims) + " dimensions" +
                 (offset ? ", offset" : ""));
    const Size3 local = suggested(kernel, dims, global, offset);
    EXPECT_EQ(local, launched(kernel, dims, global, offset));
    size_t largest = 0;
    clGetKernelWorkGroupInfo(kernel, device, CL_KERNEL_WORK_GROUP_SIZE, sizeof(largest), &largest,
                             nullptr);
    EXPECT_LE(local[0] * local[1] * local[2], largest);
    size_t item_sizes[3] = {};
    clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof(item_sizes), item_sizes, nullptr);
    for (cl_uint d = 0; d < dims; ++d) {
      EXPECT_GE(local[d], 1u);
      EXPECT_LE(local[d], item_sizes[d]);
      EXPECT_LE(local[d], global[d]);
      if (uniform) {
        EXPECT_EQ(global[d] % local[d], 0u) << "dimension " << d;
      }
    }
    return local;
  }

  static constexpr size_t kUntouched = 0xdeadbeef;
  clGetKernelSuggestedLocalWorkSizeKHR_fn suggest = nullptr;
  cl_mem out = nullptr;
};

// 1 to 3 dimensions: powers of two, primes, odd and small sizes.
const Size3 kRanges[] = {{1, 1, 1},    {7, 1, 1},    {64, 1, 1},     {1000, 1, 1},
                         {1031, 1, 1}, {2062, 1, 1}, {100003, 1, 1}, {1 << 20, 1, 1},
                         {1000, 6, 1}, {113, 64, 1}, {3, 12, 1},     {1, 4099, 1},
                         {64, 3, 12},  {9, 10, 11},  {1, 2, 66000}};

cl_uint dimensionsOf(const Size3 &global) { return global[2] > 1 ? 3 : global[1] > 1 ? 2 : 1; }

TEST_F(SuggestedLocalSize, IsClaimedAtVersion100) {
  EXPECT_NE(deviceString(device, CL_DEVICE_EXTENSIONS).find("cl_khr_suggested_local_work_size"),
            std::string::npos);
  const std::vector<cl_name_version> extensions =
      infoVector<cl_name_version>(clGetDeviceInfo, device, CL_DEVICE_EXTENSIONS_WITH_VERSION);
  bool found = false;
  for (const cl_name_version &extension : extensions)
    if (std::strcmp(extension.name, "cl_khr_suggested_local_work_size") == 0) {
      found = true;
      EXPECT_EQ(extension.version, CL_MAKE_VERSION(1, 0, 0));
    }
  EXPECT_TRUE(found);
}

// OpenCL 3.1's core name of the query, found as a loader that knows 3.1
// finds it: the slot after the 3.0 table's last in the dispatch table that
// every object starts with.
clGetKernelSuggestedLocalWorkSize_fn openCL31Slot(cl_kernel kernel) {
  const void *const *dispatch = *reinterpret_cast<const void *const *const *>(kernel);
  const size_t index = offsetof(cl_icd_dispatch, clSetContextDestructorCallback) / sizeof(void *);
  return reinterpret_cast<clGetKernelSuggestedLocalWorkSize_fn>(
      const_cast<void *>(dispatch[index + 1]));
}

TEST_F(SuggestedLocalSize, OpenCL31sNameIsTheSameQuery) {
  cl_kernel sizes = kernel(build(kSizes, "-cl-std=CL3.0"), "sizes");
  setArg(sizes, 0, out);
  suggest = openCL31Slot(sizes);
  ASSERT_NE(suggest, nullptr);
  for (const Size3 &global : kRanges)
    check(sizes, dimensionsOf(global), global, nullptr, false);
  Size3 local{};
  EXPECT_CL(CL_INVALID_VALUE, suggest(queue, sizes, 1, nullptr, Size3{64, 1, 1}.data(), nullptr));
  EXPECT_CL(CL_INVALID_KERNEL,
            suggest(queue, nullptr, 1, nullptr, Size3{64, 1, 1}.data(), local.data()));
  // In place of libOpenCL.so.1 it is also the exported symbol.
  if (loadingMode() == "relink") {
    EXPECT_EQ(reinterpret_cast<void *>(suggest),
              dlsym(RTLD_DEFAULT, "clGetKernelSuggestedLocalWorkSize"));
  }
}

TEST_F(SuggestedLocalSize, IsWhatANullLocalSizeLaunches) {
  // Non-uniform work-groups allowed (OpenCL C 3.0), and not (1.2, or 3.0
  // with -cl-uniform-work-group-size).
  for (const char *options :
       {"-cl-std=CL3.0", "-cl-std=CL1.2", "-cl-std=CL3.0 -cl-uniform-work-group-size"}) {
    SCOPED_TRACE(options);
    const bool uniform = std::strcmp(options, "-cl-std=CL3.0") != 0;
    cl_kernel sizes = kernel(build(kSizes, options), "sizes");
    setArg(sizes, 0, out);
    const size_t offset[3] = {10, 20, 30};
    for (const Size3 &global : kRanges) {
      check(sizes, dimensionsOf(global), global, nullptr, uniform);
      check(sizes, dimensionsOf(global), global, offset, uniform);
    }
    // The same range in more dimensions than it needs.
    check(sizes, 3, {1000, 1, 1}, nullptr, uniform);
  }
}

TEST_F(SuggestedLocalSize, FollowsTheLocalArguments) {
  // The occupancy API's block size depends on the dynamic shared memory.
  cl_kernel sizes = kernel(build(kSizes, "-cl-std=CL3.0"), "sizes_with_local");
  setArg(sizes, 0, out);
  for (size_t bytes : {size_t(1), size_t(1024), size_t(32768)}) {
    SCOPED_TRACE(std::to_string(bytes) + " bytes of __local");
    ASSERT_CL(CL_SUCCESS, clSetKernelArg(sizes, 1, bytes, nullptr));
    check(sizes, 1, {100003, 1, 1}, nullptr, false);
    check(sizes, 2, {113, 64, 1}, nullptr, false);
  }
}

TEST_F(SuggestedLocalSize, NonUniformWhereAllowed) {
  // A prime: no divisor but 1, so the uniform choice is 1 and the free one
  // is a multiple of the warp with a smaller group at the end.
  const Size3 prime = {1031, 1, 1};
  cl_kernel free = kernel(build(kSizes, "-cl-std=CL3.0"), "sizes");
  setArg(free, 0, out);
  const Size3 local = check(free, 1, prime, nullptr, false);
  EXPECT_NE(prime[0] % local[0], 0u);
  EXPECT_EQ(local[0] % 32, 0u);
  cl_kernel uniform = kernel(build(kSizes, "-cl-std=CL1.2"), "sizes");
  setArg(uniform, 0, out);
  EXPECT_EQ(check(uniform, 1, prime, nullptr, true), (Size3{1, 1, 1}));
}

TEST_F(SuggestedLocalSize, IsTheRequiredWorkGroupSize) {
  cl_kernel required = kernel(build(kSizes, "-cl-std=CL3.0"), "required");
  setArg(required, 0, out);
  const Size3 expected = {16, 2, 1};
  Size3 local{};
  EXPECT_CL(CL_SUCCESS, suggest(queue, required, 3, nullptr, Size3{64, 8, 4}.data(), local.data()));
  EXPECT_EQ(local, expected);
  local = {};
  EXPECT_CL(CL_SUCCESS, suggest(queue, required, 2, nullptr, Size3{64, 8, 1}.data(), local.data()));
  EXPECT_EQ(local, (Size3{16, 2, 0}));
  // Non-uniform (OpenCL C 3.0): the required size also where it does not divide.
  local = {};
  EXPECT_CL(CL_SUCCESS,
            suggest(queue, required, 2, nullptr, Size3{100, 7, 1}.data(), local.data()));
  EXPECT_EQ(local, (Size3{16, 2, 0}));
  if (fakeDevice()) {
    EXPECT_CL(CL_SUCCESS,
              clEnqueueNDRangeKernel(queue, required, 2, nullptr, Size3{100, 7, 1}.data(), nullptr,
                                     0, nullptr, nullptr));
    EXPECT_CL(CL_SUCCESS, clFinish(queue));
    const std::vector<ClcudaFakeLaunch> launches = takeLaunches();
    ASSERT_FALSE(launches.empty());
    const NdRange range =
        parameter<NdRange>(launches.front(), launches.front().parameter_count - 1);
    EXPECT_EQ(range.enqueued_local_size[0], 16u);
    EXPECT_EQ(range.enqueued_local_size[1], 2u);
  }
  // Where the enqueue refuses the required size, so does the query: not
  // dividing a uniform range, or 2 in a dimension past work_dim.
  cl_kernel uniform = kernel(build(kSizes, "-cl-std=CL1.2"), "required");
  setArg(uniform, 0, out);
  EXPECT_CL(CL_INVALID_WORK_GROUP_SIZE,
            suggest(queue, uniform, 2, nullptr, Size3{100, 8, 1}.data(), local.data()));
  EXPECT_CL(CL_INVALID_WORK_GROUP_SIZE,
            clEnqueueNDRangeKernel(queue, uniform, 2, nullptr, Size3{100, 8, 1}.data(), nullptr, 0,
                                   nullptr, nullptr));
  EXPECT_CL(CL_INVALID_WORK_GROUP_SIZE,
            suggest(queue, required, 1, nullptr, Size3{64, 1, 1}.data(), local.data()));
}

TEST_F(SuggestedLocalSize, ReturnsTheSpecsErrors) {
  cl_program program = build(kSizes, "-cl-std=CL3.0");
  cl_kernel sizes = kernel(program, "sizes");
  const Size3 global = {64, 64, 64};
  Size3 local{};
  // Arguments not set.
  EXPECT_CL(CL_INVALID_KERNEL_ARGS, suggest(queue, sizes, 1, nullptr, global.data(), local.data()));
  setArg(sizes, 0, out);
  EXPECT_CL(CL_SUCCESS, suggest(queue, sizes, 1, nullptr, global.data(), local.data()));
  // Handles.
  EXPECT_CL(CL_INVALID_COMMAND_QUEUE,
            suggest(nullptr, sizes, 1, nullptr, global.data(), local.data()));
  EXPECT_CL(CL_INVALID_COMMAND_QUEUE, suggest(reinterpret_cast<cl_command_queue>(sizes), sizes, 1,
                                              nullptr, global.data(), local.data()));
  EXPECT_CL(CL_INVALID_KERNEL, suggest(queue, nullptr, 1, nullptr, global.data(), local.data()));
  EXPECT_CL(CL_INVALID_KERNEL, suggest(queue, reinterpret_cast<cl_kernel>(out), 1, nullptr,
                                       global.data(), local.data()));
  cl_int error = CL_SUCCESS;
  cl_context other = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  cl_command_queue foreign = clCreateCommandQueueWithProperties(other, device, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_CL(CL_INVALID_CONTEXT, suggest(foreign, sizes, 1, nullptr, global.data(), local.data()));
  clReleaseCommandQueue(foreign);
  clReleaseContext(other);
  // work_dim.
  EXPECT_CL(CL_INVALID_WORK_DIMENSION,
            suggest(queue, sizes, 0, nullptr, global.data(), local.data()));
  EXPECT_CL(CL_INVALID_WORK_DIMENSION,
            suggest(queue, sizes, 4, nullptr, global.data(), local.data()));
  // The global size: NULL or 0 is no range to suggest for (the enqueue
  // takes it as an empty range).
  EXPECT_CL(CL_INVALID_GLOBAL_WORK_SIZE, suggest(queue, sizes, 1, nullptr, nullptr, local.data()));
  for (cl_uint zero_at = 0; zero_at < 3; ++zero_at) {
    Size3 with_zero = global;
    with_zero[zero_at] = 0;
    EXPECT_CL(CL_INVALID_GLOBAL_WORK_SIZE,
              suggest(queue, sizes, 3, nullptr, with_zero.data(), local.data()))
        << "zero in dimension " << zero_at;
  }
  // A zero past work_dim is not read.
  EXPECT_CL(CL_SUCCESS, suggest(queue, sizes, 2, nullptr, Size3{64, 64, 0}.data(), local.data()));
  // Offsets that overflow size_t with the global size.
  const size_t huge_offset[3] = {0, SIZE_MAX - 10, 0};
  EXPECT_CL(CL_INVALID_GLOBAL_OFFSET,
            suggest(queue, sizes, 2, huge_offset, global.data(), local.data()));
  EXPECT_CL(CL_SUCCESS, suggest(queue, sizes, 1, huge_offset, global.data(), local.data()))
      << "the offset past work_dim is not read";
  // 2^32 work-groups or more in a dimension (CUDA's block ids are 32-bit),
  // as the enqueue refuses them: a required size of 16 over 2^40 work-items.
  cl_kernel required = kernel(program, "required");
  setArg(required, 0, out);
  const Size3 too_many_groups = {size_t(1) << 40, 2, 1};
  EXPECT_CL(CL_INVALID_GLOBAL_WORK_SIZE,
            suggest(queue, required, 2, nullptr, too_many_groups.data(), local.data()));
  EXPECT_CL(CL_INVALID_GLOBAL_WORK_SIZE,
            clEnqueueNDRangeKernel(queue, required, 2, nullptr, too_many_groups.data(), nullptr, 0,
                                   nullptr, nullptr));
  // Nowhere to write the answer.
  EXPECT_CL(CL_INVALID_VALUE, suggest(queue, sizes, 1, nullptr, global.data(), nullptr));
  // __local arguments beyond the device's shared memory: what the enqueue returns.
  cl_kernel with_local = kernel(program, "sizes_with_local");
  setArg(with_local, 0, out);
  cl_ulong local_memory = 0;
  clGetDeviceInfo(device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof(local_memory), &local_memory, nullptr);
  ASSERT_CL(CL_SUCCESS, clSetKernelArg(with_local, 1, size_t(local_memory) + 1, nullptr));
  EXPECT_CL(CL_OUT_OF_RESOURCES,
            suggest(queue, with_local, 1, nullptr, global.data(), local.data()));
  EXPECT_CL(CL_OUT_OF_RESOURCES,
            clEnqueueNDRangeKernel(queue, with_local, 1, nullptr, global.data(), nullptr, 0,
                                   nullptr, nullptr));
  EXPECT_TRUE(takeLaunches().empty());
}

TEST_F(SuggestedLocalSize, NeedsAnExecutableForTheQueuesDevice) {
  std::vector<cl_device_id> devices;
  twoDevices(devices);
  if (devices.empty())
    return;
  cl_int error = CL_SUCCESS;
  cl_context shared = clCreateContext(nullptr, 2, devices.data(), nullptr, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  const char *source = kSizes;
  cl_program program = clCreateProgramWithSource(shared, 1, &source, nullptr, &error);
  // Built for the second device only.
  ASSERT_CL(CL_SUCCESS, clBuildProgram(program, 1, &devices[1], "-cl-std=CL3.0", nullptr, nullptr));
  cl_kernel sizes = clCreateKernel(program, "sizes", &error);
  ASSERT_CL(CL_SUCCESS, error);
  cl_mem buffer = clCreateBuffer(shared, CL_MEM_READ_WRITE, 3 * sizeof(cl_ulong), nullptr, &error);
  clSetKernelArg(sizes, 0, sizeof(buffer), &buffer);
  cl_command_queue first = clCreateCommandQueueWithProperties(shared, devices[0], nullptr, &error);
  cl_command_queue second = clCreateCommandQueueWithProperties(shared, devices[1], nullptr, &error);
  const size_t global = 1000;
  size_t local = 0;
  EXPECT_CL(CL_INVALID_PROGRAM_EXECUTABLE, suggest(first, sizes, 1, nullptr, &global, &local));
  EXPECT_CL(CL_SUCCESS, suggest(second, sizes, 1, nullptr, &global, &local));
  EXPECT_GE(local, 1u);
  clReleaseCommandQueue(first);
  clReleaseCommandQueue(second);
  clReleaseMemObject(buffer);
  clReleaseKernel(sizes);
  clReleaseProgram(program);
  clReleaseContext(shared);
}

} // namespace
} // namespace clcuda::test
