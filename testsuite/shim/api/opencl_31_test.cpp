// OpenCL 3.1, clcuda's version by default (docs/shim.md, "OpenCL 3.1"): the
// versions, OpenCL C 3.1 and what 3.1 requires of a device, and the rule
// that changed (a __local argument of size 0). With CLCUDA_OPENCL_3_1=0
// clcuda is a 3.0 platform, which refuses -cl-std=CL3.1 and a size of 0. On
// the CPU stand-in every step runs but the kernels' results.
#include "program_fixture.h"

#include "child_process.h"

#include <algorithm>

namespace clcuda::test {
namespace {

const char *const kVersionsKernel = R"CLC(
kernel void versions(global int *out, local int *unused) {
  out[0] = __OPENCL_C_VERSION__;
  out[1] = __OPENCL_VERSION__;
}
)CLC";

class OpenCL31 : public ProgramTest {
protected:
  template <class T> T deviceValue(cl_device_info param) {
    T value{};
    EXPECT_CL(CL_SUCCESS, clGetDeviceInfo(device, param, sizeof value, &value, nullptr));
    return value;
  }
  bool listsOpenCLC(cl_version version) {
    const std::vector<cl_name_version> versions =
        infoVector<cl_name_version>(clGetDeviceInfo, device, CL_DEVICE_OPENCL_C_ALL_VERSIONS);
    EXPECT_FALSE(versions.empty());
    return std::any_of(versions.begin(), versions.end(),
                       [&](const cl_name_version &entry) { return entry.version == version; });
  }
  cl_int setEmptyLocal(cl_kernel kernel) { return clSetKernelArg(kernel, 1, 0, nullptr); }
};

TEST_F(OpenCL31, ThreePointOneByDefault) {
  EXPECT_EQ(platformString(platform, CL_PLATFORM_VERSION).rfind("OpenCL 3.1 clcuda ", 0), 0u);
  cl_version platform_version = 0;
  EXPECT_CL(CL_SUCCESS, clGetPlatformInfo(platform, CL_PLATFORM_NUMERIC_VERSION,
                                          sizeof platform_version, &platform_version, nullptr));
  EXPECT_EQ(platform_version, CL_MAKE_VERSION(3, 1, 0));
  EXPECT_EQ(deviceString(device, CL_DEVICE_VERSION).rfind("OpenCL 3.1 CUDA ", 0), 0u);
  EXPECT_EQ(deviceValue<cl_version>(CL_DEVICE_NUMERIC_VERSION), CL_MAKE_VERSION(3, 1, 0));
  EXPECT_TRUE(listsOpenCLC(CL_MAKE_VERSION(3, 1, 0)));
  // What OpenCL 3.1 requires of a device (the CTS's get_device_info_31).
  EXPECT_GT(deviceValue<cl_uint>(CL_DEVICE_MAX_NUM_SUB_GROUPS), 0u);
  const std::string extensions = " " + deviceString(device, CL_DEVICE_EXTENSIONS) + " ";
  for (const char *required :
       {"cl_khr_spirv_queries", "cl_khr_extended_bit_ops", "cl_khr_suggested_local_work_size",
        "cl_khr_device_uuid", "cl_khr_integer_dot_product", "cl_khr_subgroup_extended_types",
        "cl_khr_subgroup_rotate", "cl_khr_subgroup_shuffle", "cl_khr_subgroup_shuffle_relative"})
    EXPECT_NE(extensions.find(std::string(" ") + required + " "), std::string::npos) << required;
  const std::string ils = " " + deviceString(device, CL_DEVICE_IL_VERSION) + " ";
  for (const char *required :
       {"SPIR-V_1.0", "SPIR-V_1.1", "SPIR-V_1.2", "SPIR-V_1.3", "SPIR-V_1.4"})
    EXPECT_NE(ils.find(std::string(" ") + required + " "), std::string::npos) << required;

  cl_program program = build(kVersionsKernel, "-cl-std=CL3.1");
  cl_kernel versions = kernel(program, "versions");
  // 3.1 allows a __local argument of size 0.
  EXPECT_CL(CL_SUCCESS, setEmptyLocal(versions));
  cl_mem out = makeBuffer(CL_MEM_READ_WRITE, 2 * sizeof(cl_int));
  setArg(versions, 0, out);
  const size_t one = 1;
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, versions, 1, nullptr, &one, &one, 0, nullptr, nullptr));
  const std::vector<cl_int> macros = read<cl_int>(out, 2);
  if (!fakeDevice()) {
    EXPECT_EQ(macros, (std::vector<cl_int>{310, 310}));
  }
}

TEST_F(OpenCL31, ThreePointZeroWhenAsked) {
  if (!childRole()) {
    const ChildResult child =
        runChild("3.0", {"CLCUDA_OPENCL_3_1=0"}, {"--loading=" + loadingMode()});
    EXPECT_EQ(child.exit_code, 0) << child.output;
    return;
  }
  EXPECT_EQ(platformString(platform, CL_PLATFORM_VERSION).rfind("OpenCL 3.0 clcuda ", 0), 0u);
  EXPECT_EQ(deviceString(device, CL_DEVICE_VERSION).rfind("OpenCL 3.0 CUDA ", 0), 0u);
  EXPECT_EQ(deviceValue<cl_version>(CL_DEVICE_NUMERIC_VERSION), CL_MAKE_VERSION(3, 0, 0));
  EXPECT_TRUE(listsOpenCLC(CL_MAKE_VERSION(3, 0, 0)));
  EXPECT_FALSE(listsOpenCLC(CL_MAKE_VERSION(3, 1, 0)));
  cl_program program = nullptr;
  EXPECT_CL(CL_INVALID_BUILD_OPTIONS, tryBuild(kVersionsKernel, "-cl-std=CL3.1", program));
  EXPECT_NE(buildLog(program).find("CLC5012"), std::string::npos) << buildLog(program);
  cl_kernel versions = kernel(build(kVersionsKernel, "-cl-std=CL3.0"), "versions");
  EXPECT_CL(CL_INVALID_ARG_SIZE, setEmptyLocal(versions));
}

} // namespace
} // namespace clcuda::test
