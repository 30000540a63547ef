#include "entry.h"

#include "core/settings.h"

#include <cstdio>

namespace clcuda::api {

void logError(const char *function, cl_int error) {
  if (!core::settings().log_errors)
    return;
  const CUresult cause = cuda::lastFailure();
  if (cause == CUDA_SUCCESS)
    std::fprintf(stderr, "clcuda: %s returned %d\n", function, error);
  else
    std::fprintf(stderr, "clcuda: %s returned %d (CUDA: %s)\n", function, error,
                 cuda::resultName(cause));
}

} // namespace clcuda::api
