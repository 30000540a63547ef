// clcuda-bench-nvrtc-check: compiles every raw CUDA kernel source of the
// benchmark with NVRTC, for a GPU architecture given on the command line
// (default sm_90, the H200), and a packages root for the installed programs
// (default /). Needs no GPU: it checks, on any machine with the
// toolkit, that the raw column's kernels compile.
#include "bench_error.h"
#include "host_support.h"
#include "nvrtc_compile.h"

#include <iostream>
#include <string>

int main(int argc, char **argv) {
  const std::string arch = argc > 1 ? argv[1] : "sm_90";
  const std::string packages_root = argc > 2 ? argv[2] : "/";
  using namespace clcuda::bench;
  const clcuda::EmbeddedFileSet &files = clcuda::cuda_benchmark_sources;
  // Every kernel file, then the build measure's programs as the raw column
  // builds them (an installed program whose package is missing is skipped).
  std::vector<std::pair<std::string, BuildInput>> sources;
  for (std::size_t i = 0; i < files.count; ++i)
    sources.push_back({files.files[i].name, BuildInput{files.files[i].data, "", {}}});
  for (const BuildProgram &program : buildMeasurePrograms()) {
    if (const std::string missing = buildMeasureMissing(program, packages_root); !missing.empty()) {
      std::cout << "build measure program: " << program.label << ": skipped, " << missing << "\n";
      continue;
    }
    BuildInput input =
        buildMeasureInput(files, program, packages_root, "cuda", ".cu", kCudaSaltKernel, 1, true);
    // A linked program's units, each compiled as relocatable code.
    for (std::size_t unit = 0; unit < input.units.size(); ++unit)
      sources.push_back(
          {"build measure program: " + program.label + ", unit " + std::to_string(unit),
           BuildInput{input.units[unit], input.options + " -rdc=true", {}}});
    if (input.units.empty())
      sources.push_back({"build measure program: " + program.label, input});
  }
  int failures = 0;
  for (const auto &[name, input] : sources) {
    try {
      const std::vector<char> cubin = compileToCubin(input.source, name, arch, input.options);
      std::cout << name << ": " << cubin.size() << " bytes of " << arch << " CUBIN\n";
    } catch (const BenchError &e) {
      std::cout << name << ": " << e.what() << "\n";
      ++failures;
    }
  }
  std::cout << sources.size() - failures << " passed, " << failures << " failed\n";
  return failures == 0 && files.count > 0 ? 0 : 1;
}
