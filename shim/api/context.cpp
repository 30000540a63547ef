// Context entry points.
#include "common.h"
#include "info_tables.h"
#include "validation.h"

namespace clcuda::api {

cl_int devicesOfType(cl_device_type type, std::vector<core::Device *> &out);

const InfoTable<core::Context> &contextInfoTable() {
  static const InfoTable<core::Context> table = {
#define CLCUDA_INFO(param, type, expression)                                                       \
  CLCUDA_INFO_ENTRY(core::Context, context, param, type, expression)
#include "info/context_info.def"
#undef CLCUDA_INFO
  };
  return table;
}

namespace {

using Notify = void(CL_CALLBACK *)(const char *, const void *, size_t, void *);

// The common part of clCreateContext and clCreateContextFromType;
// `listDevices` fills the device list or returns an error.
template <class ListDevices>
cl_context createContext(const cl_context_properties *properties, Notify notify, void *user_data,
                         cl_int &error, ListDevices &&listDevices) {
  std::vector<cl_context_properties> copy;
  if ((error = parseContextProperties(properties, copy)) != CL_SUCCESS)
    return nullptr;
  if (!notify && user_data)
    return failWith<cl_context>(error, CL_INVALID_VALUE, "pfn_notify is NULL but user_data is not");
  std::vector<core::Device *> devices;
  if ((error = listDevices(devices)) != CL_SUCCESS)
    return nullptr;
  core::Context *context = nullptr;
  error = coreResult(
      core::Context::create(std::move(devices), std::move(copy), notify, user_data, context),
      "creating the context's CUDA contexts");
  return error == CL_SUCCESS ? toHandle(context) : nullptr;
}

} // namespace

} // namespace clcuda::api

using namespace clcuda;
using namespace clcuda::api;

CLCUDA_API cl_context CL_API_CALL clCreateContext(const cl_context_properties *properties,
                                                  cl_uint num_devices, const cl_device_id *devices,
                                                  Notify pfn_notify, void *user_data,
                                                  cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) {
    return createContext(properties, pfn_notify, user_data, error,
                         [&](std::vector<core::Device *> &list) {
                           return collectDevices(num_devices, devices, list);
                         });
  });
}

CLCUDA_API cl_context CL_API_CALL clCreateContextFromType(const cl_context_properties *properties,
                                                          cl_device_type device_type,
                                                          Notify pfn_notify, void *user_data,
                                                          cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) {
    return createContext(
        properties, pfn_notify, user_data, error,
        [&](std::vector<core::Device *> &list) { return devicesOfType(device_type, list); });
  });
}

CLCUDA_API cl_int CL_API_CALL clRetainContext(cl_context context) {
  return guarded(__func__, [&] {
    return changeReferences<core::Context>(context, CL_INVALID_CONTEXT, "context",
                                           &core::Context::retain);
  });
}

CLCUDA_API cl_int CL_API_CALL clReleaseContext(cl_context context) {
  return guarded(__func__, [&] {
    return changeReferences<core::Context>(context, CL_INVALID_CONTEXT, "context",
                                           &core::Context::release);
  });
}

CLCUDA_API cl_int CL_API_CALL clGetContextInfo(cl_context context, cl_context_info param_name,
                                               size_t param_value_size, void *param_value,
                                               size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    return answerInfoFor<core::Context>(context, CL_INVALID_CONTEXT, "context", contextInfoTable(),
                                        param_name, param_value_size, param_value,
                                        param_value_size_ret);
  });
}

CLCUDA_API cl_int CL_API_CALL clSetContextDestructorCallback(
    cl_context context, void(CL_CALLBACK *pfn_notify)(cl_context, void *), void *user_data) {
  return guarded(__func__, [&] {
    core::Context *object = fromHandle<core::Context>(context);
    if (!object)
      return invalidHandle(CL_INVALID_CONTEXT, "context");
    if (!pfn_notify)
      return refuse(CL_INVALID_VALUE, "pfn_notify is NULL");
    object->addDestructorCallback(pfn_notify, user_data);
    return CL_SUCCESS;
  });
}
