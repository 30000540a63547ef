// Shared virtual memory in kernels: SVM pointers (with offsets) as
// arguments, pointers stored in SVM memory (CL_KERNEL_EXEC_INFO_SVM_PTRS),
// clCloneKernel, buffers on SVM memory, and the argument errors. On the GPU
// the kernels run; on the CPU stand-in for the driver each test plays the
// recorded launch on the host from the parameters the shim passed, so the
// same result checks prove the pointers were the right ones.
#include "program_fixture.h"
#include "svm_fixture.h"

#include "child_process.h"

#include <cstring>

namespace {

using namespace clcuda::test;

const char *const kSource = R"(
typedef struct { __global int *store; } Indirect;

__kernel void scale(__global const int *in, __global int *out, int factor) {
  size_t i = get_global_id(0);
  out[i] = in[i] * factor;
}

__kernel void store_through(int value, __global Indirect *indirect) {
  indirect->store[get_global_id(0)] = value;
}
)";

class SvmKernels : public SvmFixture<ProgramTest> {
protected:
  void SetUp() override {
    SvmFixture<ProgramTest>::SetUp();
    if (IsSkipped() || HasFatalFailure())
      return;
    program = build(kSource);
  }

  // On the CPU stand-in: does what `scale` does, for each recorded launch,
  // with the pointers the launch got.
  void playScale(size_t count) {
    for (const ClcudaFakeLaunch &launch : takeLaunches()) {
      const int *in = parameter<const int *>(launch, 0);
      int *out = parameter<int *>(launch, 1);
      const int factor = parameter<int>(launch, 2);
      ASSERT_TRUE(in && out) << "a NULL pointer was launched";
      for (size_t i = 0; i < count; ++i)
        out[i] = in[i] * factor;
    }
  }
  void playStoreThrough(size_t count) {
    for (const ClcudaFakeLaunch &launch : takeLaunches()) {
      const int value = parameter<int>(launch, 0);
      int *const *indirect = parameter<int *const *>(launch, 1);
      ASSERT_NE(indirect, nullptr) << "a NULL pointer was launched";
      for (size_t i = 0; i < count; ++i)
        (*indirect)[i] = value;
    }
  }

  cl_program program = nullptr;
};

TEST_F(SvmKernels, SvmPointersWithOffsetsAreKernelArguments) {
  const size_t count = 1024, skip = 16;
  int *in = svmAlloc<int>(count + skip, CL_MEM_READ_WRITE);
  int *out = svmAlloc<int>(count + skip);
  ASSERT_TRUE(in && out);
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_WRITE, in,
                                        (count + skip) * sizeof(int), 0, nullptr, nullptr));
  for (size_t i = 0; i < count + skip; ++i)
    in[i] = int(i) - 100;
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMUnmap(queue, in, 0, nullptr, nullptr));
  std::memset(out, 0, (count + skip) * sizeof(int));

  cl_kernel scale = kernel(program, "scale");
  ASSERT_CL(CL_SUCCESS, clSetKernelArgSVMPointer(scale, 0, in + skip));
  ASSERT_CL(CL_SUCCESS, clSetKernelArgSVMPointer(scale, 1, out + 1));
  setArg(scale, 2, 3);
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, scale, 1, nullptr, &count, nullptr, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  playScale(count);
  // Fine grain: read in place after the kernel is done.
  EXPECT_EQ(out[0], 0) << "the kernel wrote before its offset";
  for (size_t i = 0; i < count; ++i)
    ASSERT_EQ(out[1 + i], (int(i + skip) - 100) * 3) << "element " << i;
  EXPECT_EQ(out[count + 1], 0) << "the kernel wrote past its range";
}

TEST_F(SvmKernels, PointersStoredInSvmMemoryAreFollowed) {
  const size_t count = 256;
  auto *indirect = svmAlloc<int *>(1, CL_MEM_READ_WRITE);
  int *target = svmAlloc<int>(count, CL_MEM_READ_WRITE);
  ASSERT_TRUE(indirect && target);
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_WRITE, indirect, sizeof(int *), 0,
                                        nullptr, nullptr));
  *indirect = target;
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMUnmap(queue, indirect, 0, nullptr, nullptr));

  cl_kernel store = kernel(program, "store_through");
  setArg(store, 0, 42);
  ASSERT_CL(CL_SUCCESS, clSetKernelArgSVMPointer(store, 1, indirect));
  void *reached[] = {target};
  ASSERT_CL(CL_SUCCESS,
            clSetKernelExecInfo(store, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(reached), reached));
  const cl_bool no_system = CL_FALSE;
  ASSERT_CL(CL_SUCCESS, clSetKernelExecInfo(store, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM,
                                            sizeof(no_system), &no_system));
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, store, 1, nullptr, &count, nullptr, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  playStoreThrough(count);
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, target, count * sizeof(int), 0,
                                        nullptr, nullptr));
  for (size_t i = 0; i < count; ++i)
    ASSERT_EQ(target[i], 42) << "element " << i;
  ASSERT_CL(CL_SUCCESS, clEnqueueSVMUnmap(queue, target, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
}

TEST_F(SvmKernels, ACloneKeepsTheSvmArguments) {
  const size_t count = 64;
  int *in = svmAlloc<int>(count);
  int *out = svmAlloc<int>(2 * count);
  ASSERT_TRUE(in && out);
  for (size_t i = 0; i < count; ++i)
    in[i] = int(i);
  std::memset(out, 0, 2 * count * sizeof(int));
  cl_kernel scale = kernel(program, "scale");
  ASSERT_CL(CL_SUCCESS, clSetKernelArgSVMPointer(scale, 0, in));
  ASSERT_CL(CL_SUCCESS, clSetKernelArgSVMPointer(scale, 1, out + count));
  setArg(scale, 2, -2);
  cl_int error = CL_SUCCESS;
  cl_kernel clone = keep(clCloneKernel(scale, &error));
  ASSERT_CL(CL_SUCCESS, error);
  // Changing the original afterwards leaves the clone as it was.
  ASSERT_CL(CL_SUCCESS, clSetKernelArgSVMPointer(scale, 1, out));
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, clone, 1, nullptr, &count, nullptr, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  playScale(count);
  for (size_t i = 0; i < count; ++i) {
    ASSERT_EQ(out[i], 0) << "the clone used the original's new argument, element " << i;
    ASSERT_EQ(out[count + i], -2 * int(i)) << "element " << i;
  }
}

TEST_F(SvmKernels, BuffersOnSvmMemoryAreKernelArguments) {
  const size_t count = 128;
  int *memory = svmAlloc<int>(2 * count);
  ASSERT_NE(memory, nullptr);
  for (size_t i = 0; i < 2 * count; ++i)
    memory[i] = int(i);
  cl_mem in = makeBuffer(CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, count * sizeof(int), memory);
  cl_kernel scale = kernel(program, "scale");
  setArg(scale, 0, in);
  ASSERT_CL(CL_SUCCESS, clSetKernelArgSVMPointer(scale, 1, memory + count));
  setArg(scale, 2, 5);
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, scale, 1, nullptr, &count, nullptr, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  playScale(count);
  for (size_t i = 0; i < count; ++i)
    ASSERT_EQ(memory[count + i], 5 * int(i)) << "element " << i;
}

TEST_F(SvmKernels, ArgumentAndExecInfoErrors) {
  int *data = svmAlloc<int>(16);
  ASSERT_NE(data, nullptr);
  int host[16] = {};
  cl_kernel scale = kernel(program, "scale");
  EXPECT_CL(CL_INVALID_KERNEL, clSetKernelArgSVMPointer(nullptr, 0, data));
  EXPECT_CL(CL_INVALID_ARG_INDEX, clSetKernelArgSVMPointer(scale, 3, data));
  EXPECT_CL(CL_INVALID_ARG_VALUE, clSetKernelArgSVMPointer(scale, 2, data)) << "an int argument";
  EXPECT_CL(CL_INVALID_ARG_VALUE, clSetKernelArgSVMPointer(scale, 0, host)) << "not SVM memory";
  EXPECT_CL(CL_INVALID_ARG_VALUE, clSetKernelArgSVMPointer(scale, 0, data + 16)) << "one past";
  EXPECT_CL(CL_SUCCESS, clSetKernelArgSVMPointer(scale, 0, data + 15));
  EXPECT_CL(CL_SUCCESS, clSetKernelArgSVMPointer(scale, 0, nullptr));

  void *pointers[] = {data, host};
  EXPECT_CL(CL_INVALID_KERNEL,
            clSetKernelExecInfo(nullptr, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(void *), pointers));
  EXPECT_CL(CL_INVALID_VALUE, clSetKernelExecInfo(scale, 0x7777, sizeof(void *), pointers));
  EXPECT_CL(CL_INVALID_VALUE,
            clSetKernelExecInfo(scale, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(void *), nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clSetKernelExecInfo(scale, CL_KERNEL_EXEC_INFO_SVM_PTRS, 5, pointers));
  EXPECT_CL(CL_INVALID_VALUE,
            clSetKernelExecInfo(scale, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(pointers), pointers))
      << "host memory in the list";
  EXPECT_CL(CL_SUCCESS,
            clSetKernelExecInfo(scale, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(void *), pointers));
  const cl_bool system = CL_TRUE;
  EXPECT_CL(CL_INVALID_OPERATION,
            clSetKernelExecInfo(scale, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof(system),
                                &system))
      << "fine-grained system SVM is not advertised";
  EXPECT_CL(CL_INVALID_VALUE,
            clSetKernelExecInfo(scale, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, 1, &system));
}

// Where the device lacks concurrent managed access nothing is SVM: every
// entry point answers as the spec says for a device without it. Played on
// the CPU stand-in, told to answer 0 for that attribute, in a child.
TEST_F(ProgramTest, WithoutConcurrentManagedAccessThereIsNoSvm) {
  if (!fakeDevice())
    GTEST_SKIP() << "needs the CPU stand-in for the driver, which can lack the attribute";
  if (!childRole()) {
    const ChildResult child =
        runChild("no concurrent managed access", {"CLCUDA_FAKE_CUDA_CONCURRENT_MANAGED_ACCESS=0"},
                 {"--loading=" + loadingMode()});
    EXPECT_EQ(child.signal, 0) << child.output;
    EXPECT_EQ(child.exit_code, 0) << child.output;
    return;
  }
  cl_device_svm_capabilities capabilities = ~cl_device_svm_capabilities(0);
  ASSERT_CL(CL_SUCCESS, clGetDeviceInfo(device, CL_DEVICE_SVM_CAPABILITIES, sizeof(capabilities),
                                        &capabilities, nullptr));
  EXPECT_EQ(capabilities, 0u);
  EXPECT_EQ(clSVMAlloc(context, CL_MEM_READ_WRITE, 64, 0), nullptr);
  int host[4] = {};
  const int pattern = 0;
  EXPECT_CL(CL_INVALID_OPERATION,
            clEnqueueSVMMemcpy(queue, CL_TRUE, host, host + 2, 8, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_OPERATION,
            clEnqueueSVMMemFill(queue, host, &pattern, 4, 4, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_OPERATION,
            clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, host, 4, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_OPERATION, clEnqueueSVMUnmap(queue, host, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_OPERATION,
            clEnqueueSVMFree(queue, 0, nullptr, nullptr, nullptr, 0, nullptr, nullptr));
  cl_kernel scale = kernel(build(kSource), "scale");
  EXPECT_CL(CL_INVALID_OPERATION, clSetKernelArgSVMPointer(scale, 0, host));
  void *pointers[] = {host};
  EXPECT_CL(CL_INVALID_OPERATION,
            clSetKernelExecInfo(scale, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(pointers), pointers));
  // A USE_HOST_PTR buffer is an ordinary one.
  cl_mem buffer = makeBuffer(CL_MEM_USE_HOST_PTR, sizeof(host), host);
  cl_bool uses_svm = CL_TRUE;
  EXPECT_CL(CL_SUCCESS, clGetMemObjectInfo(buffer, CL_MEM_USES_SVM_POINTER, sizeof(uses_svm),
                                           &uses_svm, nullptr));
  EXPECT_EQ(uses_svm, CL_FALSE);
}

} // namespace
