#include "common/errors.h"

#include "common/cl_error_name.h"

namespace clexample {

const char *errorName(cl_int code) {
  const char *name = clErrorName(code);
  return name ? name : "unknown error";
}

ClError::ClError(cl_int code, const std::string &call)
    : std::runtime_error(call + " failed: " + errorName(code) + " (" + std::to_string(code) + ")"),
      code_(code) {}

BuildError::BuildError(cl_int code, const std::string &file, const std::string &options,
                       const std::string &log)
    : ClError(code,
              "clBuildProgram(" + file + (options.empty() ? "" : ", \"" + options + "\"") + ")"),
      log_(log) {}

} // namespace clexample
