// The SPIR-V front end (translator/lib/spirv/): each testsuite/translator/
// spirv/*.spvasm, assembled by spirv-as when the tests are built, translates;
// its COMPILE and METADATA directives hold and NVRTC compiles the output.
// Each spirv/errors/*.spvasm fails with a log matching its LOG directives,
// and malformed binaries fail with a message, never a crash (label translator).
#include "FileChecker.h"
#include "TestFiles.h"
#include "nvrtc_compile.h"

#include <cl2cuda/c_api.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <map>

namespace cl2cuda::testing {
namespace {

// The module spirv-as made of testsuite/translator/<directory>/<stem>.spvasm.
std::string assembled(const std::string &source_path) {
  const std::string directory = source_path.substr(0, source_path.find_last_of('/'));
  const std::string relative = directory.substr(testDirectory().size() + 1);
  return readFile(std::string(CL2CUDA_SPIRV_BINARY_DIR) + "/" + relative + "/" +
                  stemOf(source_path) + ".spv");
}

std::string paramName(const ::testing::TestParamInfo<std::string> &info) {
  return testParamName({stemOf(info.param)});
}

class SpirvModules : public ::testing::TestWithParam<std::string> {};

// The translation of the module at `path` holds its COMPILE and METADATA directives.
void expectDirectivesHold(const std::string &path, const TranslateResult &result) {
  const std::string text = readFile(path);
  EXPECT_EQ(checkOutput(result.cuda_source, parseDirectives(text, {"CHECK", "COMPILE"})), "")
      << result.cuda_source;
  EXPECT_EQ(checkOutput(result.metadata.serialize(), parseDirectives(text, {"METADATA"})), "")
      << result.metadata.serialize();
}

void expectCompiles(const TranslateResult &result, clcuda::CompileKind kind) {
  const clcuda::NvrtcOutput compiled = clcuda::compileCuda(
      result.cuda_source, clcuda::GpuTarget{"sm_90"}, result.metadata.nvrtc_options, kind);
  EXPECT_TRUE(compiled.ok) << compiled.log << "\n--- source ---\n" << result.cuda_source;
}

TEST_P(SpirvModules, TranslatesAsTheDirectivesSay) {
  const std::string binary = assembled(GetParam());
  ASSERT_FALSE(binary.empty()) << "no assembled module for " << GetParam();
  ASSERT_TRUE(isSpirv(binary));
  const TranslateResult result = translateSpirv(binary);
  ASSERT_EQ(result.status, Status::Ok) << result.log;
  expectDirectivesHold(GetParam(), result);
}

TEST_P(SpirvModules, CompilesWithNvrtc) {
  const TranslateResult result = translateSpirv(assembled(GetParam()));
  ASSERT_EQ(result.status, Status::Ok) << result.log;
  expectCompiles(result, clcuda::CompileKind::whole);
}

INSTANTIATE_TEST_SUITE_P(Spirv, SpirvModules,
                         ::testing::ValuesIn(listTestFiles("spirv", ".spvasm")), paramName);

// spirv/units/: modules translated as units of a link (clCompileProgram),
// compiled by NVRTC as relocatable code.
class SpirvUnits : public ::testing::TestWithParam<std::string> {};

TEST_P(SpirvUnits, TranslateAsTheDirectivesSayAndCompile) {
  const TranslateResult result = translateSpirv(assembled(GetParam()), {}, SpirvOutput::Unit);
  ASSERT_EQ(result.status, Status::Ok) << result.log;
  expectDirectivesHold(GetParam(), result);
  expectCompiles(result, clcuda::CompileKind::relocatable);
}

INSTANTIATE_TEST_SUITE_P(Spirv, SpirvUnits,
                         ::testing::ValuesIn(listTestFiles("spirv/units", ".spvasm")), paramName);

// A module that imports a function is a unit: as a whole program it is
// refused, with the way to build it.
TEST(SpirvBinaries, AnImportIsRefusedInAWholeProgram) {
  const TranslateResult result =
      translateSpirv(assembled(testDirectory() + "/spirv/units/linkage_import.spvasm"));
  EXPECT_EQ(result.status, Status::BuildFailure);
  EXPECT_NE(result.log.find("a function imported from another module: compile the modules with "
                            "clCompileProgram and link them with clLinkProgram"),
            std::string::npos)
      << result.log;
}

// The execution tests' programs as a compiler makes SPIR-V of them (clang-15
// and llvm-spirv-15, at build time): each translates and compiles here; the
// GPU tests run them (ExecChecks.cpp).
std::vector<std::string> compilerModules() {
  std::vector<std::string> modules;
  for (const std::string &source : listTestFiles("exec", ".cl")) {
    const std::string module =
        std::string(CL2CUDA_SPIRV_BINARY_DIR) + "/exec/" + stemOf(source) + ".spv";
    if (!readFile(module).empty())
      modules.push_back(module);
  }
  return modules;
}

class SpirvFromCompiler : public ::testing::TestWithParam<std::string> {};

TEST_P(SpirvFromCompiler, TranslatesAndCompiles) {
  const TranslateResult result = translateSpirv(readFile(GetParam()));
  ASSERT_EQ(result.status, Status::Ok) << result.log;
  EXPECT_FALSE(result.metadata.kernels.empty());
  expectCompiles(result, clcuda::CompileKind::whole);
}

INSTANTIATE_TEST_SUITE_P(Spirv, SpirvFromCompiler, ::testing::ValuesIn(compilerModules()),
                         paramName);

TEST(SpirvBinaries, TheCompilerMadeModulesOfMostExecutionPrograms) {
  EXPECT_GE(compilerModules().size(), 20u); // all of exec/*.cl but the two left out
}

class SpirvErrors : public ::testing::TestWithParam<std::string> {};

TEST_P(SpirvErrors, FailWithTheReason) {
  const std::string text = readFile(GetParam());
  const TranslateResult result = translateSpirv(assembled(GetParam()));
  EXPECT_EQ(result.status, Status::BuildFailure);
  EXPECT_TRUE(result.cuda_source.empty());
  EXPECT_TRUE(result.metadata.kernels.empty());
  EXPECT_EQ(checkOutput(result.log, parseDirectives(text, {"LOG"})), "") << result.log;
}

INSTANTIATE_TEST_SUITE_P(Spirv, SpirvErrors,
                         ::testing::ValuesIn(listTestFiles("spirv/errors", ".spvasm")), paramName);

std::string words(std::initializer_list<uint32_t> values) {
  std::string bytes(values.size() * 4, '\0');
  std::memcpy(bytes.data(), values.begin(), bytes.size());
  return bytes;
}

TEST(SpirvBinaries, MalformedModulesFailWithAMessage) {
  const std::string saxpy = assembled(testDirectory() + "/spirv/saxpy.spvasm");
  ASSERT_GT(saxpy.size(), 40u);
  struct Case {
    const char *what;
    std::string binary;
    const char *message;
  } cases[] = {
      {"OpenCL C source", "__kernel void k() {}", "not a SPIR-V module"},
      {"empty", "", "not a SPIR-V module"},
      {"a header only", words({0x07230203, 0x00010000, 0, 10, 0}),
       "invalid SPIR-V: Missing required OpMemoryModel"},
      {"a word count past the end", words({0x07230203, 0x00010000, 0, 10, 0, (5u << 16) | 17}),
       "runs past the module"},
      {"cut short", saxpy.substr(0, saxpy.size() - 8), "invalid SPIR-V: Missing OpFunctionEnd"},
      {"a zero word count", words({0x07230203, 0x00010000, 0, 10, 0, 0}), "runs past the module"},
  };
  for (const Case &test : cases) {
    const TranslateResult result = translateSpirv(test.binary);
    EXPECT_EQ(result.status, Status::BuildFailure) << test.what;
    EXPECT_NE(result.log.find(test.message), std::string::npos) << test.what << ": " << result.log;
  }
  // Every truncation and every single-word corruption of a valid module:
  // a result or a message, never a crash or a hang.
  for (size_t length = 0; length < saxpy.size(); length += 4)
    EXPECT_EQ(translateSpirv(saxpy.substr(0, length)).status, Status::BuildFailure) << length;
  for (size_t word = 5; word < saxpy.size() / 4; ++word) {
    std::string corrupted = saxpy;
    corrupted[word * 4] ^= 0x5a;
    const TranslateResult result = translateSpirv(corrupted);
    if (result.status != Status::Ok) {
      EXPECT_FALSE(result.log.empty()) << "word " << word;
    }
  }
}

// Modules a mutation run (random words, instructions dropped, duplicated or
// swapped) once crashed the front end with: each a message now.
TEST(SpirvBinaries, FuzzedModulesFailWithAMessage) {
  const std::vector<std::string> files = listTestFiles("spirv/fuzzed", ".spv");
  ASSERT_FALSE(files.empty());
  for (const std::string &file : files) {
    const TranslateResult result = translateSpirv(readFile(file));
    EXPECT_EQ(result.status, Status::BuildFailure) << file;
    EXPECT_FALSE(result.log.empty()) << file;
  }
}

TEST(SpirvBinaries, EitherByteOrderIsAModule) {
  const std::string saxpy = assembled(testDirectory() + "/spirv/saxpy.spvasm");
  std::string swapped = saxpy;
  for (size_t i = 0; i + 3 < swapped.size(); i += 4)
    std::swap(swapped[i], swapped[i + 3]), std::swap(swapped[i + 1], swapped[i + 2]);
  ASSERT_TRUE(isSpirv(swapped));
  const TranslateResult native = translateSpirv(saxpy), other = translateSpirv(swapped);
  ASSERT_EQ(other.status, Status::Ok) << other.log;
  EXPECT_EQ(other.cuda_source, native.cuda_source);
  EXPECT_FALSE(isSpirv("__kernel"));
}

TEST(SpirvBinaries, TheCAbiTranslatesIntermediateLanguage) {
  const std::string saxpy = assembled(testDirectory() + "/spirv/saxpy.spvasm");
  cl2cuda_result result;
  ASSERT_EQ(cl2cuda_translate_il(saxpy.data(), saxpy.size(), nullptr, 0, 0, nullptr, &result), 0)
      << result.log;
  ProgramMetadata metadata;
  std::string error;
  EXPECT_TRUE(ProgramMetadata::parse(result.metadata, &metadata, &error)) << error;
  EXPECT_NE(metadata.findKernel("saxpy"), nullptr);
  EXPECT_EQ(std::string(result.cuda_source), translateSpirv(saxpy).cuda_source);
  cl2cuda_result_free(&result);
  EXPECT_EQ(cl2cuda_translate_il(nullptr, 4, nullptr, 0, 0, nullptr, &result), 1);
  EXPECT_NE(std::string(result.log).find("no intermediate language"), std::string::npos);
  cl2cuda_result_free(&result);
  EXPECT_EQ(cl2cuda_translate_il(saxpy.data(), 6, nullptr, 0, 0, nullptr, &result), 1);
  EXPECT_NE(std::string(result.log).find("not a SPIR-V module"), std::string::npos);
  cl2cuda_result_free(&result);
}

// Build options of an IL program are checked as OpenCL C's are and reach
// the metadata (NVRTC's options, the uniform work-group promise); those
// OpenCL ignores for IL (-D, -I, -cl-std=) change nothing.
TEST(SpirvBinaries, BuildOptionsApplyButThoseForSource) {
  const std::string saxpy = assembled(testDirectory() + "/spirv/saxpy.spvasm");
  const TranslateResult plain = translateSpirv(saxpy);
  ASSERT_EQ(plain.status, Status::Ok) << plain.log;
  EXPECT_TRUE(plain.metadata.nvrtc_options.empty());
  const TranslateResult fast =
      translateSpirv(saxpy, {}, SpirvOutput::WholeProgram,
                     "-cl-fast-relaxed-math -cl-uniform-work-group-size -cl-kernel-arg-info "
                     "-D SCALE=2 -I /nowhere -cl-std=CL1.2 -cl-nv-maxrregcount=64");
  ASSERT_EQ(fast.status, Status::Ok) << fast.log;
  EXPECT_EQ(fast.metadata.nvrtc_options,
            (std::vector<std::string>{"--use_fast_math", "--maxrregcount=64"}));
  EXPECT_TRUE(fast.metadata.uniform_work_group_size);
  EXPECT_TRUE(fast.metadata.kernel_arg_info);
  EXPECT_EQ(fast.metadata.opencl_c_version, plain.metadata.opencl_c_version);
  EXPECT_EQ(fast.cuda_source, plain.cuda_source);

  const TranslateResult bad = translateSpirv(saxpy, {}, SpirvOutput::Unit, "-cl-no-such-option");
  EXPECT_EQ(bad.status, Status::InvalidBuildOptions);
  EXPECT_NE(bad.log.find("-cl-no-such-option"), std::string::npos) << bad.log;
  cl2cuda_result result;
  EXPECT_EQ(cl2cuda_translate_il(saxpy.data(), saxpy.size(), nullptr, 0, 0, "-cl-no-such-option",
                                 &result),
            2);
  cl2cuda_result_free(&result);
}

// restrict.spvasm's `in` is NoAlias and never written: NVVM loads it
// through the read-only cache, as it does OpenCL C's const restrict.
TEST(SpirvBinaries, RestrictParametersReadThroughTheReadOnlyCache) {
  const TranslateResult result =
      translateSpirv(assembled(testDirectory() + "/spirv/restrict.spvasm"));
  ASSERT_EQ(result.status, Status::Ok) << result.log;
  const clcuda::NvrtcOutput compiled = clcuda::compileCuda(
      result.cuda_source, clcuda::GpuTarget{"sm_90"}, {}, clcuda::CompileKind::whole);
  ASSERT_TRUE(compiled.ok) << compiled.log;
  EXPECT_NE(compiled.ptx.find("ld.global.nc.f32"), std::string::npos) << compiled.ptx;
}

// exec/large_local.cl's compiler-made SPIR-V: one kernel's 64 KiB Workgroup
// array goes into dynamic shared memory, laid out per kernel (the other
// kernel's own array at offset 0 too), as the OpenCL C translation does.
TEST(SpirvBinaries, WorkgroupVariablesPastStaticSharedMemoryAreDynamic) {
  const std::string module =
      readFile(std::string(CL2CUDA_SPIRV_BINARY_DIR) + "/exec/large_local.spv");
  ASSERT_FALSE(module.empty());
  const TranslateResult result = translateSpirv(module);
  ASSERT_EQ(result.status, Status::Ok) << result.log;
  const KernelMetadata *wide = result.metadata.findKernel("reverse_wide");
  const KernelMetadata *small = result.metadata.findKernel("sum_small");
  ASSERT_TRUE(wide && small);
  EXPECT_EQ(wide->local_variable_bytes, 65536u);
  EXPECT_EQ(small->local_variable_bytes, 1024u);
  EXPECT_EQ(result.cuda_source.find("__shared__"), std::string::npos) << result.cuda_source;
  EXPECT_NE(result.cuda_source.find("clc::local_variable<clc_spirv_array<float, 16384> &>(0)"),
            std::string::npos)
      << result.cuda_source;
}

// Values set for specialization constants replace their defaults, each in
// its type (an int truncated to its width, a float's bits, a bool's 0 or 1),
// and the module's constants are listed with their sizes.
// An OpSpecConstantOp computes with the value set for its operand's SpecId.
TEST(SpirvBinaries, SpecConstantOpsUseTheValuesSet) {
  const std::string module = assembled(testDirectory() + "/spirv/spec_constant_ops.spvasm");
  const TranslateResult set = translateSpirv(module, {{7, 9}});
  ASSERT_EQ(set.status, Status::Ok) << set.log;
  EXPECT_NE(set.cuda_source.find("= uint(9u * 2u);"), std::string::npos) << set.cuda_source;
  EXPECT_EQ(set.cuda_source.find("4u * 2u"), std::string::npos) << set.cuda_source;
}

TEST(SpirvBinaries, SpecializationConstants) {
  const std::string module = assembled(testDirectory() + "/spirv/spec_constants.spvasm");
  std::map<uint32_t, uint32_t> sizes;
  ASSERT_TRUE(spirvSpecializationConstants(module, &sizes));
  EXPECT_EQ(sizes, (std::map<uint32_t, uint32_t>{{3, 4}, {5, 4}, {8, 1}}));
  EXPECT_FALSE(spirvSpecializationConstants("not SPIR-V", &sizes));

  float two = 2.0f;
  uint32_t two_bits = 0;
  std::memcpy(&two_bits, &two, 4);
  const TranslateResult set =
      translateSpirv(module, {{3, 0x100000009ull}, {5, two_bits}, {8, 0}, {99, 1}});
  ASSERT_EQ(set.status, Status::Ok) << set.log;
  EXPECT_NE(set.cuda_source.find("* 9u)"), std::string::npos) << set.cuda_source;
  EXPECT_NE(set.cuda_source.find("* 2.0f)"), std::string::npos) << set.cuda_source;
  EXPECT_NE(set.cuda_source.find("= false ? 1u : 0u;"), std::string::npos) << set.cuda_source;

  unsigned ids[2] = {}, bytes[2] = {};
  EXPECT_EQ(cl2cuda_il_spec_constants(module.data(), module.size(), ids, bytes, 2), 3);
  EXPECT_EQ(ids[0], 3u);
  EXPECT_EQ(bytes[1], 4u);
  EXPECT_EQ(cl2cuda_il_spec_constants("nope", 4, ids, bytes, 2), -1);
  const uint8_t flag = 0;
  const cl2cuda_spec_constant constants[] = {{8, 1, &flag}, {3, 4, &two_bits}};
  cl2cuda_result result;
  ASSERT_EQ(cl2cuda_translate_il(module.data(), module.size(), constants, 2, 0, nullptr, &result),
            0)
      << result.log;
  EXPECT_NE(std::string(result.cuda_source).find("= false ? 1u : 0u;"), std::string::npos);
  cl2cuda_result_free(&result);
  const cl2cuda_spec_constant empty[] = {{3, 0, &two_bits}};
  EXPECT_EQ(cl2cuda_translate_il(module.data(), module.size(), empty, 1, 0, nullptr, &result), 1);
  EXPECT_NE(std::string(result.log).find("specialization constant 3"), std::string::npos);
  cl2cuda_result_free(&result);
}

} // namespace
} // namespace cl2cuda::testing
