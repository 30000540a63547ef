#include "common/platforms.h"

#include "common/errors.h"

#include <CL/cl_ext.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ostream>

namespace clexample {
namespace {

std::string lowercase(std::string_view text) {
  std::string result(text);
  std::transform(result.begin(), result.end(), result.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return result;
}

bool containsIgnoringCase(std::string_view text, std::string_view part) {
  return lowercase(text).find(lowercase(part)) != std::string::npos;
}

template <class Id, class Param, class Getter>
std::string infoString(Getter getter, Id id, Param param) {
  size_t size = 0;
  if (getter(id, param, 0, nullptr, &size) != CL_SUCCESS || size == 0)
    return {};
  std::string value(size, '\0');
  if (getter(id, param, size, value.data(), nullptr) != CL_SUCCESS)
    return {};
  value.resize(value.find('\0') == std::string::npos ? size : value.find('\0'));
  return value;
}

// Parses "OpenCL C 1.2 vendor text" into 1 and 2.
bool parseOpenClCVersion(const std::string &text, unsigned &major, unsigned &minor) {
  const std::string prefix = "OpenCL C ";
  if (text.compare(0, prefix.size(), prefix) != 0)
    return false;
  char dot = 0;
  std::string rest = text.substr(prefix.size());
  return std::sscanf(rest.c_str(), "%u%c%u", &major, &dot, &minor) == 3 && dot == '.';
}

} // namespace

std::string platformString(cl_platform_id platform, cl_platform_info param) {
  return infoString(clGetPlatformInfo, platform, param);
}

std::string deviceString(cl_device_id device, cl_device_info param) {
  return infoString(clGetDeviceInfo, device, param);
}

std::vector<PlatformInfo> listPlatforms() {
  cl_uint count = 0;
  cl_int status = clGetPlatformIDs(0, nullptr, &count);
  // The ICD loader answers CL_PLATFORM_NOT_FOUND_KHR when no vendor loads.
  if (status == CL_PLATFORM_NOT_FOUND_KHR || count == 0)
    return {};
  check(status, "clGetPlatformIDs");
  std::vector<cl_platform_id> ids(count);
  check(clGetPlatformIDs(count, ids.data(), nullptr), "clGetPlatformIDs");

  std::vector<PlatformInfo> platforms;
  for (cl_platform_id id : ids) {
    PlatformInfo info;
    info.id = id;
    info.name = platformString(id, CL_PLATFORM_NAME);
    info.vendor = platformString(id, CL_PLATFORM_VENDOR);
    info.version = platformString(id, CL_PLATFORM_VERSION);
    cl_uint devices = 0;
    // CL_DEVICE_NOT_FOUND (a platform without devices) leaves the list empty.
    if (clGetDeviceIDs(id, CL_DEVICE_TYPE_ALL, 0, nullptr, &devices) == CL_SUCCESS && devices > 0) {
      info.devices.resize(devices);
      check(clGetDeviceIDs(id, CL_DEVICE_TYPE_ALL, devices, info.devices.data(), nullptr),
            "clGetDeviceIDs");
    }
    platforms.push_back(std::move(info));
  }
  return platforms;
}

void printPlatforms(std::ostream &out, const std::vector<PlatformInfo> &platforms) {
  if (platforms.empty())
    out << "no OpenCL platform (the ICD loader found no vendor library)\n";
  for (size_t p = 0; p < platforms.size(); ++p) {
    const PlatformInfo &platform = platforms[p];
    out << "platform " << p << ": " << platform.name << " (" << platform.vendor << ", "
        << platform.version << ")\n";
    if (platform.devices.empty())
      out << "  no device\n";
    for (size_t d = 0; d < platform.devices.size(); ++d)
      out << "  device " << d << ": " << deviceString(platform.devices[d], CL_DEVICE_NAME) << " ("
          << deviceString(platform.devices[d], CL_DEVICE_VERSION) << ")\n";
  }
}

PlatformChoice choosePlatform(const std::vector<PlatformInfo> &platforms,
                              std::string_view selector) {
  auto pick = [&](auto matches) -> PlatformChoice {
    const PlatformInfo *withoutDevice = nullptr;
    for (const PlatformInfo &platform : platforms) {
      if (!matches(platform))
        continue;
      if (!platform.devices.empty())
        return {&platform, {}};
      withoutDevice = &platform;
    }
    if (withoutDevice)
      return {nullptr, "platform \"" + withoutDevice->name + "\" has no device"};
    return {};
  };
  if (selector.empty()) {
    PlatformChoice choice = pick([](const PlatformInfo &) { return true; });
    if (!choice.platform && choice.problem.empty())
      choice.problem = "no OpenCL platform (the ICD loader found no vendor library)";
    else if (!choice.platform)
      choice.problem = "no OpenCL platform has a device";
    return choice;
  }
  PlatformChoice byName = pick(
      [&](const PlatformInfo &platform) { return containsIgnoringCase(platform.name, selector); });
  if (byName.platform || !byName.problem.empty())
    return byName;
  PlatformChoice byVendor = pick([&](const PlatformInfo &platform) {
    return containsIgnoringCase(platform.vendor, selector);
  });
  if (!byVendor.platform && byVendor.problem.empty()) {
    byVendor.problem = "no OpenCL platform matches \"" + std::string(selector) + "\" (there is";
    if (platforms.empty())
      byVendor.problem += " none";
    for (size_t p = 0; p < platforms.size(); ++p)
      byVendor.problem += (p ? ", \"" : " \"") + platforms[p].name + "\"";
    byVendor.problem += ")";
  }
  return byVendor;
}

bool supportsOpenClC(cl_device_id device, unsigned major, unsigned minor) {
  size_t size = 0;
  if (clGetDeviceInfo(device, CL_DEVICE_OPENCL_C_ALL_VERSIONS, 0, nullptr, &size) == CL_SUCCESS &&
      size > 0) {
    std::vector<cl_name_version> versions(size / sizeof(cl_name_version));
    if (clGetDeviceInfo(device, CL_DEVICE_OPENCL_C_ALL_VERSIONS, size, versions.data(), nullptr) ==
        CL_SUCCESS)
      for (const cl_name_version &version : versions)
        if (CL_VERSION_MAJOR(version.version) == major &&
            CL_VERSION_MINOR(version.version) == minor)
          return true;
    return false;
  }
  unsigned deviceMajor = 0, deviceMinor = 0;
  if (!parseOpenClCVersion(deviceString(device, CL_DEVICE_OPENCL_C_VERSION), deviceMajor,
                           deviceMinor))
    return false;
  // Before 3.0 a device compiles every version up to its own.
  return deviceMajor > major || (deviceMajor == major && deviceMinor >= minor);
}

} // namespace clexample
