// Kernel entry points: creation, arguments, queries, and the launches
// (clEnqueueNDRangeKernel, clEnqueueTask): a hot path, checked with
// comparisons only and launched through core::Kernel::enqueue.
#include "commands.h"
#include "common.h"
#include "image_arguments.h"
#include "info_tables.h"
#include "validation.h"

#include "core/kernel.h"
#include "core/svm.h"

#include <algorithm>

namespace clcuda::api {

const InfoTable<core::Kernel> &kernelInfoTable() {
  static const InfoTable<core::Kernel> table = {
#define CLCUDA_INFO(param, type, expression)                                                       \
  CLCUDA_INFO_ENTRY(core::Kernel, kernel, param, type, expression)
#include "info/kernel_info.def"
#undef CLCUDA_INFO
  };
  return table;
}

namespace {

SizeTriple compileWorkGroupSize(const cl2cuda::KernelMetadata &metadata) {
  return {metadata.reqd_work_group_size[0], metadata.reqd_work_group_size[1],
          metadata.reqd_work_group_size[2]};
}

// Sub-groups are warps: a work-group of n work-items has ceil(n / 32) of
// them, the largest min(n, 32) wide.
std::size_t warpSize(const KernelDeviceQuery &query) {
  return std::size_t(query.function.device().properties().warp_size);
}
std::size_t workItems(const Sizes &local_size) {
  std::size_t items = 1;
  for (std::size_t size : local_size)
    items *= size;
  return items;
}
std::size_t maxSubGroupSize(const KernelDeviceQuery &query, std::size_t work_items) {
  return std::min(work_items, warpSize(query));
}
std::size_t subGroupCount(const KernelDeviceQuery &query, std::size_t work_items) {
  return (work_items + warpSize(query) - 1) / warpSize(query);
}

// The sub-groups of the kernel's largest work-group: its required size
// (reqd_work_group_size) is its only one.
std::size_t maxSubGroups(const KernelDeviceQuery &query) {
  const SizeTriple required = compileWorkGroupSize(query.kernel.metadata());
  const std::size_t items = required[0] ? workItems({required.begin(), required.end()})
                                        : query.kernel.maxWorkGroupSize(query.function);
  return subGroupCount(query, items);
}

// A local size of that many sub-groups, in as many dimensions as the answer
// holds: the required size if the kernel has one, else one dimension used
// and the others 1; zeros when no work-group of the kernel has that many.
Sizes localSizeForSubGroups(const KernelSubGroupQuery &query) {
  const KernelDeviceQuery &kernel = query.kernel;
  std::size_t count = query.input[0];
  const SizeTriple required = compileWorkGroupSize(kernel.kernel.metadata());
  Sizes local(query.answer_dimensions, 1);
  if (required[0]) {
    std::copy_n(required.begin(), local.size(), local.begin());
    for (std::size_t d = local.size(); d < required.size(); ++d)
      if (required[d] != 1)
        count = 0; // the answer cannot hold the required size
  } else {
    const std::size_t largest =
        std::min(kernel.kernel.maxWorkGroupSize(kernel.function),
                 maxWorkItemSizes(kernel.function.device().properties())[0]);
    local[0] = std::min(largest, count * warpSize(kernel));
    if (count > largest)
      count = 0;
  }
  if (count == 0 || subGroupCount(kernel, workItems(local)) != count)
    std::fill(local.begin(), local.end(), 0);
  return local;
}

} // namespace

const InfoTable<KernelDeviceQuery> &kernelWorkGroupInfoTable() {
  static const InfoTable<KernelDeviceQuery> table = {
#define CLCUDA_INFO(param, type, expression)                                                       \
  CLCUDA_INFO_ENTRY(KernelDeviceQuery, query, param, type, expression)
#include "info/kernel_work_group_info.def"
#undef CLCUDA_INFO
  };
  return table;
}

const InfoTable<KernelSubGroupQuery> &kernelSubGroupInfoTable() {
  static const InfoTable<KernelSubGroupQuery> table = {
#define CLCUDA_INFO(param, type, expression)                                                       \
  CLCUDA_INFO_ENTRY(KernelSubGroupQuery, query, param, type, expression)
#include "info/kernel_sub_group_info.def"
#undef CLCUDA_INFO
  };
  return table;
}

const InfoTable<const cl2cuda::KernelArg> &kernelArgInfoTable() {
  static const InfoTable<const cl2cuda::KernelArg> table = {
#define CLCUDA_INFO(param, type, expression)                                                       \
  CLCUDA_INFO_ENTRY(const cl2cuda::KernelArg, arg, param, type, expression)
#include "info/kernel_arg_info.def"
#undef CLCUDA_INFO
  };
  return table;
}

namespace {

// The function of `kernel` on `device` for a per-device query: a NULL
// device names the kernel's only device.
const core::KernelFunction *queriedFunction(const core::Kernel &kernel, cl_device_id device) {
  if (!device) {
    const std::vector<core::Device *> devices = kernel.devices();
    return devices.size() == 1 ? kernel.function(*devices.front()) : nullptr;
  }
  core::Device *object = fromHandle<core::Device>(device);
  return object ? kernel.function(*object) : nullptr;
}

// An argument index past the kernel's arguments.
cl_int badArgIndex(cl_uint arg_index, const core::Kernel &kernel) {
  return refuse(CL_INVALID_ARG_INDEX, "arg_index is " + std::to_string(arg_index) +
                                          "; the kernel has " + std::to_string(kernel.argCount()) +
                                          " arguments");
}

// core::Kernel::create's error, with its reason (also for the checks of
// other entry points that meet the same condition).
cl_int kernelCreated(cl_int error, core::Program &program, const std::string &name) {
  switch (error) {
  case CL_SUCCESS:
    return error;
  case CL_INVALID_PROGRAM_EXECUTABLE:
    return refuse(error, "the program has no executable: build it first");
  case CL_INVALID_KERNEL_NAME: {
    std::string names;
    for (const std::string &kernel : program.kernelNames())
      names += (names.empty() ? "" : ", ") + kernel;
    return refuse(error, "the program has no kernel '" + name +
                             "'; its kernels: " + (names.empty() ? "none" : names));
  }
  case CL_INVALID_KERNEL_DEFINITION:
    return refuse(error, "kernel '" + name + "' differs between the program's devices");
  default:
    return coreResult(error, "loading the kernel");
  }
}

// queriedFunction found none: why.
cl_int noKernelFunction(cl_device_id device) {
  if (!device)
    return refuse(CL_INVALID_DEVICE,
                  "device is NULL but the kernel's program has more than one device");
  return fromHandle<core::Device>(device)
             ? refuse(CL_INVALID_DEVICE, "device is not a device of the kernel's program")
             : invalidHandle(CL_INVALID_DEVICE, "device");
}

// Every kernel of `program`, or none and the error.
cl_int createAllKernels(core::Program &program, std::vector<core::Kernel *> &kernels) {
  for (const std::string &name : program.kernelNames()) {
    core::Kernel *kernel = nullptr;
    cl_int error = kernelCreated(core::Kernel::create(program, name, kernel), program, name);
    if (error != CL_SUCCESS) {
      for (core::Kernel *created : kernels)
        created->release();
      kernels.clear();
      return error;
    }
    kernels.push_back(kernel);
  }
  return CL_SUCCESS;
}

} // namespace

namespace {

// An NDRange of a kernel on a queue as clEnqueueNDRangeKernel launches it.
struct NDRange {
  core::Queue *queue = nullptr;
  core::Kernel *kernel = nullptr;
  const core::KernelFunction *function = nullptr;
  clcuda::Size3 global{1, 1, 1}, offset{0, 0, 0}, local{1, 1, 1};
  // A NULL or zero global size (OpenCL 2.1 and later: a launch of nothing).
  bool empty = false;
};

// Every check of a launch but its wait list, and its sizes: the local size
// given, or for a NULL one the size chosen for the queue's device.
// clEnqueueNDRangeKernel and clGetKernelSuggestedLocalWorkSizeKHR both ask
// it, so the suggestion is what a NULL local size launches.
cl_int resolveNDRange(cl_command_queue command_queue, cl_kernel kernel_handle, cl_uint work_dim,
                      const size_t *global_work_offset, const size_t *global_work_size,
                      const size_t *local_work_size, NDRange &range) {
  core::Queue *queue = fromHandle<core::Queue>(command_queue);
  if (!queue)
    return invalidHandle(CL_INVALID_COMMAND_QUEUE, "command_queue");
  core::Kernel *kernel = fromHandle<core::Kernel>(kernel_handle);
  if (!kernel)
    return invalidHandle(CL_INVALID_KERNEL, "kernel");
  if (&kernel->context() != &queue->context())
    return refuse(CL_INVALID_CONTEXT, "kernel and command_queue belong to different contexts");
  const core::KernelFunction *function = kernel->function(queue->device());
  if (!function)
    return refuse(CL_INVALID_PROGRAM_EXECUTABLE,
                  "the kernel's program has no executable for command_queue's device");
  if (const std::string missing = kernel->missingArgument(); !missing.empty())
    return refuse(CL_INVALID_KERNEL_ARGS, missing);
  cl_int error = checkWorkSizes(work_dim, global_work_offset, global_work_size, local_work_size,
                                function->limits);
  if (error == CL_SUCCESS)
    error = coreResult(kernel->prepareSharedMemory(*function),
                       "reserving the kernel's __local memory (its own and its __local "
                       "arguments', against the device's shared memory per block)");
  if (error != CL_SUCCESS)
    return error;
  range.queue = queue;
  range.kernel = kernel;
  range.function = function;
  range.empty = !global_work_size;
  for (cl_uint d = 0; d < work_dim && !range.empty; ++d) {
    range.global[d] = global_work_size[d];
    range.offset[d] = global_work_offset ? global_work_offset[d] : 0;
    range.local[d] = local_work_size ? local_work_size[d] : 1;
    range.empty = range.global[d] == 0;
  }
  if (range.empty)
    return CL_SUCCESS;
  if (!local_work_size)
    range.local = kernel->chooseLocalSize(*function, work_dim, range.global);
  // Group ids are 32-bit in CUDA (and in clc::ndrange::group_offset).
  for (int d = 0; d < 3; ++d)
    if (!clcuda::groupCountFits(range.global[d], range.local[d]))
      return refuse(CL_INVALID_GLOBAL_WORK_SIZE,
                    "global_work_size[" + std::to_string(d) + "] / local size " +
                        std::to_string(range.local[d]) + " is 2^32 work-groups or more");
  return CL_SUCCESS;
}

} // namespace

cl_int enqueueKernel(cl_command_queue command_queue, cl_kernel kernel_handle, cl_uint work_dim,
                     const size_t *global_work_offset, const size_t *global_work_size,
                     const size_t *local_work_size, cl_uint num_events, const cl_event *events,
                     cl_event *event, cl_command_type type, const core::Recording *recording,
                     clcuda::Size3 *launched_local) {
  NDRange range;
  cl_int error = resolveNDRange(command_queue, kernel_handle, work_dim, global_work_offset,
                                global_work_size, local_work_size, range);
  if (error == CL_SUCCESS)
    error = checkWaitList(range.queue->context(), num_events, events);
  if (error != CL_SUCCESS)
    return error;
  if (launched_local)
    *launched_local = range.local;
  core::Command command{type, num_events, events};
  command.recording = recording;
  EventOut out(event);
  if (range.empty) // OpenCL 2.1 and later: an empty NDRange is a command that does nothing
    return coreResult(range.queue->enqueue(
                          command, [](CUstream) { return CUDA_SUCCESS; }, out.get()),
                      "the empty launch");
  const clcuda::LaunchPlan plan(work_dim, range.global, range.offset, range.local);
  return coreResult(range.kernel->enqueue(*range.queue, *range.function, plan, command, out.get()),
                    "the launch");
}

// The query under either of its names.
cl_int suggestLocalWorkSize(const char *entry_point, cl_command_queue command_queue,
                            cl_kernel kernel, cl_uint work_dim, const size_t *global_work_offset,
                            const size_t *global_work_size, size_t *suggested_local_work_size) {
  return guarded(entry_point, [&] {
    NDRange range;
    cl_int error = resolveNDRange(command_queue, kernel, work_dim, global_work_offset,
                                  global_work_size, nullptr, range);
    if (error != CL_SUCCESS)
      return error;
    // Unlike an enqueue, the query has no empty range.
    if (!global_work_size)
      return refuse(CL_INVALID_GLOBAL_WORK_SIZE, "global_work_size is NULL");
    for (cl_uint d = 0; d < work_dim; ++d)
      if (global_work_size[d] == 0)
        return refuse(CL_INVALID_GLOBAL_WORK_SIZE,
                      "global_work_size[" + std::to_string(d) + "] is 0");
    if (!suggested_local_work_size)
      return refuse(CL_INVALID_VALUE, "suggested_local_work_size is NULL");
    std::copy_n(range.local.begin(), work_dim, suggested_local_work_size);
    return CL_SUCCESS;
  });
}

cl_int CL_API_CALL getKernelSuggestedLocalWorkSizeKHR(cl_command_queue command_queue,
                                                      cl_kernel kernel, cl_uint work_dim,
                                                      const size_t *global_work_offset,
                                                      const size_t *global_work_size,
                                                      size_t *suggested_local_work_size) {
  return suggestLocalWorkSize("clGetKernelSuggestedLocalWorkSizeKHR", command_queue, kernel,
                              work_dim, global_work_offset, global_work_size,
                              suggested_local_work_size);
}

} // namespace clcuda::api

using namespace clcuda;
using namespace clcuda::api;

CLCUDA_API cl_kernel CL_API_CALL clCreateKernel(cl_program program, const char *kernel_name,
                                                cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> cl_kernel {
    core::Program *object = fromHandle<core::Program>(program);
    if (!object)
      return failWith<cl_kernel>(error, CL_INVALID_PROGRAM, "program is not a valid cl_program");
    if (!kernel_name)
      return failWith<cl_kernel>(error, CL_INVALID_VALUE, "kernel_name is NULL");
    core::Kernel *kernel = nullptr;
    error = kernelCreated(core::Kernel::create(*object, kernel_name, kernel), *object, kernel_name);
    return error == CL_SUCCESS ? toHandle(kernel) : nullptr;
  });
}

CLCUDA_API cl_int CL_API_CALL clCreateKernelsInProgram(cl_program program, cl_uint num_kernels,
                                                       cl_kernel *kernels,
                                                       cl_uint *num_kernels_ret) {
  return guarded(__func__, [&] {
    core::Program *object = fromHandle<core::Program>(program);
    if (!object)
      return invalidHandle(CL_INVALID_PROGRAM, "program");
    if (!object->hasExecutable())
      return kernelCreated(CL_INVALID_PROGRAM_EXECUTABLE, *object, "");
    const std::size_t count = object->kernelNames().size();
    if (kernels && num_kernels < count)
      return refuse(CL_INVALID_VALUE, "num_kernels is " + std::to_string(num_kernels) +
                                          "; the program has " + std::to_string(count) +
                                          " kernels");
    if (kernels) {
      std::vector<core::Kernel *> created;
      cl_int error = createAllKernels(*object, created);
      if (error != CL_SUCCESS)
        return error;
      for (std::size_t i = 0; i < created.size(); ++i)
        kernels[i] = toHandle(created[i]);
    }
    if (num_kernels_ret)
      *num_kernels_ret = cl_uint(count);
    return CL_SUCCESS;
  });
}

CLCUDA_API cl_kernel CL_API_CALL clCloneKernel(cl_kernel source_kernel, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> cl_kernel {
    core::Kernel *source = fromHandle<core::Kernel>(source_kernel);
    if (!source)
      return failWith<cl_kernel>(error, CL_INVALID_KERNEL,
                                 "source_kernel is not a valid cl_kernel");
    core::Kernel *kernel = nullptr;
    error = coreResult(core::Kernel::clone(*source, kernel), "copying the kernel");
    return error == CL_SUCCESS ? toHandle(kernel) : nullptr;
  });
}

CLCUDA_API cl_int CL_API_CALL clRetainKernel(cl_kernel kernel) {
  return guarded(__func__, [&] {
    return changeReferences<core::Kernel>(kernel, CL_INVALID_KERNEL, "kernel",
                                          &core::Kernel::retain);
  });
}

CLCUDA_API cl_int CL_API_CALL clReleaseKernel(cl_kernel kernel) {
  return guarded(__func__, [&] {
    return changeReferences<core::Kernel>(kernel, CL_INVALID_KERNEL, "kernel",
                                          &core::Kernel::release);
  });
}

CLCUDA_API cl_int CL_API_CALL clSetKernelArg(cl_kernel kernel, cl_uint arg_index, size_t arg_size,
                                             const void *arg_value) {
  return guarded(__func__, [&] {
    core::Kernel *object = fromHandle<core::Kernel>(kernel);
    if (!object)
      return invalidHandle(CL_INVALID_KERNEL, "kernel");
    if (arg_index >= object->argCount())
      return badArgIndex(arg_index, *object);
    const cl2cuda::KernelArg &arg = object->arg(arg_index);
    cl_int error = checkKernelArg(arg.kind, arg.size, arg_size, arg_value);
    if (error != CL_SUCCESS)
      return refuse(error, "argument " + std::to_string(arg_index) + " (" + arg.type_name + " " +
                               arg.name + ")" + (refusal().empty() ? "" : ": " + refusal()));
    switch (arg.kind) {
    case cl2cuda::ArgKind::LocalPointer:
      object->setLocalSize(arg_index, arg_size);
      break;
    case cl2cuda::ArgKind::Buffer:
    case cl2cuda::ArgKind::ConstantBuffer: {
      const cl_mem handle = arg_value ? *static_cast<const cl_mem *>(arg_value) : nullptr;
      core::Memory *buffer = fromHandle<core::Memory>(handle);
      if (handle && !buffer)
        return refuse(CL_INVALID_MEM_OBJECT, "argument " + std::to_string(arg_index) +
                                                 ": arg_value does not point to a valid cl_mem");
      if (handle && &buffer->context() != &object->context())
        return refuse(CL_INVALID_MEM_OBJECT, "argument " + std::to_string(arg_index) +
                                                 ": the buffer belongs to another context");
      object->setBuffer(arg_index, buffer);
      break;
    }
    case cl2cuda::ArgKind::ByValue:
      object->setValue(arg_index, arg_value);
      break;
    case cl2cuda::ArgKind::Image:
      return setImageArgument(*object, arg_index, arg_value);
    case cl2cuda::ArgKind::Sampler:
      return setSamplerArgument(*object, arg_index, arg_value);
    }
    return CL_SUCCESS;
  });
}

CLCUDA_API cl_int CL_API_CALL clSetKernelArgSVMPointer(cl_kernel kernel, cl_uint arg_index,
                                                       const void *arg_value) {
  return guarded(__func__, [&] {
    core::Kernel *object = fromHandle<core::Kernel>(kernel);
    if (!object)
      return invalidHandle(CL_INVALID_KERNEL, "kernel");
    if (!core::svmCapabilities(object->context()))
      return refuse(CL_INVALID_OPERATION, "no device of the kernel's context supports SVM");
    if (arg_index >= object->argCount())
      return badArgIndex(arg_index, *object);
    // An SVM pointer is a __global or __constant pointer (8 bytes, like a
    // buffer's address); NULL is as valid as a NULL buffer. Without
    // fine-grained system SVM it must point into an SVM allocation.
    const cl2cuda::ArgKind kind = object->arg(arg_index).kind;
    if (kind != cl2cuda::ArgKind::Buffer && kind != cl2cuda::ArgKind::ConstantBuffer)
      return refuse(CL_INVALID_ARG_VALUE, "argument " + std::to_string(arg_index) +
                                              " is not a __global or __constant pointer");
    if (arg_value && !object->context().svm().contains(arg_value, 0))
      return refuse(CL_INVALID_ARG_VALUE,
                    "arg_value is not in an SVM allocation of the kernel's context");
    object->setSvmPointer(arg_index, arg_value);
    return CL_SUCCESS;
  });
}

CLCUDA_API cl_int CL_API_CALL clSetKernelExecInfo(cl_kernel kernel, cl_kernel_exec_info param_name,
                                                  size_t param_value_size,
                                                  const void *param_value) {
  return guarded(__func__, [&] {
    core::Kernel *object = fromHandle<core::Kernel>(kernel);
    if (!object)
      return invalidHandle(CL_INVALID_KERNEL, "kernel");
    if (param_name != CL_KERNEL_EXEC_INFO_SVM_PTRS &&
        param_name != CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM)
      return refuse(CL_INVALID_VALUE,
                    "param_name " + hexText(param_name) + " is not a kernel exec info");
    const cl_device_svm_capabilities capabilities = core::svmCapabilities(object->context());
    if (!capabilities)
      return refuse(CL_INVALID_OPERATION, "no device of the kernel's context supports SVM");
    // The empty set (size 0, NULL) unsets the SVM pointers (OpenCL 3.0.x:
    // "specify an empty set by passing param_value_size equal to zero and
    // param_value equal to NULL").
    if (param_name == CL_KERNEL_EXEC_INFO_SVM_PTRS && param_value_size == 0 && !param_value)
      return CL_SUCCESS;
    if (!param_value)
      return refuse(CL_INVALID_VALUE, "param_value is NULL");
    if (param_name == CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM) {
      if (param_value_size != sizeof(cl_bool))
        return refuse(CL_INVALID_VALUE, "param_value_size is not sizeof(cl_bool)");
      const bool requested = *static_cast<const cl_bool *>(param_value) != CL_FALSE;
      return requested && !(capabilities & CL_DEVICE_SVM_FINE_GRAIN_SYSTEM)
                 ? refuse(CL_INVALID_OPERATION, "no device supports fine-grained system SVM")
                 : CL_SUCCESS;
    }
    // The pointers a kernel reaches other than through its arguments. All
    // SVM memory is managed memory, reachable from every kernel of the
    // context without being named, so after the check nothing is kept (and
    // clCloneKernel has nothing to copy).
    if (param_value_size == 0 || param_value_size % sizeof(void *))
      return refuse(CL_INVALID_VALUE, "param_value_size " + std::to_string(param_value_size) +
                                          " is not a nonzero multiple of sizeof(void *)");
    const auto *pointers = static_cast<void *const *>(param_value);
    for (std::size_t i = 0; i < param_value_size / sizeof(void *); ++i)
      if (!object->context().svm().contains(pointers[i], 0))
        return refuse(CL_INVALID_VALUE, "param_value[" + std::to_string(i) +
                                            "] is not in an SVM allocation of the context");
    return CL_SUCCESS;
  });
}

CLCUDA_API cl_int CL_API_CALL clGetKernelInfo(cl_kernel kernel, cl_kernel_info param_name,
                                              size_t param_value_size, void *param_value,
                                              size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    return answerInfoFor<core::Kernel>(kernel, CL_INVALID_KERNEL, "kernel", kernelInfoTable(),
                                       param_name, param_value_size, param_value,
                                       param_value_size_ret);
  });
}

CLCUDA_API cl_int CL_API_CALL clGetKernelWorkGroupInfo(cl_kernel kernel, cl_device_id device,
                                                       cl_kernel_work_group_info param_name,
                                                       size_t param_value_size, void *param_value,
                                                       size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    core::Kernel *object = fromHandle<core::Kernel>(kernel);
    if (!object)
      return invalidHandle(CL_INVALID_KERNEL, "kernel");
    const core::KernelFunction *function = queriedFunction(*object, device);
    if (!function)
      return noKernelFunction(device);
    KernelDeviceQuery query{*object, *function};
    return answerInfo(kernelWorkGroupInfoTable(), query, param_name, param_value_size, param_value,
                      param_value_size_ret);
  });
}

CLCUDA_API cl_int CL_API_CALL clGetKernelArgInfo(cl_kernel kernel, cl_uint arg_index,
                                                 cl_kernel_arg_info param_name,
                                                 size_t param_value_size, void *param_value,
                                                 size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    core::Kernel *object = fromHandle<core::Kernel>(kernel);
    if (!object)
      return invalidHandle(CL_INVALID_KERNEL, "kernel");
    if (arg_index >= object->argCount())
      return badArgIndex(arg_index, *object);
    // Every clcuda program keeps its argument information (the translator
    // records it whether or not -cl-kernel-arg-info was given).
    return answerInfo(kernelArgInfoTable(), object->arg(arg_index), param_name, param_value_size,
                      param_value, param_value_size_ret);
  });
}

namespace {

// The input a sub-group query reads: a local size of one to three
// dimensions, or one sub-group count; the others read none.
cl_int readSubGroupInput(cl_kernel_sub_group_info param, std::size_t input_size, const void *input,
                         Sizes &values) {
  std::size_t count = input_size / sizeof(std::size_t);
  switch (param) {
  case CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE:
  case CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE:
    if (!input || input_size % sizeof(std::size_t) != 0 || count < 1 || count > 3)
      return refuse(CL_INVALID_VALUE, "input_value must hold a local size of 1 to 3 size_t "
                                      "(input_value_size " +
                                          std::to_string(input_size) + ")");
    break;
  case CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT:
    if (!input || input_size != sizeof(std::size_t))
      return refuse(CL_INVALID_VALUE, "input_value must hold one size_t, a sub-group count "
                                      "(input_value_size " +
                                          std::to_string(input_size) + ")");
    break;
  default:
    count = 0;
  }
  const auto *sizes = static_cast<const std::size_t *>(input);
  values.assign(sizes, sizes + count);
  return CL_SUCCESS;
}

cl_int subGroupInfo(cl_kernel kernel, cl_device_id device, cl_kernel_sub_group_info param_name,
                    std::size_t input_value_size, const void *input_value,
                    std::size_t param_value_size, void *param_value,
                    std::size_t *param_value_size_ret) {
  core::Kernel *object = fromHandle<core::Kernel>(kernel);
  if (!object)
    return invalidHandle(CL_INVALID_KERNEL, "kernel");
  const core::KernelFunction *function = queriedFunction(*object, device);
  if (!function)
    return noKernelFunction(device);
  KernelSubGroupQuery query{{*object, *function}, {}, param_value_size / sizeof(std::size_t)};
  if (cl_int error = readSubGroupInput(param_name, input_value_size, input_value, query.input))
    return error;
  // The local size answered has as many dimensions as param_value holds.
  if (param_name == CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT &&
      (param_value_size % sizeof(std::size_t) != 0 || query.answer_dimensions < 1 ||
       query.answer_dimensions > 3))
    return refuse(CL_INVALID_VALUE, "param_value_size " + std::to_string(param_value_size) +
                                        " does not hold a local size of 1 to 3 size_t");
  return answerInfo(kernelSubGroupInfoTable(), query, param_name, param_value_size, param_value,
                    param_value_size_ret);
}

} // namespace

CLCUDA_API cl_int CL_API_CALL clGetKernelSubGroupInfo(cl_kernel kernel, cl_device_id device,
                                                      cl_kernel_sub_group_info param_name,
                                                      size_t input_value_size,
                                                      const void *input_value,
                                                      size_t param_value_size, void *param_value,
                                                      size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    return subGroupInfo(kernel, device, param_name, input_value_size, input_value, param_value_size,
                        param_value, param_value_size_ret);
  });
}

// cl_khr_subgroups' name of the same query.
CLCUDA_API cl_int CL_API_CALL clGetKernelSubGroupInfoKHR(cl_kernel kernel, cl_device_id device,
                                                         cl_kernel_sub_group_info param_name,
                                                         size_t input_value_size,
                                                         const void *input_value,
                                                         size_t param_value_size, void *param_value,
                                                         size_t *param_value_size_ret) {
  return clGetKernelSubGroupInfo(kernel, device, param_name, input_value_size, input_value,
                                 param_value_size, param_value, param_value_size_ret);
}

// OpenCL 3.1's core name of cl_khr_suggested_local_work_size's query.
CLCUDA_API cl_int CL_API_CALL clGetKernelSuggestedLocalWorkSize(cl_command_queue command_queue,
                                                                cl_kernel kernel, cl_uint work_dim,
                                                                const size_t *global_work_offset,
                                                                const size_t *global_work_size,
                                                                size_t *suggested_local_work_size) {
  return suggestLocalWorkSize(__func__, command_queue, kernel, work_dim, global_work_offset,
                              global_work_size, suggested_local_work_size);
}

CLCUDA_API cl_int CL_API_CALL clEnqueueNDRangeKernel(
    cl_command_queue command_queue, cl_kernel kernel, cl_uint work_dim,
    const size_t *global_work_offset, const size_t *global_work_size, const size_t *local_work_size,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  return guarded(__func__, [&] {
    return enqueueKernel(command_queue, kernel, work_dim, global_work_offset, global_work_size,
                         local_work_size, num_events_in_wait_list, event_wait_list, event,
                         CL_COMMAND_NDRANGE_KERNEL, nullptr);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueTask(cl_command_queue command_queue, cl_kernel kernel,
                                            cl_uint num_events_in_wait_list,
                                            const cl_event *event_wait_list, cl_event *event) {
  // One work-item in one work-group.
  static constexpr size_t kOne[1] = {1};
  return guarded(__func__, [&] {
    return enqueueKernel(command_queue, kernel, 1, nullptr, kOne, kOne, num_events_in_wait_list,
                         event_wait_list, event, CL_COMMAND_TASK, nullptr);
  });
}
