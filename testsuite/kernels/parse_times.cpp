// Prints the NVRTC compile time of a small kernel without the device library,
// with core.h alone, with core.h and each module, and with every module, as a
// Markdown table: the fastest of several runs after a warm-up compile (the
// least disturbed by other work on the machine).
// Usage: clcuda_device_library_parse_times [runs]
#include "device_compiler.h"

#include <clcuda/device_library.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

const char *const kernel = "extern \"C\" __global__ void scale(float *a, const clc::ndrange r) {\n"
                           "  a[clc::get_global_id(r, 0)] *= 2.0f;\n"
                           "}\n";

double fastestMilliseconds(const std::string &source, int runs) {
  std::vector<double> times;
  for (int i = 0; i < runs; ++i) {
    clcuda::test::Compilation c =
        clcuda::test::compileWithDeviceLibrary(source, "scale.cu", "sm_90");
    if (!c.ok) {
      std::fprintf(stderr, "compile failed:\n%s\n", c.log.c_str());
      std::exit(1);
    }
    times.push_back(c.milliseconds);
  }
  return *std::min_element(times.begin(), times.end());
}

} // namespace

int main(int argc, char **argv) {
  int runs = argc > 1 ? std::atoi(argv[1]) : 7;
  if (runs < 1)
    runs = 1;
  std::vector<std::string> modules;
  for (size_t i = 0; i < clcuda::device_library_headers.count; ++i) {
    std::string name = clcuda::device_library_headers.files[i].name;
    if (name != "clc/core.h" && name != "clc/ndrange.h")
      modules.push_back(name);
  }
  std::sort(modules.begin(), modules.end());

  const std::string core = "#include <clc/core.h>\n";
  fastestMilliseconds(core + kernel, 1); // warm-up: NVRTC's first compile loads more
  std::string plain = "namespace clc { struct ndrange { unsigned long long g[3]; }; "
                      "__device__ unsigned get_global_id(const ndrange &, int) { return "
                      "blockIdx.x * blockDim.x + threadIdx.x; } }\n";
  double base = fastestMilliseconds(plain + kernel, runs);
  double withCore = fastestMilliseconds(core + kernel, runs);
  std::printf("| headers | NVRTC ms (fastest of %d) | over core.h |\n|---|---|---|\n", runs);
  std::printf("| none (plain CUDA kernel) | %.1f | |\n", base);
  std::printf("| core.h | %.1f | |\n", withCore);
  std::string all = core;
  for (const std::string &module : modules) {
    double t = fastestMilliseconds(core + "#include <" + module + ">\n" + kernel, runs);
    std::printf("| core.h + %s | %.1f | %+.1f |\n", module.c_str() + 4, t, t - withCore);
    all += "#include <" + module + ">\n";
  }
  double t = fastestMilliseconds(all + kernel, runs);
  std::printf("| every module | %.1f | %+.1f |\n", t, t - withCore);
  return 0;
}
