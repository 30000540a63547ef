// libclcuda.so through the ICD loader and by direct relink: how it was
// loaded, the platform's answers, and the device list with or without a GPU.
#include "opencl_test.h"

#include "api/cl_nv_tokens.h"
#include "cuda/driver.h"

#include <dlfcn.h>

#include <climits>
#include <cstdlib>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>

namespace {

using clcuda::test::platformString;

class Platform : public ::testing::Test {
protected:
  void SetUp() override {
    platform = clcuda::test::findClcudaPlatform();
    if (!platform && clcuda::test::loadingMode() == "filenames")
      GTEST_SKIP() << "this ICD loader ignores OCL_ICD_FILENAMES (ocl-icd 2.3.1 does); "
                      "the icd. tests load clcuda through OCL_ICD_VENDORS instead";
    ASSERT_NE(platform, nullptr) << "no clcuda platform (loading mode "
                                 << clcuda::test::loadingMode() << ")";
  }
  cl_platform_id platform = nullptr;
};

std::string libraryOf(void *symbol) {
  Dl_info info{};
  if (!dladdr(symbol, &info) || !info.dli_fname)
    return "";
  char resolved[PATH_MAX];
  return realpath(info.dli_fname, resolved) ? resolved : info.dli_fname;
}

bool endsWith(const std::string &text, const std::string &suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

TEST_F(Platform, IsLoadedTheWayTheTestAsked) {
  const std::string library = libraryOf(reinterpret_cast<void *>(&clGetPlatformIDs));
  if (clcuda::test::loadingMode() == "relink")
    EXPECT_TRUE(endsWith(library, "/libclcuda.so"))
        << "clGetPlatformIDs comes from " << library << ", not from libclcuda.so";
  else
    EXPECT_FALSE(endsWith(library, "/libclcuda.so"))
        << "clGetPlatformIDs should come from the ICD loader, not " << library;
  EXPECT_EQ(platformString(platform, CL_PLATFORM_ICD_SUFFIX_KHR), "CLCUDA");
}

TEST_F(Platform, NamesItself) {
  EXPECT_EQ(platformString(platform, CL_PLATFORM_NAME), "clcuda");
  EXPECT_EQ(platformString(platform, CL_PLATFORM_VENDOR), "NVIDIA Corporation");
  EXPECT_EQ(platformString(platform, CL_PLATFORM_PROFILE), "FULL_PROFILE");
  EXPECT_EQ(platformString(platform, CL_PLATFORM_VERSION).rfind("OpenCL 3.1 clcuda ", 0), 0u)
      << platformString(platform, CL_PLATFORM_VERSION);
  cl_version version = 0;
  ASSERT_CL(CL_SUCCESS, clGetPlatformInfo(platform, CL_PLATFORM_NUMERIC_VERSION, sizeof(version),
                                          &version, nullptr));
  EXPECT_EQ(version, CL_MAKE_VERSION(3, 1, 0));
  cl_ulong resolution = 0;
  ASSERT_CL(CL_SUCCESS, clGetPlatformInfo(platform, CL_PLATFORM_HOST_TIMER_RESOLUTION,
                                          sizeof(resolution), &resolution, nullptr));
  EXPECT_GT(resolution, 0u);
}

TEST_F(Platform, ExtensionListsAgree) {
  std::istringstream words(platformString(platform, CL_PLATFORM_EXTENSIONS));
  std::set<std::string> names{std::istream_iterator<std::string>(words), {}};
  EXPECT_TRUE(names.count("cl_khr_icd"));
  const std::vector<cl_name_version> versions = clcuda::test::infoVector<cl_name_version>(
      clGetPlatformInfo, platform, CL_PLATFORM_EXTENSIONS_WITH_VERSION);
  EXPECT_EQ(versions.size(), names.size());
  for (const cl_name_version &entry : versions)
    EXPECT_TRUE(names.count(entry.name)) << entry.name;
}

TEST_F(Platform, RejectsBadQueries) {
  char small[4];
  EXPECT_CL(CL_INVALID_VALUE,
            clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof(small), small, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, clGetPlatformInfo(platform, 0x7777, 0, nullptr, nullptr));
  cl_platform_id ids[1];
  EXPECT_CL(CL_INVALID_VALUE, clGetPlatformIDs(0, ids, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, clGetPlatformIDs(1, nullptr, nullptr));
}

TEST_F(Platform, FindsTheIcdEntryPoint) {
  // Through a loader the answer is the loader's: Khronos' keeps the clIcd*
  // names to itself. That it found the platform shows it found the entry.
  if (clcuda::test::loadingMode() == "relink") {
    EXPECT_NE(clGetExtensionFunctionAddressForPlatform(platform, "clIcdGetPlatformIDsKHR"),
              nullptr);
  }
  EXPECT_EQ(clGetExtensionFunctionAddressForPlatform(platform, "clNoSuchFunctionKHR"), nullptr);
}

TEST_F(Platform, ListsEveryCudaDeviceAsAGpu) {
  // Without an NVIDIA driver (this CI machine) the platform has no device.
  const int cuda_devices = clcuda::cuda::deviceCount();
  cl_uint count = 0;
  cl_int error = clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 0, nullptr, &count);
  if (cuda_devices == 0) {
    EXPECT_CL(CL_DEVICE_NOT_FOUND, error) << clcuda::cuda::driverUnavailableReason();
  } else {
    EXPECT_CL(CL_SUCCESS, error);
    EXPECT_EQ(count, cl_uint(cuda_devices));
    EXPECT_CL(CL_SUCCESS, clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &count));
    EXPECT_CL(CL_SUCCESS, clGetDeviceIDs(platform, CL_DEVICE_TYPE_DEFAULT, 0, nullptr, &count));
  }
  EXPECT_CL(CL_DEVICE_NOT_FOUND, clGetDeviceIDs(platform, CL_DEVICE_TYPE_CPU, 0, nullptr, &count));
  EXPECT_CL(CL_DEVICE_NOT_FOUND,
            clGetDeviceIDs(platform, CL_DEVICE_TYPE_ACCELERATOR, 0, nullptr, &count));
  EXPECT_CL(CL_INVALID_DEVICE_TYPE,
            clGetDeviceIDs(platform, cl_device_type(1) << 40, 0, nullptr, &count));
  cl_device_id device;
  EXPECT_CL(CL_INVALID_VALUE, clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 0, &device, nullptr));
}

// The platform's first device, or nullptr without one.
cl_device_id firstDevice(cl_platform_id platform) {
  cl_device_id device = nullptr;
  if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 1, &device, nullptr) != CL_SUCCESS)
    return nullptr;
  return device;
}

// The CPU stand-in for the driver is loaded (testsuite/shim/fake_cuda).
bool fakeDriver() {
  void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  return driver && dlsym(driver, "clcuda_fake_take_launches");
}

// cl_nv_device_attribute_query: what the driver says of the same device.
TEST_F(Platform, AnswersNvidiaAttributeQueriesFromTheDriver) {
  const clcuda::cuda::DriverApi *driver = clcuda::cuda::driver();
  cl_device_id device = firstDevice(platform);
  CUdevice cuda_device = 0;
  if (!driver || !device || driver->cuDeviceGet(&cuda_device, 0) != CUDA_SUCCESS)
    GTEST_SKIP() << "no CUDA device: " << clcuda::cuda::driverUnavailableReason();
  auto attribute = [&](CUdevice_attribute name) {
    int value = -1;
    EXPECT_EQ(driver->cuDeviceGetAttribute(&value, name, cuda_device), CUDA_SUCCESS) << name;
    return cl_uint(value);
  };
  auto answer = [&](cl_device_info param) { // every one is a cl_uint or a cl_bool (the same)
    cl_uint value = 0xdeadbeef;
    size_t size = 0;
    EXPECT_CL(CL_SUCCESS, clGetDeviceInfo(device, param, sizeof(value), &value, &size))
        << "0x" << std::hex << param;
    EXPECT_EQ(size, sizeof(value)) << "0x" << std::hex << param;
    return value;
  };
  EXPECT_EQ(answer(CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV),
            attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR));
  EXPECT_EQ(answer(CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV),
            attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR));
  EXPECT_EQ(answer(CL_DEVICE_REGISTERS_PER_BLOCK_NV),
            attribute(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK));
  EXPECT_EQ(answer(CL_DEVICE_WARP_SIZE_NV), attribute(CU_DEVICE_ATTRIBUTE_WARP_SIZE));
  EXPECT_EQ(answer(CL_DEVICE_GPU_OVERLAP_NV),
            cl_uint(attribute(CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT) > 0));
  EXPECT_EQ(answer(CL_DEVICE_KERNEL_EXEC_TIMEOUT_NV),
            attribute(CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT));
  EXPECT_EQ(answer(CL_DEVICE_INTEGRATED_MEMORY_NV), attribute(CU_DEVICE_ATTRIBUTE_INTEGRATED));
  EXPECT_EQ(answer(CL_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT_NV),
            attribute(CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT));
  EXPECT_EQ(answer(CL_DEVICE_PCI_BUS_ID_NV), attribute(CU_DEVICE_ATTRIBUTE_PCI_BUS_ID));
  EXPECT_EQ(answer(CL_DEVICE_PCI_SLOT_ID_NV), attribute(CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID));
  EXPECT_EQ(answer(CL_DEVICE_PCI_DOMAIN_ID_NV), attribute(CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID));
  EXPECT_NE(clcuda::test::deviceString(device, CL_DEVICE_EXTENSIONS)
                .find("cl_nv_device_attribute_query"),
            std::string::npos);
}

// NVIDIA's format: the driver's release (applications parse it with "%d.%d"),
// then clcuda's version. The fake's file name claims a release of its own.
TEST_F(Platform, DriverVersionIsTheNvidiaRelease) {
  cl_device_id device = firstDevice(platform);
  if (!device)
    GTEST_SKIP() << "no CUDA device: " << clcuda::cuda::driverUnavailableReason();
  const std::string prefix = "OpenCL 3.1 clcuda ";
  const std::string clcuda_version =
      platformString(platform, CL_PLATFORM_VERSION).substr(prefix.size());
  const std::string version = clcuda::test::deviceString(device, CL_DRIVER_VERSION);
  if (fakeDriver()) {
    EXPECT_EQ(version, CLCUDA_FAKE_CUDA_RELEASE " (clcuda " + clcuda_version + ")");
  } else {
    EXPECT_TRUE(std::regex_match(version, std::regex(R"(\d+\.\d+(\.\d+)* \(clcuda .+\))")))
        << version;
    EXPECT_NE(version.find("(clcuda " + clcuda_version + ")"), std::string::npos) << version;
  }
}

TEST_F(Platform, ContextFromTypeChecksItsArguments) {
  const cl_context_properties properties[] = {CL_CONTEXT_PLATFORM,
                                              reinterpret_cast<cl_context_properties>(platform), 0};
  cl_int error = CL_SUCCESS;
  EXPECT_EQ(clCreateContextFromType(properties, CL_DEVICE_TYPE_CPU, nullptr, nullptr, &error),
            nullptr);
  EXPECT_CL(CL_DEVICE_NOT_FOUND, error);
  EXPECT_EQ(clCreateContextFromType(properties, cl_device_type(1) << 40, nullptr, nullptr, &error),
            nullptr);
  EXPECT_CL(CL_INVALID_DEVICE_TYPE, error);
  int data = 0;
  EXPECT_EQ(clCreateContextFromType(properties, CL_DEVICE_TYPE_GPU, nullptr, &data, &error),
            nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error) << "user_data without a callback";
  const cl_context_properties unknown[] = {
      CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(platform), 0x7777, 1, 0};
  EXPECT_EQ(clCreateContextFromType(unknown, CL_DEVICE_TYPE_GPU, nullptr, nullptr, &error),
            nullptr);
  EXPECT_CL(CL_INVALID_PROPERTY, error);
  cl_context context =
      clCreateContextFromType(properties, CL_DEVICE_TYPE_GPU, nullptr, nullptr, &error);
  if (clcuda::cuda::deviceCount() == 0) {
    EXPECT_EQ(context, nullptr);
    EXPECT_CL(CL_DEVICE_NOT_FOUND, error);
  } else {
    EXPECT_CL(CL_SUCCESS, error);
    EXPECT_CL(CL_SUCCESS, clReleaseContext(context));
  }
}

} // namespace
