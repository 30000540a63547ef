// Programs: their source or binaries, and per device the state of the last
// build (status, options, log), the binary it made and, for executables, the
// loaded CUDA module. docs/programs.md tells the whole story.
#pragma once

#include "compiler.h"
#include "context.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace clcuda::core {

// An executable loaded on one device: the CUDA module of a ProgramBinary.
// The module is unloaded once the context's GPU work so far has finished, so
// kernels still running keep their code.
class LoadedModule {
public:
  // Loads the CUBIN when it was made for this device, else the PTX (the
  // driver compiles it); CL_INVALID_BINARY, with the reason in `log`, when
  // neither loads.
  static cl_int load(Context &context, Device &device, std::shared_ptr<const ProgramBinary> binary,
                     std::shared_ptr<const LoadedModule> &out, std::string &log);
  LoadedModule(const LoadedModule &) = delete;
  LoadedModule &operator=(const LoadedModule &) = delete;
  ~LoadedModule();

  Device &device() const { return *device_; }
  CUmodule module() const { return module_; }
  const ProgramBinary &binary() const { return *binary_; }
  // CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE: the program-scope
  // variables' storage, as the module has it.
  std::size_t globalVariableBytes() const { return global_variable_bytes_; }
  // Whether its kernels may call device printf (its PTX calls vprintf, or
  // there is no PTX to tell).
  bool callsPrintf() const { return calls_printf_; }

private:
  LoadedModule() = default;

  Ref<Context> context_;
  Device *device_ = nullptr;
  CUmodule module_ = nullptr;
  std::shared_ptr<const ProgramBinary> binary_;
  std::size_t global_variable_bytes_ = 0;
  bool calls_printf_ = true;
};

using ProgramNotify = void(CL_CALLBACK *)(cl_program, void *);

class Program : public Object<Program, Tag::program> {
public:
  enum class Origin { source, il, binary, linked };

  // `devices` are the program's devices: the context's, or a subset.
  static Program *createWithSource(Context &context, std::string source);
  // A SPIR-V module (clCreateProgramWithIL); its build translates it.
  static Program *createWithIl(Context &context, std::string il);
  // One binary per device; `status` gets each one's CL_SUCCESS or
  // CL_INVALID_BINARY. Fails with CL_INVALID_BINARY if any is invalid.
  static cl_int createWithBinaries(Context &context, const std::vector<Device *> &devices,
                                   const std::vector<std::string_view> &binaries,
                                   std::vector<cl_int> &status, Program *&out);
  // clLinkProgram: a new program for `devices`, linked from the inputs'
  // compiled objects and libraries. The program exists even when the link
  // fails (`link_status` is then CL_LINK_PROGRAM_FAILURE and the build log
  // says why).
  static cl_int link(Context &context, const std::vector<Device *> &devices,
                     const std::vector<Program *> &inputs, const std::string &options,
                     Program *&out, cl_int &link_status);

  Context &context() const { return *context_; }
  const std::vector<Device *> &devices() const { return devices_; }
  bool hasDevice(const Device *device) const;
  Origin origin() const { return origin_; }
  const std::string &source() const { return source_; }
  const std::string &il() const { return il_; }
  // clSetProgramSpecializationConstant: CL_INVALID_PROGRAM for a program not
  // made from IL, CL_INVALID_SPEC_ID for an id the module does not have,
  // CL_INVALID_VALUE for a size not the constant's; `why` says which.
  cl_int setSpecializationConstant(cl_uint id, std::size_t size, const void *value,
                                   std::string &why);

  // clBuildProgram for `devices` (all of the program's when empty); options
  // nullptr means "as given when the binary was built".
  cl_int build(const std::vector<Device *> &devices, const char *options);
  // clCompileProgram.
  cl_int compile(const std::vector<Device *> &devices, const std::string &options,
                 const std::vector<SourceHeader> &headers);
  // clLinkProgram's precondition: every one of `devices` has a compiled
  // object or library.
  bool hasLinkableBinaries(const std::vector<Device *> &devices);

  // ---- build state, per device ----
  cl_build_status buildStatus(const Device &device);
  std::string buildOptions(const Device &device);
  std::string buildLog(const Device &device);
  cl_program_binary_type binaryType(const Device &device);
  std::size_t globalVariableBytes(const Device &device);
  // CL_PROGRAM_BINARIES: one per device, empty where there is none.
  std::vector<std::shared_ptr<const std::string>> binaries();
  std::vector<std::size_t> binarySizes();

  // ---- the executable ----
  // Built successfully for at least one device.
  bool hasExecutable();
  // The kernel names (CL_PROGRAM_KERNEL_NAMES order) of the executable.
  std::vector<std::string> kernelNames();
  std::string kernelNameList();
  // Every device with an executable, and its module.
  std::vector<std::shared_ptr<const LoadedModule>> executables();

  // Kernels attached: a program with kernels may not be built again.
  void kernelCreated() { kernels_.fetch_add(1, std::memory_order_relaxed); }
  void kernelDestroyed() { kernels_.fetch_sub(1, std::memory_order_relaxed); }

private:
  struct DeviceState {
    explicit DeviceState(Device *on) : device(on) {}
    Device *device;
    cl_build_status status = CL_BUILD_NONE;
    std::string options;
    std::string log;
    std::shared_ptr<const ProgramBinary> binary;
    std::shared_ptr<const LoadedModule> module;
    std::shared_ptr<const std::string> bytes; // the serialized binary, made on demand
  };
  enum class Operation { build, compile, link };
  class BuildScope;

  Program(Context &context, std::vector<Device *> devices, Origin origin);
  std::size_t deviceIndex(const Device &device) const;
  DeviceState &state(const Device &device);
  // Marks the devices' builds in progress; CL_INVALID_OPERATION when one is
  // already, or kernels are attached.
  cl_int beginBuild(const std::vector<Device *> &devices);
  // Runs `make(device, target)` for each of `devices` (whose builds
  // beginBuild marked), loads the executables it makes, records each
  // device's outcome and returns the first failure's error code.
  template <class Make>
  cl_int runBuild(const std::vector<Device *> &devices, const std::string &options,
                  Operation operation, Make &&make);
  // runBuild with `make(target)` run once per GPU architecture among
  // `devices`: devices of the same kind share its result.
  template <class Make>
  cl_int runBuildPerArchitecture(const std::vector<Device *> &devices, const std::string &options,
                                 Operation operation, Make &&make);
  // Loads an executable on `device`, compiling its units again when the
  // binary was made for another GPU and nothing in it loads there.
  cl_int loadExecutable(Device &device, BuildResult &result,
                        std::shared_ptr<const LoadedModule> &module, double &seconds);
  // A copy of the specialization constants' values, for a build.
  std::map<unsigned, std::string> specializationValues();

  Ref<Context> context_;
  std::vector<Device *> devices_;
  Origin origin_;
  std::string source_;
  std::string il_;
  std::map<unsigned, std::string> specializations_; // SpecId -> bytes, for the next build
  // Programs from binaries: what clCreateProgramWithBinary got, per device.
  std::vector<std::shared_ptr<const ProgramBinary>> given_;
  std::atomic<int> kernels_{0};

  std::mutex mutex_;
  std::vector<DeviceState> states_;
};

template <> struct HandleOf<Program> { using type = cl_program; };

// The build status of a failed build for the operation's error code.
cl_int buildError(BuildFailure failure, cl_int invalid_options, cl_int failed, cl_int tool_missing);

} // namespace clcuda::core
