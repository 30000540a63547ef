// What the harness's runs share (ExecHarness.cpp, ExecHarnessReadable.cpp):
// the cleanup of a run, the case's source, the translator library, the
// CUDA device's architecture. Not for the test files, which use ExecHarness.h.
#pragma once

#include "ExecHarness.h"

#include <cl2cuda/c_api.h>
#include <cl2cuda/translator.h>

#include <functional>
#include <string>
#include <vector>

namespace cl2cuda::testing {

// Releases what a run created, whatever way it ends.
class Cleanup {
public:
  ~Cleanup() {
    for (auto it = actions_.rbegin(); it != actions_.rend(); ++it)
      (*it)();
  }
  void add(std::function<void()> action) { actions_.push_back(std::move(action)); }

private:
  std::vector<std::function<void()>> actions_;
};

RunResult failure(const std::string &what);

// testsuite/translator/exec/<file>, and its text.
std::string sourcePathOf(const ExecCase &test);
std::string sourceOf(const ExecCase &test);

// The translator as the shim uses it: libcl2cuda.so loaded RTLD_LOCAL, so
// its LLVM stays apart from the reference platform's (PoCL links another
// LLVM). Compile mode through the C ABI, as the shim; readable mode, which
// the C ABI does not offer, through the C++ API's translate().
struct Translator {
  decltype(&cl2cuda_translate) translate = nullptr;
  decltype(&cl2cuda_translate_il) translate_il = nullptr;
  decltype(&cl2cuda_result_free) free = nullptr;
  decltype(&cl2cuda::translate) translate_with_options = nullptr;
  std::string error;
};
const Translator &translator();

// The first CUDA device's architecture as NVRTC and nvcc name it ("sm_90"),
// from the driver; "" with *error set when it cannot be read.
std::string deviceArchitecture(std::string *error);

} // namespace cl2cuda::testing
