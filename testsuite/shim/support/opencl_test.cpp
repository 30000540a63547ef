#include "opencl_test.h"

#include "common/cl_error_name.h"
#include "icd_vendors.h"

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>

namespace clcuda::test {
namespace {
std::string &mode() {
  static std::string value;
  return value;
}
std::vector<std::string> &commandLine() {
  static std::vector<std::string> value;
  return value;
}
} // namespace

const std::string &loadingMode() { return mode(); }

const std::vector<std::string> &arguments() { return commandLine(); }

cl_platform_id findClcudaPlatform() {
  cl_uint count = 0;
  if (clGetPlatformIDs(0, nullptr, &count) != CL_SUCCESS || count == 0)
    return nullptr;
  std::vector<cl_platform_id> platforms(count);
  clGetPlatformIDs(count, platforms.data(), nullptr);
  for (cl_platform_id platform : platforms)
    if (platformString(platform, CL_PLATFORM_NAME) == "clcuda")
      return platform;
  return nullptr;
}

std::string platformString(cl_platform_id platform, cl_platform_info param) {
  return infoString(clGetPlatformInfo, platform, param);
}

std::string deviceString(cl_device_id device, cl_device_info param) {
  return infoString(clGetDeviceInfo, device, param);
}

std::string errorName(cl_int error) {
  const char *name = clErrorName(error); // the examples' table: one list of the codes
  return name ? std::string(name) + " (" + std::to_string(error) + ")"
              : "error " + std::to_string(error);
}

} // namespace clcuda::test

// The tests' main: keeps the command line GoogleTest leaves, takes
// --loading=MODE from it, points the ICD loader at clcuda for the ICD modes
// (the loader reads its variables on first use), then runs GoogleTest.
// Relink needs LD_LIBRARY_PATH at startup: ctest sets it. The mode
// "reference" lists clcuda beside the installed platforms (NVIDIA's OpenCL
// among them), for tests that compare the two.
int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i < argc; ++i) {
    clcuda::test::commandLine().emplace_back(argv[i]);
    if (std::strncmp(argv[i], "--loading=", 10) == 0)
      clcuda::test::mode() = argv[i] + 10;
  }
  if (clcuda::test::mode() == "icd") {
    // ocl-icd 2.3.1 reads only OCL_ICD_VENDORS (a directory holding only
    // clcuda.icd); Khronos' loader reads OCL_ICD_FILENAMES first, and older
    // ones cannot read a vendors directory outside the root file system.
    setenv("OCL_ICD_VENDORS", CLCUDA_TEST_ICD_DIR, 1);
    setenv("OCL_ICD_FILENAMES", CLCUDA_TEST_LIBRARY, 1);
  } else if (clcuda::test::mode() == "filenames") {
    setenv("OCL_ICD_FILENAMES", CLCUDA_TEST_LIBRARY, 1);
  }
  std::optional<clcuda::icd::TemporaryDirectory> vendors;
  if (clcuda::test::mode() == "reference") {
    vendors.emplace("cl-test-vendors");
    for (const std::string &line :
         clcuda::icd::registerPlatforms(vendors->path(), CLCUDA_TEST_LIBRARY))
      std::cerr << "ICD vendor " << line << "\n"; // stdout is GoogleTest's
  }
  return RUN_ALL_TESTS();
}
