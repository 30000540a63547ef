// Helpers for tests that use clcuda through the OpenCL API, loaded either
// through the ICD loader or in place of libOpenCL.so.1 (direct relink).
#pragma once

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <CL/cl_ext.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace clcuda::test {

// "icd", "filenames" or "relink": how libclcuda.so was meant to be loaded
// (--loading=... on the command line, which ctest passes; see
// testsuite/shim/support/test_support.cmake).
const std::string &loadingMode();

// The command line past the program's name and GoogleTest's own flags
// (--loading=MODE among it), for tests sized by options of their own.
const std::vector<std::string> &arguments();

// The clcuda platform among those the OpenCL library lists, or nullptr.
cl_platform_id findClcudaPlatform();

// A string answer of a clGet*Info query (e.g. clGetPlatformInfo), "" on error.
template <class Query, class Handle, class Param>
std::string infoString(Query query, Handle handle, Param param) {
  size_t size = 0;
  if (query(handle, param, 0, nullptr, &size) != CL_SUCCESS || size == 0)
    return "";
  std::string value(size, '\0');
  query(handle, param, size, value.data(), nullptr);
  value.resize(size - 1);
  return value;
}

// An array answer of a clGet*Info query (cl_name_version, cl_uint...), empty on error.
template <class T, class Query, class Handle, class Param>
std::vector<T> infoVector(Query query, Handle handle, Param param) {
  size_t size = 0;
  if (query(handle, param, 0, nullptr, &size) != CL_SUCCESS)
    return {};
  std::vector<T> values(size / sizeof(T));
  if (query(handle, param, size, values.data(), nullptr) != CL_SUCCESS)
    return {};
  return values;
}

std::string platformString(cl_platform_id platform, cl_platform_info param);
std::string deviceString(cl_device_id device, cl_device_info param);

// "CL_INVALID_VALUE (-30)" for failure messages.
std::string errorName(cl_int error);

} // namespace clcuda::test

// Asserts an OpenCL status, naming both codes when they differ.
#define EXPECT_CL(expected, expression)                                                            \
  EXPECT_EQ(clcuda::test::errorName(expected), clcuda::test::errorName(expression)) << #expression
#define ASSERT_CL(expected, expression)                                                            \
  ASSERT_EQ(clcuda::test::errorName(expected), clcuda::test::errorName(expression)) << #expression
