#include "program_fixture.h"

#include "child_process.h"

#include <dlfcn.h>

#include <cstdlib>

namespace clcuda::test {
namespace {

// Every test process gets a kernel cache of its own, so no test reads or
// fills the user's (~/.cache/clcuda). Set before the shim reads it.
const bool kPrivateCache = [] {
  if (!std::getenv("CLCUDA_TEST_CHILD_ROLE"))
    setenv("CLCUDA_CACHE_DIR", (temporaryDirectory() + "/kernel-cache").c_str(), 1);
  return true;
}();

} // namespace

void ProgramTest::TearDown() {
  for (cl_kernel created : kernels_)
    clReleaseKernel(created);
  for (cl_program created : programs_)
    clReleaseProgram(created);
  GpuTest::TearDown();
}

cl_program ProgramTest::keep(cl_program program) {
  if (program)
    programs_.push_back(program);
  return program;
}

cl_kernel ProgramTest::keep(cl_kernel created) {
  if (created)
    kernels_.push_back(created);
  return created;
}

cl_program ProgramTest::createProgram(const std::string &source) {
  const char *text = source.c_str();
  cl_int error = CL_SUCCESS;
  cl_program program = clCreateProgramWithSource(context, 1, &text, nullptr, &error);
  EXPECT_CL(CL_SUCCESS, error);
  return keep(program);
}

cl_int ProgramTest::tryBuild(const std::string &source, const std::string &options,
                             cl_program &program) {
  program = createProgram(source);
  return clBuildProgram(program, 1, &device, options.c_str(), nullptr, nullptr);
}

cl_program ProgramTest::build(const std::string &source, const std::string &options) {
  cl_program program = nullptr;
  const cl_int error = tryBuild(source, options, program);
  EXPECT_CL(CL_SUCCESS, error) << "build log:\n" << buildLog(program);
  return program;
}

std::string ProgramTest::buildLog(cl_program program) {
  size_t size = 0;
  if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size) !=
          CL_SUCCESS ||
      size == 0)
    return "<no build log>";
  std::string log(size, '\0');
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
  log.resize(size - 1);
  return log;
}

cl_kernel ProgramTest::kernel(cl_program program, const char *name) {
  cl_int error = CL_SUCCESS;
  cl_kernel created = clCreateKernel(program, name, &error);
  EXPECT_CL(CL_SUCCESS, error) << name;
  return keep(created);
}

void *fakeDriverSymbol(const char *name) {
  // The shim loaded the driver: this handle only finds it, and the symbol
  // stays valid after the handle is closed.
  void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  if (!driver)
    return nullptr;
  void *symbol = dlsym(driver, name);
  dlclose(driver);
  return symbol;
}

std::vector<ClcudaFakeLaunch> ProgramTest::takeLaunches() {
  std::vector<ClcudaFakeLaunch> chunk(64), launches;
  drainFakeLaunches(chunk, [&launches](const ClcudaFakeLaunch &launch) {
    launches.push_back(launch);
  });
  return launches;
}

std::string ProgramTest::programString(cl_program program, cl_program_info param) {
  return infoString(clGetProgramInfo, program, param);
}

std::string ProgramTest::kernelString(cl_kernel created, cl_kernel_info param) {
  return infoString(clGetKernelInfo, created, param);
}

void ProgramTest::twoDevices(std::vector<cl_device_id> &devices) {
  devices.clear();
  cl_uint count = 0;
  clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 0, nullptr, &count);
  if (count >= 2) {
    devices.resize(count);
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, count, devices.data(), nullptr);
    return;
  }
  if (!fakeDevice() || childRole())
    GTEST_SKIP() << "needs two CUDA devices, found " << count;
  // The stand-in makes as many devices as it is asked for.
  const ChildResult child =
      runChild("two devices", {"CLCUDA_FAKE_CUDA_DEVICES=2"}, {"--loading=" + loadingMode()});
  EXPECT_EQ(child.exit_code, 0) << child.output;
}

} // namespace clcuda::test
