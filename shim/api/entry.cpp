#include "entry.h"

#include "common/cl_error_name.h"
#include "core/settings.h"

#include <cstdio>
#include <string>

namespace clcuda::api {

namespace {

std::string statusText(cl_int status) {
  const char *name = clErrorName(status);
  return name ? std::string(name) : "error " + std::to_string(status);
}

thread_local std::string refusal_reason;

} // namespace

cl_int refuse(cl_int error, std::string reason) {
  refusal_reason = std::move(reason);
  return error;
}

const std::string &refusal() { return refusal_reason; }

std::string hexText(unsigned long long value) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%llx", value);
  return text;
}

cl_int invalidHandle(cl_int error, const char *argument) {
  const char *type = "handle";
  switch (error) {
  case CL_INVALID_PLATFORM:
    type = "cl_platform_id";
    break;
  case CL_INVALID_DEVICE:
    type = "cl_device_id";
    break;
  case CL_INVALID_CONTEXT:
    type = "cl_context";
    break;
  case CL_INVALID_COMMAND_QUEUE:
    type = "cl_command_queue";
    break;
  case CL_INVALID_MEM_OBJECT:
    type = "cl_mem";
    break;
  case CL_INVALID_SAMPLER:
    type = "cl_sampler";
    break;
  case CL_INVALID_PROGRAM:
    type = "cl_program";
    break;
  case CL_INVALID_KERNEL:
    type = "cl_kernel";
    break;
  case CL_INVALID_EVENT:
    type = "cl_event";
    break;
  default:
    break;
  }
  return refuse(error, std::string(argument) + " is not a valid " + type);
}

void refuseForException(const char *what) noexcept {
  try {
    refusal_reason = what;
  } catch (...) { // no memory for the reason: the error goes without it
  }
}

void forgetRefusal() {
  if (!refusal_reason.empty())
    refusal_reason.clear();
}

std::string errorLine(const char *function, cl_int error, const std::string &reason,
                      CUresult cause) {
  std::string line = std::string(function) + " returned " + statusText(error);
  if (!reason.empty())
    line += ": " + reason;
  if (cause != CUDA_SUCCESS)
    line += std::string(" (CUDA: ") + cuda::resultName(cause) + ")";
  return line;
}

void logError(const char *function, cl_int error) {
  if (core::settings().log_errors)
    core::logLine(errorLine(function, error, refusal_reason, cuda::lastFailure()));
}

bool tracesCalls() {
  static const bool traced = core::logs("calls");
  return traced;
}

std::string callLine(const char *function, cl_int status, double seconds) {
  char microseconds[32];
  std::snprintf(microseconds, sizeof microseconds, "%.1f us", seconds * 1e6);
  return std::string("call ") + function + ": " + statusText(status) + ", " + microseconds;
}

void logCall(const char *function, cl_int status, CallClock::time_point start) {
  core::logLine(
      callLine(function, status, std::chrono::duration<double>(CallClock::now() - start).count()));
}

} // namespace clcuda::api
