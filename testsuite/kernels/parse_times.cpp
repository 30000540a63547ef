// Prints the NVRTC compile time of a small kernel without the device library,
// with core.h alone, with core.h and each module, and with every module, as a
// Markdown table. Every configuration is compiled once per round, round after
// round, and the fastest time is kept: the least disturbed by other work on
// the machine.
// Usage: clcuda_device_library_parse_times [rounds]
#include "nvrtc_compile.h"

#include <clcuda/device_library.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

namespace {

const char *const kernel = "extern \"C\" __global__ void scale(float *a, const clc::ndrange r) {\n"
                           "  a[clc::get_global_id(r, 0)] *= 2.0f;\n"
                           "}\n";

struct Configuration {
  std::string label, source;
  double fastest = std::numeric_limits<double>::infinity();
};

} // namespace

int main(int argc, char **argv) {
  int rounds = argc > 1 ? std::atoi(argv[1]) : 9;
  if (rounds < 1)
    rounds = 1;
  std::vector<std::string> modules;
  for (size_t i = 0; i < clcuda::device_library_headers.count; ++i) {
    std::string name = clcuda::device_library_headers.files[i].name;
    if (name != "clc/core.h" && name != "clc/ndrange.h")
      modules.push_back(name);
  }
  std::sort(modules.begin(), modules.end());

  const std::string core = "#include <clc/core.h>\n";
  // The same kernel without the library: a stand-in for the NDRange.
  const std::string plain = "namespace clc { struct ndrange { unsigned long long g[3]; }; "
                            "__device__ unsigned get_global_id(const ndrange &, int) { return "
                            "blockIdx.x * blockDim.x + threadIdx.x; } }\n";
  std::vector<Configuration> configurations = {{"none (plain CUDA kernel)", plain + kernel},
                                               {"core.h", core + kernel}};
  std::string all = core;
  for (const std::string &module : modules) {
    configurations.push_back(
        {"core.h + " + module.substr(4), core + "#include <" + module + ">\n" + kernel});
    all += "#include <" + module + ">\n";
  }
  configurations.push_back({"every module", all + kernel});

  // The shim's compile, timed.
  auto compile = [](const std::string &source, double &milliseconds) {
    const auto start = std::chrono::steady_clock::now();
    clcuda::NvrtcOutput output =
        clcuda::compileCuda(source, clcuda::GpuTarget{"sm_90"}, {}, clcuda::CompileKind::whole);
    milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return output;
  };
  double warm_up = 0;
  compile(core + kernel, warm_up);
  for (int round = 0; round < rounds; ++round)
    for (Configuration &c : configurations) {
      double milliseconds = 0;
      const clcuda::NvrtcOutput result = compile(c.source, milliseconds);
      if (!result.ok) {
        std::fprintf(stderr, "%s does not compile:\n%s\n", c.label.c_str(), result.log.c_str());
        return 1;
      }
      c.fastest = std::min(c.fastest, milliseconds);
    }

  double withCore = configurations[1].fastest;
  std::printf("| headers | NVRTC ms (fastest of %d) | over core.h |\n|---|---|---|\n", rounds);
  for (const Configuration &c : configurations) {
    if (&c - configurations.data() < 2)
      std::printf("| %s | %.1f | |\n", c.label.c_str(), c.fastest);
    else
      std::printf("| %s | %.1f | %+.1f |\n", c.label.c_str(), c.fastest, c.fastest - withCore);
  }
  return 0;
}
