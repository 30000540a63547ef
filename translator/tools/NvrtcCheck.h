// Compiles translated CUDA C++ with NVRTC and the embedded device library,
// as the shim will: the CLI's --check and the translator's tests use it.
#pragma once

#include <string>
#include <vector>

namespace cl2cuda {

struct NvrtcCheckResult {
  bool ok = false;
  std::string log; // NVRTC's log (or why NVRTC could not run)
  std::string ptx; // the PTX, for tests that look at the generated code
  size_t cubin_bytes = 0;
  std::string cubin; // the compiled code, for cuModuleLoadData
  double seconds = 0;
};

// `options` are the program metadata's NVRTC options; `arch` is "sm_90"
// style; `include_dirs` are given to NVRTC as -I (user headers that readable
// output still #includes).
NvrtcCheckResult compileWithNvrtc(const std::string &cuda_source, const std::string &name,
                                  const std::vector<std::string> &options,
                                  const std::string &arch = "sm_90",
                                  const std::vector<std::string> &include_dirs = {});

} // namespace cl2cuda
