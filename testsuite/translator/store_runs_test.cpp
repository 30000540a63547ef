// Long runs of stores keep NVVM's vector stores (docs/translator.md, "Long
// runs of stores"): a kernel of 200 sixteen-wide stores, 3,200 scalar stores
// to one buffer in straight-line code, past the ~2,000 after which NVVM
// leaves a basic block's stores scalar. Compiled as clBuildProgram does, its
// PTX must store with st.global.v4 only.
#include "TestFiles.h"
#include "nvrtc_compile.h"

#include <cl2cuda/translator.h>

#include <gtest/gtest.h>

#include <regex>
#include <string>

namespace cl2cuda::testing {
namespace {

constexpr int kStatements = 200;

std::string longStoreRun() {
  std::string source = "__kernel void run(__global const float *in, __global float16 *out) {\n";
  for (int k = 0; k < kStatements; ++k)
    source += "  out[" + std::to_string(k) + "] = vload16(" + std::to_string(k) + ", in) * 2.0f;\n";
  return source + "}\n";
}

int count(const std::string &text, const std::string &pattern) {
  std::regex expression(pattern);
  return static_cast<int>(std::distance(std::sregex_iterator(text.begin(), text.end(), expression),
                                        std::sregex_iterator()));
}

TEST(LongStoreRuns, CompileToVectorStores) {
  TranslateOptions options;
  options.mode = OutputMode::Compile;
  TranslateResult result = translate(longStoreRun(), options);
  ASSERT_EQ(result.status, Status::Ok) << result.log;
  const clcuda::NvrtcOutput compiled =
      clcuda::compileCuda(result.cuda_source, clcuda::GpuTarget{"sm_90"},
                          result.metadata.nvrtc_options, clcuda::CompileKind::whole);
  ASSERT_TRUE(compiled.ok) << compiled.log;
  EXPECT_EQ(count(compiled.ptx, R"(st\.global\.v4\.\w+)"), 4 * kStatements);
  EXPECT_EQ(count(compiled.ptx, R"(st\.global\.(f32|[bu]32))"), 0);
}

// The same from SPIR-V: exec/vector_store_run.cl as clang-15 and
// llvm-spirv-15 compile it (48 sixteen-wide stores a work-item, 768 scalar
// components in one block) through the SPIR-V front end.
TEST(LongStoreRuns, FromSpirvCompileToVectorStores) {
  const std::string module =
      readFile(std::string(CL2CUDA_SPIRV_BINARY_DIR) + "/exec/vector_store_run.spv");
  ASSERT_FALSE(module.empty());
  const TranslateResult result = translateSpirv(module);
  ASSERT_EQ(result.status, Status::Ok) << result.log;
  EXPECT_EQ(count(result.cuda_source, R"(clc::end_basic_block\(\);)"), 1);
  const clcuda::NvrtcOutput compiled =
      clcuda::compileCuda(result.cuda_source, clcuda::GpuTarget{"sm_90"},
                          result.metadata.nvrtc_options, clcuda::CompileKind::whole);
  ASSERT_TRUE(compiled.ok) << compiled.log;
  EXPECT_EQ(count(compiled.ptx, R"(st\.global\.v4\.\w+)"), 4 * 48);
  EXPECT_EQ(count(compiled.ptx, R"(st\.global\.(f32|[bu]32))"), 0);
}

} // namespace
} // namespace cl2cuda::testing
