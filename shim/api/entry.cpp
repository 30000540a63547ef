#include "entry.h"

#include "core/settings.h"

#include <cstdio>

namespace clcuda::api {

void logError(const char *function, cl_int error) {
  if (core::settings().log_errors)
    std::fprintf(stderr, "clcuda: %s returned %d\n", function, error);
}

} // namespace clcuda::api
