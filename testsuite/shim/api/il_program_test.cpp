// Programs from SPIR-V (clCreateProgramWithIL), built by the translator's
// SPIR-V front end: refused when CLCUDA_SPIRV=0, else created, queried,
// built, refused with the reason in the build log, and run (on a GPU; on the
// CPU stand-in every step but the results). The modules are the translator
// tests' (testsuite/translator/spirv/*.spvasm, assembled by spirv-as).
#include "program_fixture.h"

#include "child_process.h"

#include "clcuda/spirv_queries_khr.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>

namespace clcuda::test {
namespace {

std::string spirvModule(const std::string &name) {
  std::ifstream file(std::string(CLCUDA_SPIRV_TEST_MODULES) + "/" + name, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

class IlPrograms : public ProgramTest {
protected:
  cl_program createIl(const std::string &il, cl_int &error) {
    return keep(clCreateProgramWithIL(context, il.data(), il.size(), &error));
  }
  std::string deviceString(cl_device_info param) {
    size_t size = 0;
    EXPECT_CL(CL_SUCCESS, clGetDeviceInfo(device, param, 0, nullptr, &size));
    std::string text(size, '\0');
    EXPECT_CL(CL_SUCCESS, clGetDeviceInfo(device, param, size, text.data(), nullptr));
    return text.substr(0, text.find('\0'));
  }
};

TEST_F(IlPrograms, RefusedWithTheFrontEndOff) {
  if (!childRole()) {
    const ChildResult child = runChild("off", {"CLCUDA_SPIRV=0"}, {"--loading=" + loadingMode()});
    EXPECT_EQ(child.exit_code, 0) << child.output;
    return;
  }
  const std::string il = spirvModule("saxpy.spv");
  ASSERT_FALSE(il.empty());
  EXPECT_EQ(deviceString(CL_DEVICE_IL_VERSION), "");
  EXPECT_TRUE(
      infoVector<cl_uint>(clGetDeviceInfo, device, CL_DEVICE_SPIRV_CAPABILITIES_KHR).empty());
  EXPECT_EQ(deviceString(CL_DEVICE_EXTENSIONS).find("cl_khr_il_program"), std::string::npos);
  EXPECT_EQ(clGetExtensionFunctionAddressForPlatform(platform, "clCreateProgramWithILKHR"),
            nullptr);
  cl_int error = CL_SUCCESS;
  EXPECT_EQ(createIl(il, error), nullptr);
  EXPECT_CL(CL_INVALID_OPERATION, error);
}

// With the front end on, the SPIR-V extensions are claimed, and
// cl_khr_il_program's clCreateProgramWithILKHR is clCreateProgramWithIL.
TEST_F(IlPrograms, ExtensionsAreClaimedWithTheFrontEnd) {
  const std::string extensions = " " + deviceString(CL_DEVICE_EXTENSIONS) + " ";
  for (const char *extension : {"cl_khr_il_program", "cl_khr_spirv_no_integer_wrap_decoration",
                                "cl_khr_spirv_linkonce_odr"})
    EXPECT_NE(extensions.find(std::string(" ") + extension + " "), std::string::npos) << extension;
  using CreateWithIl = cl_program(CL_API_CALL *)(cl_context, const void *, size_t, cl_int *);
  auto create = reinterpret_cast<CreateWithIl>(
      clGetExtensionFunctionAddressForPlatform(platform, "clCreateProgramWithILKHR"));
  ASSERT_NE(create, nullptr);
  const std::string il = spirvModule("saxpy.spv");
  cl_int error = CL_SUCCESS;
  cl_program program = keep(create(context, il.data(), il.size(), &error));
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_CL(CL_SUCCESS, clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr))
      << buildLog(program);
}

// cl_khr_spirv_queries: a module that declares every extended instruction
// set, extension and capability the device lists, as SPIR-V 1.6 words, for
// a kernel that does nothing.
std::string moduleDeclaring(const std::vector<std::string> &instruction_sets,
                            const std::vector<std::string> &extensions,
                            const std::vector<cl_uint> &capabilities) {
  enum : uint32_t { kExtension = 10, kExtInstImport = 11, kMemoryModel = 14, kEntryPoint = 15 };
  enum : uint32_t { kCapability = 17, kTypeVoid = 19, kTypeFunction = 33, kFunction = 54 };
  enum : uint32_t { kFunctionEnd = 56, kLabel = 248, kReturn = 253 };
  std::vector<uint32_t> words = {0x07230203, 0x00010600, 0, 0 /* bound */, 0};
  uint32_t next_id = 1;
  auto instruction = [&](uint32_t opcode, std::vector<uint32_t> operands) {
    words.push_back(uint32_t(operands.size() + 1) << 16 | opcode);
    words.insert(words.end(), operands.begin(), operands.end());
  };
  auto literal = [](const std::string &text) { // NUL-terminated, padded to words
    std::vector<uint32_t> packed((text.size() + 4) / 4, 0);
    std::memcpy(packed.data(), text.data(), text.size());
    return packed;
  };
  for (cl_uint capability : capabilities)
    instruction(kCapability, {capability});
  for (const std::string &extension : extensions)
    instruction(kExtension, literal(extension));
  for (const std::string &set : instruction_sets) {
    std::vector<uint32_t> operands = {next_id++};
    for (uint32_t word : literal(set))
      operands.push_back(word);
    instruction(kExtInstImport, operands);
  }
  const uint32_t void_type = next_id++, function_type = next_id++, kernel = next_id++;
  instruction(kMemoryModel, {2 /* Physical64 */, 2 /* OpenCL */});
  std::vector<uint32_t> entry = {6 /* Kernel */, kernel};
  for (uint32_t word : literal("empty"))
    entry.push_back(word);
  instruction(kEntryPoint, entry);
  instruction(kTypeVoid, {void_type});
  instruction(kTypeFunction, {function_type, void_type});
  instruction(kFunction, {void_type, kernel, 0, function_type});
  instruction(kLabel, {next_id++});
  instruction(kReturn, {});
  instruction(kFunctionEnd, {});
  words[3] = next_id;
  return std::string(reinterpret_cast<const char *>(words.data()), words.size() * 4);
}

TEST_F(IlPrograms, SpirvQueriesListWhatModulesMayDeclare) {
  const std::string extensions = " " + deviceString(CL_DEVICE_EXTENSIONS) + " ";
  EXPECT_NE(extensions.find(" cl_khr_spirv_queries "), std::string::npos);
  auto strings = [&](cl_device_info param) {
    const std::vector<const char *> pointers =
        infoVector<const char *>(clGetDeviceInfo, device, param);
    return std::vector<std::string>(pointers.begin(), pointers.end());
  };
  const std::vector<std::string> sets = strings(CL_DEVICE_SPIRV_EXTENDED_INSTRUCTION_SETS_KHR);
  const std::vector<std::string> spirv_extensions = strings(CL_DEVICE_SPIRV_EXTENSIONS_KHR);
  const std::vector<cl_uint> capabilities =
      infoVector<cl_uint>(clGetDeviceInfo, device, CL_DEVICE_SPIRV_CAPABILITIES_KHR);
  EXPECT_EQ(sets, std::vector<std::string>{"OpenCL.std"});
  // Some of what the OpenCL environment requires for clcuda's claims (the
  // CTS's spirv_query_requirements checks them all): sub-groups' dispatch,
  // cl_khr_subgroup_rotate's extension and capability.
  for (const char *required : {"SPV_KHR_subgroup_rotate", "SPV_KHR_integer_dot_product"})
    EXPECT_NE(std::find(spirv_extensions.begin(), spirv_extensions.end(), required),
              spirv_extensions.end())
        << required;
  for (cl_uint required : {4u /* Addresses */, 6u /* Kernel */, 58u /* SubgroupDispatch */,
                           6026u /* GroupNonUniformRotateKHR */, 6019u /* DotProduct */})
    EXPECT_NE(std::find(capabilities.begin(), capabilities.end(), required), capabilities.end())
        << required;
  // And the front end takes a module that declares them all.
  cl_int error = CL_SUCCESS;
  cl_program program = createIl(moduleDeclaring(sets, spirv_extensions, capabilities), error);
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_CL(CL_SUCCESS, clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr))
      << buildLog(program);
}

// SubgroupsPerWorkgroup answers CL_KERNEL_COMPILE_NUM_SUB_GROUPS
// (spirv/subgroup_dispatch.spvasm asks for 2).
TEST_F(IlPrograms, SubgroupsPerWorkgroupIsTheCompiledSubGroupCount) {
  cl_int error = CL_SUCCESS;
  cl_program program = createIl(spirvModule("subgroup_dispatch.spv"), error);
  ASSERT_CL(CL_SUCCESS, error);
  ASSERT_CL(CL_SUCCESS, clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr))
      << buildLog(program);
  cl_kernel dispatch = keep(clCreateKernel(program, "dispatch", &error));
  ASSERT_CL(CL_SUCCESS, error);
  size_t count = 0;
  ASSERT_CL(CL_SUCCESS, clGetKernelSubGroupInfo(dispatch, device, CL_KERNEL_COMPILE_NUM_SUB_GROUPS,
                                                0, nullptr, sizeof count, &count, nullptr));
  EXPECT_EQ(count, 2u);
}

TEST_F(IlPrograms, SpirvBuildsAndRuns) {
  EXPECT_EQ(deviceString(CL_DEVICE_IL_VERSION),
            "SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2 SPIR-V_1.3 SPIR-V_1.4 SPIR-V_1.5 SPIR-V_1.6");
  const std::string il = spirvModule("saxpy.spv");
  cl_int error = CL_SUCCESS;
  cl_program program = createIl(il, error);
  ASSERT_CL(CL_SUCCESS, error);
  // CL_PROGRAM_IL gives the module back; there is no source.
  size_t size = 0;
  ASSERT_CL(CL_SUCCESS, clGetProgramInfo(program, CL_PROGRAM_IL, 0, nullptr, &size));
  std::string returned(size, '\0');
  ASSERT_CL(CL_SUCCESS, clGetProgramInfo(program, CL_PROGRAM_IL, size, returned.data(), nullptr));
  EXPECT_EQ(returned, il);
  EXPECT_EQ(programString(program, CL_PROGRAM_SOURCE), "");
  ASSERT_CL(CL_SUCCESS, clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr))
      << buildLog(program);
  EXPECT_EQ(programString(program, CL_PROGRAM_KERNEL_NAMES), "saxpy");

  cl_kernel saxpy = keep(clCreateKernel(program, "saxpy", &error));
  ASSERT_CL(CL_SUCCESS, error);
  const cl_uint n = 1000;
  std::vector<float> xs(1024), ys(1024);
  for (size_t i = 0; i < xs.size(); ++i) {
    xs[i] = float(i);
    ys[i] = 1.0f;
  }
  cl_mem x = makeBuffer(CL_MEM_COPY_HOST_PTR, xs.size() * sizeof(float), xs.data());
  cl_mem y = makeBuffer(CL_MEM_COPY_HOST_PTR, ys.size() * sizeof(float), ys.data());
  setArg(saxpy, 0, 2.0f);
  setArg(saxpy, 1, x);
  setArg(saxpy, 2, y);
  setArg(saxpy, 3, n);
  const size_t global = 1024, local = 128;
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, saxpy, 1, nullptr, &global, &local, 0, nullptr, nullptr));
  const std::vector<float> result = read<float>(y, ys.size());
  if (fakeDevice())
    return; // the stand-in runs no kernel
  for (size_t i = 0; i < result.size(); ++i)
    ASSERT_EQ(result[i], i < n ? 2.0f * float(i) + 1.0f : 1.0f) << i;
}

// The values set replace the defaults at the next build (spirv/spec_constants
// .spvasm: SpecId 3 a uint of default 7, 5 a float of 1.5, 8 a bool, true).
TEST_F(IlPrograms, SpecializationConstantsSetTheirValues) {
  cl_int error = CL_SUCCESS;
  cl_program program = createIl(spirvModule("spec_constants.spv"), error);
  ASSERT_CL(CL_SUCCESS, error);
  const cl_uint factor = 9;
  const float weight = 2.0f;
  const cl_uchar flag = 0;
  EXPECT_CL(CL_SUCCESS, clSetProgramSpecializationConstant(program, 3, sizeof(factor), &factor));
  EXPECT_CL(CL_SUCCESS, clSetProgramSpecializationConstant(program, 5, sizeof(weight), &weight));
  EXPECT_CL(CL_SUCCESS, clSetProgramSpecializationConstant(program, 8, 1, &flag));
  EXPECT_CL(CL_INVALID_SPEC_ID,
            clSetProgramSpecializationConstant(program, 42, sizeof(factor), &factor));
  EXPECT_CL(CL_INVALID_VALUE, clSetProgramSpecializationConstant(program, 3, 8, &factor));
  EXPECT_CL(CL_INVALID_VALUE, clSetProgramSpecializationConstant(program, 3, 4, nullptr));
  EXPECT_CL(CL_INVALID_PROGRAM, clSetProgramSpecializationConstant(nullptr, 3, 4, &factor));
  ASSERT_CL(CL_SUCCESS, clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr))
      << buildLog(program);
  cl_kernel scale = keep(clCreateKernel(program, "scale", &error));
  ASSERT_CL(CL_SUCCESS, error);
  const size_t n = 256;
  std::vector<float> values(n, 3.0f);
  cl_mem counts = makeBuffer(CL_MEM_READ_WRITE, n * sizeof(cl_uint));
  cl_mem floats = makeBuffer(CL_MEM_COPY_HOST_PTR, n * sizeof(float), values.data());
  setArg(scale, 0, counts);
  setArg(scale, 1, floats);
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, scale, 1, nullptr, &n, nullptr, 0, nullptr, nullptr));
  const std::vector<cl_uint> counted = read<cl_uint>(counts, n);
  const std::vector<float> weighted = read<float>(floats, n);
  if (fakeDevice())
    return; // the stand-in runs no kernel
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(counted[i], 9 * i) << i; // the flag, now false, adds nothing
    ASSERT_EQ(weighted[i], 6.0f) << i;
  }
}

// Units compiled from SPIR-V (spirv/units/) link: the kernel of one calls a
// function and reads a variable the other exports. Built alone, the
// importing module is refused with the way to build it.
TEST_F(IlPrograms, UnitsCompileAndLink) {
  cl_int error = CL_SUCCESS;
  cl_program exporter = createIl(spirvModule("units/linkage_export.spv"), error);
  ASSERT_CL(CL_SUCCESS, error);
  cl_program importer = createIl(spirvModule("units/linkage_import.spv"), error);
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_CL(CL_BUILD_PROGRAM_FAILURE,
            clBuildProgram(importer, 0, nullptr, nullptr, nullptr, nullptr));
  EXPECT_NE(buildLog(importer).find("clCompileProgram"), std::string::npos) << buildLog(importer);
  for (cl_program unit : {exporter, importer}) {
    ASSERT_CL(CL_SUCCESS,
              clCompileProgram(unit, 0, nullptr, "", 0, nullptr, nullptr, nullptr, nullptr))
        << buildLog(unit);
    cl_program_binary_type type = CL_PROGRAM_BINARY_TYPE_NONE;
    ASSERT_CL(CL_SUCCESS, clGetProgramBuildInfo(unit, device, CL_PROGRAM_BINARY_TYPE, sizeof type,
                                                &type, nullptr));
    EXPECT_EQ(type, cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT));
  }
  const cl_program units[] = {exporter, importer};
  cl_program linked =
      keep(clLinkProgram(context, 1, &device, "", 2, units, nullptr, nullptr, &error));
  ASSERT_CL(CL_SUCCESS, error) << (linked ? buildLog(linked) : "");
  cl_kernel scale_all = keep(clCreateKernel(linked, "scale_all", &error));
  ASSERT_CL(CL_SUCCESS, error);
  const size_t n = 512;
  std::vector<float> values(n);
  for (size_t i = 0; i < n; ++i)
    values[i] = float(i) - 100.0f;
  cl_mem data = makeBuffer(CL_MEM_COPY_HOST_PTR, n * sizeof(float), values.data());
  setArg(scale_all, 0, data);
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, scale_all, 1, nullptr, &n, nullptr, 0, nullptr, nullptr));
  const std::vector<float> result = read<float>(data, n);
  if (fakeDevice())
    return; // the stand-in runs no kernel
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(result[i], values[i] * 3.0f * 2.0f + 1.0f) << i;
}

// An IL program's build options are checked and applied as a source
// program's; -D, -I and -cl-std= are ignored, as OpenCL says for IL.
TEST_F(IlPrograms, BuildOptionsApply) {
  const std::string il = spirvModule("saxpy.spv");
  cl_int error = CL_SUCCESS;
  cl_program program = createIl(il, error);
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_CL(CL_INVALID_BUILD_OPTIONS,
            clBuildProgram(program, 0, nullptr, "-cl-no-such-option", nullptr, nullptr));
  EXPECT_CL(CL_INVALID_COMPILER_OPTIONS, clCompileProgram(program, 0, nullptr, "-cl-no-such-option",
                                                          0, nullptr, nullptr, nullptr, nullptr));

  const char *options = "-cl-nv-verbose -cl-uniform-work-group-size -D SCALE=2 -cl-std=CL1.2";
  ASSERT_CL(CL_SUCCESS, clBuildProgram(program, 0, nullptr, options, nullptr, nullptr))
      << buildLog(program);
  EXPECT_NE(buildLog(program).find("registers"), std::string::npos) << buildLog(program);
  cl_kernel saxpy = keep(clCreateKernel(program, "saxpy", &error));
  ASSERT_CL(CL_SUCCESS, error);
  cl_mem x = makeBuffer(0, 1024 * sizeof(float), nullptr);
  cl_mem y = makeBuffer(0, 1024 * sizeof(float), nullptr);
  setArg(saxpy, 0, 2.0f);
  setArg(saxpy, 1, x);
  setArg(saxpy, 2, y);
  setArg(saxpy, 3, cl_uint(1000));
  const size_t global = 1000, local = 128;
  EXPECT_CL(CL_INVALID_WORK_GROUP_SIZE,
            clEnqueueNDRangeKernel(queue, saxpy, 1, nullptr, &global, &local, 0, nullptr, nullptr));
}

TEST_F(IlPrograms, BadModulesAreRefusedWithTheReason) {
  cl_int error = CL_SUCCESS;
  const std::string source = "__kernel void k() {}";
  EXPECT_EQ(createIl(source, error), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  const std::string saxpy = spirvModule("saxpy.spv");
  EXPECT_EQ(createIl(saxpy.substr(0, saxpy.size() - 2), error), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  EXPECT_EQ(clCreateProgramWithIL(context, nullptr, 4, &error), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);

  const struct {
    const char *module;
    const char *log;
  } cases[] = {
      {"errors/invalid_operands.spv", "invalid SPIR-V"},
      {"errors/pipe_not_supported.spv", "OpTypePipe"},
      {"saxpy.spv", nullptr}, // cut short below: still SPIR-V, no longer valid
  };
  for (const auto &test : cases) {
    std::string il = spirvModule(test.module);
    if (!test.log)
      il.resize(il.size() - 8);
    cl_program program = createIl(il, error);
    ASSERT_CL(CL_SUCCESS, error) << test.module;
    EXPECT_CL(CL_BUILD_PROGRAM_FAILURE,
              clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr));
    const std::string log = buildLog(program);
    EXPECT_NE(log.find(test.log ? test.log : "invalid SPIR-V"), std::string::npos)
        << test.module << ": " << log;
  }
}

} // namespace
} // namespace clcuda::test
