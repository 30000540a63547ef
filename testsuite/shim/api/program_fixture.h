// The fixture of the program, kernel and launch tests through the OpenCL
// API: the GPU fixture (a context and queue on clcuda's first device, or
// SKIPPED without one) plus program helpers, and on the CPU stand-in for
// the driver the launches it recorded.
#pragma once

#include "gpu_fixture.h"

#include "fake_cuda_control.h"

#include <cstring>

#include <string>
#include <vector>

namespace clcuda::test {

class ProgramTest : public GpuTest {
protected:
  void TearDown() override;

  // Creates and builds; fails the test (with the build log) unless it builds.
  cl_program build(const std::string &source, const std::string &options = "");
  // Creates and builds; returns clBuildProgram's status. `program` is kept.
  cl_int tryBuild(const std::string &source, const std::string &options, cl_program &program);
  cl_program createProgram(const std::string &source);
  std::string buildLog(cl_program program);
  cl_kernel kernel(cl_program program, const char *name);
  // Kept and released by TearDown.
  cl_program keep(cl_program program);
  cl_kernel keep(cl_kernel kernel);

  template <class T> void setArg(cl_kernel kernel, cl_uint index, const T &value) {
    ASSERT_EQ(errorName(CL_SUCCESS), errorName(clSetKernelArg(kernel, index, sizeof(T), &value)))
        << "argument " << index;
  }
  template <class T> std::vector<T> read(cl_mem buffer, std::size_t count) {
    std::vector<T> values(count);
    EXPECT_CL(CL_SUCCESS, clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, count * sizeof(T),
                                              values.data(), 0, nullptr, nullptr));
    return values;
  }

  // The launches the CPU stand-in recorded since the last call (empty on a GPU).
  std::vector<ClcudaFakeLaunch> takeLaunches();

  // The platform's GPUs, for a test that needs two. With fewer, `devices`
  // is empty and the test returns: on the CPU stand-in it ran again in a
  // child process given two devices (its result checked here), on a GPU
  // machine of one device it skips.
  void twoDevices(std::vector<cl_device_id> &devices);

  // A string answer of clGetProgramInfo / clGetKernelInfo.
  std::string programString(cl_program program, cl_program_info param);
  std::string kernelString(cl_kernel kernel, cl_kernel_info param);

private:
  std::vector<cl_program> programs_;
  std::vector<cl_kernel> kernels_;
};

// A control function of the CPU stand-in for the driver (fake_cuda_control.h)
// by name, nullptr where the loaded driver is the real one.
void *fakeDriverSymbol(const char *name);
template <class Function> Function fakeDriverFunction(const char *name) {
  return reinterpret_cast<Function>(fakeDriverSymbol(name));
}

// Takes the launches the CPU stand-in recorded, oldest first, a chunk at a
// time through `chunk` (its size, not 0: a launch record is 4.7 KB), and
// hands each to `each`. Nothing on a GPU.
template <class Each> void drainFakeLaunches(std::vector<ClcudaFakeLaunch> &chunk, Each each) {
  const auto take = fakeDriverFunction<ClcudaFakeTakeLaunches>("clcuda_fake_take_launches");
  for (std::size_t taken = chunk.size(); take && taken == chunk.size();) {
    taken = take(chunk.data(), chunk.size());
    for (std::size_t i = 0; i < taken; ++i)
      each(chunk[i]);
  }
}

// The value of parameter `index` of a recorded launch, as T.
template <class T> T parameter(const ClcudaFakeLaunch &launch, unsigned index) {
  T value{};
  EXPECT_LT(index, launch.parameter_count);
  EXPECT_EQ(launch.parameter_size[index], sizeof(T)) << "parameter " << index;
  std::memcpy(&value, launch.parameters + launch.parameter_offset[index], sizeof(T));
  return value;
}

} // namespace clcuda::test
