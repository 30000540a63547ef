#include "common/device.h"

#include "common/platforms.h"
#include "common/timing.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace clexample {

Device::Device(cl_platform_id platform, cl_device_id device)
    : platform_(platform), device_(device),
      platformName_(platformString(platform, CL_PLATFORM_NAME)),
      name_(deviceString(device, CL_DEVICE_NAME)) {
  const cl_context_properties properties[] = {CL_CONTEXT_PLATFORM,
                                              reinterpret_cast<cl_context_properties>(platform), 0};
  cl_int status = CL_SUCCESS;
  context_ = Context(clCreateContext(properties, 1, &device_, nullptr, nullptr, &status));
  check(status, "clCreateContext");
}

Queue Device::createQueue(bool profiling) const {
  const cl_queue_properties properties[] = {
      CL_QUEUE_PROPERTIES, profiling ? cl_queue_properties{CL_QUEUE_PROFILING_ENABLE} : 0, 0};
  cl_int status = CL_SUCCESS;
  Queue queue(clCreateCommandQueueWithProperties(context_, device_, properties, &status));
  check(status, "clCreateCommandQueueWithProperties");
  return queue;
}

Memory Device::createBuffer(cl_mem_flags flags, size_t bytes, void *hostPointer) const {
  cl_int status = CL_SUCCESS;
  Memory buffer(clCreateBuffer(context_, flags, bytes, hostPointer, &status));
  check(status, "clCreateBuffer");
  return buffer;
}

Program Device::buildProgram(const std::string &path, const std::string &options) const {
  const std::string source = readTextFile(path);
  const char *text = source.c_str();
  const size_t length = source.size();
  cl_int status = CL_SUCCESS;
  Program program(clCreateProgramWithSource(context_, 1, &text, &length, &status));
  check(status, "clCreateProgramWithSource");

  Stopwatch stopwatch;
  status = clBuildProgram(program, 1, &device_, options.c_str(), nullptr, nullptr);
  buildSeconds_ += stopwatch.seconds();
  if (status != CL_SUCCESS) {
    size_t size = 0;
    std::string log;
    if (clGetProgramBuildInfo(program, device_, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size) ==
            CL_SUCCESS &&
        size > 1) {
      log.resize(size);
      clGetProgramBuildInfo(program, device_, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
      log.resize(size - 1);
    }
    throw BuildError(status, path, options, log);
  }
  return program;
}

std::string readTextFile(const std::string &path) {
  std::ifstream file(path, std::ios::binary);
  if (!file)
    throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

std::string kernelPath(const std::string &directory, const char *defaultDirectory,
                       const char *file) {
  return (directory.empty() ? std::string(defaultDirectory) : directory) + "/" + file;
}

Kernel createKernel(cl_program program, const char *name) {
  cl_int status = CL_SUCCESS;
  Kernel kernel(clCreateKernel(program, name, &status));
  check(status, (std::string("clCreateKernel(") + name + ")").c_str());
  return kernel;
}

void enqueueKernel(cl_command_queue queue, cl_kernel kernel, const NDRange &global,
                   const NDRange &local, const NDRange &offset,
                   const std::vector<cl_event> &waitFor, cl_event *event) {
  if ((local.dimensions && local.dimensions != global.dimensions) ||
      (offset.dimensions && offset.dimensions != global.dimensions))
    throw std::invalid_argument("enqueueKernel: the local size and the offset need as many "
                                "dimensions as the global size");
  check(clEnqueueNDRangeKernel(queue, kernel, global.dimensions, offset.pointer(), global.pointer(),
                               local.pointer(), static_cast<cl_uint>(waitFor.size()),
                               waitFor.empty() ? nullptr : waitFor.data(), event),
        "clEnqueueNDRangeKernel");
}

} // namespace clexample
