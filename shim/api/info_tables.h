// The info table of each object type, from api/info/*.def.
#pragma once

#include "info.h"

#include "core/context.h"
#include "core/device.h"
#include "core/event.h"
#include "core/kernel.h"
#include "core/memory.h"
#include "core/program.h"
#include "core/queue.h"

namespace clcuda::api {

const InfoTable<core::Platform> &platformInfoTable();
const InfoTable<core::Device> &deviceInfoTable();
const InfoTable<core::Context> &contextInfoTable();
const InfoTable<core::Queue> &queueInfoTable();
const InfoTable<core::Event> &eventInfoTable();
const InfoTable<core::Memory> &memoryInfoTable();
const InfoTable<core::Program> &programInfoTable();
const InfoTable<core::Kernel> &kernelInfoTable();

// The objects of the queries about one device or argument.
struct ProgramBuildQuery {
  core::Program &program;
  core::Device &device;
};
struct KernelDeviceQuery {
  core::Kernel &kernel;
  const core::KernelFunction &function;
};
// clGetKernelSubGroupInfo's input: the local size (one to three dimensions)
// or the one sub-group count; and the dimensions of the local size it answers.
struct KernelSubGroupQuery {
  KernelDeviceQuery kernel;
  Sizes input;
  std::size_t answer_dimensions;
};
const InfoTable<ProgramBuildQuery> &programBuildInfoTable();
const InfoTable<KernelDeviceQuery> &kernelWorkGroupInfoTable();
const InfoTable<KernelSubGroupQuery> &kernelSubGroupInfoTable();
const InfoTable<const cl2cuda::KernelArg> &kernelArgInfoTable();

// clGet*Info: `invalid` unless `handle` (the argument `argument`) is a live
// T, else the table's answer.
template <class T>
cl_int answerInfoFor(typename core::HandleOf<T>::type handle, cl_int invalid, const char *argument,
                     const InfoTable<T> &table, cl_uint param, std::size_t size, void *value,
                     std::size_t *size_ret) {
  T *object = core::fromHandle<T>(handle);
  return object ? answerInfo(table, *object, param, size, value, size_ret)
                : invalidHandle(invalid, argument);
}

} // namespace clcuda::api
