// clcuda beside NVIDIA's OpenCL on the same GPU (loading mode "reference"):
// the answers that send applications down the code paths they wrote for
// NVIDIA must be NVIDIA's. Skips where NVIDIA's OpenCL is not installed.
#include "gpu_fixture.h"

#include "api/cl_nv_tokens.h"

#include <algorithm>
#include <iterator>
#include <set>
#include <sstream>

namespace clcuda::test {
namespace {

// The cl_nv_* extensions of NVIDIA's OpenCL that clcuda does not claim
// (docs/entry-points.md, "Extensions", says why).
const std::set<std::string> kUnclaimedNvidiaExtensions = {
    "cl_nv_copy_opts", "cl_nv_create_buffer", "cl_nv_kernel_attribute"};

template <class T> T answer(cl_device_id device, cl_device_info param) {
  T value{};
  EXPECT_CL(CL_SUCCESS, clGetDeviceInfo(device, param, sizeof(value), &value, nullptr))
      << "0x" << std::hex << param;
  return value;
}

std::set<std::string> nvidiaExtensions(cl_device_id device) {
  std::istringstream words(deviceString(device, CL_DEVICE_EXTENSIONS));
  std::set<std::string> names;
  for (std::string word; words >> word;)
    if (word.rfind("cl_nv_", 0) == 0)
      names.insert(word);
  return names;
}

bool samePciAddress(const cl_device_pci_bus_info_khr &a, const cl_device_pci_bus_info_khr &b) {
  return a.pci_domain == b.pci_domain && a.pci_bus == b.pci_bus && a.pci_device == b.pci_device &&
         a.pci_function == b.pci_function;
}

class NvidiaComparison : public GpuTest {
protected:
  void SetUp() override {
    GpuTest::SetUp();
    if (IsSkipped() || HasFatalFailure())
      return;
    cl_platform_id nvidia_platform = findNvidiaPlatform();
    if (!nvidia_platform)
      GTEST_SKIP() << "NVIDIA's OpenCL is not installed: no \"NVIDIA CUDA\" platform";
    cl_uint count = 0;
    ASSERT_CL(CL_SUCCESS, clGetDeviceIDs(nvidia_platform, CL_DEVICE_TYPE_GPU, 0, nullptr, &count));
    std::vector<cl_device_id> devices(count);
    ASSERT_CL(CL_SUCCESS,
              clGetDeviceIDs(nvidia_platform, CL_DEVICE_TYPE_GPU, count, devices.data(), nullptr));
    // The same GPU: cl_khr_pci_bus_info, which both platforms claim.
    const auto address = answer<cl_device_pci_bus_info_khr>(device, CL_DEVICE_PCI_BUS_INFO_KHR);
    for (cl_device_id candidate : devices)
      if (samePciAddress(answer<cl_device_pci_bus_info_khr>(candidate, CL_DEVICE_PCI_BUS_INFO_KHR),
                         address))
        nvidia = candidate;
    ASSERT_NE(nvidia, nullptr) << "NVIDIA's OpenCL lists no device at clcuda's device's PCI "
                                  "address (bus "
                               << address.pci_bus << ")";
  }

  static cl_platform_id findNvidiaPlatform() {
    cl_uint count = 0;
    if (clGetPlatformIDs(0, nullptr, &count) != CL_SUCCESS)
      return nullptr;
    std::vector<cl_platform_id> platforms(count);
    clGetPlatformIDs(count, platforms.data(), nullptr);
    auto nvidia = std::find_if(platforms.begin(), platforms.end(), [](cl_platform_id platform) {
      return platformString(platform, CL_PLATFORM_NAME) == "NVIDIA CUDA";
    });
    return nvidia == platforms.end() ? nullptr : *nvidia;
  }

  struct Query {
    cl_device_info param;
    const char *name;
  };
  // Each query answered alike by both platforms' device.
  template <class T> void expectSameAnswers(std::initializer_list<Query> queries) {
    for (const Query &query : queries)
      EXPECT_EQ(answer<T>(device, query.param), answer<T>(nvidia, query.param))
          << query.name << ": clcuda's, then NVIDIA's";
  }

  cl_device_id nvidia = nullptr;
};

#define QUERY(param)                                                                               \
  Query { param, #param }

TEST_F(NvidiaComparison, DeviceAttributeQueriesAgree) {
  // cl_bool is a cl_uint: one comparison for both.
  expectSameAnswers<cl_uint>({
      QUERY(CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV),
      QUERY(CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV),
      QUERY(CL_DEVICE_REGISTERS_PER_BLOCK_NV),
      QUERY(CL_DEVICE_WARP_SIZE_NV),
      QUERY(CL_DEVICE_GPU_OVERLAP_NV),
      QUERY(CL_DEVICE_KERNEL_EXEC_TIMEOUT_NV),
      QUERY(CL_DEVICE_INTEGRATED_MEMORY_NV),
      QUERY(CL_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT_NV),
      QUERY(CL_DEVICE_PCI_BUS_ID_NV),
      QUERY(CL_DEVICE_PCI_SLOT_ID_NV),
      QUERY(CL_DEVICE_PCI_DOMAIN_ID_NV),
  });
}

TEST_F(NvidiaComparison, ImageLimitsAgree) {
  expectSameAnswers<size_t>({
      QUERY(CL_DEVICE_IMAGE2D_MAX_WIDTH),
      QUERY(CL_DEVICE_IMAGE2D_MAX_HEIGHT),
      QUERY(CL_DEVICE_IMAGE3D_MAX_WIDTH),
      QUERY(CL_DEVICE_IMAGE3D_MAX_HEIGHT),
      QUERY(CL_DEVICE_IMAGE3D_MAX_DEPTH),
      QUERY(CL_DEVICE_IMAGE_MAX_ARRAY_SIZE),
      QUERY(CL_DEVICE_IMAGE_MAX_BUFFER_SIZE),
  });
}

TEST_F(NvidiaComparison, ClaimsNvidiasExtensionsButTheDocumentedOnes) {
  std::set<std::string> expected;
  const std::set<std::string> reported = nvidiaExtensions(nvidia);
  std::set_difference(reported.begin(), reported.end(), kUnclaimedNvidiaExtensions.begin(),
                      kUnclaimedNvidiaExtensions.end(), std::inserter(expected, expected.end()));
  EXPECT_EQ(nvidiaExtensions(device), expected)
      << "NVIDIA reports: " << deviceString(nvidia, CL_DEVICE_EXTENSIONS);
}

// What applications key their NVIDIA code paths on (hashcat: both vendors).
TEST_F(NvidiaComparison, VendorsAgree) {
  EXPECT_EQ(deviceString(device, CL_DEVICE_VENDOR), deviceString(nvidia, CL_DEVICE_VENDOR));
  EXPECT_EQ(answer<cl_uint>(device, CL_DEVICE_VENDOR_ID), answer<cl_uint>(nvidia, CL_DEVICE_VENDOR_ID));
  cl_platform_id platform = nullptr;
  ASSERT_CL(CL_SUCCESS,
            clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof(platform), &platform, nullptr));
  EXPECT_EQ(platformString(platform, CL_PLATFORM_VENDOR),
            platformString(findNvidiaPlatform(), CL_PLATFORM_VENDOR));
}

TEST_F(NvidiaComparison, DriverVersionStartsWithNvidias) {
  const std::string nvidia_version = deviceString(nvidia, CL_DRIVER_VERSION);
  const std::string clcuda_version = deviceString(device, CL_DRIVER_VERSION);
  ASSERT_FALSE(nvidia_version.empty());
  EXPECT_EQ(clcuda_version.substr(0, nvidia_version.size() + 9), nvidia_version + " (clcuda ")
      << clcuda_version;
}

} // namespace
} // namespace clcuda::test
