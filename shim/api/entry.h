// What every entry point shares: the guard that turns exceptions into
// error codes (nothing escapes into C callers, nothing aborts), optional
// error logging (CLCUDA_LOG_ERRORS) and call tracing (CLCUDA_LOG=calls),
// and handle lookup.
#pragma once

#include "core/object.h"
#include "cuda/errors.h"

#include <CL/cl_egl.h>
#include <CL/cl_ext.h>
#include <CL/cl_gl.h>
#include <clcuda/opencl_31.h>

#include <chrono>
#include <exception>
#include <new>
#include <string>
#include <utility>

// Entry points are C functions, exported by the version script.
#define CLCUDA_API extern "C" __attribute__((visibility("default")))

namespace clcuda::api {

// With CLCUDA_LOG_ERRORS=1: the entry point, its error, why (refuse), and
// the CUDA error behind it, if any, on stderr.
void logError(const char *function, cl_int error);
// The text logError prints: "clX returned CL_Y: why (CUDA: CUDA_ERROR_Z)".
std::string errorLine(const char *function, cl_int error, const std::string &reason,
                      CUresult cause);

// Why the current call fails (PoCL's POCL_RETURN_ERROR_ON): records `reason`
// for this thread until the next entry point call, and returns `error`, so a
// check reads `return refuse(CL_INVALID_VALUE, "...")`.
cl_int refuse(cl_int error, std::string reason);
const std::string &refusal();
void forgetRefusal();
// "0x1f", for flags and enums in reasons.
std::string hexText(unsigned long long value);
// A handle of the wrong type or a dead object: `error` (CL_INVALID_CONTEXT,
// CL_INVALID_MEM_OBJECT, ...) with "ARGUMENT is not a valid cl_TYPE".
cl_int invalidHandle(cl_int error, const char *argument);
// An exception the guard caught: its error, with what() as the reason.
void refuseForException(const char *what) noexcept;

// CLCUDA_LOG=calls: a line for every call of an entry point that returns a
// status, with its status and time ("call clFinish: CL_SUCCESS, 12.0 us").
using CallClock = std::chrono::steady_clock;
bool tracesCalls();
std::string callLine(const char *function, cl_int status, double seconds);
void logCall(const char *function, cl_int status, CallClock::time_point start);

// Runs an entry point that returns its status.
template <class Body> cl_int guarded(const char *function, Body &&body) noexcept {
  cl_int error;
  const bool traced = tracesCalls();
  const CallClock::time_point start = traced ? CallClock::now() : CallClock::time_point();
  cuda::forgetLastFailure();
  forgetRefusal();
  try {
    error = body();
  } catch (const std::bad_alloc &) {
    error = CL_OUT_OF_HOST_MEMORY;
    refuseForException("host memory ran out (std::bad_alloc)");
  } catch (const std::exception &exception) {
    error = CL_OUT_OF_RESOURCES;
    refuseForException(exception.what());
  } catch (...) {
    error = CL_OUT_OF_RESOURCES;
    refuseForException("an unknown exception");
  }
  if (error != CL_SUCCESS)
    logError(function, error);
  if (traced)
    logCall(function, error, start);
  return error;
}

// Runs an entry point that returns an object and reports its status through
// errcode_ret; the body sets `error`. Returns a null object on any error.
template <class Body>
auto guardedCreate(const char *function, cl_int *errcode_ret, Body &&body) noexcept
    -> decltype(body(std::declval<cl_int &>())) {
  using Result = decltype(body(std::declval<cl_int &>()));
  cl_int error = CL_SUCCESS;
  Result result{};
  const bool traced = tracesCalls();
  const CallClock::time_point start = traced ? CallClock::now() : CallClock::time_point();
  cuda::forgetLastFailure();
  forgetRefusal();
  try {
    result = body(error);
  } catch (const std::bad_alloc &) {
    error = CL_OUT_OF_HOST_MEMORY;
    refuseForException("host memory ran out (std::bad_alloc)");
  } catch (const std::exception &exception) {
    error = CL_OUT_OF_RESOURCES;
    refuseForException(exception.what());
  } catch (...) {
    error = CL_OUT_OF_RESOURCES;
    refuseForException("an unknown exception");
  }
  if (error != CL_SUCCESS) {
    result = Result{};
    logError(function, error);
  }
  if (traced)
    logCall(function, error, start);
  if (errcode_ret)
    *errcode_ret = error;
  return result;
}

using core::fromHandle;
using core::toHandle;

} // namespace clcuda::api
