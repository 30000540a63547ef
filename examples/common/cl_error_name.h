// The name of an OpenCL error code ("CL_INVALID_VALUE" for -30), or nullptr
// for a number that is none: the one lookup of cl_errors.def, for the
// examples, the tests, the benchmark and clcuda's own logs.
#pragma once

#include <CL/cl.h>
#include <CL/cl_ext.h>

inline const char *clErrorName(cl_int code) {
  switch (code) {
#define CL_ERROR_CODE(name)                                                                        \
  case name:                                                                                       \
    return #name;
#include "common/cl_errors.def"
#undef CL_ERROR_CODE
  }
  return nullptr;
}
