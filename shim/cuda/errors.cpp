#include "errors.h"

#include "driver.h"

namespace clcuda::cuda {
namespace {

struct ErrorRow {
  CUresult result;
  cl_int cl_error;
  bool loses_context;
  const char *name;
};

constexpr ErrorRow kErrorRows[] = {
#define CLCUDA_CUDA_ERROR(result, cl_error, loses_context)                                         \
  {result, cl_error, loses_context, #result},
#include "errors.def"
#undef CLCUDA_CUDA_ERROR
};

const ErrorRow *findRow(CUresult result) {
  for (const ErrorRow &row : kErrorRows)
    if (row.result == result)
      return &row;
  return nullptr;
}

thread_local CUresult last_failure = CUDA_SUCCESS;

} // namespace

cl_int toClError(CUresult result) {
  if (result == CUDA_SUCCESS)
    return CL_SUCCESS;
  last_failure = result;
  const ErrorRow *row = findRow(result);
  return row ? row->cl_error : CL_OUT_OF_RESOURCES;
}

CUresult lastFailure() { return last_failure; }

void forgetLastFailure() { last_failure = CUDA_SUCCESS; }

bool losesContext(CUresult result) {
  const ErrorRow *row = findRow(result);
  return row && row->loses_context;
}

const char *resultName(CUresult result) {
  if (const ErrorRow *row = findRow(result))
    return row->name;
  const char *name = nullptr;
  if (const DriverApi *loaded = driver())
    loaded->cuGetErrorName(result, &name);
  return name ? name : "unknown CUDA error";
}

} // namespace clcuda::cuda
