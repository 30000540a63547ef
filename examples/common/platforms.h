// Finding OpenCL platforms and devices by name, through the ICD loader.
#pragma once

#include <CL/cl.h>

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace clexample {

// The environment variable that names the platform when no option does.
inline constexpr const char *kPlatformEnvironmentVariable = "OCL_PLATFORM";

struct PlatformInfo {
  cl_platform_id id = nullptr;
  std::string name;                  // CL_PLATFORM_NAME
  std::string vendor;                // CL_PLATFORM_VENDOR
  std::string version;               // CL_PLATFORM_VERSION
  std::vector<cl_device_id> devices; // all types; empty when it has none
};

// Every platform the ICD loader offers, with its devices.
std::vector<PlatformInfo> listPlatforms();

// Prints the platforms and their devices, one line each.
void printPlatforms(std::ostream &out, const std::vector<PlatformInfo> &platforms);

// The result of looking for a platform: the platform, or why there is none.
struct PlatformChoice {
  const PlatformInfo *platform = nullptr;
  std::string problem;
};

// The first platform with a device whose name contains `selector`
// (case-insensitive), else whose vendor does; an empty selector takes the
// first platform that has a device.
PlatformChoice choosePlatform(const std::vector<PlatformInfo> &platforms,
                              std::string_view selector);

std::string platformString(cl_platform_id platform, cl_platform_info param);
std::string deviceString(cl_device_id device, cl_device_info param);

template <class T> T deviceValue(cl_device_id device, cl_device_info param) {
  T value{};
  if (clGetDeviceInfo(device, param, sizeof(value), &value, nullptr) != CL_SUCCESS)
    return T{};
  return value;
}

// Whether the device compiles OpenCL C `major.minor` (CL_DEVICE_OPENCL_C_ALL_VERSIONS
// on 3.0 devices, CL_DEVICE_OPENCL_C_VERSION before).
bool supportsOpenClC(cl_device_id device, unsigned major, unsigned minor);

} // namespace clexample
