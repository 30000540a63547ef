// The C ABI the shim dlopens, the build options, thread safety and the
// library's exported symbols.
#include <cl2cuda/c_api.h>
#include <cl2cuda/translator.h>

#include <gtest/gtest.h>

#include <dlfcn.h>

#include <fstream>
#include <map>

#include <string>
#include <thread>
#include <vector>

namespace cl2cuda {
namespace {

constexpr const char *kKernel = "#include \"defs.h\"\n"
                                "kernel void k(global float *p) { p[get_global_id(0)] = SCALE; }\n";

TEST(CApi, TranslatesWithInMemoryHeaders) {
  cl2cuda_header header = {"defs.h", "#define SCALE 2.0f\n"};
  cl2cuda_result result;
  int status = cl2cuda_translate(kKernel, "-cl-mad-enable", &header, 1, &result);
  ASSERT_EQ(status, 0) << result.log;
  EXPECT_EQ(result.status, 0);
  std::string source = result.cuda_source;
  EXPECT_NE(source.find("p[clc::get_global_id(clc_ndrange, 0)] = 2.0f;"), std::string::npos)
      << source;
  EXPECT_NE(std::string(result.metadata).find("kernel \"k\" \"k\""), std::string::npos);
  EXPECT_NE(std::string(result.metadata).find("nvrtc_option \"--fmad=true\""), std::string::npos);
  cl2cuda_result_free(&result);
  EXPECT_EQ(result.cuda_source, nullptr);
  EXPECT_EQ(result.metadata, nullptr);
  EXPECT_EQ(result.log, nullptr);
}

// cl2cuda --stats: what was converted, by kind and name, and what was refused, by ID.
TEST(Translate, CountsWhatItConvertsAndRefuses) {
  TranslateOptions options;
  options.mode = OutputMode::Compile;
  options.build_options = "-cl-std=CL2.0";
  TranslateResult result = translate("kernel void k(global float4 *p, local float *scratch) {\n"
                                     "  __local float tile[4];\n"
                                     "  tile[0] = sqrt(p[get_global_id(0)].x);\n"
                                     "  p[get_global_id(1)] = (float4)(tile[0]);\n"
                                     "}\n",
                                     options);
  ASSERT_EQ(result.status, Status::Ok) << result.log;
  EXPECT_EQ(result.conversions["work-item function get_global_id"], 2u);
  EXPECT_EQ(result.conversions["builtin sqrt"], 1u);
  EXPECT_EQ(result.conversions["type float4"], 1u);
  EXPECT_EQ(result.conversions["vector literal float4"], 1u);
  EXPECT_EQ(result.conversions["address space local"], 1u); // `__local` counts as `local`
  EXPECT_EQ(result.conversions["kernel argument local pointer"], 1u);
  EXPECT_TRUE(result.refusals.empty());
  result = translate("kernel void k(write_only pipe int out) {}\n", options);
  EXPECT_EQ(result.status, Status::BuildFailure);
  EXPECT_EQ(result.refusals, (std::map<std::string, unsigned>{{"CLC1004", 1}})) << result.log;
}

TEST(CApi, ReportsEachStatus) {
  cl2cuda_result result;
  EXPECT_EQ(cl2cuda_translate(kKernel, "", nullptr, 0, &result), 1); // defs.h missing
  EXPECT_NE(std::string(result.log).find("input.cl:1:10: fatal error: 'defs.h' file not found"),
            std::string::npos)
      << result.log;
  EXPECT_STREQ(result.cuda_source, "");
  EXPECT_STREQ(result.metadata, "");
  cl2cuda_result_free(&result);

  EXPECT_EQ(cl2cuda_translate("kernel void k() {}", "-bogus", nullptr, 0, &result), 2);
  EXPECT_NE(std::string(result.log).find("invalid build option '-bogus'"), std::string::npos);
  cl2cuda_result_free(&result);

  EXPECT_EQ(cl2cuda_translate(nullptr, "", nullptr, 0, &result), 1);
  cl2cuda_result_free(&result);
  cl2cuda_header nameless = {nullptr, "x"};
  EXPECT_EQ(cl2cuda_translate("kernel void k() {}", nullptr, &nameless, 1, &result), 1);
  cl2cuda_result_free(&result);
  EXPECT_EQ(cl2cuda_translate("kernel void k() {}", "", nullptr, 0, nullptr), 1);
  cl2cuda_result_free(nullptr);
}

TEST(CApi, IsSafeAcrossThreads) {
  std::vector<std::thread> threads;
  std::vector<int> statuses(8, -1);
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&statuses, i] {
      std::string source = "kernel void k" + std::to_string(i) +
                           "(global float4 *p) { p[get_global_id(0)] = (float4)(" +
                           std::to_string(i) + "); }\n";
      cl2cuda_result result;
      statuses[i] = cl2cuda_translate(source.c_str(), "", nullptr, 0, &result);
      cl2cuda_result_free(&result);
    });
  for (std::thread &thread : threads)
    thread.join();
  for (int status : statuses)
    EXPECT_EQ(status, 0);
}

// The shim finds the C functions by name; nothing of LLVM's, SPIRV-Tools' or
// the engine's internals is exported.
TEST(Library, ExportsTheCAbiOnly) {
  void *library = dlopen(CL2CUDA_LIBRARY_PATH, RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(library, nullptr) << dlerror();
  EXPECT_NE(dlsym(library, "cl2cuda_translate"), nullptr);
  EXPECT_NE(dlsym(library, "cl2cuda_translate_unit"), nullptr);
  EXPECT_NE(dlsym(library, "cl2cuda_result_free"), nullptr);
  EXPECT_NE(dlsym(library, "cl2cuda_translate_il"), nullptr);
  EXPECT_NE(dlsym(library, "cl2cuda_il_spec_constants"), nullptr);
  EXPECT_EQ(dlsym(library, "spvValidate"), nullptr);
  EXPECT_EQ(dlsym(library, "_ZN7cl2cuda14rewriteProgramERNS_13ParsedProgramERKNS_"
                           "12BuildOptionsEPNS_13RewriteOutputE"),
            nullptr);
  EXPECT_EQ(dlsym(library, "_ZN7cl2cuda17parseBuildOptionsESt17basic_string_viewIcSt11char_"
                           "traitsIcEEPNS_12BuildOptionsE"),
            nullptr);
  dlclose(library);
}

TEST(BuildOptions, AreParsedAsClBuildProgramDoes) {
  auto translateWith = [](const std::string &options) {
    TranslateOptions translate_options;
    translate_options.build_options = options;
    return translate("kernel void k(global int *p) { p[0] = VALUE; }\n", translate_options);
  };
  TranslateResult quoted = translateWith("-D VALUE=\"(1 + 2)\" -cl-std=CL1.1");
  ASSERT_EQ(quoted.status, Status::Ok) << quoted.log;
  EXPECT_NE(quoted.cuda_source.find("p[0] = (1 + 2);"), std::string::npos) << quoted.cuda_source;
  EXPECT_EQ(quoted.metadata.opencl_c_version, 110u);

  TranslateResult joined =
      translateWith("-DVALUE=7 -cl-unsafe-math-optimizations -cl-nv-maxrregcount=32 -g");
  ASSERT_EQ(joined.status, Status::Ok) << joined.log;
  EXPECT_EQ(joined.metadata.nvrtc_options,
            (std::vector<std::string>{"--fmad=true", "--prec-div=false", "--prec-sqrt=false",
                                      "--maxrregcount=32", "-lineinfo"}));

  // cl_nv_compiler_options: the value after '=' or as the next word.
  TranslateResult nvidia = translateWith("-DVALUE=1 -cl-nv-maxrregcount 32 -cl-nv-opt-level=2 "
                                         "-cl-nv-verbose -cl-nv-arch sm_90 -cl-nv-arch=sm_80");
  ASSERT_EQ(nvidia.status, Status::Ok) << nvidia.log;
  EXPECT_EQ(nvidia.metadata.nvrtc_options,
            (std::vector<std::string>{"--maxrregcount=32", "--ptxas-options=-O2",
                                      "--ptxas-options=-v"}));
  TranslateResult separate = translateWith("-DVALUE=1 -cl-nv-opt-level 0 -cl-nv-maxrregcount=64");
  ASSERT_EQ(separate.status, Status::Ok) << separate.log;
  EXPECT_EQ(separate.metadata.nvrtc_options,
            (std::vector<std::string>{"--ptxas-options=-O0", "--maxrregcount=64"}));

  for (const char *bad : {"-D", "-cl-std=CL1.3", "-cl-std=", "-Dx=1 -I", "--fast", "-cl-std=CLC++",
                          "-DX=\"unterminated", "-cl-nv-maxrregcount=many", "-cl-nv-maxrregcount",
                          "-cl-nv-maxrregcount=", "-cl-nv-maxrregcount32", "-cl-nv-opt-level fast",
                          "-cl-nv-arch", "-cl-nv-archsm_90", "-cl-nv-verbose=1"}) {
    TranslateResult result = translateWith(bad);
    EXPECT_EQ(result.status, Status::InvalidBuildOptions) << bad << ": " << result.log;
    EXPECT_FALSE(result.log.empty());
    EXPECT_TRUE(result.cuda_source.empty());
  }
}

// Every golden program with one line deleted: whatever Clang makes of it, the
// translator answers (ok with source, or an error with a log), never crashes.
TEST(Translate, OnlyWholeProgramsGiveHelpersInternalLinkage) {
  // A clCompileProgram unit's helpers may be called from other units.
  const char *source = "float twice(float x) { return 2.0f * x; }\n"
                       "kernel void k(global float *p) { p[0] = twice(p[0]); }\n";
  TranslateOptions options;
  TranslateResult whole = translate(source, options);
  ASSERT_EQ(whole.status, Status::Ok) << whole.log;
  EXPECT_NE(whole.cuda_source.find("static __device__ float twice("), std::string::npos)
      << whole.cuda_source;
  options.separate_compilation = true;
  TranslateResult unit = translate(source, options);
  ASSERT_EQ(unit.status, Status::Ok) << unit.log;
  EXPECT_NE(unit.cuda_source.find("__device__ float twice("), std::string::npos)
      << unit.cuda_source;
  EXPECT_EQ(unit.cuda_source.find("static"), std::string::npos) << unit.cuda_source;
}

TEST(Translate, LaunchHelpersInReadableModeOnly) {
  // A plain kernel's helper takes uniform groups only; one with the NDRange
  // any NDRange; a __local argument is its size, named apart from the
  // helper's own names.
  const char *source =
      "kernel void plain(global float *p, local float *shared) { p[get_global_id(0)] = 1.0f; }\n"
      "kernel void offset(global float *p) { p[0] = get_global_offset(0); }\n";
  TranslateOptions options;
  options.mode = OutputMode::Readable;
  options.launch_helpers = true;
  TranslateResult readable = translate(source, options);
  ASSERT_EQ(readable.status, Status::Ok) << readable.log;
  const std::string &text = readable.cuda_source;
  for (const char *expected :
       {"#ifndef __CUDACC_RTC__", "#include <clc/launch.h>",
        "inline cudaError_t launch_plain(cudaStream_t stream, unsigned int work_dim,",
        "float *p, size_t shared_bytes_arg) {",
        "clc::local_arguments_end(0, {{shared_bytes_arg, alignof(float)}})",
        "plain, clc::launch_groups::uniform, {0, 0, 0}, work_dim,",
        "plain<<<grid, block, shared_bytes, stream>>>(p, shared_bytes_arg);",
        "offset, clc::launch_groups::any, {0, 0, 0}, work_dim,",
        "offset<<<grid, block, 0, stream>>>(p, range);"})
    EXPECT_NE(text.find(expected), std::string::npos) << expected << "\n" << text;
  options.mode = OutputMode::Compile;
  TranslateResult compiled = translate(source, options);
  ASSERT_EQ(compiled.status, Status::Ok) << compiled.log;
  EXPECT_EQ(compiled.cuda_source.find("launch_"), std::string::npos) << compiled.cuda_source;
}

TEST(Translate, NeverCrashesOnDamagedPrograms) {
  for (const char *name : {"vectors.cl", "swizzles.cl", "macros.cl", "printf.cl", "structs.cl",
                           "kernel_calls_kernel.cl", "cxx_differences.cl"}) {
    std::string path = std::string(CL2CUDA_TEST_DIR) + "/golden/" + name;
    std::ifstream file(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(file, line);)
      lines.push_back(line);
    ASSERT_FALSE(lines.empty()) << path;
    for (size_t skipped = 0; skipped < lines.size(); ++skipped) {
      std::string source;
      for (size_t i = 0; i < lines.size(); ++i)
        if (i != skipped)
          source += lines[i] + "\n";
      for (OutputMode mode : {OutputMode::Compile, OutputMode::Readable}) {
        TranslateOptions options;
        options.mode = mode;
        TranslateResult result = translate(source, options);
        if (result.status == Status::Ok)
          EXPECT_FALSE(result.cuda_source.empty()) << name << " without line " << skipped + 1;
        else
          EXPECT_FALSE(result.log.empty()) << name << " without line " << skipped + 1;
      }
    }
  }
}

TEST(Translate, NeverCrashesOnGarbage) {
  const char *inputs[] = {"",
                          "\xff\xfe\x00",
                          "kernel",
                          "}{",
                          "#if\n",
                          "#include <stdio.h>\n",
                          "kernel void k(global int *p) { p[0] = ((((((((((1)))))))))); }",
                          "#define A A\nA",
                          "kernel void k() { return 1; }"};
  for (const char *input : inputs) {
    TranslateResult result = translate(input, TranslateOptions());
    if (result.status == Status::Ok)
      EXPECT_FALSE(result.cuda_source.empty());
    else
      EXPECT_TRUE(result.cuda_source.empty());
  }
}

} // namespace
} // namespace cl2cuda
