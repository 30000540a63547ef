// Programs and kernels: issue 5 implements them on the core (a kernel
// launch is one more core::Command). Until then every entry point checks
// what can be checked and returns the spec's error: no program or kernel
// object exists, so their handles are never valid; creating one is
// CL_INVALID_OPERATION.
#include "common.h"

#include "core/context.h"
#include "core/queue.h"

namespace clcuda::api {
namespace {

// The context and device-list checks of the create functions.
cl_int checkDevicesOfContext(cl_context context, cl_uint num_devices, const cl_device_id *devices) {
  core::Context *object = fromHandle<core::Context>(context);
  if (!object)
    return CL_INVALID_CONTEXT;
  std::vector<core::Device *> list;
  cl_int error = collectDevices(num_devices, devices, list);
  if (error != CL_SUCCESS)
    return error;
  for (core::Device *device : list)
    if (!object->hasDevice(device))
      return CL_INVALID_DEVICE;
  return CL_SUCCESS;
}

cl_int notYet(cl_int error) { return error == CL_SUCCESS ? CL_INVALID_OPERATION : error; }

} // namespace
} // namespace clcuda::api

using namespace clcuda;
using namespace clcuda::api;

CLCUDA_API cl_program CL_API_CALL clCreateProgramWithSource(cl_context context, cl_uint count,
                                                            const char **strings, const size_t *,
                                                            cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) {
    if (!fromHandle<core::Context>(context))
      return failWith<cl_program>(error, CL_INVALID_CONTEXT);
    if (count == 0 || !strings)
      return failWith<cl_program>(error, CL_INVALID_VALUE);
    for (cl_uint i = 0; i < count; ++i)
      if (!strings[i])
        return failWith<cl_program>(error, CL_INVALID_VALUE);
    return failWith<cl_program>(error, CL_INVALID_OPERATION);
  });
}

CLCUDA_API cl_program CL_API_CALL clCreateProgramWithBinary(cl_context context, cl_uint num_devices,
                                                            const cl_device_id *device_list,
                                                            const size_t *lengths,
                                                            const unsigned char **binaries,
                                                            cl_int *, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) {
    cl_int status = checkDevicesOfContext(context, num_devices, device_list);
    if (status == CL_SUCCESS && (!lengths || !binaries))
      status = CL_INVALID_VALUE;
    for (cl_uint i = 0; status == CL_SUCCESS && i < num_devices; ++i)
      if (lengths[i] == 0 || !binaries[i])
        status = CL_INVALID_VALUE;
    return failWith<cl_program>(error, notYet(status));
  });
}

CLCUDA_API cl_program CL_API_CALL clCreateProgramWithBuiltInKernels(cl_context context,
                                                                    cl_uint num_devices,
                                                                    const cl_device_id *device_list,
                                                                    const char *,
                                                                    cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) {
    cl_int status = checkDevicesOfContext(context, num_devices, device_list);
    // No device has built-in kernels (CL_DEVICE_BUILT_IN_KERNELS is empty),
    // so any list names one none supports.
    return failWith<cl_program>(error, status == CL_SUCCESS ? CL_INVALID_VALUE : status);
  });
}

CLCUDA_API cl_program CL_API_CALL clCreateProgramWithIL(cl_context context, const void *il,
                                                        size_t length, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) {
    if (!fromHandle<core::Context>(context))
      return failWith<cl_program>(error, CL_INVALID_CONTEXT);
    if (!il || length == 0)
      return failWith<cl_program>(error, CL_INVALID_VALUE);
    // CL_DEVICE_IL_VERSION is empty: no device takes IL.
    return failWith<cl_program>(error, CL_INVALID_OPERATION);
  });
}

CLCUDA_API cl_int CL_API_CALL clRetainProgram(cl_program) {
  return guarded(__func__, [] { return CL_INVALID_PROGRAM; });
}

CLCUDA_API cl_int CL_API_CALL clReleaseProgram(cl_program) {
  return guarded(__func__, [] { return CL_INVALID_PROGRAM; });
}

CLCUDA_API cl_int CL_API_CALL clBuildProgram(cl_program, cl_uint, const cl_device_id *,
                                             const char *, void(CL_CALLBACK *)(cl_program, void *),
                                             void *) {
  return guarded(__func__, [] { return CL_INVALID_PROGRAM; });
}

CLCUDA_API cl_int CL_API_CALL clCompileProgram(cl_program, cl_uint, const cl_device_id *,
                                               const char *, cl_uint, const cl_program *,
                                               const char **,
                                               void(CL_CALLBACK *)(cl_program, void *), void *) {
  return guarded(__func__, [] { return CL_INVALID_PROGRAM; });
}

CLCUDA_API cl_program CL_API_CALL clLinkProgram(cl_context context, cl_uint num_devices,
                                                const cl_device_id *device_list, const char *,
                                                cl_uint num_input_programs,
                                                const cl_program *input_programs,
                                                void(CL_CALLBACK *)(cl_program, void *), void *,
                                                cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) {
    if (!fromHandle<core::Context>(context))
      return failWith<cl_program>(error, CL_INVALID_CONTEXT);
    if ((num_devices == 0) != (device_list == nullptr))
      return failWith<cl_program>(error, CL_INVALID_VALUE);
    if (num_devices) {
      cl_int status = checkDevicesOfContext(context, num_devices, device_list);
      if (status != CL_SUCCESS)
        return failWith<cl_program>(error, status);
    }
    if (num_input_programs == 0 || !input_programs)
      return failWith<cl_program>(error, CL_INVALID_VALUE);
    return failWith<cl_program>(error, CL_INVALID_PROGRAM); // no input program can be valid yet
  });
}

CLCUDA_API cl_int CL_API_CALL clGetProgramInfo(cl_program, cl_program_info, size_t, void *,
                                               size_t *) {
  return guarded(__func__, [] { return CL_INVALID_PROGRAM; });
}

CLCUDA_API cl_int CL_API_CALL clGetProgramBuildInfo(cl_program, cl_device_id, cl_program_build_info,
                                                    size_t, void *, size_t *) {
  return guarded(__func__, [] { return CL_INVALID_PROGRAM; });
}

CLCUDA_API cl_int CL_API_CALL clSetProgramReleaseCallback(cl_program,
                                                          void(CL_CALLBACK *)(cl_program, void *),
                                                          void *) {
  return guarded(__func__, [] { return CL_INVALID_PROGRAM; });
}

CLCUDA_API cl_int CL_API_CALL clSetProgramSpecializationConstant(cl_program, cl_uint, size_t,
                                                                 const void *) {
  return guarded(__func__, [] { return CL_INVALID_PROGRAM; });
}

CLCUDA_API cl_kernel CL_API_CALL clCreateKernel(cl_program, const char *, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [](cl_int &error) {
    return failWith<cl_kernel>(error, CL_INVALID_PROGRAM);
  });
}

CLCUDA_API cl_int CL_API_CALL clCreateKernelsInProgram(cl_program, cl_uint, cl_kernel *,
                                                       cl_uint *) {
  return guarded(__func__, [] { return CL_INVALID_PROGRAM; });
}

CLCUDA_API cl_kernel CL_API_CALL clCloneKernel(cl_kernel, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret,
                       [](cl_int &error) { return failWith<cl_kernel>(error, CL_INVALID_KERNEL); });
}

CLCUDA_API cl_int CL_API_CALL clRetainKernel(cl_kernel) {
  return guarded(__func__, [] { return CL_INVALID_KERNEL; });
}

CLCUDA_API cl_int CL_API_CALL clReleaseKernel(cl_kernel) {
  return guarded(__func__, [] { return CL_INVALID_KERNEL; });
}

CLCUDA_API cl_int CL_API_CALL clSetKernelArg(cl_kernel, cl_uint, size_t, const void *) {
  return guarded(__func__, [] { return CL_INVALID_KERNEL; });
}

CLCUDA_API cl_int CL_API_CALL clSetKernelArgSVMPointer(cl_kernel, cl_uint, const void *) {
  return guarded(__func__, [] { return CL_INVALID_KERNEL; });
}

CLCUDA_API cl_int CL_API_CALL clSetKernelExecInfo(cl_kernel, cl_kernel_exec_info, size_t,
                                                  const void *) {
  return guarded(__func__, [] { return CL_INVALID_KERNEL; });
}

CLCUDA_API cl_int CL_API_CALL clGetKernelInfo(cl_kernel, cl_kernel_info, size_t, void *, size_t *) {
  return guarded(__func__, [] { return CL_INVALID_KERNEL; });
}

CLCUDA_API cl_int CL_API_CALL clGetKernelWorkGroupInfo(cl_kernel, cl_device_id,
                                                       cl_kernel_work_group_info, size_t, void *,
                                                       size_t *) {
  return guarded(__func__, [] { return CL_INVALID_KERNEL; });
}

CLCUDA_API cl_int CL_API_CALL clGetKernelArgInfo(cl_kernel, cl_uint, cl_kernel_arg_info, size_t,
                                                 void *, size_t *) {
  return guarded(__func__, [] { return CL_INVALID_KERNEL; });
}

CLCUDA_API cl_int CL_API_CALL clGetKernelSubGroupInfo(cl_kernel, cl_device_id,
                                                      cl_kernel_sub_group_info, size_t,
                                                      const void *, size_t, void *, size_t *) {
  return guarded(__func__, [] { return CL_INVALID_KERNEL; });
}

CLCUDA_API cl_int CL_API_CALL clGetKernelSubGroupInfoKHR(cl_kernel, cl_device_id,
                                                         cl_kernel_sub_group_info, size_t,
                                                         const void *, size_t, void *, size_t *) {
  return guarded(__func__, [] { return CL_INVALID_KERNEL; });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueNDRangeKernel(cl_command_queue command_queue, cl_kernel,
                                                     cl_uint, const size_t *, const size_t *,
                                                     const size_t *, cl_uint, const cl_event *,
                                                     cl_event *) {
  return guarded(__func__, [&] {
    return fromHandle<core::Queue>(command_queue) ? CL_INVALID_KERNEL : CL_INVALID_COMMAND_QUEUE;
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueTask(cl_command_queue command_queue, cl_kernel, cl_uint,
                                            const cl_event *, cl_event *) {
  return guarded(__func__, [&] {
    return fromHandle<core::Queue>(command_queue) ? CL_INVALID_KERNEL : CL_INVALID_COMMAND_QUEUE;
  });
}
