// Every entry point rejects a handle of the wrong type with the spec's
// error. The platform is the one object that exists without a GPU, so it
// plays every other type; through the ICD loader this also checks that each
// call reaches clcuda through the dispatch table.
#include "opencl_test.h"

#include <CL/cl_gl.h>

#include <functional>

namespace {

struct Case {
  const char *call;
  cl_int expected;
  std::function<cl_int()> run;
};

class WrongHandles : public ::testing::Test {
protected:
  void SetUp() override {
    platform = clcuda::test::findClcudaPlatform();
    if (!platform && clcuda::test::loadingMode() == "filenames")
      GTEST_SKIP() << "this ICD loader ignores OCL_ICD_FILENAMES; see the icd. tests";
    ASSERT_NE(platform, nullptr);
  }
  template <class Handle> Handle as() { return reinterpret_cast<Handle>(platform); }
  void check(const std::vector<Case> &cases) {
    for (const Case &c : cases)
      EXPECT_CL(c.expected, c.run()) << c.call;
  }
  // For create functions: their errcode_ret.
  template <class Create> cl_int created(Create &&create) {
    cl_int error = CL_SUCCESS;
    EXPECT_EQ(create(&error), nullptr);
    return error;
  }
  cl_platform_id platform = nullptr;
};

TEST_F(WrongHandles, Devices) {
  auto device = as<cl_device_id>();
  cl_ulong time;
  check({
      {"clGetDeviceInfo", CL_INVALID_DEVICE,
       [&] { return clGetDeviceInfo(device, CL_DEVICE_NAME, 0, nullptr, nullptr); }},
      {"clRetainDevice", CL_INVALID_DEVICE, [&] { return clRetainDevice(device); }},
      {"clReleaseDevice", CL_INVALID_DEVICE, [&] { return clReleaseDevice(device); }},
      {"clCreateSubDevices", CL_INVALID_DEVICE,
       [&] { return clCreateSubDevices(device, nullptr, 0, nullptr, nullptr); }},
      {"clGetHostTimer", CL_INVALID_DEVICE, [&] { return clGetHostTimer(device, &time); }},
      {"clGetDeviceAndHostTimer", CL_INVALID_DEVICE,
       [&] { return clGetDeviceAndHostTimer(device, &time, &time); }},
      {"clCreateContext", CL_INVALID_DEVICE,
       [&] {
         return created(
             [&](cl_int *e) { return clCreateContext(nullptr, 1, &device, nullptr, nullptr, e); });
       }},
  });
}

TEST_F(WrongHandles, ContextsQueuesAndBuffers) {
  auto context = as<cl_context>();
  auto device = as<cl_device_id>();
  auto queue = as<cl_command_queue>();
  auto buffer = as<cl_mem>();
  char data[16];
  size_t origin[3] = {0, 0, 0}, region[3] = {1, 1, 1};
  check({
      {"clRetainContext", CL_INVALID_CONTEXT, [&] { return clRetainContext(context); }},
      {"clReleaseContext", CL_INVALID_CONTEXT, [&] { return clReleaseContext(context); }},
      {"clGetContextInfo", CL_INVALID_CONTEXT,
       [&] { return clGetContextInfo(context, CL_CONTEXT_DEVICES, 0, nullptr, nullptr); }},
      {"clSetContextDestructorCallback", CL_INVALID_CONTEXT,
       [&] {
         return clSetContextDestructorCallback(
             context, [](cl_context, void *) {}, nullptr);
       }},
      {"clCreateCommandQueueWithProperties", CL_INVALID_CONTEXT,
       [&] {
         return created([&](cl_int *e) {
           return clCreateCommandQueueWithProperties(context, device, nullptr, e);
         });
       }},
      {"clCreateBuffer", CL_INVALID_CONTEXT,
       [&] {
         return created([&](cl_int *e) { return clCreateBuffer(context, 0, 16, nullptr, e); });
       }},
      {"clCreateBufferWithProperties", CL_INVALID_CONTEXT,
       [&] {
         return created([&](cl_int *e) {
           return clCreateBufferWithProperties(context, nullptr, 0, 16, nullptr, e);
         });
       }},
      {"clCreateUserEvent", CL_INVALID_CONTEXT,
       [&] { return created([&](cl_int *e) { return clCreateUserEvent(context, e); }); }},
      {"clRetainCommandQueue", CL_INVALID_COMMAND_QUEUE,
       [&] { return clRetainCommandQueue(queue); }},
      {"clReleaseCommandQueue", CL_INVALID_COMMAND_QUEUE,
       [&] { return clReleaseCommandQueue(queue); }},
      {"clGetCommandQueueInfo", CL_INVALID_COMMAND_QUEUE,
       [&] { return clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, 0, nullptr, nullptr); }},
      {"clFlush", CL_INVALID_COMMAND_QUEUE, [&] { return clFlush(queue); }},
      {"clFinish", CL_INVALID_COMMAND_QUEUE, [&] { return clFinish(queue); }},
      {"clEnqueueReadBuffer", CL_INVALID_COMMAND_QUEUE,
       [&] {
         return clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, 1, data, 0, nullptr, nullptr);
       }},
      {"clEnqueueWriteBuffer", CL_INVALID_COMMAND_QUEUE,
       [&] {
         return clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, 1, data, 0, nullptr, nullptr);
       }},
      {"clEnqueueReadBufferRect", CL_INVALID_COMMAND_QUEUE,
       [&] {
         return clEnqueueReadBufferRect(queue, buffer, CL_TRUE, origin, origin, region, 0, 0, 0, 0,
                                        data, 0, nullptr, nullptr);
       }},
      {"clEnqueueCopyBuffer", CL_INVALID_COMMAND_QUEUE,
       [&] { return clEnqueueCopyBuffer(queue, buffer, buffer, 0, 8, 1, 0, nullptr, nullptr); }},
      {"clEnqueueFillBuffer", CL_INVALID_COMMAND_QUEUE,
       [&] { return clEnqueueFillBuffer(queue, buffer, data, 1, 0, 1, 0, nullptr, nullptr); }},
      {"clEnqueueMapBuffer", CL_INVALID_COMMAND_QUEUE,
       [&] {
         return created([&](cl_int *e) {
           return clEnqueueMapBuffer(queue, buffer, CL_TRUE, CL_MAP_READ, 0, 1, 0, nullptr, nullptr,
                                     e);
         });
       }},
      {"clEnqueueUnmapMemObject", CL_INVALID_COMMAND_QUEUE,
       [&] { return clEnqueueUnmapMemObject(queue, buffer, data, 0, nullptr, nullptr); }},
      {"clEnqueueMigrateMemObjects", CL_INVALID_COMMAND_QUEUE,
       [&] { return clEnqueueMigrateMemObjects(queue, 1, &buffer, 0, 0, nullptr, nullptr); }},
      {"clEnqueueBarrierWithWaitList", CL_INVALID_COMMAND_QUEUE,
       [&] { return clEnqueueBarrierWithWaitList(queue, 0, nullptr, nullptr); }},
      {"clEnqueueMarkerWithWaitList", CL_INVALID_COMMAND_QUEUE,
       [&] { return clEnqueueMarkerWithWaitList(queue, 0, nullptr, nullptr); }},
      {"clRetainMemObject", CL_INVALID_MEM_OBJECT, [&] { return clRetainMemObject(buffer); }},
      {"clReleaseMemObject", CL_INVALID_MEM_OBJECT, [&] { return clReleaseMemObject(buffer); }},
      {"clGetMemObjectInfo", CL_INVALID_MEM_OBJECT,
       [&] { return clGetMemObjectInfo(buffer, CL_MEM_SIZE, 0, nullptr, nullptr); }},
      {"clSetMemObjectDestructorCallback", CL_INVALID_MEM_OBJECT,
       [&] {
         return clSetMemObjectDestructorCallback(
             buffer, [](cl_mem, void *) {}, nullptr);
       }},
      {"clCreateSubBuffer", CL_INVALID_MEM_OBJECT,
       [&] {
         cl_buffer_region piece = {0, 8};
         return created([&](cl_int *e) {
           return clCreateSubBuffer(buffer, 0, CL_BUFFER_CREATE_TYPE_REGION, &piece, e);
         });
       }},
  });
}

TEST_F(WrongHandles, Events) {
  auto event = as<cl_event>();
  cl_ulong value;
  check({
      {"clWaitForEvents", CL_INVALID_EVENT, [&] { return clWaitForEvents(1, &event); }},
      {"clRetainEvent", CL_INVALID_EVENT, [&] { return clRetainEvent(event); }},
      {"clReleaseEvent", CL_INVALID_EVENT, [&] { return clReleaseEvent(event); }},
      {"clGetEventInfo", CL_INVALID_EVENT,
       [&] { return clGetEventInfo(event, CL_EVENT_CONTEXT, 0, nullptr, nullptr); }},
      {"clSetUserEventStatus", CL_INVALID_EVENT,
       [&] { return clSetUserEventStatus(event, CL_COMPLETE); }},
      {"clSetEventCallback", CL_INVALID_EVENT,
       [&] {
         return clSetEventCallback(
             event, CL_COMPLETE, [](cl_event, cl_int, void *) {}, nullptr);
       }},
      {"clGetEventProfilingInfo", CL_INVALID_EVENT,
       [&] {
         return clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof(value), &value,
                                        nullptr);
       }},
  });
}

TEST_F(WrongHandles, UnsupportedFeaturesAndPrograms) {
  auto context = as<cl_context>();
  auto queue = as<cl_command_queue>();
  auto buffer = as<cl_mem>();
  auto program = as<cl_program>();
  auto kernel = as<cl_kernel>();
  cl_image_format format = {CL_RGBA, CL_UNORM_INT8};
  cl_image_desc desc = {};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = desc.image_height = 4;
  const char *source = "kernel void k() {}";
  size_t global = 1;
  char data[4];
  cl_uint count;
  check({
      {"clCreateImage", CL_INVALID_CONTEXT,
       [&] {
         return created(
             [&](cl_int *e) { return clCreateImage(context, 0, &format, &desc, nullptr, e); });
       }},
      {"clGetSupportedImageFormats", CL_INVALID_CONTEXT,
       [&] {
         return clGetSupportedImageFormats(context, 0, CL_MEM_OBJECT_IMAGE2D, 0, nullptr, &count);
       }},
      {"clGetImageInfo", CL_INVALID_MEM_OBJECT,
       [&] { return clGetImageInfo(buffer, CL_IMAGE_WIDTH, 0, nullptr, nullptr); }},
      {"clEnqueueReadImage", CL_INVALID_COMMAND_QUEUE,
       [&] {
         size_t origin[3] = {0, 0, 0}, region[3] = {1, 1, 1};
         return clEnqueueReadImage(queue, buffer, CL_TRUE, origin, region, 0, 0, data, 0, nullptr,
                                   nullptr);
       }},
      {"clCreateSamplerWithProperties", CL_INVALID_CONTEXT,
       [&] {
         return created(
             [&](cl_int *e) { return clCreateSamplerWithProperties(context, nullptr, e); });
       }},
      {"clCreatePipe", CL_INVALID_CONTEXT,
       [&] {
         return created([&](cl_int *e) { return clCreatePipe(context, 0, 4, 4, nullptr, e); });
       }},
      {"clGetPipeInfo", CL_INVALID_MEM_OBJECT,
       [&] { return clGetPipeInfo(buffer, CL_PIPE_MAX_PACKETS, 0, nullptr, nullptr); }},
      {"clEnqueueSVMMemcpy", CL_INVALID_COMMAND_QUEUE,
       [&] { return clEnqueueSVMMemcpy(queue, CL_TRUE, data, data, 1, 0, nullptr, nullptr); }},
      {"clEnqueueNativeKernel", CL_INVALID_COMMAND_QUEUE,
       [&] {
         return clEnqueueNativeKernel(
             queue, [](void *) {}, nullptr, 0, 0, nullptr, nullptr, 0, nullptr, nullptr);
       }},
      {"clCreateProgramWithSource", CL_INVALID_CONTEXT,
       [&] {
         return created(
             [&](cl_int *e) { return clCreateProgramWithSource(context, 1, &source, nullptr, e); });
       }},
      {"clBuildProgram", CL_INVALID_PROGRAM,
       [&] { return clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr); }},
      {"clReleaseProgram", CL_INVALID_PROGRAM, [&] { return clReleaseProgram(program); }},
      {"clCreateKernel", CL_INVALID_PROGRAM,
       [&] { return created([&](cl_int *e) { return clCreateKernel(program, "k", e); }); }},
      {"clSetKernelArg", CL_INVALID_KERNEL,
       [&] { return clSetKernelArg(kernel, 0, sizeof(data), data); }},
      {"clEnqueueNDRangeKernel", CL_INVALID_COMMAND_QUEUE,
       [&] {
         return clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, nullptr, 0, nullptr,
                                       nullptr);
       }},
      {"clGetGLObjectInfo", CL_INVALID_MEM_OBJECT,
       [&] { return clGetGLObjectInfo(buffer, nullptr, nullptr); }},
  });
  EXPECT_EQ(clSVMAlloc(context, CL_MEM_READ_WRITE, 64, 0), nullptr);
}

} // namespace
