#include "entry.h"

#include "core/settings.h"

namespace clcuda::api {

void logError(const char *function, cl_int error) {
  if (!core::settings().log_errors)
    return;
  const CUresult cause = cuda::lastFailure();
  std::string line = std::string(function) + " returned " + std::to_string(error);
  if (cause != CUDA_SUCCESS)
    line += std::string(" (CUDA: ") + cuda::resultName(cause) + ")";
  core::logLine(line);
}

} // namespace clcuda::api
