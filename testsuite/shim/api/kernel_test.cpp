// Kernels through the OpenCL API: creation, cloning, arguments and their
// errors, and the kernel queries. On the GPU and the CPU stand-in.
#include "program_fixture.h"

#include <atomic>
#include <cstring>

namespace clcuda::test {
namespace {

const char kMixed[] = R"(
typedef struct { float a; int b[3]; char c; } Record;
__kernel __attribute__((reqd_work_group_size(8, 4, 1))) __attribute__((vec_type_hint(float4)))
void mixed(__global const float *restrict in, __constant int *table, __local float4 *scratch,
           Record record, float3 direction, volatile __global int *flags) {
  size_t i = get_global_id(0);
  scratch[get_local_id(0)] = (float4)(direction, record.a);
  barrier(CLK_LOCAL_MEM_FENCE);
  flags[i] = (int)(in[i] + scratch[0].w) + table[0] + record.b[1];
}
__kernel void plain(__global int *out) { out[get_global_id(0)] = 1; }
)";

using Kernels = ProgramTest;

template <class T> T kernelInfo(cl_kernel kernel, cl_kernel_info param) {
  T value{};
  EXPECT_CL(CL_SUCCESS, clGetKernelInfo(kernel, param, sizeof(T), &value, nullptr));
  return value;
}

TEST_F(Kernels, CreationErrors) {
  cl_program program = build(kMixed);
  cl_int error = CL_SUCCESS;
  EXPECT_EQ(clCreateKernel(program, "no_such_kernel", &error), nullptr);
  EXPECT_CL(CL_INVALID_KERNEL_NAME, error);
  EXPECT_EQ(clCreateKernel(program, nullptr, &error), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  EXPECT_EQ(clCreateKernel(nullptr, "plain", &error), nullptr);
  EXPECT_CL(CL_INVALID_PROGRAM, error);
  EXPECT_EQ(clCloneKernel(nullptr, &error), nullptr);
  EXPECT_CL(CL_INVALID_KERNEL, error);
  EXPECT_CL(CL_INVALID_KERNEL, clRetainKernel(nullptr));
  EXPECT_CL(CL_INVALID_KERNEL, clReleaseKernel(reinterpret_cast<cl_kernel>(program)));
}

TEST_F(Kernels, AllKernelsOfAProgram) {
  cl_program program = build(kMixed);
  cl_uint count = 0;
  ASSERT_CL(CL_SUCCESS, clCreateKernelsInProgram(program, 0, nullptr, &count));
  EXPECT_EQ(count, 2u);
  cl_kernel one[1];
  EXPECT_CL(CL_INVALID_VALUE, clCreateKernelsInProgram(program, 1, one, nullptr));
  cl_kernel kernels[4] = {};
  ASSERT_CL(CL_SUCCESS, clCreateKernelsInProgram(program, 4, kernels, &count));
  EXPECT_EQ(count, 2u);
  EXPECT_EQ(kernelString(keep(kernels[0]), CL_KERNEL_FUNCTION_NAME), "mixed");
  EXPECT_EQ(kernelString(keep(kernels[1]), CL_KERNEL_FUNCTION_NAME), "plain");
  EXPECT_EQ(kernels[2], nullptr);
}

TEST_F(Kernels, InfoQueries) {
  cl_program program = build(kMixed);
  cl_kernel mixed = kernel(program, "mixed");
  EXPECT_EQ(kernelString(mixed, CL_KERNEL_FUNCTION_NAME), "mixed");
  EXPECT_EQ(kernelInfo<cl_uint>(mixed, CL_KERNEL_NUM_ARGS), 6u);
  EXPECT_EQ(kernelInfo<cl_uint>(mixed, CL_KERNEL_REFERENCE_COUNT), 1u);
  EXPECT_EQ(kernelInfo<cl_context>(mixed, CL_KERNEL_CONTEXT), context);
  EXPECT_EQ(kernelInfo<cl_program>(mixed, CL_KERNEL_PROGRAM), program);
  EXPECT_EQ(kernelString(mixed, CL_KERNEL_ATTRIBUTES),
            "reqd_work_group_size(8,4,1) vec_type_hint(float4)");
  EXPECT_EQ(kernelString(kernel(program, "plain"), CL_KERNEL_ATTRIBUTES), "");
  size_t size = 0;
  EXPECT_CL(CL_INVALID_VALUE, clGetKernelInfo(mixed, 0x7777, 0, nullptr, &size));
  EXPECT_CL(CL_INVALID_KERNEL, clGetKernelInfo(nullptr, CL_KERNEL_NUM_ARGS, 0, nullptr, &size));
}

TEST_F(Kernels, ArgumentInfoIsAlwaysThere) {
  cl_kernel mixed = kernel(build(kMixed), "mixed"); // no -cl-kernel-arg-info
  struct Expected {
    const char *name, *type;
    cl_kernel_arg_address_qualifier address;
    cl_kernel_arg_type_qualifier qualifiers;
  };
  const Expected expected[] = {
      {"in", "float*", CL_KERNEL_ARG_ADDRESS_GLOBAL,
       CL_KERNEL_ARG_TYPE_CONST | CL_KERNEL_ARG_TYPE_RESTRICT},
      {"table", "int*", CL_KERNEL_ARG_ADDRESS_CONSTANT, CL_KERNEL_ARG_TYPE_CONST},
      {"scratch", "float4*", CL_KERNEL_ARG_ADDRESS_LOCAL, CL_KERNEL_ARG_TYPE_NONE},
      {"record", "Record", CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_TYPE_NONE},
      {"direction", "float3", CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_TYPE_NONE},
      {"flags", "int*", CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_TYPE_VOLATILE},
  };
  for (cl_uint i = 0; i < 6; ++i) {
    SCOPED_TRACE(expected[i].name);
    char text[64] = {};
    ASSERT_CL(CL_SUCCESS,
              clGetKernelArgInfo(mixed, i, CL_KERNEL_ARG_NAME, sizeof(text), text, nullptr));
    EXPECT_STREQ(text, expected[i].name);
    ASSERT_CL(CL_SUCCESS,
              clGetKernelArgInfo(mixed, i, CL_KERNEL_ARG_TYPE_NAME, sizeof(text), text, nullptr));
    EXPECT_STREQ(text, expected[i].type);
    cl_kernel_arg_address_qualifier address = 0;
    clGetKernelArgInfo(mixed, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof(address), &address,
                       nullptr);
    EXPECT_EQ(address, expected[i].address);
    cl_kernel_arg_type_qualifier qualifiers = 0;
    clGetKernelArgInfo(mixed, i, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof(qualifiers), &qualifiers,
                       nullptr);
    EXPECT_EQ(qualifiers, expected[i].qualifiers);
    cl_kernel_arg_access_qualifier access = 0;
    clGetKernelArgInfo(mixed, i, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof(access), &access, nullptr);
    EXPECT_EQ(access, cl_kernel_arg_access_qualifier(CL_KERNEL_ARG_ACCESS_NONE));
  }
  size_t size = 0;
  EXPECT_CL(CL_INVALID_ARG_INDEX,
            clGetKernelArgInfo(mixed, 6, CL_KERNEL_ARG_NAME, 0, nullptr, &size));
  EXPECT_CL(CL_INVALID_VALUE, clGetKernelArgInfo(mixed, 0, 0x7777, 0, nullptr, &size));
}

TEST_F(Kernels, WorkGroupInfo) {
  cl_kernel mixed = kernel(build(kMixed), "mixed");
  size_t max_size = 0, multiple = 0, compile[3] = {};
  ASSERT_CL(CL_SUCCESS, clGetKernelWorkGroupInfo(mixed, device, CL_KERNEL_WORK_GROUP_SIZE,
                                                 sizeof(max_size), &max_size, nullptr));
  EXPECT_GE(max_size, 32u); // __launch_bounds__(32) from reqd_work_group_size
  EXPECT_LE(max_size, 1024u);
  ASSERT_CL(CL_SUCCESS, clGetKernelWorkGroupInfo(mixed, nullptr, CL_KERNEL_COMPILE_WORK_GROUP_SIZE,
                                                 sizeof(compile), compile, nullptr));
  EXPECT_EQ(compile[0] * 100 + compile[1] * 10 + compile[2], 841u);
  ASSERT_CL(CL_SUCCESS,
            clGetKernelWorkGroupInfo(mixed, device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                     sizeof(multiple), &multiple, nullptr));
  EXPECT_EQ(multiple, 32u);
  cl_ulong local = 0, before = 0, privately = 0;
  clGetKernelWorkGroupInfo(mixed, device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof(before), &before,
                           nullptr);
  ASSERT_CL(CL_SUCCESS, clSetKernelArg(mixed, 2, 32 * 16, nullptr));
  clGetKernelWorkGroupInfo(mixed, device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof(local), &local, nullptr);
  EXPECT_EQ(local, before + 32 * 16);
  EXPECT_CL(CL_SUCCESS, clGetKernelWorkGroupInfo(mixed, device, CL_KERNEL_PRIVATE_MEM_SIZE,
                                                 sizeof(privately), &privately, nullptr));
  size_t global[3];
  EXPECT_CL(CL_INVALID_VALUE, clGetKernelWorkGroupInfo(mixed, device, CL_KERNEL_GLOBAL_WORK_SIZE,
                                                       sizeof(global), global, nullptr));
  cl_device_id not_a_device = reinterpret_cast<cl_device_id>(queue);
  EXPECT_CL(CL_INVALID_DEVICE,
            clGetKernelWorkGroupInfo(mixed, not_a_device, CL_KERNEL_WORK_GROUP_SIZE,
                                     sizeof(max_size), &max_size, nullptr));
}

// Sub-groups are warps of 32: a local size of n work-items has ceil(n / 32),
// the largest min(n, 32) wide.
size_t subGroupAnswer(cl_kernel kernel, cl_device_id device, cl_kernel_sub_group_info param,
                      const std::vector<size_t> &input) {
  size_t value = 0, size = 0;
  EXPECT_CL(CL_SUCCESS,
            clGetKernelSubGroupInfo(kernel, device, param, input.size() * sizeof(size_t),
                                    input.data(), sizeof(value), &value, &size));
  EXPECT_EQ(size, sizeof(value));
  return value;
}

TEST_F(Kernels, SubGroupInfo) {
  cl_program program = build(kMixed);
  cl_kernel plain = kernel(program, "plain");
  cl_uint max_sub_groups = 0;
  cl_bool forward_progress = CL_TRUE;
  ASSERT_CL(CL_SUCCESS, clGetDeviceInfo(device, CL_DEVICE_MAX_NUM_SUB_GROUPS,
                                        sizeof(max_sub_groups), &max_sub_groups, nullptr));
  EXPECT_EQ(max_sub_groups, 1024u / 32);
  ASSERT_CL(CL_SUCCESS, clGetDeviceInfo(device, CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS,
                                        sizeof(forward_progress), &forward_progress, nullptr));
  EXPECT_EQ(forward_progress, CL_FALSE); // docs/shim.md says why

  const cl_kernel_sub_group_info kMaxSize = CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE;
  const cl_kernel_sub_group_info kCount = CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE;
  EXPECT_EQ(subGroupAnswer(plain, device, kMaxSize, {200}), 32u);
  EXPECT_EQ(subGroupAnswer(plain, device, kMaxSize, {4, 5}), 20u);
  EXPECT_EQ(subGroupAnswer(plain, device, kMaxSize, {1, 1, 1}), 1u);
  EXPECT_EQ(subGroupAnswer(plain, device, kCount, {200}), 7u);
  EXPECT_EQ(subGroupAnswer(plain, device, kCount, {33, 7, 1}), 8u);
  EXPECT_EQ(subGroupAnswer(plain, device, kCount, {1024}), 32u);
  EXPECT_EQ(subGroupAnswer(plain, device, CL_KERNEL_MAX_NUM_SUB_GROUPS, {}), 32u);
  EXPECT_EQ(subGroupAnswer(plain, device, CL_KERNEL_COMPILE_NUM_SUB_GROUPS, {}), 0u);
  // A kernel whose required work-group size (8 x 4) is one warp.
  cl_kernel mixed = kernel(program, "mixed");
  EXPECT_EQ(subGroupAnswer(mixed, device, CL_KERNEL_MAX_NUM_SUB_GROUPS, {}), 1u);

  // The local size of a sub-group count has as many dimensions as the answer
  // holds: one used, the others 1; zeros when no work-group has that many.
  const cl_kernel_sub_group_info kLocalSize = CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT;
  size_t count = 5, local[3] = {}, size = 0;
  EXPECT_CL(CL_SUCCESS, clGetKernelSubGroupInfo(plain, device, kLocalSize, sizeof(count), &count,
                                                sizeof(local), local, &size));
  EXPECT_EQ(size, sizeof(local));
  EXPECT_EQ(local[0], 5u * 32);
  EXPECT_EQ(local[1], 1u);
  EXPECT_EQ(local[2], 1u);
  EXPECT_CL(CL_SUCCESS, clGetKernelSubGroupInfo(plain, device, kLocalSize, sizeof(count), &count,
                                                sizeof(size_t), local, &size));
  EXPECT_EQ(size, sizeof(size_t));
  for (size_t impossible : {size_t(0), size_t(33)}) {
    EXPECT_CL(CL_SUCCESS, clGetKernelSubGroupInfo(plain, device, kLocalSize, sizeof(impossible),
                                                  &impossible, 2 * sizeof(size_t), local, nullptr));
    EXPECT_EQ(local[0], 0u) << impossible << " sub-groups";
    EXPECT_EQ(local[1], 0u) << impossible << " sub-groups";
  }

  // A required work-group size is the only local size there is.
  size_t one = 1, two = 2;
  EXPECT_CL(CL_SUCCESS, clGetKernelSubGroupInfo(mixed, device, kLocalSize, sizeof(one), &one,
                                                sizeof(local), local, nullptr));
  EXPECT_EQ(std::vector<size_t>(local, local + 3), (std::vector<size_t>{8, 4, 1}));
  EXPECT_CL(CL_SUCCESS, clGetKernelSubGroupInfo(mixed, device, kLocalSize, sizeof(two), &two,
                                                sizeof(local), local, nullptr));
  EXPECT_EQ(std::vector<size_t>(local, local + 3), (std::vector<size_t>{0, 0, 0}));
  EXPECT_CL(CL_SUCCESS, clGetKernelSubGroupInfo(mixed, device, kLocalSize, sizeof(one), &one,
                                                sizeof(size_t), local, nullptr));
  EXPECT_EQ(local[0], 0u) << "8 x 4 has no one-dimensional form";

  // What the spec calls invalid values.
  size_t value = 0, four[4] = {32, 1, 1, 1};
  EXPECT_CL(CL_INVALID_VALUE, clGetKernelSubGroupInfo(plain, device, kMaxSize, sizeof(size_t),
                                                      nullptr, sizeof(value), &value, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, clGetKernelSubGroupInfo(plain, device, kCount, sizeof(four), four,
                                                      sizeof(value), &value, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, clGetKernelSubGroupInfo(plain, device, kCount, 5, four, sizeof(value),
                                                      &value, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, clGetKernelSubGroupInfo(plain, device, kLocalSize, 2 * sizeof(size_t),
                                                      four, sizeof(local), local, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, clGetKernelSubGroupInfo(plain, device, kLocalSize, sizeof(count),
                                                      &count, sizeof(four), four, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, clGetKernelSubGroupInfo(plain, device, kMaxSize, sizeof(size_t), four,
                                                      sizeof(cl_uint), &value, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, clGetKernelSubGroupInfo(plain, device, CL_KERNEL_WORK_GROUP_SIZE, 0,
                                                      nullptr, sizeof(value), &value, nullptr));
  EXPECT_CL(CL_INVALID_KERNEL,
            clGetKernelSubGroupInfo(nullptr, device, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, nullptr,
                                    sizeof(value), &value, nullptr));
  cl_device_id not_a_device = reinterpret_cast<cl_device_id>(queue);
  EXPECT_CL(CL_INVALID_DEVICE,
            clGetKernelSubGroupInfo(plain, not_a_device, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, nullptr,
                                    sizeof(value), &value, nullptr));
}

TEST_F(Kernels, ArgumentErrors) {
  cl_kernel mixed = kernel(build(kMixed), "mixed");
  cl_mem buffer = makeBuffer(CL_MEM_READ_WRITE, 64);
  const float value = 1.0f;
  EXPECT_CL(CL_INVALID_KERNEL, clSetKernelArg(nullptr, 0, sizeof(buffer), &buffer));
  EXPECT_CL(CL_INVALID_ARG_INDEX, clSetKernelArg(mixed, 6, sizeof(buffer), &buffer));
  EXPECT_CL(CL_INVALID_ARG_SIZE, clSetKernelArg(mixed, 0, 4, &buffer));
  cl_mem garbage = reinterpret_cast<cl_mem>(queue);
  EXPECT_CL(CL_INVALID_MEM_OBJECT, clSetKernelArg(mixed, 0, sizeof(garbage), &garbage));
  // A __local size of 0 is refused only at OpenCL 3.0 (OpenCL31 tests).
  EXPECT_CL(CL_INVALID_ARG_VALUE, clSetKernelArg(mixed, 2, 16, &value));
  EXPECT_CL(CL_INVALID_ARG_SIZE, clSetKernelArg(mixed, 3, sizeof(value), &value));
  EXPECT_CL(CL_INVALID_ARG_VALUE, clSetKernelArg(mixed, 3, 20, nullptr));
  EXPECT_CL(CL_INVALID_ARG_SIZE, clSetKernelArg(mixed, 4, 12, &value)); // float3 is 16 bytes
  // NULL buffers, both ways.
  cl_mem null_buffer = nullptr;
  EXPECT_CL(CL_SUCCESS, clSetKernelArg(mixed, 0, sizeof(cl_mem), nullptr));
  EXPECT_CL(CL_SUCCESS, clSetKernelArg(mixed, 1, sizeof(cl_mem), &null_buffer));
  // A buffer of another context is not a memory object for this kernel.
  cl_int error = CL_SUCCESS;
  cl_context other = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  cl_mem foreign = clCreateBuffer(other, CL_MEM_READ_WRITE, 64, nullptr, &error);
  EXPECT_CL(CL_INVALID_MEM_OBJECT, clSetKernelArg(mixed, 5, sizeof(foreign), &foreign));
  clReleaseMemObject(foreign);
  clReleaseContext(other);
  // SVM (svm_kernel_test.cpp has the rest): a
  // pointer that is no SVM memory, and fine-grained system SVM, which no
  // device advertises.
  EXPECT_CL(CL_INVALID_ARG_VALUE, clSetKernelArgSVMPointer(mixed, 0, &value));
  cl_bool fine_grain = CL_TRUE;
  EXPECT_CL(CL_INVALID_OPERATION,
            clSetKernelExecInfo(mixed, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM,
                                sizeof(fine_grain), &fine_grain));
  // The empty set unsets the pointers; a NULL list of some size is invalid.
  EXPECT_CL(CL_SUCCESS, clSetKernelExecInfo(mixed, CL_KERNEL_EXEC_INFO_SVM_PTRS, 0, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clSetKernelExecInfo(mixed, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(void *), nullptr));
  EXPECT_CL(CL_INVALID_VALUE, clSetKernelExecInfo(mixed, 0x7777, sizeof(fine_grain), &fine_grain));
  EXPECT_CL(CL_INVALID_KERNEL,
            clSetKernelExecInfo(nullptr, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(buffer), &buffer));
}

// The CTS's retain_mem_object_set_kernel_arg: a kernel argument does not
// keep a buffer the application released; a launch enqueued before the
// release does, until it is done.
TEST_F(Kernels, ABufferSetAsArgumentIsDeletedWhenReleased) {
  cl_kernel put =
      kernel(build("__kernel void put(__global int *out) { out[0] = 1; }", "-cl-std=CL3.0"), "put");
  static std::atomic<int> deleted{0};
  deleted = 0;
  auto count = [](cl_mem, void *) { ++deleted; };
  cl_int error = CL_SUCCESS;
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  ASSERT_CL(CL_SUCCESS, clSetMemObjectDestructorCallback(buffer, count, nullptr));
  setArg(put, 0, buffer);
  ASSERT_CL(CL_SUCCESS, clReleaseMemObject(buffer));
  EXPECT_TRUE(waitUntil([] { return deleted.load() == 1; })) << "the argument kept the buffer";

  // Held behind a user event, the launch keeps its buffer past the release.
  buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  ASSERT_CL(CL_SUCCESS, clSetMemObjectDestructorCallback(buffer, count, nullptr));
  setArg(put, 0, buffer);
  cl_event gate = makeUserEvent();
  const size_t one = 1;
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, put, 1, nullptr, &one, nullptr, 1, &gate, nullptr));
  ASSERT_CL(CL_SUCCESS, clReleaseMemObject(buffer));
  EXPECT_EQ(deleted.load(), 1) << "deleted while a launch still held it";
  EXPECT_CL(CL_SUCCESS, clSetUserEventStatus(gate, CL_COMPLETE));
  EXPECT_CL(CL_SUCCESS, clFinish(queue));
  EXPECT_TRUE(waitUntil([] { return deleted.load() == 2; }));
  takeLaunches();
}

TEST_F(Kernels, UnsetArgumentsBlockTheLaunch) {
  cl_kernel mixed = kernel(build(kMixed), "mixed");
  // Written first: the kernel reads it, and compute-sanitizer's initcheck
  // reports a read of memory nothing wrote.
  std::vector<unsigned char> zeros(1024);
  cl_mem buffer = makeBuffer(CL_MEM_COPY_HOST_PTR, zeros.size(), zeros.data());
  const size_t global[2] = {8, 4}, local[2] = {8, 4};
  EXPECT_CL(CL_INVALID_KERNEL_ARGS,
            clEnqueueNDRangeKernel(queue, mixed, 2, nullptr, global, local, 0, nullptr, nullptr));
  setArg(mixed, 0, buffer);
  setArg(mixed, 1, buffer);
  ASSERT_CL(CL_SUCCESS, clSetKernelArg(mixed, 2, 32 * 16, nullptr));
  const float record[5] = {};
  ASSERT_CL(CL_SUCCESS, clSetKernelArg(mixed, 3, 20, record));
  const cl_float3 direction = {{1, 2, 3}};
  setArg(mixed, 4, direction);
  EXPECT_CL(CL_INVALID_KERNEL_ARGS,
            clEnqueueNDRangeKernel(queue, mixed, 2, nullptr, global, local, 0, nullptr, nullptr));
  setArg(mixed, 5, buffer);
  EXPECT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, mixed, 2, nullptr, global, local, 0, nullptr, nullptr));
  EXPECT_CL(CL_SUCCESS, clFinish(queue));
}

TEST_F(Kernels, ClonesCopyArgumentsAndThenGoTheirOwnWay) {
  cl_program program = build("__kernel void put(__global int *out, int value) {\n"
                             "  out[get_global_id(0)] = value; }\n");
  cl_kernel original = kernel(program, "put");
  cl_mem first = makeBuffer(CL_MEM_READ_WRITE, sizeof(int));
  cl_mem second = makeBuffer(CL_MEM_READ_WRITE, sizeof(int));
  setArg(original, 0, first);
  setArg(original, 1, 11);
  cl_int error = CL_SUCCESS;
  cl_kernel clone = keep(clCloneKernel(original, &error));
  ASSERT_CL(CL_SUCCESS, error);
  setArg(clone, 0, second);
  setArg(original, 1, 22);
  const size_t one = 1;
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, clone, 1, nullptr, &one, &one, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, original, 1, nullptr, &one, &one, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  if (fakeDevice()) {
    const auto launches = takeLaunches();
    ASSERT_EQ(launches.size(), 2u);
    EXPECT_EQ(parameter<int>(launches[0], 1), 11); // the clone kept the value at cloning
    EXPECT_EQ(parameter<int>(launches[1], 1), 22);
    EXPECT_NE(parameter<std::uint64_t>(launches[0], 0), parameter<std::uint64_t>(launches[1], 0));
    return;
  }
  EXPECT_EQ(read<int>(second, 1)[0], 11);
  EXPECT_EQ(read<int>(first, 1)[0], 22);
}

TEST_F(Kernels, AKernelKeepsItsProgram) {
  cl_int error = CL_SUCCESS;
  const char *source = "__kernel void one(__global int *out) { out[0] = 1; }";
  cl_program program = clCreateProgramWithSource(context, 1, &source, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr));
  cl_kernel one = kernel(program, "one");
  ASSERT_CL(CL_SUCCESS, clReleaseProgram(program));
  cl_mem out = makeBuffer(CL_MEM_READ_WRITE, sizeof(int));
  setArg(one, 0, out);
  const size_t size = 1;
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, one, 1, nullptr, &size, &size, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  if (!fakeDevice()) {
    EXPECT_EQ(read<int>(out, 1)[0], 1);
  }
}

} // namespace
} // namespace clcuda::test
