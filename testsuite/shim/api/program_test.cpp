// Programs through the OpenCL API: builds, logs, options, queries, binaries,
// separate compilation, callbacks, the kernel cache. On the GPU and on the
// CPU stand-in for the driver (fakecuda.*), which loads the same CUBINs.
#include "child_process.h"
#include "program_fixture.h"

#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <regex>
#include <sstream>

namespace clcuda::test {
namespace {

const char kSaxpy[] = R"(
__kernel void saxpy(float a, __global const float *x, __global float *y) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}
__kernel void zero(__global float *y) { y[get_global_id(0)] = 0.0f; }
)";

template <class T> T programInfo(cl_program program, cl_program_info param) {
  T value{};
  EXPECT_CL(CL_SUCCESS, clGetProgramInfo(program, param, sizeof(T), &value, nullptr));
  return value;
}

template <class T>
T buildInfo(cl_program program, cl_device_id device, cl_program_build_info param) {
  T value{};
  EXPECT_CL(CL_SUCCESS, clGetProgramBuildInfo(program, device, param, sizeof(T), &value, nullptr));
  return value;
}

std::vector<unsigned char> binaryOf(cl_program program) {
  if (!program) {
    ADD_FAILURE() << "no program";
    return {};
  }
  size_t size = 0;
  EXPECT_CL(CL_SUCCESS,
            clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof(size), &size, nullptr));
  std::vector<unsigned char> bytes(size);
  unsigned char *pointer = bytes.data();
  EXPECT_CL(CL_SUCCESS,
            clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof(pointer), &pointer, nullptr));
  return bytes;
}

using ProgramBuild = ProgramTest;

TEST_F(ProgramBuild, BuildsAndDescribesTheProgram) {
  cl_program program = build(kSaxpy, "-cl-mad-enable");
  EXPECT_EQ(buildInfo<cl_build_status>(program, device, CL_PROGRAM_BUILD_STATUS), CL_BUILD_SUCCESS);
  EXPECT_EQ(buildInfo<cl_program_binary_type>(program, device, CL_PROGRAM_BINARY_TYPE),
            cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_EXECUTABLE));
  size_t size = 0;
  ASSERT_CL(CL_SUCCESS,
            clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_OPTIONS, 0, nullptr, &size));
  std::string options(size, '\0');
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_OPTIONS, size, options.data(), nullptr);
  EXPECT_STREQ(options.c_str(), "-cl-mad-enable");
  EXPECT_EQ(programInfo<size_t>(program, CL_PROGRAM_NUM_KERNELS), 2u);
  EXPECT_EQ(programString(program, CL_PROGRAM_KERNEL_NAMES), "saxpy;zero");
  EXPECT_EQ(programString(program, CL_PROGRAM_SOURCE), kSaxpy);
  EXPECT_EQ(programInfo<cl_uint>(program, CL_PROGRAM_NUM_DEVICES), 1u);
  EXPECT_EQ(programInfo<cl_device_id>(program, CL_PROGRAM_DEVICES), device);
  EXPECT_EQ(programInfo<cl_context>(program, CL_PROGRAM_CONTEXT), context);
  EXPECT_EQ(programInfo<cl_uint>(program, CL_PROGRAM_REFERENCE_COUNT), 1u);
  EXPECT_EQ(programInfo<cl_bool>(program, CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT), CL_FALSE);
  size_t il_size = 99;
  EXPECT_CL(CL_SUCCESS, clGetProgramInfo(program, CL_PROGRAM_IL, 0, nullptr, &il_size));
  EXPECT_EQ(il_size, 0u);
  EXPECT_GT(binaryOf(program).size(), 1000u);
}

TEST_F(ProgramBuild, SourcesJoinWithTheirLengths) {
  const char *parts[] = {"__kernel void a(__global int *x) { x[0] = 1; }\nGARBAGE",
                         "__kernel void b(__global int *x) { x[0] = 2; }\n"};
  const size_t lengths[] = {std::strlen(parts[0]) - 7, 0};
  cl_int error = CL_SUCCESS;
  cl_program program = keep(clCreateProgramWithSource(context, 2, parts, lengths, &error));
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_CL(CL_SUCCESS, clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr))
      << buildLog(program);
  EXPECT_EQ(programString(program, CL_PROGRAM_KERNEL_NAMES), "a;b");
}

TEST_F(ProgramBuild, BuildFailureKeepsALogAtTheUsersLines) {
  cl_program program = nullptr;
  EXPECT_CL(CL_BUILD_PROGRAM_FAILURE,
            tryBuild("__kernel void k(__global int *x) {\n  x[0] = 1;\n  x[1] = missing;\n}\n", "",
                     program));
  EXPECT_EQ(buildInfo<cl_build_status>(program, device, CL_PROGRAM_BUILD_STATUS), CL_BUILD_ERROR);
  const std::string log = buildLog(program);
  EXPECT_NE(log.find(":3:"), std::string::npos) << log;
  EXPECT_NE(log.find("missing"), std::string::npos) << log;
  cl_int error = CL_SUCCESS;
  EXPECT_EQ(clCreateKernel(program, "k", &error), nullptr);
  EXPECT_CL(CL_INVALID_PROGRAM_EXECUTABLE, error);
  size_t count = 0;
  EXPECT_CL(CL_INVALID_PROGRAM_EXECUTABLE,
            clGetProgramInfo(program, CL_PROGRAM_NUM_KERNELS, sizeof(count), &count, nullptr));
}

TEST_F(ProgramBuild, InvalidOptionsAreReported) {
  cl_program program = nullptr;
  EXPECT_CL(CL_INVALID_BUILD_OPTIONS, tryBuild(kSaxpy, "-cl-not-an-option", program));
  EXPECT_NE(buildLog(program).find("-cl-not-an-option"), std::string::npos);
  EXPECT_EQ(buildInfo<cl_build_status>(program, device, CL_PROGRAM_BUILD_STATUS), CL_BUILD_ERROR);
  // The same program builds with good options afterwards.
  EXPECT_CL(CL_SUCCESS, clBuildProgram(program, 1, &device, "-D UNUSED=1", nullptr, nullptr));
}

// cl_nv_compiler_options: -cl-nv-verbose puts ptxas's report of each kernel
// in the log of a successful build, under -cl-nv-maxrregcount's limit. NVRTC
// runs on the CPU, so the stand-in for the driver gets the same log.
TEST_F(ProgramBuild, NvidiaVerboseOptionLogsWhatPtxasUsed) {
  cl_program program = build(kSaxpy, "-cl-nv-verbose -cl-nv-maxrregcount 32");
  const std::string log = buildLog(program);
  const std::regex used(R"(ptxas info\s*: Used (\d+) registers)");
  int kernels = 0;
  for (std::sregex_iterator match(log.begin(), log.end(), used), end; match != end; ++match) {
    ++kernels;
    EXPECT_LE(std::stoi((*match)[1]), 32) << match->str();
  }
  EXPECT_EQ(kernels, 2) << log;
  EXPECT_NE(log.find("saxpy"), std::string::npos) << log;
  cl_program quiet = build(kSaxpy, "-cl-nv-maxrregcount=32");
  EXPECT_EQ(buildLog(quiet).find("ptxas info"), std::string::npos) << buildLog(quiet);
  EXPECT_EQ(buildLog(quiet).find("clcuda build times"), std::string::npos) << buildLog(quiet);
}

// A verbose build's log also says where clcuda's time went, phase by phase
// (clcuda-bench's build profile reads it): one line, NVRTC's phases named.
TEST_F(ProgramBuild, VerboseBuildsLogTheirPhases) {
  const std::string log = buildLog(build(kSaxpy, "-cl-nv-verbose"));
  const std::regex times(
      R"(clcuda build times: cache [^;]+; translate [0-9.]+ ms, NVRTC [0-9.]+ ms )"
      R"(\((precompiled headers, )?CUDA C\+\+ Frontend \d+ ms, NVVM Optimizer \d+ ms)"
      R"([^)]*\), link [0-9.]+ ms, cache lookup [0-9.]+ ms, load [0-9.]+ ms; )"
      R"(total [0-9.]+ ms\n)");
  EXPECT_TRUE(std::regex_search(log, times)) << log;
}

TEST_F(ProgramBuild, UnsupportedFeaturesAreBuildErrorsNotCrashes) {
  for (const char *source : {
           // A mipmapped read (cl_khr_mipmap_image is not supported).
           "__kernel void k(read_only image2d_t i, sampler_t s, __global float4 *o) {\n"
           "  o[0] = read_imagef(i, s, (float2)(0.5f), 1.0f);\n"
           "}\n",
           "__kernel void k(__global int *x) { x[0] = ",
           "#error stop here\n",
       }) {
    cl_program program = nullptr;
    EXPECT_CL(CL_BUILD_PROGRAM_FAILURE, tryBuild(source, "", program)) << source;
    EXPECT_NE(buildLog(program).find("error"), std::string::npos) << source;
  }
}

TEST_F(ProgramBuild, AProgramWithoutKernelsBuilds) {
  cl_program program = build("// nothing but a comment\n");
  EXPECT_EQ(programInfo<size_t>(program, CL_PROGRAM_NUM_KERNELS), 0u);
  EXPECT_EQ(programString(program, CL_PROGRAM_KERNEL_NAMES), "");
  cl_uint count = 7;
  EXPECT_CL(CL_SUCCESS, clCreateKernelsInProgram(program, 0, nullptr, &count));
  EXPECT_EQ(count, 0u);
}

TEST_F(ProgramBuild, ArgumentErrors) {
  cl_program program = createProgram(kSaxpy);
  EXPECT_CL(CL_INVALID_PROGRAM, clBuildProgram(nullptr, 0, nullptr, nullptr, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, clBuildProgram(program, 1, nullptr, nullptr, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, clBuildProgram(program, 0, &device, nullptr, nullptr, nullptr));
  int data = 0;
  EXPECT_CL(CL_INVALID_VALUE, clBuildProgram(program, 0, nullptr, nullptr, nullptr, &data));
  cl_device_id not_a_device = reinterpret_cast<cl_device_id>(context);
  EXPECT_CL(CL_INVALID_DEVICE,
            clBuildProgram(program, 1, &not_a_device, nullptr, nullptr, nullptr));
  cl_int error = CL_SUCCESS;
  EXPECT_EQ(clCreateProgramWithSource(context, 0, nullptr, nullptr, &error), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  const char *strings[] = {"a", nullptr};
  EXPECT_EQ(clCreateProgramWithSource(context, 2, strings, nullptr, &error), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  EXPECT_EQ(clCreateProgramWithSource(nullptr, 1, strings, nullptr, &error), nullptr);
  EXPECT_CL(CL_INVALID_CONTEXT, error);
  size_t size = 0;
  EXPECT_CL(CL_INVALID_DEVICE,
            clGetProgramBuildInfo(program, nullptr, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size));
  EXPECT_CL(CL_INVALID_VALUE, clGetProgramInfo(program, 0x7777, 0, nullptr, &size));
  EXPECT_CL(CL_INVALID_VALUE, clGetProgramBuildInfo(program, device, 0x7777, 0, nullptr, &size));
}

TEST_F(ProgramBuild, NotBuiltYet) {
  cl_program program = createProgram(kSaxpy);
  EXPECT_EQ(buildInfo<cl_build_status>(program, device, CL_PROGRAM_BUILD_STATUS), CL_BUILD_NONE);
  EXPECT_EQ(buildInfo<cl_program_binary_type>(program, device, CL_PROGRAM_BINARY_TYPE),
            cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_NONE));
  EXPECT_EQ(buildLog(program), "");
  size_t size = 1;
  EXPECT_CL(CL_SUCCESS,
            clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof(size), &size, nullptr));
  EXPECT_EQ(size, 0u);
  EXPECT_CL(CL_INVALID_PROGRAM_EXECUTABLE, clCreateKernelsInProgram(program, 0, nullptr, nullptr));
}

void CL_CALLBACK noteBuild(cl_program, void *user_data) { ++*static_cast<int *>(user_data); }

TEST_F(ProgramBuild, CallbacksHearOfTheBuild) {
  cl_program program = createProgram(kSaxpy);
  int calls = 0;
  EXPECT_CL(CL_SUCCESS, clBuildProgram(program, 0, nullptr, "", noteBuild, &calls));
  EXPECT_TRUE(waitUntil([&] { return calls == 1; }));
  cl_program broken = createProgram("__kernel void k() { nope }");
  EXPECT_CL(CL_BUILD_PROGRAM_FAILURE, clBuildProgram(broken, 0, nullptr, "", noteBuild, &calls));
  EXPECT_TRUE(waitUntil([&] { return calls == 2; }));
}

TEST_F(ProgramBuild, KernelsBlockARebuild) {
  cl_program program = build(kSaxpy);
  cl_int error = CL_SUCCESS;
  cl_kernel saxpy = clCreateKernel(program, "saxpy", &error);
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_CL(CL_INVALID_OPERATION, clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_OPERATION,
            clCompileProgram(program, 0, nullptr, nullptr, 0, nullptr, nullptr, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clReleaseKernel(saxpy));
  EXPECT_CL(CL_SUCCESS, clBuildProgram(program, 0, nullptr, "-DAGAIN", nullptr, nullptr));
  kernel(program, "zero");
}

TEST_F(ProgramBuild, FeaturesClcudaLacks) {
  cl_program program = build(kSaxpy);
  EXPECT_CL(CL_INVALID_OPERATION, clSetProgramReleaseCallback(program, noteBuild, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, clSetProgramReleaseCallback(program, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_PROGRAM, clSetProgramReleaseCallback(nullptr, noteBuild, nullptr));
  int value = 0; // only programs made from IL have specialization constants
  EXPECT_CL(CL_INVALID_PROGRAM,
            clSetProgramSpecializationConstant(program, 0, sizeof(value), &value));
  cl_int error = CL_SUCCESS;
  EXPECT_EQ(clCreateProgramWithBuiltInKernels(context, 1, &device, "anything", &error), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  EXPECT_CL(CL_SUCCESS, clUnloadPlatformCompiler(platform));
}

TEST_F(ProgramBuild, ProgramScopeVariablesHaveStorage) {
  cl_program program = build(R"(
__global int counter = 5;
__global float table[16];
__kernel void bump(__global int *out) { out[0] = counter; counter += 1; table[0] += 1.0f; }
)",
                             "-cl-std=CL3.0");
  EXPECT_GE(buildInfo<size_t>(program, device, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE),
            4u + 64u);
  if (fakeDevice())
    return; // nothing runs on the stand-in
  cl_kernel bump = kernel(program, "bump");
  cl_mem out = makeBuffer(CL_MEM_READ_WRITE, sizeof(int));
  setArg(bump, 0, out);
  const size_t one = 1;
  std::vector<int> seen;
  for (int round = 0; round < 2; ++round) {
    ASSERT_CL(CL_SUCCESS,
              clEnqueueNDRangeKernel(queue, bump, 1, nullptr, &one, &one, 0, nullptr, nullptr));
    seen.push_back(read<int>(out, 1)[0]);
  }
  EXPECT_EQ(seen, (std::vector<int>{5, 6}));
}

// cl_khr_extended_bit_ops and cl_khr_integer_dot_product, as the CTS uses
// them: the device says so, and a program that checks the extensions' and
// the dot product features' macros and calls the builtins builds in every
// OpenCL C version (the CTS builds its kernels as OpenCL C 1.2) and computes
// what the extensions define (the GPU test of the device library covers
// every type and edge: gpu_integer_extensions_test.cpp).
TEST_F(ProgramBuild, IntegerExtensionsBuildInEveryOpenCLCVersion) {
  size_t size = 0;
  ASSERT_CL(CL_SUCCESS, clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, 0, nullptr, &size));
  std::string extensions(size, '\0');
  ASSERT_CL(CL_SUCCESS,
            clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, size, extensions.data(), nullptr));
  EXPECT_NE(extensions.find("cl_khr_extended_bit_ops"), std::string::npos) << extensions;
  EXPECT_NE(extensions.find("cl_khr_integer_dot_product"), std::string::npos) << extensions;
  cl_device_integer_dot_product_capabilities_khr inputs = 0;
  ASSERT_CL(CL_SUCCESS, clGetDeviceInfo(device, CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR,
                                        sizeof(inputs), &inputs, nullptr));
  EXPECT_EQ(inputs, cl_device_integer_dot_product_capabilities_khr(
                        CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_PACKED_KHR |
                        CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_KHR));
  const char *source = R"(
#if !defined(cl_khr_extended_bit_ops) || !defined(cl_khr_integer_dot_product) || \
    !defined(__opencl_c_integer_dot_product_input_4x8bit) ||                      \
    !defined(__opencl_c_integer_dot_product_input_4x8bit_packed)
#error an extension clcuda claims has no macro
#endif
__kernel void extensions(__global int *out) {
  out[0] = bitfield_insert(0x12345678, 0xab, 8u, 8u);
  out[1] = bitfield_extract_signed(0x0000f000u, 12u, 4u);
  out[2] = bitfield_extract_unsigned((char)-16, 4u, 4u);
  out[3] = bit_reverse(1);
  int4 v = bitfield_extract_signed((uint4)(0xf0u), 4u, 4u);
  out[4] = v.w;
  out[5] = dot((char4)(-128, 127, 1, -1), (uchar4)(255, 255, 0, 2));
  out[6] = dot_acc_sat((char4)(127), (char4)(127), 0x7fffffff);
  out[7] = (int)dot_acc_sat_4x8packed_uu_uint(0xffffffffu, 0x01010101u, 0xffffff00u);
  out[8] = dot_4x8packed_us_int(0x000000ffu, 0x000000ffu);
}
)";
  for (const char *options : {"", "-cl-std=CL2.0", "-cl-std=CL3.0"}) {
    SCOPED_TRACE(std::string("options \"") + options + "\"");
    cl_program program = build(source, options);
    if (!program || fakeDevice())
      continue; // nothing runs on the stand-in
    cl_kernel run = kernel(program, "extensions");
    cl_mem out = makeBuffer(CL_MEM_READ_WRITE, 9 * sizeof(int));
    setArg(run, 0, out);
    const size_t one = 1;
    ASSERT_CL(CL_SUCCESS,
              clEnqueueNDRangeKernel(queue, run, 1, nullptr, &one, &one, 0, nullptr, nullptr));
    EXPECT_EQ(read<int>(out, 9),
              (std::vector<int>{0x1234ab78, -1, 0xf, int(0x80000000u), -1,
                                -128 * 255 + 127 * 255 - 2, 0x7fffffff, -1, -255}));
  }
}

TEST_F(ProgramBuild, FunctionScopeStaticsAreGlobalVariables) {
  cl_program program = build(R"(
kernel void bump(global int *out, int which) {
  if (which) {
    static global int first = 10;
    out[0] = first++;
  } else {
    static int second = 20;
    out[0] = second++;
  }
}
)",
                             "-cl-std=CL3.0");
  EXPECT_GE(buildInfo<size_t>(program, device, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE),
            2 * sizeof(int));
  if (fakeDevice())
    return; // nothing runs on the stand-in
  cl_kernel bump = kernel(program, "bump");
  cl_mem out = makeBuffer(CL_MEM_READ_WRITE, sizeof(int));
  setArg(bump, 0, out);
  std::vector<int> seen;
  for (int which : {1, 0, 1, 0}) {
    setArg(bump, 1, which);
    ASSERT_CL(CL_SUCCESS, clEnqueueTask(queue, bump, 0, nullptr, nullptr));
    seen.push_back(read<int>(out, 1)[0]);
  }
  EXPECT_EQ(seen, (std::vector<int>{10, 20, 11, 21}));
}

TEST_F(ProgramBuild, ARebuildWithoutDenormsAreZeroKeepsDenormals) {
  // The CTS's options_denorm_cache: the smallest subnormal doubled.
  cl_program program = createProgram(
      "__kernel void sum(float a, float b, __global float *out) { out[0] = a + b; }\n");
  cl_mem out = makeBuffer(CL_MEM_READ_WRITE, sizeof(float));
  const float smallest = std::numeric_limits<float>::denorm_min();
  std::vector<uint32_t> results;
  for (const char *options : {"-cl-denorms-are-zero", ""}) {
    ASSERT_CL(CL_SUCCESS, clBuildProgram(program, 1, &device, options, nullptr, nullptr))
        << buildLog(program);
    cl_kernel sum = nullptr;
    cl_int error = CL_SUCCESS;
    sum = clCreateKernel(program, "sum", &error);
    ASSERT_CL(CL_SUCCESS, error);
    setArg(sum, 0, smallest);
    setArg(sum, 1, smallest);
    setArg(sum, 2, out);
    ASSERT_CL(CL_SUCCESS, clEnqueueTask(queue, sum, 0, nullptr, nullptr));
    ASSERT_CL(CL_SUCCESS, clFinish(queue));
    if (fakeDevice()) {
      const auto launches = takeLaunches();
      ASSERT_EQ(launches.size(), 1u);
      EXPECT_EQ(parameter<uint32_t>(launches[0], 0), 1u) << "the subnormal argument as passed";
    } else {
      uint32_t bits = 0;
      const float value = read<float>(out, 1)[0];
      std::memcpy(&bits, &value, sizeof(bits));
      results.push_back(bits);
    }
    clReleaseKernel(sum); // a rebuild needs the program without kernels
  }
  if (fakeDevice())
    return;
  // Flushing is a hint (0 or 2 both fine); without it the sum is exact.
  EXPECT_TRUE(results[0] == 0u || results[0] == 2u) << std::hex << results[0];
  EXPECT_EQ(results[1], 2u) << "with -cl-denorms-are-zero: 0x" << std::hex << results[0]
                            << ", without: 0x" << results[1];
}

TEST_F(ProgramBuild, EveryDeviceOfTheContextGetsItsExecutable) {
  std::vector<cl_device_id> devices;
  twoDevices(devices);
  if (devices.empty())
    return;
  cl_int error = CL_SUCCESS;
  cl_context shared = clCreateContext(nullptr, 2, devices.data(), nullptr, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  const char *source = kSaxpy;
  cl_program program = clCreateProgramWithSource(shared, 1, &source, nullptr, &error);
  // Build for the second device only, then for both.
  ASSERT_CL(CL_SUCCESS, clBuildProgram(program, 1, &devices[1], nullptr, nullptr, nullptr));
  EXPECT_EQ(buildInfo<cl_build_status>(program, devices[0], CL_PROGRAM_BUILD_STATUS),
            CL_BUILD_NONE);
  size_t sizes[2] = {};
  ASSERT_CL(CL_SUCCESS,
            clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof(sizes), sizes, nullptr));
  EXPECT_EQ(sizes[0], 0u);
  EXPECT_GT(sizes[1], 0u);
  cl_kernel zero = clCreateKernel(program, "zero", &error);
  ASSERT_CL(CL_SUCCESS, error);
  cl_command_queue first = clCreateCommandQueueWithProperties(shared, devices[0], nullptr, &error);
  cl_command_queue second = clCreateCommandQueueWithProperties(shared, devices[1], nullptr, &error);
  cl_mem buffer = clCreateBuffer(shared, CL_MEM_READ_WRITE, 64 * sizeof(float), nullptr, &error);
  clSetKernelArg(zero, 0, sizeof(buffer), &buffer);
  const size_t global = 64;
  EXPECT_CL(CL_INVALID_PROGRAM_EXECUTABLE,
            clEnqueueNDRangeKernel(first, zero, 1, nullptr, &global, nullptr, 0, nullptr, nullptr));
  EXPECT_CL(CL_SUCCESS, clEnqueueNDRangeKernel(second, zero, 1, nullptr, &global, nullptr, 0,
                                               nullptr, nullptr));
  size_t max_size = 0;
  EXPECT_CL(CL_SUCCESS, clGetKernelWorkGroupInfo(zero, nullptr, CL_KERNEL_WORK_GROUP_SIZE,
                                                 sizeof(max_size), &max_size, nullptr))
      << "one device with the kernel: NULL names it";
  clReleaseKernel(zero);
  EXPECT_CL(CL_SUCCESS, clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr));
  EXPECT_EQ(buildInfo<cl_build_status>(program, devices[0], CL_PROGRAM_BUILD_STATUS),
            CL_BUILD_SUCCESS);
  zero = clCreateKernel(program, "zero", &error);
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_CL(CL_INVALID_DEVICE, clGetKernelWorkGroupInfo(zero, nullptr, CL_KERNEL_WORK_GROUP_SIZE,
                                                        sizeof(max_size), &max_size, nullptr));
  clSetKernelArg(zero, 0, sizeof(buffer), &buffer);
  EXPECT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(first, zero, 1, nullptr, &global, nullptr, 0, nullptr, nullptr));
  EXPECT_CL(CL_SUCCESS, clFinish(first));
  EXPECT_CL(CL_SUCCESS, clFinish(second));
  clReleaseKernel(zero);
  clReleaseMemObject(buffer);
  clReleaseCommandQueue(first);
  clReleaseCommandQueue(second);
  clReleaseProgram(program);
  clReleaseContext(shared);
}

// ---- binaries ----

using ProgramBinaries = ProgramTest;

TEST_F(ProgramBinaries, RoundTripWithoutTheTranslator) {
  const std::vector<unsigned char> bytes = binaryOf(build(kSaxpy, "-DSOMETHING"));
  const unsigned char *pointer = bytes.data();
  const size_t length = bytes.size();
  cl_int status = 1, error = 1;
  cl_program program =
      keep(clCreateProgramWithBinary(context, 1, &device, &length, &pointer, &status, &error));
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_CL(CL_SUCCESS, status);
  EXPECT_EQ(buildInfo<cl_program_binary_type>(program, device, CL_PROGRAM_BINARY_TYPE),
            cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_EXECUTABLE));
  EXPECT_EQ(programString(program, CL_PROGRAM_SOURCE), "");
  ASSERT_CL(CL_SUCCESS, clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr))
      << buildLog(program);
  size_t size = 0;
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_OPTIONS, 0, nullptr, &size);
  std::string options(size, '\0');
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_OPTIONS, size, options.data(), nullptr);
  EXPECT_STREQ(options.c_str(), "-DSOMETHING") << "NULL options: the binary's";
  // Built again, with options of its own: they are recorded.
  ASSERT_CL(CL_SUCCESS, clBuildProgram(program, 0, nullptr, "-DOTHER", nullptr, nullptr));
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_OPTIONS, 0, nullptr, &size);
  options.assign(size, '\0');
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_OPTIONS, size, options.data(), nullptr);
  EXPECT_STREQ(options.c_str(), "-DOTHER");
  EXPECT_EQ(programString(program, CL_PROGRAM_KERNEL_NAMES), "saxpy;zero");
  cl_kernel saxpy = kernel(program, "saxpy");
  if (fakeDevice()) {
    const size_t n = 4;
    cl_mem x = makeBuffer(CL_MEM_READ_WRITE, n * sizeof(float));
    setArg(saxpy, 0, 2.0f);
    setArg(saxpy, 1, x);
    setArg(saxpy, 2, x);
    ASSERT_CL(CL_SUCCESS,
              clEnqueueNDRangeKernel(queue, saxpy, 1, nullptr, &n, &n, 0, nullptr, nullptr));
    clFinish(queue);
    const auto launches = takeLaunches();
    ASSERT_EQ(launches.size(), 1u);
    EXPECT_STREQ(launches[0].function, "saxpy");
    return;
  }
  const size_t n = 1000;
  std::vector<float> x(n), y(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 1.0f;
  }
  cl_mem xs = makeBuffer(CL_MEM_COPY_HOST_PTR, n * sizeof(float), x.data());
  cl_mem ys = makeBuffer(CL_MEM_COPY_HOST_PTR, n * sizeof(float), y.data());
  setArg(saxpy, 0, 3.0f);
  setArg(saxpy, 1, xs);
  setArg(saxpy, 2, ys);
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, saxpy, 1, nullptr, &n, nullptr, 0, nullptr, nullptr));
  const std::vector<float> result = read<float>(ys, n);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(result[i], 3.0f * float(i) + 1.0f) << i;
}

TEST_F(ProgramBinaries, ABinaryForAnotherGpuIsCompiledAgainForThisOne) {
  // The stand-in poses as an older GPU in a child; a GPU cannot.
  if (const char *role = childRole()) {
    std::ifstream file(std::getenv("CLCUDA_TEST_BINARY"), std::ios::binary);
    const std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(file)),
                                           std::istreambuf_iterator<char>());
    const unsigned char *pointer = bytes.data();
    const size_t length = bytes.size();
    cl_int error = CL_SUCCESS;
    cl_program program =
        keep(clCreateProgramWithBinary(context, 1, &device, &length, &pointer, nullptr, &error));
    ASSERT_CL(CL_SUCCESS, error);
    ASSERT_CL(CL_SUCCESS, clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr))
        << buildLog(program);
    EXPECT_EQ(programString(program, CL_PROGRAM_KERNEL_NAMES), "saxpy;zero");
    const std::vector<unsigned char> rebuilt = binaryOf(program);
    const std::string text(rebuilt.begin(), rebuilt.end());
    EXPECT_NE(text.find(std::string("sm_") + role), std::string::npos)
        << "the binary now holds code for this GPU";
    return;
  }
  if (!fakeDevice())
    GTEST_SKIP() << "needs the CPU stand-in, which can pose as an older GPU";
  const std::vector<unsigned char> bytes = binaryOf(build(kSaxpy));
  const std::string path = temporaryDirectory() + "/saxpy.bin";
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size()));
  const ChildResult child =
      runChild("80", {"CLCUDA_FAKE_CUDA_COMPUTE=80", "CLCUDA_TEST_BINARY=" + path},
               {"--loading=" + loadingMode()});
  EXPECT_EQ(child.exit_code, 0) << child.output;
}

TEST_F(ProgramBinaries, DamagedBinariesAreInvalidNeverCrashes) {
  const std::vector<unsigned char> good = binaryOf(build(kSaxpy));
  ASSERT_FALSE(good.empty());
  std::vector<std::vector<unsigned char>> damaged;
  damaged.emplace_back(good.begin(), good.begin() + good.size() / 2);
  damaged.push_back(good);
  damaged.back()[good.size() / 3] ^= 0x40;
  damaged.emplace_back(1, 0x42);
  damaged.push_back(std::vector<unsigned char>(good.size(), 0));
  std::string ptx = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k() { ret; }\n";
  damaged.emplace_back(ptx.begin(), ptx.end()); // a PTX file is not a clcuda binary
  for (const auto &bytes : damaged) {
    const unsigned char *pointer = bytes.data();
    const size_t length = bytes.size();
    cl_int status = CL_SUCCESS, error = CL_SUCCESS;
    EXPECT_EQ(clCreateProgramWithBinary(context, 1, &device, &length, &pointer, &status, &error),
              nullptr);
    EXPECT_CL(CL_INVALID_BINARY, error);
    EXPECT_CL(CL_INVALID_BINARY, status);
  }
  const unsigned char *pointer = good.data();
  const size_t zero = 0, length = good.size();
  cl_int status = CL_SUCCESS, error = CL_SUCCESS;
  EXPECT_EQ(clCreateProgramWithBinary(context, 1, &device, &zero, &pointer, &status, &error),
            nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  EXPECT_CL(CL_INVALID_VALUE, status);
  const cl_device_id twice[] = {device, device};
  const unsigned char *pointers[] = {pointer, pointer};
  const size_t lengths[] = {length, length};
  EXPECT_EQ(clCreateProgramWithBinary(context, 2, twice, lengths, pointers, nullptr, &error),
            nullptr);
  EXPECT_CL(CL_INVALID_DEVICE, error);
  EXPECT_EQ(clCreateProgramWithBinary(context, 1, &device, &length, nullptr, nullptr, &error),
            nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
}

TEST_F(ProgramBinaries, BinariesQueryChecksItsArray) {
  cl_program program = build(kSaxpy);
  size_t needed = 0;
  ASSERT_CL(CL_SUCCESS, clGetProgramInfo(program, CL_PROGRAM_BINARIES, 0, nullptr, &needed));
  EXPECT_EQ(needed, sizeof(unsigned char *));
  unsigned char *skip = nullptr; // a NULL entry: that device's binary is not wanted
  EXPECT_CL(CL_SUCCESS,
            clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof(skip), &skip, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, clGetProgramInfo(program, CL_PROGRAM_BINARIES, 1, &skip, nullptr));
}

// ---- separate compilation ----

using ProgramLink = ProgramTest;

const char kCaller[] = R"(
#include "scale.h"
float scaled(float x);
__kernel void apply(__global float *data) { data[get_global_id(0)] = scaled(data[get_global_id(0)]); }
)";
const char kCallee[] = "#include \"scale.h\"\nfloat scaled(float x) { return SCALE * x; }\n";

cl_int compileWithHeader(cl_program program, cl_program header, cl_device_id device) {
  const char *name = "scale.h";
  return clCompileProgram(program, 1, &device, "-cl-std=CL1.2", 1, &header, &name, nullptr,
                          nullptr);
}

TEST_F(ProgramLink, CompileAndLinkWithInMemoryHeaders) {
  cl_program header = createProgram("#define SCALE 3.0f\n");
  cl_program caller = createProgram(kCaller), callee = createProgram(kCallee);
  ASSERT_CL(CL_SUCCESS, compileWithHeader(caller, header, device)) << buildLog(caller);
  ASSERT_CL(CL_SUCCESS, compileWithHeader(callee, header, device)) << buildLog(callee);
  EXPECT_EQ(buildInfo<cl_program_binary_type>(caller, device, CL_PROGRAM_BINARY_TYPE),
            cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT));
  const cl_program inputs[] = {caller, callee};
  cl_int error = CL_SUCCESS;
  cl_program linked =
      keep(clLinkProgram(context, 1, &device, nullptr, 2, inputs, nullptr, nullptr, &error));
  ASSERT_CL(CL_SUCCESS, error) << buildLog(linked);
  EXPECT_EQ(buildInfo<cl_program_binary_type>(linked, device, CL_PROGRAM_BINARY_TYPE),
            cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_EXECUTABLE));
  EXPECT_EQ(programString(linked, CL_PROGRAM_KERNEL_NAMES), "apply");
  cl_kernel apply = kernel(linked, "apply");
  // A linked program is not built again.
  EXPECT_CL(CL_INVALID_OPERATION, clBuildProgram(linked, 0, nullptr, nullptr, nullptr, nullptr));
  if (fakeDevice())
    return;
  const size_t n = 256;
  std::vector<float> data(n, 2.0f);
  cl_mem buffer = makeBuffer(CL_MEM_COPY_HOST_PTR, n * sizeof(float), data.data());
  setArg(apply, 0, buffer);
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, apply, 1, nullptr, &n, nullptr, 0, nullptr, nullptr));
  for (float value : read<float>(buffer, n))
    ASSERT_EQ(value, 6.0f);
}

TEST_F(ProgramLink, AKernelCallsAKernelOfAnotherUnit) {
  // The CTS's execute_after_two_file_link.
  cl_program copy = createProgram(R"(
__kernel void CopyBuffer(__global float *src, __global float *dst) {
  int id = (int)get_global_id(0);
  dst[id] = src[id];
}
)");
  cl_program another = createProgram(R"(
extern __kernel void CopyBuffer(__global float *src, __global float *dst);
__kernel void AnotherCopyBuffer(__global float *src, __global float *dst) { CopyBuffer(src, dst); }
)");
  for (cl_program unit : {copy, another})
    ASSERT_CL(CL_SUCCESS,
              clCompileProgram(unit, 1, &device, "", 0, nullptr, nullptr, nullptr, nullptr))
        << buildLog(unit);
  const cl_program inputs[] = {copy, another};
  cl_int error = CL_SUCCESS;
  cl_program linked =
      keep(clLinkProgram(context, 1, &device, "", 2, inputs, nullptr, nullptr, &error));
  ASSERT_CL(CL_SUCCESS, error) << buildLog(linked);
  EXPECT_EQ(programString(linked, CL_PROGRAM_KERNEL_NAMES), "CopyBuffer;AnotherCopyBuffer");
  if (fakeDevice())
    return;
  const size_t n = 300;
  std::vector<float> data(n);
  for (size_t i = 0; i < n; ++i)
    data[i] = float(i);
  cl_mem src = makeBuffer(CL_MEM_COPY_HOST_PTR, n * sizeof(float), data.data());
  for (const char *name : {"CopyBuffer", "AnotherCopyBuffer"}) {
    cl_mem dst = makeBuffer(CL_MEM_READ_WRITE, n * sizeof(float));
    cl_kernel copier = kernel(linked, name);
    setArg(copier, 0, src);
    setArg(copier, 1, dst);
    ASSERT_CL(CL_SUCCESS,
              clEnqueueNDRangeKernel(queue, copier, 1, nullptr, &n, nullptr, 0, nullptr, nullptr));
    EXPECT_EQ(read<float>(dst, n), data) << name;
  }
}

TEST_F(ProgramLink, LibrariesAndLinkFailures) {
  cl_program header = createProgram("#define SCALE 2.0f\n");
  cl_program caller = createProgram(kCaller), callee = createProgram(kCallee);
  ASSERT_CL(CL_SUCCESS, compileWithHeader(caller, header, device)) << buildLog(caller);
  ASSERT_CL(CL_SUCCESS, compileWithHeader(callee, header, device)) << buildLog(callee);
  cl_int error = CL_SUCCESS;
  cl_program library = keep(
      clLinkProgram(context, 0, nullptr, "-create-library", 1, &callee, nullptr, nullptr, &error));
  ASSERT_CL(CL_SUCCESS, error) << buildLog(library);
  EXPECT_EQ(buildInfo<cl_program_binary_type>(library, device, CL_PROGRAM_BINARY_TYPE),
            cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_LIBRARY));
  const cl_program with_library[] = {caller, library};
  cl_program linked =
      keep(clLinkProgram(context, 0, nullptr, nullptr, 2, with_library, nullptr, nullptr, &error));
  EXPECT_CL(CL_SUCCESS, error) << buildLog(linked);
  // Alone, the caller's `scaled` is undefined: the program exists, with the log.
  cl_program failed =
      keep(clLinkProgram(context, 0, nullptr, nullptr, 1, &caller, nullptr, nullptr, &error));
  EXPECT_CL(CL_LINK_PROGRAM_FAILURE, error);
  ASSERT_NE(failed, nullptr);
  EXPECT_EQ(buildInfo<cl_build_status>(failed, device, CL_PROGRAM_BUILD_STATUS), CL_BUILD_ERROR);
  EXPECT_NE(buildLog(failed).find("scaled"), std::string::npos) << buildLog(failed);
  EXPECT_EQ(clLinkProgram(context, 0, nullptr, "-bogus", 1, &caller, nullptr, nullptr, &error),
            nullptr);
  EXPECT_CL(CL_INVALID_LINKER_OPTIONS, error);
  cl_program source_only = createProgram(kCallee);
  EXPECT_EQ(clLinkProgram(context, 0, nullptr, nullptr, 1, &source_only, nullptr, nullptr, &error),
            nullptr);
  EXPECT_CL(CL_INVALID_OPERATION, error);
  EXPECT_EQ(clLinkProgram(context, 0, nullptr, nullptr, 0, nullptr, nullptr, nullptr, &error),
            nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  cl_program not_a_program = reinterpret_cast<cl_program>(queue);
  EXPECT_EQ(
      clLinkProgram(context, 0, nullptr, nullptr, 1, &not_a_program, nullptr, nullptr, &error),
      nullptr);
  EXPECT_CL(CL_INVALID_PROGRAM, error);
}

TEST_F(ProgramLink, CompiledObjectsRoundTripAsBinaries) {
  cl_program header = createProgram("#define SCALE 1.0f\n");
  cl_program callee = createProgram(kCallee), caller = createProgram(kCaller);
  ASSERT_CL(CL_SUCCESS, compileWithHeader(callee, header, device)) << buildLog(callee);
  ASSERT_CL(CL_SUCCESS, compileWithHeader(caller, header, device)) << buildLog(caller);
  const std::vector<unsigned char> bytes = binaryOf(callee);
  const unsigned char *pointer = bytes.data();
  const size_t length = bytes.size();
  cl_int error = CL_SUCCESS;
  cl_program loaded =
      keep(clCreateProgramWithBinary(context, 1, &device, &length, &pointer, nullptr, &error));
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_EQ(buildInfo<cl_program_binary_type>(loaded, device, CL_PROGRAM_BINARY_TYPE),
            cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT));
  // A compiled object from a binary links as it is.
  const cl_program inputs[] = {caller, loaded};
  cl_program linked =
      keep(clLinkProgram(context, 0, nullptr, nullptr, 2, inputs, nullptr, nullptr, &error));
  EXPECT_CL(CL_SUCCESS, error) << buildLog(linked);
  EXPECT_EQ(programString(linked, CL_PROGRAM_KERNEL_NAMES), "apply");
}

// ---- the kernel cache, across processes ----

using ProgramCache = ProgramTest;

// A child run of `role` with `environment` and CLCUDA_LOG_FILE set, and the
// lines clcuda logged to that file.
struct LoggedChild {
  ChildResult child;
  std::vector<std::string> lines;
};
LoggedChild runChildLogging(const std::string &role, std::vector<std::string> environment) {
  const std::string file = temporaryDirectory() + "/clcuda.log";
  environment.push_back("CLCUDA_LOG_FILE=" + file);
  LoggedChild logged{runChild(role, environment, {"--loading=" + loadingMode()}), {}};
  std::ifstream log(file);
  for (std::string line; std::getline(log, line);)
    logged.lines.push_back(line);
  return logged;
}

TEST_F(ProgramCache, AHitInAFreshProcessSkipsTheTranslator) {
  if (const char *role = childRole()) {
    using Clock = std::chrono::steady_clock;
    cl_program program = createProgram(kSaxpy);
    const auto start = Clock::now();
    ASSERT_CL(CL_SUCCESS, clBuildProgram(program, 1, &device, "-DCACHED", nullptr, nullptr))
        << buildLog(program);
    const double milliseconds =
        std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    void *translator = dlopen("libcl2cuda.so", RTLD_NOW | RTLD_NOLOAD);
    if (std::string(role) == "hit") {
      EXPECT_EQ(translator, nullptr) << "a cache hit loaded the translator";
      // Its time is measured by the benchmark (program build, warm), not here.
      std::printf("clBuildProgram from the cache: %.2f ms\n", milliseconds);
    } else {
      EXPECT_NE(translator, nullptr) << "a cold build loads the translator";
    }
    if (translator)
      dlclose(translator);
    EXPECT_EQ(programString(program, CL_PROGRAM_KERNEL_NAMES), "saxpy;zero");
    return;
  }
  const std::vector<std::string> environment = {"CLCUDA_CACHE_DIR=" + temporaryDirectory(),
                                                "CLCUDA_LOG=build"};
  const std::vector<std::string> arguments = {"--loading=" + loadingMode()};
  const ChildResult cold = runChild("cold", environment, arguments);
  ASSERT_EQ(cold.exit_code, 0) << cold.output;
  EXPECT_NE(cold.output.find("cache miss, stored"), std::string::npos) << cold.output;
  // NVRTC's own phases, from its --time table.
  EXPECT_NE(cold.output.find("(CUDA C++ Frontend "), std::string::npos) << cold.output;
  const ChildResult hit = runChild("hit", environment, arguments);
  EXPECT_EQ(hit.exit_code, 0) << hit.output;
  EXPECT_NE(hit.output.find("cache hit"), std::string::npos) << hit.output;
  std::printf("%s", hit.output.c_str());
}

TEST_F(ProgramCache, ADamagedEntryIsRebuiltInPlace) {
  if (childRole()) {
    cl_program program = build(kSaxpy, "-DDAMAGED");
    EXPECT_EQ(programString(program, CL_PROGRAM_KERNEL_NAMES), "saxpy;zero");
    return;
  }
  const std::string directory = temporaryDirectory();
  const std::vector<std::string> environment = {"CLCUDA_CACHE_DIR=" + directory,
                                                "CLCUDA_LOG=build"};
  const std::vector<std::string> arguments = {"--loading=" + loadingMode()};
  ASSERT_EQ(runChild("fill", environment, arguments).exit_code, 0);
  std::vector<std::filesystem::path> entries;
  for (const auto &entry : std::filesystem::directory_iterator(directory))
    entries.push_back(entry.path());
  ASSERT_EQ(entries.size(), 1u);
  std::filesystem::resize_file(entries[0], std::filesystem::file_size(entries[0]) - 100);
  const ChildResult rebuilt = runChild("rebuild", environment, arguments);
  EXPECT_EQ(rebuilt.exit_code, 0) << rebuilt.output;
  EXPECT_NE(rebuilt.output.find("invalid entry"), std::string::npos) << rebuilt.output;
  const ChildResult hit = runChild("hit", environment, arguments);
  EXPECT_NE(hit.output.find("cache hit"), std::string::npos) << hit.output;
}

TEST_F(ProgramCache, CanBeTurnedOff) {
  if (childRole()) {
    build(kSaxpy, "-DUNCACHED");
    return;
  }
  const std::string directory = temporaryDirectory();
  const ChildResult result =
      runChild("off", {"CLCUDA_CACHE_DIR=" + directory, "CLCUDA_CACHE=0", "CLCUDA_LOG=build"},
               {"--loading=" + loadingMode()});
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("cache off"), std::string::npos) << result.output;
  EXPECT_TRUE(std::filesystem::is_empty(directory));
}

// CLCUDA_LOG_FILE takes clcuda's log lines from stderr: pytest, for one,
// keeps a passing test's stderr to itself.
TEST_F(ProgramCache, LogLinesGoToTheLogFileWhenOneIsNamed) {
  if (childRole()) {
    build(kSaxpy, "-DBUILD=1");
    build(kSaxpy, "-DBUILD=2");
    return;
  }
  const LoggedChild logged = runChildLogging("builds", {"CLCUDA_CACHE=0", "CLCUDA_LOG=build"});
  const ChildResult &child = logged.child;
  const std::vector<std::string> &lines = logged.lines;
  EXPECT_EQ(child.exit_code, 0) << child.output;
  EXPECT_EQ(child.output.find("clcuda: build for"), std::string::npos) << child.output;
  ASSERT_EQ(lines.size(), 2u) << child.output;
  for (const std::string &line : lines)
    EXPECT_EQ(line.rfind("clcuda: build for", 0), 0u) << line;
}

// CLCUDA_LOG=calls traces every call with its status by name, and
// CLCUDA_LOG_ERRORS names a failed call's error the same way.
TEST_F(ProgramCache, CallsAreTracedWithTheirStatusByName) {
  if (childRole()) {
    cl_program program = build(kSaxpy, "-DTRACED=1");
    EXPECT_EQ(clGetProgramInfo(program, 0xdead, 0, nullptr, nullptr), CL_INVALID_VALUE);
    return;
  }
  const LoggedChild logged = runChildLogging("traced", {"CLCUDA_LOG=calls", "CLCUDA_LOG_ERRORS=1"});
  EXPECT_EQ(logged.child.exit_code, 0) << logged.child.output;
  auto logs = [&](const std::string &start) {
    return std::any_of(logged.lines.begin(), logged.lines.end(),
                       [&](const std::string &line) { return line.rfind(start, 0) == 0; });
  };
  for (const char *line : {"clcuda: call clBuildProgram: CL_SUCCESS, ",
                           "clcuda: call clGetProgramInfo: CL_INVALID_VALUE, "})
    EXPECT_TRUE(logs(line)) << line << " starts no line of\n" << logged.child.output;
  EXPECT_NE(std::find(logged.lines.begin(), logged.lines.end(),
                      "clcuda: clGetProgramInfo returned CL_INVALID_VALUE: param_name 0xdead is "
                      "not a query of this object"),
            logged.lines.end());
}

// CLCUDA_LOG_ERRORS says why a call was refused, in the application's terms.
TEST_F(ProgramCache, RefusedCallsSayWhy) {
  if (childRole()) {
    cl_program program = build(kSaxpy, "-DREFUSED=1");
    cl_int error = CL_SUCCESS;
    EXPECT_EQ(clCreateKernel(program, "saxpi", &error), nullptr);
    EXPECT_EQ(error, CL_INVALID_KERNEL_NAME);
    cl_kernel kernel = clCreateKernel(program, "saxpy", &error);
    ASSERT_CL(CL_SUCCESS, error);
    const double wide = 2.0;
    EXPECT_EQ(clSetKernelArg(kernel, 0, sizeof wide, &wide), CL_INVALID_ARG_SIZE);
    EXPECT_EQ(clSetKernelArg(kernel, 3, sizeof wide, &wide), CL_INVALID_ARG_INDEX);
    clReleaseKernel(kernel);
    return;
  }
  const LoggedChild logged = runChildLogging("refused", {"CLCUDA_LOG_ERRORS=1"});
  EXPECT_EQ(logged.child.exit_code, 0) << logged.child.output;
  for (const char *line :
       {"clcuda: clCreateKernel returned CL_INVALID_KERNEL_NAME: the program has no kernel "
        "'saxpi'; its kernels: saxpy, zero",
        "clcuda: clSetKernelArg returned CL_INVALID_ARG_SIZE: argument 0 (float a): arg_size is "
        "8; the kernel's parameter has 4 bytes",
        "clcuda: clSetKernelArg returned CL_INVALID_ARG_INDEX: arg_index is 3; the kernel has 3 "
        "arguments"})
    EXPECT_NE(std::find(logged.lines.begin(), logged.lines.end(), line), logged.lines.end())
        << line << "\nis not a line of\n"
        << logged.child.output;
}

// The precompiled device library headers, through clBuildProgram: made by
// a process's second build of a set of NVRTC options, used from its third.
TEST_F(ProgramCache, LaterBuildsOfAProcessUseThePrecompiledHeaders) {
  if (childRole()) {
    for (int build_number = 0; build_number < 3; ++build_number)
      build(kSaxpy, "-DBUILD=" + std::to_string(build_number));
    return;
  }
  auto buildLines = [&](const std::string &precompiled) {
    const ChildResult child =
        runChild("builds", {"CLCUDA_CACHE=0", "CLCUDA_LOG=build", "CLCUDA_PCH=" + precompiled},
                 {"--loading=" + loadingMode()});
    EXPECT_EQ(child.exit_code, 0) << child.output;
    std::vector<std::string> lines;
    std::istringstream output(child.output);
    for (std::string line; std::getline(output, line);)
      if (line.rfind("clcuda: build for", 0) == 0)
        lines.push_back(line);
    return lines;
  };
  const std::vector<std::string> on = buildLines("1");
  ASSERT_EQ(on.size(), 3u);
  EXPECT_EQ(on[0].find("precompiled headers"), std::string::npos) << on[0];
  EXPECT_EQ(on[1].find("precompiled headers"), std::string::npos) << on[1];
  EXPECT_NE(on[2].find("(precompiled headers, CUDA C++ Frontend"), std::string::npos) << on[2];
  for (const std::string &line : buildLines("0"))
    EXPECT_EQ(line.find("precompiled headers"), std::string::npos) << line;
}

} // namespace
} // namespace clcuda::test
