// Readable output must compile wherever compile output does: every OpenCL
// program of the repository's examples, benchmarks and differential tests is
// translated in both modes, with the build options its host code passes, and
// NVRTC compiles each output with the device library (label translator). The
// golden and exec kernels get the same check in golden_test.cpp.
#include "TestFiles.h"
#include "nvrtc_compile.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>

namespace cl2cuda::testing {
namespace {

// Directories of the source tree whose .cl files (at any depth) are programs.
const char *const kProgramDirectories[] = {"examples", "benchmarks/kernels",
                                           "testsuite/differential/programs"};

// The build options the host code gives a program, where it gives any; a
// program built with several is translated with each.
const std::map<std::string, std::vector<std::string>> kHostBuildOptions = {
    {"testsuite/differential/programs/stencil.cl", {"-DRADIUS=2 -DGROUP_W=16 -DGROUP_H=8"}},
    {"testsuite/differential/programs/work_items.cl", {"-cl-std=CL1.2", "-cl-std=CL3.0"}},
};

struct ProgramParam {
  std::string path; // relative to the source tree
  std::string build_options;
  OutputMode mode;
};

std::vector<ProgramParam> repositoryPrograms() {
  namespace fs = std::filesystem;
  std::vector<std::string> paths;
  for (const char *directory : kProgramDirectories)
    for (const fs::directory_entry &entry :
         fs::recursive_directory_iterator(fs::path(CLCUDA_SOURCE_DIR) / directory))
      if (entry.is_regular_file() && entry.path().extension() == ".cl")
        paths.push_back(fs::relative(entry.path(), CLCUDA_SOURCE_DIR).string());
  std::sort(paths.begin(), paths.end());
  std::vector<ProgramParam> params;
  for (const std::string &path : paths) {
    auto host = kHostBuildOptions.find(path);
    std::vector<std::string> option_sets =
        host == kHostBuildOptions.end() ? std::vector<std::string>{""} : host->second;
    for (const std::string &options : option_sets)
      for (OutputMode mode : {OutputMode::Compile, OutputMode::Readable})
        params.push_back({path, options, mode});
  }
  return params;
}

std::string paramName(const ::testing::TestParamInfo<ProgramParam> &info) {
  return testParamName({info.param.path.substr(0, info.param.path.rfind('.')),
                        info.param.build_options, modeName(info.param.mode)});
}

class RepositoryPrograms : public ::testing::TestWithParam<ProgramParam> {};

TEST_P(RepositoryPrograms, CompilesWithNvrtc) {
  const ProgramParam &program = GetParam();
  std::string path = std::string(CLCUDA_SOURCE_DIR) + "/" + program.path;
  std::string directory = path.substr(0, path.find_last_of('/'));
  TranslateOptions options;
  options.mode = program.mode;
  // Headers next to the program, as the host code's -I or clBuildProgram's
  // search of the including file's directory finds them.
  options.build_options = program.build_options + " -I " + directory;
  options.file_name = program.path.substr(program.path.find_last_of('/') + 1);
  TranslateResult result = translate(readFile(path), options);
  ASSERT_EQ(result.status, Status::Ok) << result.log;
  std::vector<std::string> nvrtc_options = result.metadata.nvrtc_options;
  nvrtc_options.push_back("-I" + directory);
  const clcuda::NvrtcOutput compiled = clcuda::compileCuda(
      result.cuda_source, clcuda::GpuTarget{"sm_90"}, nvrtc_options, clcuda::CompileKind::whole);
  EXPECT_TRUE(compiled.ok) << compiled.log << "\n--- source ---\n" << result.cuda_source;
}

INSTANTIATE_TEST_SUITE_P(Translator, RepositoryPrograms, ::testing::ValuesIn(repositoryPrograms()),
                         paramName);

} // namespace
} // namespace cl2cuda::testing
