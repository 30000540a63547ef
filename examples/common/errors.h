// Errors of OpenCL calls, as exceptions that carry readable error names.
#pragma once

#include <CL/cl.h>

#include <stdexcept>
#include <string>

namespace clexample {

// The name of an OpenCL error code ("CL_INVALID_VALUE"), or "unknown error".
const char *errorName(cl_int code);

// An OpenCL call that did not return CL_SUCCESS.
class ClError : public std::runtime_error {
public:
  ClError(cl_int code, const std::string &call);
  cl_int code() const { return code_; }

private:
  cl_int code_;
};

// A program that did not build: the message names the file, the log says why.
class BuildError : public ClError {
public:
  BuildError(cl_int code, const std::string &file, const std::string &options,
             const std::string &log);
  const std::string &log() const { return log_; }

private:
  std::string log_;
};

// Throws ClError naming `call` when `status` is not CL_SUCCESS.
inline void check(cl_int status, const char *call) {
  if (status != CL_SUCCESS)
    throw ClError(status, call);
}

} // namespace clexample
