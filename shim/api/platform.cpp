// Platform entry points.
#include "common.h"
#include "info_tables.h"

#include "core/capabilities.h"
#include "core/device.h"

namespace clcuda::api {

const InfoTable<core::Platform> &platformInfoTable() {
  static const InfoTable<core::Platform> table = {
#define CLCUDA_INFO(param, type, expression)                                                       \
  CLCUDA_INFO_ENTRY(core::Platform, platform, param, type, expression)
#include "info/platform_info.def"
#undef CLCUDA_INFO
  };
  return table;
}

// clGetPlatformIDs and clIcdGetPlatformIDsKHR: the one platform.
cl_int listPlatforms(cl_uint num_entries, cl_platform_id *platforms, cl_uint *num_platforms) {
  if (num_entries == 0 && platforms)
    return refuse(CL_INVALID_VALUE, "num_entries is 0 but platforms is not NULL");
  if (!platforms && !num_platforms)
    return refuse(CL_INVALID_VALUE, "platforms and num_platforms are both NULL");
  core::Platform &platform = core::Platform::instance();
  if (platforms)
    platforms[0] = toHandle(&platform);
  if (num_platforms)
    *num_platforms = 1;
  return CL_SUCCESS;
}

// A NULL platform means clcuda's (the spec leaves it to the implementation).
bool validPlatform(cl_platform_id platform) {
  return !platform || fromHandle<core::Platform>(platform);
}

} // namespace clcuda::api

using namespace clcuda;
using namespace clcuda::api;

CLCUDA_API cl_int CL_API_CALL clGetPlatformIDs(cl_uint num_entries, cl_platform_id *platforms,
                                               cl_uint *num_platforms) {
  return guarded(__func__, [&] { return listPlatforms(num_entries, platforms, num_platforms); });
}

CLCUDA_API cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id platform,
                                                cl_platform_info param_name,
                                                size_t param_value_size, void *param_value,
                                                size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    if (!validPlatform(platform))
      return invalidHandle(CL_INVALID_PLATFORM, "platform");
    return answerInfo(platformInfoTable(), core::Platform::instance(), param_name, param_value_size,
                      param_value, param_value_size_ret);
  });
}

CLCUDA_API cl_int CL_API_CALL clUnloadCompiler(void) {
  return guarded(__func__, [] { return CL_SUCCESS; });
}

CLCUDA_API cl_int CL_API_CALL clUnloadPlatformCompiler(cl_platform_id platform) {
  return guarded(__func__, [&] {
    return platform && fromHandle<core::Platform>(platform)
               ? CL_SUCCESS
               : invalidHandle(CL_INVALID_PLATFORM, "platform");
  });
}

CLCUDA_API cl_int CL_API_CALL clGetHostTimer(cl_device_id device, cl_ulong *host_timestamp) {
  return guarded(__func__, [&] {
    if (!fromHandle<core::Device>(device))
      return invalidHandle(CL_INVALID_DEVICE, "device");
    if (!host_timestamp)
      return refuse(CL_INVALID_VALUE, "host_timestamp is NULL");
    *host_timestamp = core::hostTimeNs();
    return CL_SUCCESS;
  });
}

CLCUDA_API cl_int CL_API_CALL clGetDeviceAndHostTimer(cl_device_id device,
                                                      cl_ulong *device_timestamp,
                                                      cl_ulong *host_timestamp) {
  return guarded(__func__, [&] {
    if (!fromHandle<core::Device>(device))
      return invalidHandle(CL_INVALID_DEVICE, "device");
    if (!device_timestamp || !host_timestamp)
      return refuse(CL_INVALID_VALUE,
                    device_timestamp ? "host_timestamp is NULL" : "device_timestamp is NULL");
    // Profiling timestamps are mapped onto the host clock (docs/shim.md),
    // so the device timer is the host timer.
    *host_timestamp = *device_timestamp = core::hostTimeNs();
    return CL_SUCCESS;
  });
}
