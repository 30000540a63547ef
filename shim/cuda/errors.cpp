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

} // namespace

cl_int toClError(CUresult result) {
  const ErrorRow *row = findRow(result);
  return row ? row->cl_error : CL_OUT_OF_RESOURCES;
}

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
