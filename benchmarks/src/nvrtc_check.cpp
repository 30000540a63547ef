// clcuda-bench-nvrtc-check: compiles every raw CUDA kernel source of the
// benchmark with NVRTC, for a GPU architecture given on the command line
// (default sm_90, the H200). Needs no GPU: it checks, on any machine with the
// toolkit, that the raw column's kernels compile.
#include "bench_error.h"
#include "host_support.h"
#include "nvrtc_compile.h"

#include <iostream>
#include <string>

int main(int argc, char **argv) {
  const std::string arch = argc > 1 ? argv[1] : "sm_90";
  using namespace clcuda::bench;
  const clcuda::EmbeddedFileSet &files = clcuda::cuda_benchmark_sources;
  // Every kernel file, then the build measure's programs as the raw column builds them.
  std::vector<std::pair<std::string, std::string>> sources;
  for (std::size_t i = 0; i < files.count; ++i)
    sources.emplace_back(files.files[i].name, files.files[i].data);
  for (const BuildProgram &program : buildMeasurePrograms())
    sources.emplace_back(
        "build measure program: " + program.label,
        buildMeasureSource(files, program, "cuda", ".cu", saltKernel(kCudaSaltKernel, 1)));
  int failures = 0;
  for (const auto &[name, source] : sources) {
    try {
      const std::vector<char> cubin = compileToCubin(source, name, arch);
      std::cout << name << ": " << cubin.size() << " bytes of " << arch << " CUBIN\n";
    } catch (const BenchError &e) {
      std::cout << name << ": " << e.what() << "\n";
      ++failures;
    }
  }
  std::cout << sources.size() - failures << " passed, " << failures << " failed\n";
  return failures == 0 && files.count > 0 ? 0 : 1;
}
