#include "gpu_harness.h"

#include "nvrtc_compile.h"
#include "test_sources.h"

#include <cuda/driver.h>

#include <map>
#include <mutex>
#include <stdexcept>

namespace clcuda::test {
namespace {

void check(CUresult status, const char *what) {
  if (status == CUDA_SUCCESS)
    return;
  const char *name = nullptr;
  cuda::api().cuGetErrorName(status, &name);
  throw std::runtime_error(std::string(what) + " failed: " + (name ? name : "unknown error"));
}

// The first device, its primary context current on the calling thread.
CUdevice device() {
  static CUdevice dev = [] {
    CUdevice d;
    check(cuda::api().cuDeviceGet(&d, 0), "cuDeviceGet");
    CUcontext context;
    check(cuda::api().cuDevicePrimaryCtxRetain(&context, d), "cuDevicePrimaryCtxRetain");
    check(cuda::api().cuCtxSetCurrent(context), "cuCtxSetCurrent");
    return d;
  }();
  return dev;
}

} // namespace

std::string gpuUnavailableReason() {
  if (cuda::deviceCount() > 0)
    return "";
  const std::string &why = cuda::driverUnavailableReason();
  return "no CUDA device: " + (why.empty() ? std::string("the driver reports none") : why);
}

std::string deviceArchitecture() {
  int major = 0, minor = 0;
  check(cuda::api().cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                                         device()),
        "cuDeviceGetAttribute");
  check(cuda::api().cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                                         device()),
        "cuDeviceGetAttribute");
  return "sm_" + std::to_string(major) + std::to_string(minor);
}

CUmodule loadTestModule(const std::string &file) {
  static std::mutex mutex;
  static std::map<std::string, CUmodule> loaded;
  std::lock_guard<std::mutex> lock(mutex);
  auto found = loaded.find(file);
  if (found != loaded.end())
    return found->second;
  std::string path = std::string(CLCUDA_KERNELS_TEST_SOURCES) + "/gpu/" + file;
  std::string source = readFile(path);
  if (source.empty())
    throw std::runtime_error("cannot read " + path);
  device();
  const NvrtcOutput c =
      compileCuda(source, GpuTarget{deviceArchitecture()}, {}, CompileKind::whole);
  if (!c.ok)
    throw std::runtime_error("NVRTC failed on " + path + ":\n" + c.log);
  CUmodule module;
  check(cuda::api().cuModuleLoadData(&module, c.cubin.data()), "cuModuleLoadData");
  loaded[file] = module;
  return module;
}

CUfunction kernel(CUmodule module, const std::string &name) {
  CUfunction function;
  check(cuda::api().cuModuleGetFunction(&function, module, name.c_str()),
        ("cuModuleGetFunction(" + name + ")").c_str());
  return function;
}

DeviceBuffer::DeviceBuffer(size_t bytes) : bytes_(bytes) {
  device();
  check(cuda::api().cuMemAlloc(&address_, bytes ? bytes : 1), "cuMemAlloc");
}

DeviceBuffer::~DeviceBuffer() {
  if (address_)
    cuda::api().cuMemFree(address_);
}

void DeviceBuffer::upload(const void *data, size_t bytes) {
  if (bytes > bytes_)
    throw std::runtime_error("upload larger than the buffer");
  check(cuda::api().cuMemcpyHtoD(address_, data, bytes), "cuMemcpyHtoD");
}

void DeviceBuffer::download(void *data, size_t bytes) const {
  if (bytes > bytes_)
    throw std::runtime_error("download larger than the buffer");
  check(cuda::api().cuMemcpyDtoH(data, address_, bytes), "cuMemcpyDtoH");
}

void DeviceBuffer::fill(unsigned char byte) {
  check(cuda::api().cuMemsetD8Async(address_, byte, bytes_, nullptr), "cuMemsetD8Async");
  check(cuda::api().cuCtxSynchronize(), "cuCtxSynchronize");
}

void launch(CUfunction function, Extent grid, Extent block, unsigned sharedBytes,
            std::vector<void *> parameters) {
  check(cuda::api().cuLaunchKernel(function, grid.x, grid.y, grid.z, block.x, block.y, block.z,
                                   sharedBytes, nullptr, parameters.data(), nullptr),
        "cuLaunchKernel");
  check(cuda::api().cuCtxSynchronize(), "kernel execution (cuCtxSynchronize)");
}

} // namespace clcuda::test
