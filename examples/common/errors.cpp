#include "common/errors.h"

#include <CL/cl_ext.h>

namespace clexample {

const char *errorName(cl_int code) {
  switch (code) {
#define CL_ERROR_CODE(name)                                                                        \
  case name:                                                                                       \
    return #name;
#include "common/cl_errors.def"
#undef CL_ERROR_CODE
  }
  return "unknown error";
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
