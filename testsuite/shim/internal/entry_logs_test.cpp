// What the entry points log: their statuses by name (CLCUDA_LOG=calls) and,
// for an error, the reason the call was refused (CLCUDA_LOG_ERRORS).
#include "api/entry.h"
#include "api/validation.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

// The logs (CLCUDA_LOG_ERRORS, CLCUDA_LOG=calls) name OpenCL's error codes.
TEST(EntryLogs, StatusesAreNamed) {
  using clcuda::api::callLine;
  EXPECT_EQ(callLine("clFinish", CL_SUCCESS, 12e-6), "call clFinish: CL_SUCCESS, 12.0 us");
  EXPECT_EQ(callLine("clFlush", -12345, 0.5e-6), "call clFlush: error -12345, 0.5 us");
  EXPECT_EQ(callLine("clGetPlatformIDs", CL_PLATFORM_NOT_FOUND_KHR, 1e-6),
            "call clGetPlatformIDs: CL_PLATFORM_NOT_FOUND_KHR, 1.0 us");
}

// A refused call's reason joins its error in the log, for this thread and
// this call only.
TEST(EntryLogs, RefusalsSayWhy) {
  using namespace clcuda::api;
  WorkSizeLimits limits;
  limits.max_work_item_sizes = {1024, 1024, 64};
  limits.max_work_group_size = 1024;
  const std::size_t global[] = {1000}, local[] = {64};
  EXPECT_EQ(checkWorkSizes(1, nullptr, global, local, limits), CL_INVALID_WORK_GROUP_SIZE);
  EXPECT_EQ(refusal(), "local_work_size[0] = 64 does not divide global_work_size[0] = 1000 "
                       "(work-groups must be uniform: OpenCL C 1.x, or "
                       "-cl-uniform-work-group-size)");
  EXPECT_EQ(errorLine("clEnqueueNDRangeKernel", CL_INVALID_WORK_GROUP_SIZE, refusal(),
                      CUDA_ERROR_INVALID_VALUE),
            "clEnqueueNDRangeKernel returned CL_INVALID_WORK_GROUP_SIZE: " + refusal() +
                " (CUDA: CUDA_ERROR_INVALID_VALUE)");
  std::string elsewhere = "unset";
  std::thread([&] { elsewhere = refusal(); }).join();
  EXPECT_EQ(elsewhere, "");
  EXPECT_EQ(guarded("clFinish", [] { return CL_SUCCESS; }), CL_SUCCESS);
  EXPECT_EQ(refusal(), "") << "a new call forgets the last one's reason";
  EXPECT_EQ(errorLine("clFlush", CL_INVALID_COMMAND_QUEUE, "", CUDA_SUCCESS),
            "clFlush returned CL_INVALID_COMMAND_QUEUE");
  // Every check names the argument and what is wrong with it.
  EXPECT_EQ(checkBufferFlags(CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(refusal(), "flags has more than one of CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY and "
                       "CL_MEM_READ_ONLY");
  EXPECT_EQ(checkBufferFlags(CL_MEM_USE_HOST_PTR, nullptr), CL_INVALID_HOST_PTR);
  EXPECT_EQ(refusal(), "host_ptr is NULL with CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR");
  const int pattern = 0;
  EXPECT_EQ(checkFill(&pattern, 3, 0, 6, 16), CL_INVALID_VALUE);
  EXPECT_EQ(refusal(), "pattern_size is 3; 1, 2, 4, ... 128 are valid");
  EXPECT_EQ(checkFill(&pattern, 4, 8, 16, 16), CL_INVALID_VALUE);
  EXPECT_EQ(refusal(), "offset 8 + size 16 is beyond the memory's 16 bytes");
  EXPECT_EQ(invalidHandle(CL_INVALID_CONTEXT, "context"), CL_INVALID_CONTEXT);
  EXPECT_EQ(refusal(), "context is not a valid cl_context");
  std::vector<cl_queue_properties> copy;
  cl_command_queue_properties bits = 0;
  const cl_queue_properties sized[] = {CL_QUEUE_SIZE, 16, 0};
  EXPECT_EQ(parseQueueProperties(sized, bits, copy), CL_INVALID_VALUE);
  EXPECT_EQ(refusal(), "CL_QUEUE_SIZE is for device queues only");
  // An exception the guard catches is its own reason.
  EXPECT_EQ(guarded("clFinish", []() -> cl_int { throw std::runtime_error("boom"); }),
            CL_OUT_OF_RESOURCES);
  EXPECT_EQ(refusal(), "boom");
}

} // namespace
