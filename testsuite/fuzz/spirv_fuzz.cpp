// Fuzz target: SPIR-V modules through the translator's SPIR-V front end, as
// clCreateProgramWithIL and clBuildProgram hand them over, whole and as a
// unit of a link (the input's first byte chooses). A module is translated or
// rejected with a log that says why; never a crash or a hang.
#include "fuzz_check.h"

#include <cl2cuda/translator.h>

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  if (size == 0)
    return 0;
  const cl2cuda::SpirvOutput output =
      data[0] & 1 ? cl2cuda::SpirvOutput::Unit : cl2cuda::SpirvOutput::WholeProgram;
  const std::string_view binary(reinterpret_cast<const char *>(data) + 1, size - 1);
  const cl2cuda::TranslateResult result = cl2cuda::translateSpirv(binary, {}, output);
  if (result.status != cl2cuda::Status::Ok) {
    FUZZ_CHECK(!result.log.empty(), "a rejected module says why");
    FUZZ_CHECK(result.cuda_source.empty(), "a rejected module gives no CUDA");
    return 0;
  }
  FUZZ_CHECK(!result.cuda_source.empty(), "an accepted module gives CUDA");
  return 0;
}
