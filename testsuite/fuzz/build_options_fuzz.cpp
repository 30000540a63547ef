// Fuzz target: clBuildProgram's options string against the option table.
// Every string is either accepted or rejected with a message naming what was
// not understood; an accepted one parses the same way twice.
#include "BuildOptions.h"
#include "fuzz_check.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const std::string text(reinterpret_cast<const char *>(data), size);
  cl2cuda::BuildOptions first, second;
  const std::optional<std::string> problem = cl2cuda::parseBuildOptions(text, &first);
  if (problem) {
    FUZZ_CHECK(!problem->empty(), "a rejected option string says why");
    return 0;
  }
  FUZZ_CHECK(!cl2cuda::parseBuildOptions(text, &second), "an accepted string is accepted again");
  FUZZ_CHECK(first.clang_args == second.clang_args && first.nvrtc_options == second.nvrtc_options &&
                 first.opencl_c_version == second.opencl_c_version,
             "parsing is deterministic");
  return 0;
}
