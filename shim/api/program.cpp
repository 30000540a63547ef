// Program entry points: creation from source and binaries, build, compile,
// link, and the program queries. The pipeline is core/compiler.h; the
// objects core/program.h.
#include "common.h"
#include "info_tables.h"

#include "core/program.h"
#include "core/settings.h"

namespace clcuda::api {

const InfoTable<core::Program> &programInfoTable() {
  static const InfoTable<core::Program> table = {
#define CLCUDA_INFO(param, type, expression)                                                       \
  CLCUDA_INFO_ENTRY(core::Program, program, param, type, expression)
#include "info/program_info.def"
#undef CLCUDA_INFO
  };
  return table;
}

const InfoTable<ProgramBuildQuery> &programBuildInfoTable() {
  static const InfoTable<ProgramBuildQuery> table = {
#define CLCUDA_INFO(param, type, expression)                                                       \
  CLCUDA_INFO_ENTRY(ProgramBuildQuery, build, param, type, expression)
#include "info/program_build_info.def"
#undef CLCUDA_INFO
  };
  return table;
}

namespace {

// A device list of a context: every device must be one of its devices.
cl_int devicesOfContext(const core::Context &context, cl_uint num_devices,
                        const cl_device_id *devices, Duplicates duplicates,
                        std::vector<core::Device *> &out) {
  cl_int error = collectDevices(num_devices, devices, out, duplicates, "device_list");
  for (const core::Device *device : out)
    if (error == CL_SUCCESS && !context.hasDevice(device))
      error = refuse(CL_INVALID_DEVICE, "device_list has a device that is not the context's");
  return error;
}

// The device list of a build, compile or link: NULL for all, else a
// non-empty list of the program's devices.
cl_int buildDevices(const core::Program &program, cl_uint num_devices,
                    const cl_device_id *device_list, std::vector<core::Device *> &out) {
  out.clear();
  if ((num_devices == 0) != (device_list == nullptr))
    return refuse(CL_INVALID_VALUE, num_devices ? "num_devices is not 0 but device_list is NULL"
                                                : "num_devices is 0 but device_list is not NULL");
  for (cl_uint i = 0; i < num_devices; ++i) {
    core::Device *device = fromHandle<core::Device>(device_list[i]);
    if (!device)
      return refuse(CL_INVALID_DEVICE,
                    "device_list[" + std::to_string(i) + "] is not a valid cl_device_id");
    if (!program.hasDevice(device))
      return refuse(CL_INVALID_DEVICE,
                    "device_list[" + std::to_string(i) + "] is not a device of the program");
    if (std::find(out.begin(), out.end(), device) == out.end())
      out.push_back(device);
  }
  return CL_SUCCESS;
}

template <class Notify> cl_int checkNotify(Notify notify, void *user_data) {
  return !notify && user_data ? refuse(CL_INVALID_VALUE, "pfn_notify is NULL but user_data is not")
                              : CL_SUCCESS;
}

// The status of a build, compile or link (`operation`) that core ran.
cl_int programResult(cl_int error, const char *operation) {
  switch (error) {
  case CL_SUCCESS:
    return error;
  case CL_INVALID_OPERATION:
    return refuse(error, std::string("the program cannot ") + operation +
                             " now: kernels are attached to it, a build is in progress, or it "
                             "was not made from what this operation takes");
  case CL_INVALID_BUILD_OPTIONS:
  case CL_INVALID_COMPILER_OPTIONS:
  case CL_INVALID_LINKER_OPTIONS:
    return refuse(error, "options are not valid for the " + std::string(operation) +
                             "; CL_PROGRAM_BUILD_LOG says which");
  case CL_BUILD_PROGRAM_FAILURE:
  case CL_COMPILE_PROGRAM_FAILURE:
  case CL_LINK_PROGRAM_FAILURE:
    return refuse(error,
                  std::string("the ") + operation + " failed; CL_PROGRAM_BUILD_LOG says why");
  default:
    return coreResult(error, operation);
  }
}

// clBuildProgram and clCompileProgram: the checks they share, then `check`
// (the operation's own), then `run` on the listed devices, then the
// callback, once the operation has run.
template <class Check, class Run>
cl_int buildOrCompile(cl_program program, cl_uint num_devices, const cl_device_id *device_list,
                      core::ProgramNotify notify, void *user_data, Check &&check, Run &&run) {
  core::Program *object = fromHandle<core::Program>(program);
  if (!object)
    return invalidHandle(CL_INVALID_PROGRAM, "program");
  std::vector<core::Device *> devices;
  cl_int error = buildDevices(*object, num_devices, device_list, devices);
  if (error == CL_SUCCESS)
    error = checkNotify(notify, user_data);
  if (error == CL_SUCCESS)
    error = check();
  if (error != CL_SUCCESS)
    return error;
  error = run(*object, devices);
  // CL_INVALID_OPERATION: it did not run (kernels attached, a build in progress).
  if (notify && error != CL_INVALID_OPERATION)
    notify(program, user_data);
  return error;
}

// CL_PROGRAM_BINARIES: `value` is an array of one pointer per device; each
// non-NULL one gets that device's binary.
cl_int writeBinaries(core::Program &program, std::size_t size, void *value, std::size_t *size_ret) {
  const std::vector<std::shared_ptr<const std::string>> binaries = program.binaries();
  const std::size_t needed = binaries.size() * sizeof(unsigned char *);
  if (value) {
    if (size < needed)
      return refuse(CL_INVALID_VALUE, "param_value_size is " + std::to_string(size) +
                                          "; the answer needs " + std::to_string(needed) +
                                          " bytes");
    auto **targets = static_cast<unsigned char **>(value);
    for (std::size_t i = 0; i < binaries.size(); ++i)
      if (targets[i] && binaries[i])
        std::memcpy(targets[i], binaries[i]->data(), binaries[i]->size());
  }
  if (size_ret)
    *size_ret = needed;
  return CL_SUCCESS;
}

// A SPIR-V module starts with its magic number, in either byte order.
bool isSpirvMagic(const std::string &bytes) {
  static constexpr unsigned char kMagic[4] = {0x03, 0x02, 0x23, 0x07};
  const auto *first = reinterpret_cast<const unsigned char *>(bytes.data());
  return bytes.size() >= 4 && (std::equal(kMagic, kMagic + 4, first) ||
                               std::equal(kMagic, kMagic + 4, std::reverse_iterator(first + 4)));
}

} // namespace
} // namespace clcuda::api

using namespace clcuda;
using namespace clcuda::api;

CLCUDA_API cl_program CL_API_CALL clCreateProgramWithSource(cl_context context, cl_uint count,
                                                            const char **strings,
                                                            const size_t *lengths,
                                                            cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> cl_program {
    core::Context *object = fromHandle<core::Context>(context);
    if (!object)
      return failWith<cl_program>(error, CL_INVALID_CONTEXT, "context is not a valid cl_context");
    if (count == 0)
      return failWith<cl_program>(error, CL_INVALID_VALUE, "count is 0");
    if (!strings)
      return failWith<cl_program>(error, CL_INVALID_VALUE, "strings is NULL");
    std::string source;
    for (cl_uint i = 0; i < count; ++i) {
      if (!strings[i])
        return failWith<cl_program>(error, CL_INVALID_VALUE,
                                    "strings[" + std::to_string(i) + "] is NULL");
      // A length of 0 (or no lengths) means a NUL-terminated string.
      if (lengths && lengths[i])
        source.append(strings[i], lengths[i]);
      else
        source.append(strings[i]);
    }
    return toHandle(core::Program::createWithSource(*object, std::move(source)));
  });
}

CLCUDA_API cl_program CL_API_CALL clCreateProgramWithBinary(
    cl_context context, cl_uint num_devices, const cl_device_id *device_list, const size_t *lengths,
    const unsigned char **binaries, cl_int *binary_status, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> cl_program {
    core::Context *object = fromHandle<core::Context>(context);
    if (!object)
      return failWith<cl_program>(error, CL_INVALID_CONTEXT, "context is not a valid cl_context");
    std::vector<core::Device *> devices;
    if ((error = devicesOfContext(*object, num_devices, device_list, Duplicates::invalid,
                                  devices)) != CL_SUCCESS)
      return nullptr;
    if (!lengths || !binaries)
      return failWith<cl_program>(error, CL_INVALID_VALUE,
                                  lengths ? "binaries is NULL" : "lengths is NULL");
    std::vector<std::string_view> bytes;
    for (cl_uint i = 0; i < num_devices; ++i) {
      if (lengths[i] == 0 || !binaries[i]) {
        if (binary_status)
          std::fill(binary_status, binary_status + num_devices, CL_INVALID_VALUE);
        return failWith<cl_program>(error, CL_INVALID_VALUE,
                                    lengths[i] == 0
                                        ? "lengths[" + std::to_string(i) + "] is 0"
                                        : "binaries[" + std::to_string(i) + "] is NULL");
      }
      bytes.emplace_back(reinterpret_cast<const char *>(binaries[i]), lengths[i]);
    }
    std::vector<cl_int> status;
    core::Program *program = nullptr;
    error = core::Program::createWithBinaries(*object, devices, bytes, status, program);
    if (error == CL_INVALID_BINARY)
      refuse(error, "a binary is not a clcuda program binary of this version for its device; "
                    "binary_status says which");
    else
      coreResult(error, "loading the binaries");
    if (binary_status)
      std::copy(status.begin(), status.end(), binary_status);
    return error == CL_SUCCESS ? toHandle(program) : nullptr;
  });
}

CLCUDA_API cl_program CL_API_CALL clCreateProgramWithBuiltInKernels(cl_context context,
                                                                    cl_uint num_devices,
                                                                    const cl_device_id *device_list,
                                                                    const char *,
                                                                    cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> cl_program {
    core::Context *object = fromHandle<core::Context>(context);
    if (!object)
      return failWith<cl_program>(error, CL_INVALID_CONTEXT, "context is not a valid cl_context");
    std::vector<core::Device *> devices;
    if ((error = devicesOfContext(*object, num_devices, device_list, Duplicates::drop, devices)) !=
        CL_SUCCESS)
      return nullptr;
    // No device has built-in kernels (CL_DEVICE_BUILT_IN_KERNELS is empty),
    // so any list names one none supports.
    return failWith<cl_program>(error, CL_INVALID_VALUE,
                                "no device has built-in kernels (CL_DEVICE_BUILT_IN_KERNELS is "
                                "empty)");
  });
}

CLCUDA_API cl_program CL_API_CALL clCreateProgramWithIL(cl_context context, const void *il,
                                                        size_t length, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) {
    core::Context *object = fromHandle<core::Context>(context);
    if (!object)
      return failWith<cl_program>(error, CL_INVALID_CONTEXT, "context is not a valid cl_context");
    if (!il || length == 0)
      return failWith<cl_program>(error, CL_INVALID_VALUE, il ? "length is 0" : "il is NULL");
    if (!core::settings().spirv)
      return failWith<cl_program>(error, CL_INVALID_OPERATION,
                                  "no device takes IL (CL_DEVICE_IL_VERSION is empty; "
                                  "CLCUDA_SPIRV=0 turned the SPIR-V front end off)");
    // The module's validity is the build's to judge (its log says what is
    // wrong); here only whether it is SPIR-V at all.
    const std::string bytes(static_cast<const char *>(il), length);
    if (length % 4 != 0 || !isSpirvMagic(bytes))
      return failWith<cl_program>(
          error, CL_INVALID_VALUE,
          "il is not a SPIR-V module (no magic number, or not whole words)");
    return toHandle(core::Program::createWithIl(*object, bytes));
  });
}

CLCUDA_API cl_int CL_API_CALL clRetainProgram(cl_program program) {
  return guarded(__func__, [&] {
    return changeReferences<core::Program>(program, CL_INVALID_PROGRAM, "program",
                                           &core::Program::retain);
  });
}

CLCUDA_API cl_int CL_API_CALL clReleaseProgram(cl_program program) {
  // The program lives on while kernels hold it; its modules are unloaded
  // once the GPU work submitted so far has finished.
  return guarded(__func__, [&] {
    return changeReferences<core::Program>(program, CL_INVALID_PROGRAM, "program",
                                           &core::Program::release);
  });
}

CLCUDA_API cl_int CL_API_CALL clBuildProgram(cl_program program, cl_uint num_devices,
                                             const cl_device_id *device_list, const char *options,
                                             void(CL_CALLBACK *pfn_notify)(cl_program, void *),
                                             void *user_data) {
  return guarded(__func__, [&] {
    return buildOrCompile(
        program, num_devices, device_list, pfn_notify, user_data, [] { return CL_SUCCESS; },
        [&](core::Program &object, const std::vector<core::Device *> &devices) {
          return programResult(object.build(devices, options), "build");
        });
  });
}

CLCUDA_API cl_int CL_API_CALL clCompileProgram(
    cl_program program, cl_uint num_devices, const cl_device_id *device_list, const char *options,
    cl_uint num_input_headers, const cl_program *input_headers, const char **header_include_names,
    void(CL_CALLBACK *pfn_notify)(cl_program, void *), void *user_data) {
  return guarded(__func__, [&] {
    std::vector<core::SourceHeader> headers;
    auto check_headers = [&] {
      if ((num_input_headers == 0) != (input_headers == nullptr))
        return refuse(CL_INVALID_VALUE, input_headers
                                            ? "num_input_headers is 0 but input_headers is not "
                                              "NULL"
                                            : "num_input_headers is not 0 but input_headers is "
                                              "NULL");
      if (num_input_headers != 0 && !header_include_names)
        return refuse(CL_INVALID_VALUE, "header_include_names is NULL");
      for (cl_uint i = 0; i < num_input_headers; ++i) {
        core::Program *header = fromHandle<core::Program>(input_headers[i]);
        if (!header)
          return refuse(CL_INVALID_VALUE,
                        "input_headers[" + std::to_string(i) + "] is not a valid cl_program");
        if (!header_include_names[i])
          return refuse(CL_INVALID_VALUE,
                        "header_include_names[" + std::to_string(i) + "] is NULL");
        headers.push_back({header_include_names[i], header->source()});
      }
      return CL_SUCCESS;
    };
    return buildOrCompile(
        program, num_devices, device_list, pfn_notify, user_data, check_headers,
        [&](core::Program &object, const std::vector<core::Device *> &devices) {
          return programResult(object.compile(devices, options ? options : "", headers), "compile");
        });
  });
}

CLCUDA_API cl_program CL_API_CALL clLinkProgram(cl_context context, cl_uint num_devices,
                                                const cl_device_id *device_list,
                                                const char *options, cl_uint num_input_programs,
                                                const cl_program *input_programs,
                                                void(CL_CALLBACK *pfn_notify)(cl_program, void *),
                                                void *user_data, cl_int *errcode_ret) {
  // A link that fails still makes a program, whose build log says why:
  // errcode_ret is then CL_LINK_PROGRAM_FAILURE with the program returned.
  cl_int link_status = CL_SUCCESS;
  cl_program linked = guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> cl_program {
    core::Context *object = fromHandle<core::Context>(context);
    if (!object)
      return failWith<cl_program>(error, CL_INVALID_CONTEXT, "context is not a valid cl_context");
    if ((num_devices == 0) != (device_list == nullptr))
      return failWith<cl_program>(error, CL_INVALID_VALUE,
                                  num_devices ? "num_devices is not 0 but device_list is NULL"
                                              : "num_devices is 0 but device_list is not NULL");
    std::vector<core::Device *> devices = object->devices();
    if (num_devices && (error = devicesOfContext(*object, num_devices, device_list,
                                                 Duplicates::drop, devices)) != CL_SUCCESS)
      return nullptr;
    if (num_input_programs == 0 || !input_programs)
      return failWith<cl_program>(error, CL_INVALID_VALUE,
                                  input_programs ? "num_input_programs is 0"
                                                 : "input_programs is NULL");
    if ((error = checkNotify(pfn_notify, user_data)) != CL_SUCCESS)
      return nullptr;
    std::vector<core::Program *> inputs;
    for (cl_uint i = 0; i < num_input_programs; ++i) {
      core::Program *input = fromHandle<core::Program>(input_programs[i]);
      if (!input || &input->context() != object)
        return failWith<cl_program>(
            error, CL_INVALID_PROGRAM,
            "input_programs[" + std::to_string(i) +
                (input ? "] belongs to another context" : "] is not a valid cl_program"));
      inputs.push_back(input);
    }
    const std::string text = options ? options : "";
    core::LinkOptions parsed;
    std::string problem;
    if (!core::parseLinkOptions(text, parsed, problem))
      return failWith<cl_program>(error, CL_INVALID_LINKER_OPTIONS, "options: " + problem);
    for (cl_uint i = 0; i < inputs.size(); ++i)
      if (!inputs[i]->hasLinkableBinaries(devices))
        return failWith<cl_program>(error, CL_INVALID_OPERATION,
                                    "input_programs[" + std::to_string(i) +
                                        "] has no compiled object or library for every device");
    core::Program *program = nullptr;
    if ((error = programResult(
             core::Program::link(*object, devices, inputs, text, program, link_status), "link")) !=
        CL_SUCCESS)
      return nullptr;
    if (link_status != CL_SUCCESS && link_status != CL_LINK_PROGRAM_FAILURE) {
      program->release();
      error = programResult(link_status, "link");
      return nullptr;
    }
    return toHandle(program);
  });
  if (linked && link_status != CL_SUCCESS) {
    if (errcode_ret)
      *errcode_ret = link_status;
    programResult(link_status, "link");
    logError(__func__, link_status);
  }
  if (linked && pfn_notify)
    pfn_notify(linked, user_data);
  return linked;
}

CLCUDA_API cl_int CL_API_CALL clGetProgramInfo(cl_program program, cl_program_info param_name,
                                               size_t param_value_size, void *param_value,
                                               size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    core::Program *object = fromHandle<core::Program>(program);
    if (!object)
      return invalidHandle(CL_INVALID_PROGRAM, "program");
    switch (param_name) {
    case CL_PROGRAM_BINARIES:
      return writeBinaries(*object, param_value_size, param_value, param_value_size_ret);
    case CL_PROGRAM_NUM_KERNELS:
    case CL_PROGRAM_KERNEL_NAMES:
    case CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT:
    case CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT:
      if (!object->hasExecutable())
        return refuse(CL_INVALID_PROGRAM_EXECUTABLE, "the program has no executable: build it "
                                                     "first");
      break;
    default:
      break;
    }
    return answerInfo(programInfoTable(), *object, param_name, param_value_size, param_value,
                      param_value_size_ret);
  });
}

CLCUDA_API cl_int CL_API_CALL clGetProgramBuildInfo(cl_program program, cl_device_id device,
                                                    cl_program_build_info param_name,
                                                    size_t param_value_size, void *param_value,
                                                    size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    core::Program *object = fromHandle<core::Program>(program);
    if (!object)
      return invalidHandle(CL_INVALID_PROGRAM, "program");
    core::Device *device_object = fromHandle<core::Device>(device);
    if (!device_object)
      return invalidHandle(CL_INVALID_DEVICE, "device");
    if (!object->hasDevice(device_object))
      return refuse(CL_INVALID_DEVICE, "device is not a device of the program");
    ProgramBuildQuery query{*object, *device_object};
    return answerInfo(programBuildInfoTable(), query, param_name, param_value_size, param_value,
                      param_value_size_ret);
  });
}

CLCUDA_API cl_int CL_API_CALL clSetProgramReleaseCallback(
    cl_program program, void(CL_CALLBACK *pfn_notify)(cl_program, void *), void *) {
  return guarded(__func__, [&] {
    if (!fromHandle<core::Program>(program))
      return invalidHandle(CL_INVALID_PROGRAM, "program");
    if (!pfn_notify)
      return refuse(CL_INVALID_VALUE, "pfn_notify is NULL");
    // OpenCL 3.0: no device supports destructors of program-scope variables
    // (CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT is CL_FALSE).
    return refuse(CL_INVALID_OPERATION, "no device supports destructors of program-scope "
                                        "variables");
  });
}

CLCUDA_API cl_int CL_API_CALL clSetProgramSpecializationConstant(cl_program program,
                                                                 cl_uint spec_id, size_t spec_size,
                                                                 const void *spec_value) {
  return guarded(__func__, [&] {
    core::Program *object = fromHandle<core::Program>(program);
    if (!object)
      return invalidHandle(CL_INVALID_PROGRAM, "program");
    if (!spec_value)
      return refuse(CL_INVALID_VALUE, "spec_value is NULL");
    std::string why;
    const cl_int error = object->setSpecializationConstant(spec_id, spec_size, spec_value, why);
    return error == CL_SUCCESS ? error : refuse(error, why);
  });
}
