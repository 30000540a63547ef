// Buffers: every flag, sub-buffers, reads, writes, copies, host access,
// destructor callbacks, release with work in flight.
#include "gpu_fixture.h"

#include "cuda/driver.h"

#include <atomic>
#include <cstring>

namespace {

using namespace clcuda::test;

template <class T> T memValue(cl_mem buffer, cl_mem_info param) {
  T value{};
  EXPECT_CL(CL_SUCCESS, clGetMemObjectInfo(buffer, param, sizeof(T), &value, nullptr)) << param;
  return value;
}

TEST_F(GpuTest, EveryFlagCombinationCreatesWhatItSays) {
  const size_t size = 4096 + 64; // not a multiple of a page
  const cl_mem_flags access[] = {0, CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY, CL_MEM_READ_ONLY};
  const cl_mem_flags host_access[] = {0, CL_MEM_HOST_WRITE_ONLY, CL_MEM_HOST_READ_ONLY,
                                      CL_MEM_HOST_NO_ACCESS};
  const cl_mem_flags host_pointer[] = {0, CL_MEM_USE_HOST_PTR, CL_MEM_ALLOC_HOST_PTR,
                                       CL_MEM_COPY_HOST_PTR,
                                       CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR};
  for (cl_mem_flags a : access)
    for (cl_mem_flags h : host_access)
      for (cl_mem_flags p : host_pointer) {
        const cl_mem_flags flags = a | h | p;
        SCOPED_TRACE("flags 0x" + std::to_string(flags));
        std::vector<unsigned char> source = patternBytes(size, unsigned(flags));
        const bool with_host = p & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR);
        cl_mem buffer = makeBuffer(flags, size, with_host ? source.data() : nullptr);
        ASSERT_NE(buffer, nullptr);
        // Without host data the contents are undefined: fill them (a device
        // command, whatever the host access) so the read below is of
        // written memory, as compute-sanitizer's initcheck asks.
        const unsigned char filler = 0x5a;
        if (!with_host) {
          ASSERT_CL(CL_SUCCESS, clEnqueueFillBuffer(queue, buffer, &filler, 1, 0, size, 0,
                                                    nullptr, nullptr));
        }
        EXPECT_EQ(memValue<cl_mem_flags>(buffer, CL_MEM_FLAGS), flags);
        EXPECT_EQ(memValue<size_t>(buffer, CL_MEM_SIZE), size);
        EXPECT_EQ(memValue<cl_mem_object_type>(buffer, CL_MEM_TYPE),
                  cl_mem_object_type(CL_MEM_OBJECT_BUFFER));
        EXPECT_EQ(memValue<void *>(buffer, CL_MEM_HOST_PTR),
                  (p & CL_MEM_USE_HOST_PTR) ? source.data() : nullptr);
        EXPECT_EQ(memValue<cl_context>(buffer, CL_MEM_CONTEXT), context);
        EXPECT_EQ(memValue<cl_uint>(buffer, CL_MEM_MAP_COUNT), 0u);
        EXPECT_EQ(memValue<cl_uint>(buffer, CL_MEM_REFERENCE_COUNT), 1u);
        EXPECT_EQ(memValue<cl_mem>(buffer, CL_MEM_ASSOCIATED_MEMOBJECT), nullptr);
        EXPECT_EQ(memValue<size_t>(buffer, CL_MEM_OFFSET), 0u);
        EXPECT_EQ(memValue<cl_bool>(buffer, CL_MEM_USES_SVM_POINTER), CL_FALSE);
        const bool readable = !(h & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS));
        const bool writable = !(h & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS));
        std::vector<unsigned char> back(size);
        cl_int read =
            clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, size, back.data(), 0, nullptr, nullptr);
        EXPECT_CL(readable ? CL_SUCCESS : CL_INVALID_OPERATION, read);
        if (readable) {
          EXPECT_EQ(back, with_host ? source : std::vector<unsigned char>(size, filler))
              << (with_host ? "initialized from host_ptr" : "filled");
        }
        std::vector<unsigned char> fresh = patternBytes(size, 99);
        cl_int write = clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, size, fresh.data(), 0,
                                            nullptr, nullptr);
        EXPECT_CL(writable ? CL_SUCCESS : CL_INVALID_OPERATION, write);
        if (readable && writable) {
          EXPECT_EQ(readAll(buffer, size), fresh);
        }
      }
}

TEST_F(GpuTest, BufferCreationChecksItsArguments) {
  cl_int error = CL_SUCCESS;
  int host = 0;
  auto create = [&](cl_mem_flags flags, size_t size, void *pointer) {
    cl_mem buffer = clCreateBuffer(context, flags, size, pointer, &error);
    if (buffer)
      clReleaseMemObject(buffer);
    return error;
  };
  EXPECT_CL(CL_INVALID_BUFFER_SIZE, create(0, 0, nullptr));
  cl_ulong limit = 0;
  clGetDeviceInfo(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(limit), &limit, nullptr);
  EXPECT_CL(CL_INVALID_BUFFER_SIZE, create(0, size_t(limit) + 1, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, create(CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, create(CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS, 64, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, create(CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 4, &host));
  EXPECT_CL(CL_INVALID_VALUE, create(CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, 4, &host));
  EXPECT_CL(CL_INVALID_VALUE, create(CL_MEM_SVM_FINE_GRAIN_BUFFER, 64, nullptr));
  EXPECT_CL(CL_INVALID_HOST_PTR, create(CL_MEM_USE_HOST_PTR, 4, nullptr));
  EXPECT_CL(CL_INVALID_HOST_PTR, create(CL_MEM_COPY_HOST_PTR, 4, nullptr));
  EXPECT_CL(CL_INVALID_HOST_PTR, create(CL_MEM_READ_WRITE, 4, &host));

  const cl_mem_properties empty[] = {0};
  cl_mem with = clCreateBufferWithProperties(context, empty, 0, 64, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  cl_mem_properties echoed[2] = {7, 7};
  size_t size = 0;
  EXPECT_CL(CL_SUCCESS, clGetMemObjectInfo(with, CL_MEM_PROPERTIES, sizeof(echoed), echoed, &size));
  EXPECT_EQ(size, sizeof(cl_mem_properties));
  EXPECT_EQ(echoed[0], 0u);
  clReleaseMemObject(with);
  const cl_mem_properties unknown[] = {0x7777, 1, 0};
  EXPECT_EQ(clCreateBufferWithProperties(context, unknown, 0, 64, nullptr, &error), nullptr);
  EXPECT_CL(CL_INVALID_PROPERTY, error);
  cl_mem plain = makeBuffer(0, 64);
  size = 1;
  EXPECT_CL(CL_SUCCESS, clGetMemObjectInfo(plain, CL_MEM_PROPERTIES, 0, nullptr, &size));
  EXPECT_EQ(size, 0u);
}

TEST_F(GpuTest, TransfersCheckTheirArguments) {
  cl_mem buffer = makeBuffer(CL_MEM_READ_WRITE, 256);
  unsigned char data[256] = {};
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, 16, nullptr, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueReadBuffer(queue, buffer, CL_TRUE, 250, 16, data, 0, nullptr, nullptr));
  // Empty transfers are valid from OpenCL 2.1 on, up to the end of the
  // buffer; an empty map is not.
  EXPECT_CL(CL_SUCCESS,
            clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, 0, data, 0, nullptr, nullptr));
  EXPECT_CL(CL_SUCCESS,
            clEnqueueReadBuffer(queue, buffer, CL_TRUE, 256, 0, data, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueReadBuffer(queue, buffer, CL_TRUE, 257, 0, data, 0, nullptr, nullptr));
  EXPECT_CL(CL_SUCCESS, clEnqueueCopyBuffer(queue, buffer, buffer, 0, 256, 0, 0, nullptr, nullptr));
  const int pattern = 7;
  cl_event filled = nullptr;
  EXPECT_CL(CL_SUCCESS, clEnqueueFillBuffer(queue, buffer, &pattern, sizeof(pattern), 128, 0, 0,
                                            nullptr, &filled));
  EXPECT_CL(CL_SUCCESS, clWaitForEvents(1, &filled));
  EXPECT_EQ(status(filled), CL_COMPLETE);
  clReleaseEvent(filled);
  cl_int empty_map_error = CL_SUCCESS;
  EXPECT_EQ(clEnqueueMapBuffer(queue, buffer, CL_TRUE, CL_MAP_READ, 0, 0, 0, nullptr, nullptr,
                               &empty_map_error),
            nullptr);
  EXPECT_CL(CL_INVALID_VALUE, empty_map_error);
  cl_event list[1] = {nullptr};
  EXPECT_CL(CL_INVALID_EVENT_WAIT_LIST,
            clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, 16, data, 1, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_EVENT_WAIT_LIST,
            clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, 16, data, 0, list, nullptr));
  // A buffer and an event of another context.
  cl_int error = CL_SUCCESS;
  cl_context other = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  cl_mem foreign = clCreateBuffer(other, 0, 256, nullptr, &error);
  cl_event foreign_event = clCreateUserEvent(other, &error);
  EXPECT_CL(CL_INVALID_CONTEXT,
            clEnqueueReadBuffer(queue, foreign, CL_TRUE, 0, 16, data, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_CONTEXT,
            clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, 16, data, 1, &foreign_event, nullptr));
  clSetUserEventStatus(foreign_event, CL_COMPLETE);
  clReleaseEvent(foreign_event);
  clReleaseMemObject(foreign);
  clReleaseContext(other);
  cl_mem no_host = makeBuffer(CL_MEM_HOST_NO_ACCESS, 256);
  cl_int map_error = CL_SUCCESS;
  EXPECT_EQ(clEnqueueMapBuffer(queue, no_host, CL_TRUE, CL_MAP_READ, 0, 16, 0, nullptr, nullptr,
                               &map_error),
            nullptr);
  EXPECT_CL(CL_INVALID_OPERATION, map_error);
}

TEST_F(GpuTest, LargePageableTransfersArriveIntact) {
  // Large enough for clcuda's staging pipeline (several chunks, odd tail).
  const size_t size = (48 << 20) + 12345;
  std::vector<unsigned char> data = patternBytes(size, 5);
  cl_mem buffer = makeBuffer(CL_MEM_READ_WRITE, size + 4096);
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(queue, buffer, CL_FALSE, 4096, size, data.data(), 0,
                                             nullptr, nullptr));
  std::vector<unsigned char> back(size);
  ASSERT_CL(CL_SUCCESS, clEnqueueReadBuffer(queue, buffer, CL_FALSE, 4096, size, back.data(), 0,
                                            nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  EXPECT_TRUE(back == data) << "first difference at "
                            << (std::mismatch(back.begin(), back.end(), data.begin()).first -
                                back.begin());
}

TEST_F(GpuTest, CopiesMoveDataAndRefuseOverlap) {
  const size_t size = 1 << 20;
  std::vector<unsigned char> data = patternBytes(size, 7);
  cl_mem source = makeBuffer(CL_MEM_COPY_HOST_PTR, size, data.data());
  cl_mem target = makeBuffer(0, size);
  ASSERT_CL(CL_SUCCESS,
            clEnqueueCopyBuffer(queue, source, target, 100, 200, size - 300, 0, nullptr, nullptr));
  std::vector<unsigned char> back = readAll(target, size);
  EXPECT_TRUE(std::equal(data.begin() + 100, data.end() - 200, back.begin() + 200));
  EXPECT_CL(CL_MEM_COPY_OVERLAP,
            clEnqueueCopyBuffer(queue, source, source, 0, 100, 200, 0, nullptr, nullptr));
  EXPECT_CL(CL_SUCCESS,
            clEnqueueCopyBuffer(queue, source, source, 0, 200, 200, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueCopyBuffer(queue, source, target, 0, 1, size, 0, nullptr, nullptr));
  cl_buffer_region first = {0, 4096}, second = {2048, 4096};
  cl_int error = CL_SUCCESS;
  cl_mem a = clCreateSubBuffer(source, 0, CL_BUFFER_CREATE_TYPE_REGION, &first, &error);
  ASSERT_CL(CL_SUCCESS, error);
  cl_mem b = clCreateSubBuffer(source, 0, CL_BUFFER_CREATE_TYPE_REGION, &second, &error);
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_CL(CL_MEM_COPY_OVERLAP,
            clEnqueueCopyBuffer(queue, a, b, 2048, 0, 1024, 0, nullptr, nullptr));
  EXPECT_CL(CL_SUCCESS, clEnqueueCopyBuffer(queue, a, b, 0, 2048, 1024, 0, nullptr, nullptr));
  clReleaseMemObject(a);
  clReleaseMemObject(b);
}

TEST_F(GpuTest, SubBuffersAliasTheirParent) {
  const size_t size = 1 << 16;
  std::vector<unsigned char> host = patternBytes(size, 9);
  cl_mem parent = makeBuffer(CL_MEM_USE_HOST_PTR | CL_MEM_READ_ONLY, size, host.data());
  cl_int error = CL_SUCCESS;
  auto sub = [&](cl_mem_flags flags, size_t origin, size_t length) {
    cl_buffer_region region = {origin, length};
    return clCreateSubBuffer(parent, flags, CL_BUFFER_CREATE_TYPE_REGION, &region, &error);
  };
  EXPECT_EQ(sub(0, 1, 64), nullptr);
  EXPECT_CL(CL_MISALIGNED_SUB_BUFFER_OFFSET, error);
  EXPECT_EQ(sub(0, size - 64, 128), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  EXPECT_EQ(sub(0, 0, 0), nullptr);
  EXPECT_CL(CL_INVALID_BUFFER_SIZE, error);
  EXPECT_EQ(sub(CL_MEM_WRITE_ONLY, 0, 64), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  EXPECT_EQ(sub(CL_MEM_USE_HOST_PTR, 0, 64), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  cl_buffer_region region = {0, 64};
  EXPECT_EQ(clCreateSubBuffer(parent, 0, 0x7777, &region, &error), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);

  cl_mem piece = sub(CL_MEM_HOST_READ_ONLY, 1024, 4096);
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_EQ(memValue<cl_mem>(piece, CL_MEM_ASSOCIATED_MEMOBJECT), parent);
  EXPECT_EQ(memValue<size_t>(piece, CL_MEM_OFFSET), 1024u);
  EXPECT_EQ(memValue<size_t>(piece, CL_MEM_SIZE), 4096u);
  EXPECT_EQ(memValue<void *>(piece, CL_MEM_HOST_PTR), host.data() + 1024);
  EXPECT_EQ(memValue<cl_mem_flags>(piece, CL_MEM_FLAGS),
            cl_mem_flags(CL_MEM_HOST_READ_ONLY | CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR));
  cl_buffer_region inner = {0, 64};
  EXPECT_EQ(clCreateSubBuffer(piece, 0, CL_BUFFER_CREATE_TYPE_REGION, &inner, &error), nullptr);
  EXPECT_CL(CL_INVALID_MEM_OBJECT, error) << "no sub-buffer of a sub-buffer";
  std::vector<unsigned char> back(4096);
  ASSERT_CL(CL_SUCCESS,
            clEnqueueReadBuffer(queue, piece, CL_TRUE, 0, 4096, back.data(), 0, nullptr, nullptr));
  EXPECT_TRUE(std::equal(back.begin(), back.end(), host.begin() + 1024));
  // The sub-buffer outlives its parent's handle.
  cl_mem writable = makeBuffer(0, size);
  cl_buffer_region tail = {size - 4096, 4096};
  cl_mem end = clCreateSubBuffer(writable, 0, CL_BUFFER_CREATE_TYPE_REGION, &tail, &error);
  ASSERT_CL(CL_SUCCESS, error);
  std::vector<unsigned char> data = patternBytes(4096, 11);
  ASSERT_CL(CL_SUCCESS,
            clEnqueueWriteBuffer(queue, end, CL_TRUE, 0, 4096, data.data(), 0, nullptr, nullptr));
  std::vector<unsigned char> whole = readAll(writable, size);
  EXPECT_TRUE(std::equal(data.begin(), data.end(), whole.end() - 4096));
  clReleaseMemObject(piece);
  clReleaseMemObject(end);
}

std::atomic<int> memory_order{0};
void CL_CALLBACK recordRelease(cl_mem, void *slot) {
  static_cast<std::atomic<int> *>(slot)->store(memory_order + 1);
  ++memory_order;
}

TEST_F(GpuTest, DestructorCallbacksRunAfterTheWorkLastFirst) {
  const size_t size = 64 << 20;
  std::vector<unsigned char> data = patternBytes(size, 13);
  cl_int error = CL_SUCCESS;
  cl_mem buffer = clCreateBuffer(context, 0, size, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  static std::atomic<int> slots[3];
  for (std::atomic<int> &slot : slots)
    slot = 0;
  memory_order = 0;
  for (std::atomic<int> &slot : slots)
    ASSERT_CL(CL_SUCCESS, clSetMemObjectDestructorCallback(buffer, recordRelease, &slot));
  EXPECT_CL(CL_INVALID_VALUE, clSetMemObjectDestructorCallback(buffer, nullptr, nullptr));
  // Released while a large write into it is still in flight.
  cl_event written = nullptr;
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(queue, buffer, CL_FALSE, 0, size, data.data(), 0,
                                             nullptr, &written));
  ASSERT_CL(CL_SUCCESS, clReleaseMemObject(buffer));
  ASSERT_CL(CL_SUCCESS, clWaitForEvents(1, &written));
  EXPECT_CL(CL_SUCCESS, clReleaseEvent(written));
  ASSERT_TRUE(waitUntil([] { return memory_order == 3; })) << "callbacks: " << memory_order;
  EXPECT_EQ(slots[0], 3);
  EXPECT_EQ(slots[1], 2);
  EXPECT_EQ(slots[2], 1);
}

TEST_F(GpuTest, MultiDeviceContextsShareBuffers) {
  cl_uint count = 0;
  clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 0, nullptr, &count);
  if (count < 2)
    GTEST_SKIP() << "needs two CUDA devices, found " << count;
  std::vector<cl_device_id> devices(count);
  ASSERT_CL(CL_SUCCESS,
            clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, count, devices.data(), nullptr));
  cl_int error = CL_SUCCESS;
  cl_context shared = clCreateContext(nullptr, 2, devices.data(), nullptr, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  cl_command_queue first = clCreateCommandQueueWithProperties(shared, devices[0], nullptr, &error);
  cl_command_queue second = clCreateCommandQueueWithProperties(shared, devices[1], nullptr, &error);
  const size_t size = 8 << 20;
  std::vector<unsigned char> data = patternBytes(size, 17), back(size);
  cl_mem buffer = clCreateBuffer(shared, 0, size, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  cl_event written = nullptr;
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(first, buffer, CL_FALSE, 0, size, data.data(), 0,
                                             nullptr, &written));
  ASSERT_CL(CL_SUCCESS, clEnqueueMigrateMemObjects(second, 1, &buffer, 0, 1, &written, nullptr));
  ASSERT_CL(CL_SUCCESS, clEnqueueReadBuffer(second, buffer, CL_TRUE, 0, size, back.data(), 1,
                                            &written, nullptr));
  EXPECT_EQ(back, data);
  clReleaseEvent(written);
  clReleaseMemObject(buffer);
  clReleaseCommandQueue(first);
  clReleaseCommandQueue(second);
  clReleaseContext(shared);
}

} // namespace
