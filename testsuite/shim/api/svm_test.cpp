// Shared virtual memory without kernels: clSVMAlloc's rules, the SVM
// commands (memcpy, fill, map, unmap, migrate, free) with their errors,
// events and profiling, in-order and out-of-order, and buffers made on SVM
// memory.
#include "svm_fixture.h"

#include <atomic>
#include <cstdint>
#include <cstring>

namespace {

using namespace clcuda::test;

using SvmTest = SvmFixture<GpuTest>;

cl_command_type commandType(cl_event event) {
  cl_command_type type = 0;
  EXPECT_CL(CL_SUCCESS, clGetEventInfo(event, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, nullptr));
  return type;
}

TEST_F(SvmTest, AllocationFollowsTheFlagAlignmentAndSizeRules) {
  struct Case {
    cl_svm_mem_flags flags;
    size_t size;
    cl_uint alignment;
    bool succeeds;
  };
  const Case cases[] = {
      {0, 64, 0, true},
      {CL_MEM_READ_WRITE, 64, 0, true},
      {CL_MEM_READ_ONLY, 64, 0, true},
      {CL_MEM_WRITE_ONLY, 64, 0, true},
      {CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER, 64, 0, true},
      {CL_MEM_READ_WRITE, 1, 128, true},
      {CL_MEM_READ_WRITE, 64, 1, true},
      {CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, 0, false}, // two access flags
      {CL_MEM_USE_HOST_PTR, 64, 0, false},                  // not an SVM flag
      {CL_MEM_SVM_ATOMICS, 64, 0, false},                   // atomics without fine grain
      {CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS, 64, 0, false}, // not advertised
      {CL_MEM_READ_WRITE, 64, 3, false},                                 // not a power of two
      {CL_MEM_READ_WRITE, 64, 256, false},                               // above long16
      {CL_MEM_READ_WRITE, 0, 0, false},
      {CL_MEM_READ_WRITE, ~size_t(0), 0, false}, // above CL_DEVICE_MAX_MEM_ALLOC_SIZE
  };
  for (const Case &c : cases) {
    SCOPED_TRACE("flags 0x" + std::to_string(c.flags) + " size " + std::to_string(c.size) +
                 " alignment " + std::to_string(c.alignment));
    void *pointer = clSVMAlloc(context, c.flags, c.size, c.alignment);
    EXPECT_EQ(pointer != nullptr, c.succeeds);
    if (pointer && c.alignment) {
      EXPECT_EQ(std::uintptr_t(pointer) % c.alignment, 0u);
    }
    clSVMFree(context, pointer);
  }
  EXPECT_EQ(clSVMAlloc(nullptr, CL_MEM_READ_WRITE, 64, 0), nullptr);
  // Freeing what is not an allocation's start, or NULL, does nothing.
  unsigned char *data = svmAlloc(64);
  clSVMFree(context, data + 1);
  clSVMFree(context, nullptr);
  clSVMFree(nullptr, data);
  std::memset(data, 0x5a, 64); // still allocated
}

TEST_F(SvmTest, HostAndCommandsSeeTheSameBytes) {
  const size_t count = 1 << 16;
  auto *first = svmAlloc<cl_uint>(count, CL_MEM_READ_WRITE);
  auto *second = svmAlloc<cl_uint>(count);
  ASSERT_TRUE(first && second);

  // Coarse grain: the host writes between map and unmap.
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_WRITE, first,
                                        count * sizeof(cl_uint), 0, nullptr, nullptr));
  for (size_t i = 0; i < count; ++i)
    first[i] = cl_uint(i * 2654435761u);
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMUnmap(queue, first, 0, nullptr, nullptr));

  // SVM to SVM, then a fill of the middle with a 4-byte pattern.
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMMemcpy(queue, CL_FALSE, second, first, count * sizeof(cl_uint),
                                           0, nullptr, nullptr));
  const cl_uint pattern = 0xdeadbeef;
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMMemFill(queue, second + 100, &pattern, sizeof(pattern),
                                            50 * sizeof(cl_uint), 0, nullptr, nullptr));
  // SVM to host memory, blocking.
  std::vector<cl_uint> host(count);
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMMemcpy(queue, CL_TRUE, host.data(), second,
                                           count * sizeof(cl_uint), 0, nullptr, nullptr));
  for (size_t i = 0; i < count; ++i) {
    const cl_uint expected = i >= 100 && i < 150 ? pattern : cl_uint(i * 2654435761u);
    ASSERT_EQ(host[i], expected) << "element " << i;
  }
  // Fine grain: the host reads in place after the queue is done.
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  EXPECT_EQ(second[99], cl_uint(99 * 2654435761u));
  EXPECT_EQ(second[100], pattern);
  EXPECT_EQ(second[149], pattern);
  EXPECT_EQ(second[150], cl_uint(150 * 2654435761u));

  // Host memory to SVM at an offset, then a map for reading.
  std::vector<cl_uint> ones(16, 1u);
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMMemcpy(queue, CL_FALSE, first + 8, ones.data(),
                                           ones.size() * sizeof(cl_uint), 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, first, 64 * sizeof(cl_uint), 0,
                                        nullptr, nullptr));
  EXPECT_EQ(first[7], cl_uint(7 * 2654435761u));
  EXPECT_EQ(first[8], 1u);
  EXPECT_EQ(first[23], 1u);
  EXPECT_EQ(first[24], cl_uint(24 * 2654435761u));
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMUnmap(queue, first, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
}

TEST_F(SvmTest, CommandsCheckTheirArguments) {
  unsigned char *data = svmAlloc(256);
  ASSERT_NE(data, nullptr);
  unsigned char host[256] = {};
  const cl_uint pattern = 7;

  // memcpy: NULL sides, overlap, a side that runs past its allocation.
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMemcpy(queue, CL_TRUE, nullptr, data, 16, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMemcpy(queue, CL_TRUE, data, nullptr, 16, 0, nullptr, nullptr));
  EXPECT_CL(CL_MEM_COPY_OVERLAP,
            clEnqueueSVMMemcpy(queue, CL_TRUE, data + 8, data, 16, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMemcpy(queue, CL_TRUE, host, data + 200, 100, 0, nullptr, nullptr));
  EXPECT_CL(CL_SUCCESS,
            clEnqueueSVMMemcpy(queue, CL_TRUE, data + 16, data, 16, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_COMMAND_QUEUE,
            clEnqueueSVMMemcpy(nullptr, CL_TRUE, host, data, 16, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_EVENT_WAIT_LIST,
            clEnqueueSVMMemcpy(queue, CL_TRUE, host, data, 16, 1, nullptr, nullptr));

  // fill: pattern size, alignment, size multiple, memory outside SVM.
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMemFill(queue, data, &pattern, 3, 12, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMemFill(queue, data, nullptr, 4, 16, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMemFill(queue, data + 2, &pattern, 4, 16, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMemFill(queue, data, &pattern, 4, 18, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMemFill(queue, data + 128, &pattern, 4, 256, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMemFill(queue, host, &pattern, 4, 16, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMemFill(queue, nullptr, &pattern, 4, 16, 0, nullptr, nullptr));

  // map and unmap: NULL, empty, bad flags, outside SVM.
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, nullptr, 16, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, data, 0, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, data, 16,
                            0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, data, 257, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, host, 16, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, clEnqueueSVMUnmap(queue, nullptr, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, clEnqueueSVMUnmap(queue, host, 0, nullptr, nullptr));

  // migrate: empty lists, unknown flags, ranges outside an allocation.
  const void *pointers[] = {data, data + 128};
  const size_t sizes[] = {64, 200};
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMigrateMem(queue, 0, pointers, nullptr, 0, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMigrateMem(queue, 1, nullptr, nullptr, 0, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMigrateMem(queue, 1, pointers, nullptr, 0x100, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMigrateMem(queue, 2, pointers, sizes, 0, 0, nullptr, nullptr));
  const void *outside[] = {host};
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMigrateMem(queue, 1, outside, nullptr, 0, 0, nullptr, nullptr));

  // free: a count without pointers and pointers without a count.
  void *to_free[] = {data};
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMFree(queue, 1, nullptr, nullptr, nullptr, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMFree(queue, 0, to_free, nullptr, nullptr, 0, nullptr, nullptr));
  EXPECT_CL(CL_SUCCESS, clEnqueueSVMFree(queue, 0, nullptr, nullptr, nullptr, 0, nullptr, nullptr));
  EXPECT_CL(CL_SUCCESS, clFinish(queue));
}

TEST_F(SvmTest, EventsNameTheCommandsAndProfileThem) {
  cl_command_queue profiled = makeQueue(CL_QUEUE_PROFILING_ENABLE);
  auto *data = svmAlloc<cl_uint>(1024);
  ASSERT_NE(data, nullptr);
  std::vector<cl_uint> host(1024, 3u);
  const cl_uint pattern = 9;
  const void *migrated[] = {data};
  cl_event events[6] = {};
  ASSERT_CL(CL_SUCCESS,
            clEnqueueSVMMap(profiled, CL_FALSE, CL_MAP_WRITE, data, 4096, 0, nullptr, &events[0]));
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMUnmap(profiled, data, 0, nullptr, &events[1]));
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMMemcpy(profiled, CL_FALSE, data, host.data(), 4096, 0, nullptr,
                                           &events[2]));
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMMemFill(profiled, data, &pattern, sizeof(pattern), 2048, 0,
                                            nullptr, &events[3]));
  ASSERT_CL(CL_SUCCESS,
            clEnqueueSVMMigrateMem(profiled, 1, migrated, nullptr, 0, 0, nullptr, &events[4]));
  ASSERT_CL(CL_SUCCESS,
            clEnqueueSVMFree(profiled, 0, nullptr, nullptr, nullptr, 0, nullptr, &events[5]));
  ASSERT_CL(CL_SUCCESS, clWaitForEvents(6, events));
  const cl_command_type types[] = {CL_COMMAND_SVM_MAP,         CL_COMMAND_SVM_UNMAP,
                                   CL_COMMAND_SVM_MEMCPY,      CL_COMMAND_SVM_MEMFILL,
                                   CL_COMMAND_SVM_MIGRATE_MEM, CL_COMMAND_SVM_FREE};
  cl_ulong previous_end = 0;
  for (int i = 0; i < 6; ++i) {
    SCOPED_TRACE("command " + std::to_string(i));
    EXPECT_EQ(commandType(events[i]), types[i]);
    EXPECT_EQ(status(events[i]), CL_COMPLETE);
    cl_ulong times[4] = {};
    const cl_profiling_info params[] = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
                                        CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
    for (int p = 0; p < 4; ++p)
      EXPECT_CL(CL_SUCCESS, clGetEventProfilingInfo(events[i], params[p], sizeof(cl_ulong),
                                                    &times[p], nullptr));
    EXPECT_LE(times[0], times[1]);
    EXPECT_LE(times[1], times[2]);
    EXPECT_LE(times[2], times[3]);
    EXPECT_LE(previous_end, times[3]) << "an in-order queue ends its commands in order";
    previous_end = times[3];
    clReleaseEvent(events[i]);
  }
  EXPECT_EQ(data[0], pattern);
  EXPECT_EQ(data[511], pattern);
  EXPECT_EQ(data[512], 3u);
}

TEST_F(SvmTest, OutOfOrderCommandsFollowTheirWaitLists) {
  cl_command_queue unordered = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  const size_t size = 1 << 20;
  unsigned char *a = svmAlloc(size);
  unsigned char *b = svmAlloc(size);
  ASSERT_TRUE(a && b);
  // A user event holds the first command, so everything after it is held
  // host-side until it is set: the chain must still run in order.
  cl_event gate = makeUserEvent();
  const unsigned char first = 0x11, second = 0x22;
  cl_event filled = nullptr, copied = nullptr, refilled = nullptr;
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMMemFill(unordered, a, &first, 1, size, 1, &gate, &filled));
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMMemcpy(unordered, CL_FALSE, b, a, size, 1, &filled, &copied));
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMMemFill(unordered, a, &second, 1, size, 1, &copied, &refilled));
  ASSERT_CL(CL_SUCCESS, clSetUserEventStatus(gate, CL_COMPLETE));
  ASSERT_CL(CL_SUCCESS, clWaitForEvents(1, &refilled));
  EXPECT_EQ(b[0], first);
  EXPECT_EQ(b[size - 1], first);
  EXPECT_EQ(a[0], second);
  EXPECT_EQ(a[size - 1], second);
  for (cl_event event : {filled, copied, refilled})
    clReleaseEvent(event);
}

struct FreeRecord {
  std::atomic<int> calls{0};
  cl_command_queue queue = nullptr;
  std::vector<void *> pointers;
};

void CL_CALLBACK recordAndFree(cl_command_queue queue, cl_uint count, void *pointers[],
                               void *user_data) {
  auto *record = static_cast<FreeRecord *>(user_data);
  record->queue = queue;
  record->pointers.assign(pointers, pointers + count);
  cl_context context = nullptr;
  clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof(context), &context, nullptr);
  for (cl_uint i = 0; i < count; ++i)
    clSVMFree(context, pointers[i]); // the API may be called from the callback
  record->calls.fetch_add(1, std::memory_order_release);
}

TEST_F(SvmTest, EnqueuedFreeCallsTheCallbackOrFrees) {
  void *pointers[] = {clSVMAlloc(context, CL_MEM_READ_WRITE, 64, 0),
                      clSVMAlloc(context, CL_MEM_READ_WRITE, 128, 0)};
  ASSERT_TRUE(pointers[0] && pointers[1]);
  FreeRecord record;
  ASSERT_CL(CL_SUCCESS,
            clEnqueueSVMFree(queue, 2, pointers, recordAndFree, &record, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  ASSERT_TRUE(waitUntil([&] { return record.calls.load(std::memory_order_acquire) == 1; }))
      << "the free callback never ran";
  EXPECT_EQ(record.queue, queue);
  EXPECT_EQ(record.pointers, std::vector<void *>(pointers, pointers + 2));
  // Freed: the pointers are no SVM memory any more.
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, pointers[0], 16, 0, nullptr, nullptr));

  // Without a callback the queue frees them itself, after earlier commands.
  void *more[] = {clSVMAlloc(context, CL_MEM_READ_WRITE, 64, 0)};
  ASSERT_NE(more[0], nullptr);
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMFree(queue, 1, more, nullptr, nullptr, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  EXPECT_TRUE(waitUntil([&] {
    return clEnqueueSVMUnmap(queue, more[0], 0, nullptr, nullptr) == CL_INVALID_VALUE;
  })) << "clEnqueueSVMFree without a callback left the allocation in place";
}

TEST_F(SvmTest, MigrationKeepsTheContents) {
  const size_t count = 4096;
  auto *data = svmAlloc<cl_uint>(count);
  ASSERT_NE(data, nullptr);
  for (size_t i = 0; i < count; ++i)
    data[i] = cl_uint(i);
  const void *whole[] = {data};
  const void *parts[] = {data + 16, data + 1024};
  const size_t part_sizes[] = {64, 0}; // 0: the whole allocation
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMMigrateMem(queue, 1, whole, nullptr, 0, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS,
            clEnqueueSVMMigrateMem(queue, 2, parts, part_sizes, 0, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMMigrateMem(queue, 1, whole, nullptr, CL_MIGRATE_MEM_OBJECT_HOST,
                                               0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  for (size_t i = 0; i < count; ++i)
    ASSERT_EQ(data[i], cl_uint(i)) << "element " << i;
}

template <class T> T memValue(cl_mem buffer, cl_mem_info param) {
  T value{};
  EXPECT_CL(CL_SUCCESS, clGetMemObjectInfo(buffer, param, sizeof(T), &value, nullptr)) << param;
  return value;
}

TEST_F(SvmTest, BufferOnSvmMemoryUsesThatMemory) {
  const size_t size = 4096;
  unsigned char *data = svmAlloc(size);
  ASSERT_NE(data, nullptr);
  std::memset(data, 0, size);
  cl_mem buffer = makeBuffer(CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, 1024, data + 256);
  ASSERT_NE(buffer, nullptr);
  EXPECT_EQ(memValue<cl_bool>(buffer, CL_MEM_USES_SVM_POINTER), CL_TRUE);
  EXPECT_EQ(memValue<void *>(buffer, CL_MEM_HOST_PTR), data + 256);
  cl_buffer_region region = {128, 256};
  cl_int error = CL_SUCCESS;
  cl_mem sub = clCreateSubBuffer(buffer, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &error);
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_EQ(memValue<cl_bool>(sub, CL_MEM_USES_SVM_POINTER), CL_TRUE);

  // A write through the buffer lands in the SVM memory itself.
  std::vector<unsigned char> bytes = patternBytes(1024, 5);
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, bytes.size(), bytes.data(),
                                             0, nullptr, nullptr));
  ASSERT_EQ(std::memcmp(data + 256, bytes.data(), bytes.size()), 0);
  EXPECT_EQ(data[255], 0);
  EXPECT_EQ(data[256 + 1024], 0);
  // A write to the SVM memory is what the buffer reads, and a map of the
  // sub-buffer returns the SVM address, with no copy in between.
  const unsigned char pattern = 0x77;
  ASSERT_CL(CL_SUCCESS,
            clEnqueueSVMMemFill(queue, data + 256, &pattern, 1, 512, 0, nullptr, nullptr));
  EXPECT_EQ(readAll(buffer, 1024)[511], pattern);
  EXPECT_EQ(readAll(buffer, 1024)[512], bytes[512]);
  void *mapped = clEnqueueMapBuffer(queue, sub, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 16, 32, 0,
                                    nullptr, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_EQ(mapped, data + 256 + 128 + 16);
  static_cast<unsigned char *>(mapped)[0] = 0x99;
  ASSERT_CL(CL_SUCCESS, clEnqueueUnmapMemObject(queue, sub, mapped, 0, nullptr, nullptr));
  EXPECT_EQ(readAll(buffer, 1024)[128 + 16], 0x99);
  clReleaseMemObject(sub);

  // A buffer may not reach past the SVM allocation it is made on.
  EXPECT_EQ(clCreateBuffer(context, CL_MEM_USE_HOST_PTR, size, data + 1, &error), nullptr);
  EXPECT_CL(CL_INVALID_BUFFER_SIZE, error);
  EXPECT_EQ(clCreateBuffer(context, CL_MEM_USE_HOST_PTR, 2 * size, data, &error), nullptr);
  EXPECT_CL(CL_INVALID_BUFFER_SIZE, error);

  // USE_HOST_PTR on ordinary host memory is no SVM pointer.
  std::vector<unsigned char> host(64);
  cl_mem plain = makeBuffer(CL_MEM_USE_HOST_PTR, host.size(), host.data());
  EXPECT_EQ(memValue<cl_bool>(plain, CL_MEM_USES_SVM_POINTER), CL_FALSE);
}

} // namespace
