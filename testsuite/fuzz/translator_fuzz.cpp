// Fuzz target: the translator. The input's first line is clBuildProgram's
// options string, the rest OpenCL C source; a first line that starts with
// "readable:" asks for readable mode (cl2cuda's default), otherwise the
// program is translated as clBuildProgram translates it. An accepted program
// gives CUDA source, a rejected one a log that says why. With
// CL2CUDA_FUZZ_NVRTC=1 (scripts/fuzz's pass over the grown corpus; too slow
// for every execution) accepted output must also compile with NVRTC and the
// device library, as clBuildProgram compiles it.
#include "fuzz_check.h"
#include "nvrtc_compile.h"

#include <cl2cuda/translator.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

bool nvrtcRequested() {
  static const bool requested = [] {
    const char *value = std::getenv("CL2CUDA_FUZZ_NVRTC");
    return value && std::string(value) == "1";
  }();
  return requested;
}

void translateAndCheck(const std::string &source, const std::string &build_options,
                       cl2cuda::OutputMode mode) {
  cl2cuda::TranslateOptions options;
  options.mode = mode;
  options.build_options = build_options;
  const cl2cuda::TranslateResult result = cl2cuda::translate(source, options);
  if (result.status != cl2cuda::Status::Ok) {
    FUZZ_CHECK(!result.log.empty(), "a rejected program says why");
    FUZZ_CHECK(result.cuda_source.empty(), "a rejected program gives no CUDA");
    return;
  }
  FUZZ_CHECK(!result.cuda_source.empty(), "an accepted program gives CUDA");
  if (!nvrtcRequested() || mode != cl2cuda::OutputMode::Compile)
    return;
  const clcuda::NvrtcOutput compiled =
      clcuda::compileCuda(result.cuda_source, clcuda::GpuTarget{"sm_90"},
                          result.metadata.nvrtc_options, clcuda::CompileKind::whole);
  // The program's own inline PTX is passed through as NVIDIA's OpenCL
  // passes it: ptxas's error names the instruction it rejects.
  const bool own_ptx_rejected = compiled.log.find("ptxas application ptx input") !=
                                    std::string::npos &&
                                source.find("asm") != std::string::npos;
  if (!compiled.ok && !own_ptx_rejected)
    std::fprintf(stderr, "%s\n----\n%s\n", result.cuda_source.c_str(), compiled.log.c_str());
  FUZZ_CHECK(compiled.ok || own_ptx_rejected, "what the translator accepts, NVRTC compiles");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const std::string input(reinterpret_cast<const char *>(data), size);
  const std::size_t line_end = input.find('\n');
  std::string build_options = input.substr(0, line_end);
  const std::string source = line_end == std::string::npos ? "" : input.substr(line_end + 1);
  const std::string readable_marker = "readable:";
  const bool readable = build_options.compare(0, readable_marker.size(), readable_marker) == 0;
  if (readable)
    build_options.erase(0, readable_marker.size());
  translateAndCheck(source, build_options,
                    readable ? cl2cuda::OutputMode::Readable : cl2cuda::OutputMode::Compile);
  return 0;
}
