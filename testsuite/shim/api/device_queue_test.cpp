// Devices, contexts and command queues on a real device.
#include "gpu_fixture.h"

#include "cuda/driver.h"

#include <atomic>

namespace {

using namespace clcuda::test;

template <class T> T deviceValue(cl_device_id device, cl_device_info param) {
  T value{};
  size_t size = 0;
  EXPECT_CL(CL_SUCCESS, clGetDeviceInfo(device, param, sizeof(T), &value, &size)) << param;
  EXPECT_EQ(size, sizeof(T)) << param;
  return value;
}

TEST_F(GpuTest, DeviceDescribesItselfTruthfully) {
  const std::string name = deviceString(device, CL_DEVICE_NAME);
  const std::string version = deviceString(device, CL_DEVICE_VERSION);
  const cl_ulong memory = deviceValue<cl_ulong>(device, CL_DEVICE_GLOBAL_MEM_SIZE);
  std::printf("device: %s | %s | %u compute units | %llu MiB | local %llu KiB\n", name.c_str(),
              version.c_str(), deviceValue<cl_uint>(device, CL_DEVICE_MAX_COMPUTE_UNITS),
              static_cast<unsigned long long>(memory >> 20),
              static_cast<unsigned long long>(
                  deviceValue<cl_ulong>(device, CL_DEVICE_LOCAL_MEM_SIZE) >> 10));
  EXPECT_FALSE(name.empty());
  EXPECT_EQ(version.rfind("OpenCL 3.1 CUDA ", 0), 0u) << version;
  EXPECT_EQ(deviceValue<cl_device_type>(device, CL_DEVICE_TYPE),
            cl_device_type(CL_DEVICE_TYPE_GPU));
  EXPECT_GT(deviceValue<cl_uint>(device, CL_DEVICE_MAX_COMPUTE_UNITS), 0u);
  EXPECT_GT(deviceValue<cl_uint>(device, CL_DEVICE_MAX_CLOCK_FREQUENCY), 0u);
  EXPECT_EQ(deviceValue<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE), memory);
  EXPECT_GE(deviceValue<cl_ulong>(device, CL_DEVICE_LOCAL_MEM_SIZE), 48u * 1024);
  EXPECT_EQ(deviceValue<size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE), 1024u);
  auto sizes = deviceValue<std::array<size_t, 3>>(device, CL_DEVICE_MAX_WORK_ITEM_SIZES);
  EXPECT_EQ(sizes[0], 1024u);
  EXPECT_EQ(sizes[2], 64u);
  EXPECT_EQ(deviceValue<cl_platform_id>(device, CL_DEVICE_PLATFORM), platform);
  EXPECT_NE(deviceValue<cl_command_queue_properties>(device, CL_DEVICE_QUEUE_ON_HOST_PROPERTIES) &
                CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE,
            0u);
  EXPECT_EQ(deviceString(device, CL_DEVICE_OPENCL_C_VERSION), "OpenCL C 1.2 ");
  EXPECT_NE(deviceString(device, CL_DEVICE_EXTENSIONS).find("cl_khr_icd"), std::string::npos);
  // cl_khr_fp16: the f16 instructions' rounding and subnormals, a fused fma.
  EXPECT_NE(deviceString(device, CL_DEVICE_EXTENSIONS).find("cl_khr_fp16"), std::string::npos);
  EXPECT_EQ(deviceValue<cl_device_fp_config>(device, CL_DEVICE_HALF_FP_CONFIG),
            cl_device_fp_config(CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA));
  EXPECT_EQ(deviceValue<cl_uint>(device, CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF), 1u);
  // -cl-fp32-correctly-rounded-divide-sqrt is honoured (NVRTC's --prec-div
  // and --prec-sqrt); a flag of single precision only.
  EXPECT_NE(deviceValue<cl_device_fp_config>(device, CL_DEVICE_SINGLE_FP_CONFIG) &
                CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT,
            0u);
  EXPECT_EQ(deviceValue<cl_device_fp_config>(device, CL_DEVICE_DOUBLE_FP_CONFIG) &
                CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT,
            0u);
  // Every query a clinfo asks: answered, and the same size twice.
  for (cl_device_info param = CL_DEVICE_TYPE; param <= CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED;
       ++param) {
    size_t size = 0;
    if (clGetDeviceInfo(device, param, 0, nullptr, &size) != CL_SUCCESS)
      continue; // a number the spec leaves unassigned
    std::vector<unsigned char> value(size);
    size_t again = 0;
    EXPECT_CL(CL_SUCCESS, clGetDeviceInfo(device, param, size, value.data(), &again))
        << "0x" << std::hex << param;
    EXPECT_EQ(again, size) << "0x" << std::hex << param;
  }
}

TEST_F(GpuTest, EveryCudaDeviceIsListed) {
  cl_uint count = 0;
  ASSERT_CL(CL_SUCCESS, clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &count));
  EXPECT_EQ(count, cl_uint(clcuda::cuda::deviceCount()));
  EXPECT_CL(CL_SUCCESS, clRetainDevice(device));
  EXPECT_CL(CL_SUCCESS, clReleaseDevice(device));
  EXPECT_EQ(deviceValue<cl_uint>(device, CL_DEVICE_REFERENCE_COUNT), 1u);
  const cl_device_partition_property equally[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
  cl_uint made = 0;
  EXPECT_CL(CL_INVALID_VALUE, clCreateSubDevices(device, equally, 0, nullptr, &made));
  cl_device_partition_property partition[4] = {1, 1, 1, 1};
  size_t size = 0;
  ASSERT_CL(CL_SUCCESS, clGetDeviceInfo(device, CL_DEVICE_PARTITION_PROPERTIES, sizeof(partition),
                                        partition, &size));
  EXPECT_EQ(size, sizeof(cl_device_partition_property));
  EXPECT_EQ(partition[0], 0);
}

TEST_F(GpuTest, DeviceTimerIsTheHostTimer) {
  cl_ulong device_time = 0, host_time = 0, later = 0;
  ASSERT_CL(CL_SUCCESS, clGetDeviceAndHostTimer(device, &device_time, &host_time));
  EXPECT_EQ(device_time, host_time);
  ASSERT_CL(CL_SUCCESS, clGetHostTimer(device, &later));
  EXPECT_GE(later, host_time);
  EXPECT_CL(CL_INVALID_VALUE, clGetHostTimer(device, nullptr));
}

TEST_F(GpuTest, ContextKeepsItsPropertiesAndDevices) {
  const cl_context_properties properties[] = {CL_CONTEXT_PLATFORM,
                                              reinterpret_cast<cl_context_properties>(platform), 0};
  const cl_device_id twice[] = {device, device};
  cl_int error = CL_SUCCESS;
  cl_context created = clCreateContext(properties, 2, twice, nullptr, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  cl_context_properties echoed[3] = {};
  size_t size = 0;
  EXPECT_CL(CL_SUCCESS,
            clGetContextInfo(created, CL_CONTEXT_PROPERTIES, sizeof(echoed), echoed, &size));
  EXPECT_EQ(size, sizeof(properties));
  EXPECT_EQ(echoed[1], properties[1]);
  cl_uint devices = 0;
  EXPECT_CL(CL_SUCCESS,
            clGetContextInfo(created, CL_CONTEXT_NUM_DEVICES, sizeof(devices), &devices, nullptr));
  EXPECT_EQ(devices, 1u) << "duplicate devices are ignored";
  cl_device_id listed = nullptr;
  EXPECT_CL(CL_SUCCESS,
            clGetContextInfo(created, CL_CONTEXT_DEVICES, sizeof(listed), &listed, nullptr));
  EXPECT_EQ(listed, device);
  EXPECT_CL(CL_SUCCESS, clRetainContext(created));
  cl_uint count = 0;
  EXPECT_CL(CL_SUCCESS,
            clGetContextInfo(created, CL_CONTEXT_REFERENCE_COUNT, sizeof(count), &count, nullptr));
  EXPECT_EQ(count, 2u);
  EXPECT_CL(CL_SUCCESS, clReleaseContext(created));
  EXPECT_CL(CL_SUCCESS, clReleaseContext(created));
  size = 1;
  EXPECT_CL(CL_SUCCESS, clGetContextInfo(context, CL_CONTEXT_PROPERTIES, 0, nullptr, &size));
  EXPECT_EQ(size, 0u) << "created with NULL properties";
}

TEST_F(GpuTest, ContextChecksItsArguments) {
  cl_int error = CL_SUCCESS;
  EXPECT_EQ(clCreateContext(nullptr, 0, &device, nullptr, nullptr, &error), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  EXPECT_EQ(clCreateContext(nullptr, 1, nullptr, nullptr, nullptr, &error), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  int data = 0;
  EXPECT_EQ(clCreateContext(nullptr, 1, &device, nullptr, &data, &error), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  const cl_context_properties unknown[] = {0x7777, 0, 0};
  EXPECT_EQ(clCreateContext(unknown, 1, &device, nullptr, nullptr, &error), nullptr);
  EXPECT_CL(CL_INVALID_PROPERTY, error);
  cl_context from_type =
      clCreateContextFromType(nullptr, CL_DEVICE_TYPE_GPU, nullptr, nullptr, &error);
  EXPECT_CL(CL_SUCCESS, error);
  if (from_type)
    clReleaseContext(from_type);
}

std::atomic<int> destructor_order{0};
void CL_CALLBACK recordDestruction(cl_context, void *slot) {
  static_cast<std::atomic<int> *>(slot)->store(destructor_order + 1);
  ++destructor_order;
}

TEST_F(GpuTest, ContextDestructorCallbacksRunLastFirst) {
  cl_int error = CL_SUCCESS;
  cl_context created = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  static std::atomic<int> slots[3];
  for (std::atomic<int> &slot : slots)
    slot = 0;
  destructor_order = 0;
  for (std::atomic<int> &slot : slots)
    ASSERT_CL(CL_SUCCESS, clSetContextDestructorCallback(created, recordDestruction, &slot));
  EXPECT_CL(CL_INVALID_VALUE, clSetContextDestructorCallback(created, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clReleaseContext(created));
  ASSERT_TRUE(waitUntil([] { return destructor_order == 3; }));
  EXPECT_EQ(slots[0], 3);
  EXPECT_EQ(slots[2], 1);
}

TEST_F(GpuTest, QueuesReportTheirProperties) {
  cl_command_queue ooo =
      makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE);
  cl_command_queue_properties bits = 0;
  ASSERT_CL(CL_SUCCESS,
            clGetCommandQueueInfo(ooo, CL_QUEUE_PROPERTIES, sizeof(bits), &bits, nullptr));
  EXPECT_EQ(bits, cl_command_queue_properties(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
                                              CL_QUEUE_PROFILING_ENABLE));
  cl_queue_properties array[3] = {};
  size_t size = 0;
  ASSERT_CL(CL_SUCCESS,
            clGetCommandQueueInfo(ooo, CL_QUEUE_PROPERTIES_ARRAY, sizeof(array), array, &size));
  EXPECT_EQ(size, sizeof(array));
  EXPECT_EQ(array[0], cl_queue_properties(CL_QUEUE_PROPERTIES));
  cl_context owner = nullptr;
  cl_device_id on = nullptr;
  EXPECT_CL(CL_SUCCESS,
            clGetCommandQueueInfo(ooo, CL_QUEUE_CONTEXT, sizeof(owner), &owner, nullptr));
  EXPECT_CL(CL_SUCCESS, clGetCommandQueueInfo(ooo, CL_QUEUE_DEVICE, sizeof(on), &on, nullptr));
  EXPECT_EQ(owner, context);
  EXPECT_EQ(on, device);
  cl_uint queue_size = 0;
  EXPECT_CL(CL_INVALID_COMMAND_QUEUE,
            clGetCommandQueueInfo(ooo, CL_QUEUE_SIZE, sizeof(queue_size), &queue_size, nullptr));
  cl_command_queue default_queue = ooo;
  EXPECT_CL(CL_SUCCESS, clGetCommandQueueInfo(ooo, CL_QUEUE_DEVICE_DEFAULT, sizeof(default_queue),
                                              &default_queue, nullptr));
  EXPECT_EQ(default_queue, nullptr);
  size = 1;
  EXPECT_CL(CL_SUCCESS, clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES_ARRAY, 0, nullptr, &size));
  EXPECT_EQ(size, sizeof(array)) << "the fixture passed {CL_QUEUE_PROPERTIES, 0, 0}";
  EXPECT_CL(CL_SUCCESS, clFlush(ooo));
  EXPECT_CL(CL_SUCCESS, clFinish(ooo));
}

TEST_F(GpuTest, QueueCreationChecksItsArguments) {
  cl_int error = CL_SUCCESS;
  const cl_queue_properties device_queue[] = {
      CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
  EXPECT_EQ(clCreateCommandQueueWithProperties(context, device, device_queue, &error), nullptr);
  EXPECT_CL(CL_INVALID_QUEUE_PROPERTIES, error);
  const cl_queue_properties size_only[] = {CL_QUEUE_SIZE, 16, 0};
  EXPECT_EQ(clCreateCommandQueueWithProperties(context, device, size_only, &error), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  const cl_queue_properties unknown[] = {0x7777, 0, 0};
  EXPECT_EQ(clCreateCommandQueueWithProperties(context, device, unknown, &error), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  EXPECT_EQ(clCreateCommandQueue(context, device, CL_QUEUE_ON_DEVICE, &error), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  cl_command_queue legacy =
      clCreateCommandQueue(context, device, CL_QUEUE_PROFILING_ENABLE, &error);
  ASSERT_CL(CL_SUCCESS, error);
  size_t size = 1;
  EXPECT_CL(CL_SUCCESS,
            clGetCommandQueueInfo(legacy, CL_QUEUE_PROPERTIES_ARRAY, 0, nullptr, &size));
  EXPECT_EQ(size, 0u);
  cl_command_queue_properties old = 0;
  EXPECT_CL(CL_SUCCESS,
            clSetCommandQueueProperty(legacy, CL_QUEUE_PROFILING_ENABLE, CL_FALSE, &old));
  EXPECT_EQ(old, cl_command_queue_properties(CL_QUEUE_PROFILING_ENABLE));
  cl_command_queue_properties now = 1;
  EXPECT_CL(CL_SUCCESS,
            clGetCommandQueueInfo(legacy, CL_QUEUE_PROPERTIES, sizeof(now), &now, nullptr));
  EXPECT_EQ(now, 0u);
  EXPECT_CL(CL_INVALID_VALUE, clSetCommandQueueProperty(legacy, CL_QUEUE_ON_DEVICE, CL_TRUE, &old));
  EXPECT_CL(CL_SUCCESS, clReleaseCommandQueue(legacy));
}

TEST_F(GpuTest, ReleasingAQueueWithWorkInFlightIsSafe) {
  const size_t size = 32 << 20;
  std::vector<unsigned char> data = patternBytes(size, 3);
  cl_mem buffer = makeBuffer(CL_MEM_READ_WRITE, size);
  cl_command_queue temporary = nullptr;
  {
    cl_int error = CL_SUCCESS;
    temporary = clCreateCommandQueueWithProperties(context, device, nullptr, &error);
    ASSERT_CL(CL_SUCCESS, error);
  }
  cl_event written = nullptr;
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(temporary, buffer, CL_FALSE, 0, size, data.data(), 0,
                                             nullptr, &written));
  ASSERT_CL(CL_SUCCESS, clReleaseCommandQueue(temporary));
  ASSERT_CL(CL_SUCCESS, clWaitForEvents(1, &written));
  cl_command_queue owner = nullptr;
  EXPECT_CL(CL_SUCCESS,
            clGetEventInfo(written, CL_EVENT_COMMAND_QUEUE, sizeof(owner), &owner, nullptr));
  EXPECT_EQ(owner, temporary) << "the event keeps its queue";
  EXPECT_CL(CL_SUCCESS, clReleaseEvent(written));
  EXPECT_EQ(readAll(buffer, size), data);
}

} // namespace
