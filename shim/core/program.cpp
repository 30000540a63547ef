#include "program.h"

#include "build_messages.h"
#include "cuda/errors.h"
#include "device.h"
#include "settings.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>

namespace clcuda::core {

using cuda::api;

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

GpuTarget targetOf(const Device &device) {
  return targetFor(device.properties().compute_major, device.properties().compute_minor);
}

struct OperationErrors {
  cl_int invalid_options, failed, tool_missing;
  const char *name;
};

// The error codes of each operation, by kind of failure.
OperationErrors errorsOf(int operation) {
  static constexpr OperationErrors kErrors[] = {
      {CL_INVALID_BUILD_OPTIONS, CL_BUILD_PROGRAM_FAILURE, CL_COMPILER_NOT_AVAILABLE, "build"},
      {CL_INVALID_COMPILER_OPTIONS, CL_COMPILE_PROGRAM_FAILURE, CL_COMPILER_NOT_AVAILABLE,
       "compile"},
      {CL_INVALID_LINKER_OPTIONS, CL_LINK_PROGRAM_FAILURE, CL_LINKER_NOT_AVAILABLE, "link"},
  };
  return kErrors[operation];
}

// "translate 4.1 ms, NVRTC 50.2 ms (CUDA C++ Frontend 30 ms, ...), link ...":
// where a build's time went, for CLCUDA_LOG=build and a verbose build's log.
std::string buildTimes(const BuildResult &result, double load_seconds, double total_seconds) {
  const BuildTimes &t = result.times;
  std::string phases = t.precompiled_headers ? " (precompiled headers" : "";
  for (const NvrtcPhase &phase : t.nvrtc_phases)
    phases += (phases.empty() ? " (" : ", ") + phase.name + " " +
              std::to_string(int(phase.seconds * 1e3 + 0.5)) + " ms";
  if (!phases.empty())
    phases += ")";
  auto ms = [](double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f ms", seconds * 1e3);
    return std::string(text);
  };
  return "cache " + (result.cache_note.empty() ? "not used" : result.cache_note) + "; translate " +
         ms(t.translate) + ", NVRTC " + ms(t.nvrtc) + phases + ", link " + ms(t.link) +
         ", cache lookup " + ms(t.cache) + ", load " + ms(load_seconds) + "; total " +
         ms(total_seconds);
}

// A verbose build (-cl-nv-verbose): its units' NVRTC options say so.
bool isVerbose(const BuildResult &result) {
  if (!result.binary)
    return false;
  for (const ProgramUnit &unit : result.binary->units)
    if (asksVerbose(unit.metadata.nvrtc_options))
      return true;
  return false;
}

} // namespace

cl_int buildError(BuildFailure failure, cl_int invalid_options, cl_int failed,
                  cl_int tool_missing) {
  switch (failure) {
  case BuildFailure::none:
    return CL_SUCCESS;
  case BuildFailure::invalid_options:
    return invalid_options;
  case BuildFailure::tool_missing:
    return tool_missing;
  case BuildFailure::failed:
    break;
  }
  return failed;
}

// ---- LoadedModule ----

cl_int LoadedModule::load(Context &context, Device &device,
                          std::shared_ptr<const ProgramBinary> binary,
                          std::shared_ptr<const LoadedModule> &out, std::string &log) {
  const DeviceProperties &properties = device.properties();
  const std::string arch = deviceArch(properties.compute_major, properties.compute_minor);
  cuda::ScopedContext scope(device.cudaContext());
  CUmodule module = nullptr;
  CUresult result = CUDA_ERROR_NO_BINARY_FOR_GPU;
  if (!binary->cubin.empty() && binary->arch == arch)
    result = api().cuModuleLoadData(&module, binary->cubin.data());
  if (result != CUDA_SUCCESS && !cuda::losesContext(result) && !binary->ptx.empty())
    result = api().cuModuleLoadData(&module, binary->ptx.c_str());
  if (result != CUDA_SUCCESS) {
    if (cuda::losesContext(result))
      return context.check(result, "loading a program");
    log += buildMessage(BuildMessage::DoesNotLoad,
                        {binary->arch, properties.name, arch, cuda::resultName(result)});
    return CL_INVALID_BINARY;
  }
  std::shared_ptr<LoadedModule> loaded(new LoadedModule());
  loaded->context_ = &context;
  loaded->device_ = &device;
  loaded->module_ = module;
  loaded->binary_ = std::move(binary);
  const std::string &ptx = loaded->binary_->ptx;
  loaded->calls_printf_ = ptx.empty() || ptx.find("vprintf") != std::string::npos;
  for (const ProgramUnit &unit : loaded->binary_->units)
    for (const cl2cuda::ProgramVariable &variable : unit.metadata.global_variables) {
      CUdeviceptr address = 0;
      std::size_t bytes = 0;
      if (api().cuModuleGetGlobal(&address, &bytes, module, variable.name.c_str()) != CUDA_SUCCESS)
        bytes = variable.size; // dropped (unused) or a function-scope static: as declared
      loaded->global_variable_bytes_ += bytes;
    }
  out = std::move(loaded);
  return CL_SUCCESS;
}

LoadedModule::~LoadedModule() {
  Device *device = device_;
  CUmodule module = module_;
  context_->afterPendingWork([device, module] {
    cuda::ScopedContext scope(device->cudaContext());
    api().cuModuleUnload(module);
  });
}

// ---- Program ----

Program::Program(Context &context, std::vector<Device *> devices, Origin origin)
    : context_(&context), devices_(std::move(devices)), origin_(origin) {
  for (Device *device : devices_)
    states_.emplace_back(device);
}

Program *Program::createWithSource(Context &context, std::string source) {
  auto *program = new Program(context, context.devices(), Origin::source);
  program->source_ = std::move(source);
  return program;
}

Program *Program::createWithIl(Context &context, std::string il) {
  auto *program = new Program(context, context.devices(), Origin::il);
  program->il_ = std::move(il);
  return program;
}

cl_int Program::setSpecializationConstant(cl_uint id, std::size_t size, const void *value,
                                          std::string &why) {
  if (origin_ != Origin::il) {
    why = "only programs made from IL have specialization constants";
    return CL_INVALID_PROGRAM;
  }
  std::string unavailable;
  const Translator *translator = Translator::shared(unavailable);
  std::map<unsigned, unsigned> sizes;
  if (!translator || !translator->specializationConstants(il_, sizes)) {
    why = translator ? "the module cannot be read" : unavailable;
    return CL_INVALID_SPEC_ID;
  }
  auto found = sizes.find(id);
  if (found == sizes.end()) {
    why = "the module has no specialization constant " + std::to_string(id);
    return CL_INVALID_SPEC_ID;
  }
  if (size != found->second) {
    why = "specialization constant " + std::to_string(id) + " has " +
          std::to_string(found->second) + " bytes, not " + std::to_string(size);
    return CL_INVALID_VALUE;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  specializations_[id] = std::string(static_cast<const char *>(value), size);
  return CL_SUCCESS;
}

std::map<unsigned, std::string> Program::specializationValues() {
  std::lock_guard<std::mutex> lock(mutex_);
  return specializations_;
}

cl_int Program::createWithBinaries(Context &context, const std::vector<Device *> &devices,
                                   const std::vector<std::string_view> &binaries,
                                   std::vector<cl_int> &status, Program *&out) {
  std::unique_ptr<Program> program(new Program(context, devices, Origin::binary));
  status.assign(devices.size(), CL_SUCCESS);
  cl_int error = CL_SUCCESS;
  for (std::size_t i = 0; i < devices.size(); ++i) {
    auto binary = std::make_shared<ProgramBinary>();
    std::string why;
    if (!parseBinary(binaries[i], *binary, why)) {
      status[i] = error = CL_INVALID_BINARY;
      program->states_[i].log = buildMessage(BuildMessage::InvalidBinary, {why});
      continue;
    }
    program->states_[i].binary = binary;
    program->given_.push_back(std::move(binary));
  }
  if (error != CL_SUCCESS)
    return error;
  out = program.release();
  return CL_SUCCESS;
}

bool Program::hasDevice(const Device *device) const {
  return std::find(devices_.begin(), devices_.end(), device) != devices_.end();
}

std::size_t Program::deviceIndex(const Device &device) const {
  const auto found = std::find(devices_.begin(), devices_.end(), &device);
  // The API layer only asks about the program's devices.
  return found == devices_.end() ? 0 : std::size_t(found - devices_.begin());
}

Program::DeviceState &Program::state(const Device &device) { return states_[deviceIndex(device)]; }

cl_int Program::beginBuild(const std::vector<Device *> &devices) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (kernels_.load(std::memory_order_relaxed) > 0)
    return CL_INVALID_OPERATION;
  for (Device *device : devices)
    if (state(*device).status == CL_BUILD_IN_PROGRESS)
      return CL_INVALID_OPERATION;
  for (Device *device : devices)
    state(*device).status = CL_BUILD_IN_PROGRESS;
  return CL_SUCCESS;
}

cl_int Program::loadExecutable(Device &device, BuildResult &result,
                               std::shared_ptr<const LoadedModule> &module, double &seconds) {
  const Clock::time_point start = Clock::now();
  std::string log;
  cl_int error = LoadedModule::load(*context_, device, result.binary, module, log);
  if (error == CL_INVALID_BINARY) {
    // Made for another GPU: compile the CUDA units again, by NVRTC alone.
    BuildResult rebuilt = retarget(*result.binary, targetOf(device));
    result.log += rebuilt.log;
    result.times.nvrtc += rebuilt.times.nvrtc;
    result.times.link += rebuilt.times.link;
    result.times.image_library += rebuilt.times.image_library;
    if (rebuilt.ok()) {
      log.clear();
      result.binary = rebuilt.binary;
      error = LoadedModule::load(*context_, device, result.binary, module, log);
    }
  }
  result.log += log;
  seconds = secondsSince(start);
  return error;
}

// Leaves no device of a build marked in progress, whatever happens (an
// exception from an allocation included): those still marked failed.
class Program::BuildScope {
public:
  BuildScope(Program &program, const std::vector<Device *> &devices)
      : program_(program), devices_(devices) {}
  BuildScope(const BuildScope &) = delete;
  BuildScope &operator=(const BuildScope &) = delete;
  ~BuildScope() {
    std::lock_guard<std::mutex> lock(program_.mutex_);
    for (Device *device : devices_)
      if (program_.state(*device).status == CL_BUILD_IN_PROGRESS)
        program_.state(*device).status = CL_BUILD_ERROR;
  }

private:
  Program &program_;
  const std::vector<Device *> &devices_;
};

template <class Make>
cl_int Program::runBuild(const std::vector<Device *> &devices, const std::string &options,
                         Operation operation, Make &&make) {
  const OperationErrors errors = errorsOf(int(operation));
  cl_int first_error = CL_SUCCESS;
  for (Device *device : devices) {
    const Clock::time_point start = Clock::now();
    const GpuTarget target = targetOf(*device);
    BuildResult result = make(*device, target);
    cl_int error =
        buildError(result.failure, errors.invalid_options, errors.failed, errors.tool_missing);
    std::shared_ptr<const LoadedModule> module;
    double load_seconds = 0;
    if (result.ok() && result.binary->type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE) {
      error = loadExecutable(*device, result, module, load_seconds);
      if (error == CL_INVALID_BINARY)
        error = errors.failed;
    }
    const bool verbose = isVerbose(result);
    if (logs("build") || verbose) {
      const std::string times = buildTimes(result, load_seconds, secondsSince(start));
      if (logs("build"))
        logLine(std::string(errors.name) + " for " + device->properties().name + " (" +
                target.arch + "): " + (result.ok() ? "ok" : "failed") + "; " + times);
      if (verbose)
        result.log += "clcuda build times: " + times + "\n";
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      DeviceState &record = state(*device);
      record.status = error == CL_SUCCESS ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
      record.options = options;
      record.log = std::move(result.log);
      record.binary = error == CL_SUCCESS ? result.binary : nullptr;
      record.module = std::move(module);
      record.bytes.reset();
    }
    if (first_error == CL_SUCCESS)
      first_error = error;
  }
  return first_error;
}

template <class Make>
cl_int Program::runBuildPerArchitecture(const std::vector<Device *> &devices,
                                        const std::string &options, Operation operation,
                                        Make &&make) {
  std::map<std::string, BuildResult> by_arch;
  return runBuild(devices, options, operation, [&](Device &, const GpuTarget &target) {
    auto found = by_arch.find(target.arch);
    if (found == by_arch.end())
      found = by_arch.emplace(target.arch, make(target)).first;
    return found->second;
  });
}

cl_int Program::build(const std::vector<Device *> &requested, const char *options) {
  if (origin_ == Origin::linked)
    return CL_INVALID_OPERATION;
  const std::vector<Device *> &devices = requested.empty() ? devices_ : requested;
  cl_int error = beginBuild(devices);
  if (error != CL_SUCCESS)
    return error;
  const BuildScope scope(*this, devices);
  if (origin_ == Origin::source || origin_ == Origin::il) {
    const std::string text = options ? options : "";
    const std::map<unsigned, std::string> specializations = specializationValues();
    const BuildTools tools = BuildTools::standard();
    return runBuildPerArchitecture(devices, text, Operation::build, [&](const GpuTarget &target) {
      return origin_ == Origin::il ? buildFromIl(tools, il_, specializations, text, target)
                                   : buildFromSource(tools, source_, text, target);
    });
  }
  // From a binary: an executable loads; objects and libraries are linked.
  // Options NULL: the binary's own are recorded.
  cl_int first_error = CL_SUCCESS;
  for (Device *device : devices) {
    const std::shared_ptr<const ProgramBinary> &binary = given_[deviceIndex(*device)];
    const std::string recorded = options ? options : binary->options;
    error = runBuild({device}, recorded, Operation::build, [&](Device &, const GpuTarget &target) {
      if (binary->type != CL_PROGRAM_BINARY_TYPE_EXECUTABLE)
        return linkBinaries(BuildTools::standard(), {binary.get()}, "", target);
      BuildResult result;
      result.failure = BuildFailure::none;
      result.log = binary->log;
      result.binary = binary;
      return result;
    });
    if (first_error == CL_SUCCESS)
      first_error = error;
  }
  return first_error;
}

cl_int Program::compile(const std::vector<Device *> &requested, const std::string &options,
                        const std::vector<SourceHeader> &headers) {
  if (origin_ != Origin::source && origin_ != Origin::il)
    return CL_INVALID_OPERATION;
  const std::vector<Device *> &devices = requested.empty() ? devices_ : requested;
  cl_int error = beginBuild(devices);
  if (error != CL_SUCCESS)
    return error;
  const BuildScope scope(*this, devices);
  const BuildTools tools = BuildTools::standard();
  const std::map<unsigned, std::string> specializations = specializationValues();
  return runBuildPerArchitecture(devices, options, Operation::compile, [&](const GpuTarget &) {
    return origin_ == Origin::il ? compileFromIl(tools, il_, specializations, options)
                                 : compileFromSource(tools, source_, options, headers);
  });
}

bool Program::hasLinkableBinaries(const std::vector<Device *> &devices) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (Device *device : devices) {
    if (!hasDevice(device))
      return false;
    // A binary is kept by successful builds and by creation from binaries.
    const DeviceState &record = state(*device);
    if (record.status == CL_BUILD_IN_PROGRESS || !record.binary ||
        record.binary->type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE)
      return false;
  }
  return true;
}

cl_int Program::link(Context &context, const std::vector<Device *> &devices,
                     const std::vector<Program *> &inputs, const std::string &options,
                     Program *&out, cl_int &link_status) {
  std::unique_ptr<Program> program(new Program(context, devices, Origin::linked));
  // Per device, the inputs' binaries for it.
  std::vector<std::vector<std::shared_ptr<const ProgramBinary>>> per_device(devices.size());
  for (Program *input : inputs) {
    std::lock_guard<std::mutex> lock(input->mutex_);
    for (std::size_t i = 0; i < devices.size(); ++i)
      per_device[i].push_back(input->state(*devices[i]).binary);
  }
  cl_int error = program->beginBuild(devices);
  if (error != CL_SUCCESS)
    return error;
  const BuildScope scope(*program, devices);
  const BuildTools tools = BuildTools::standard();
  std::size_t next = 0;
  link_status =
      program->runBuild(devices, options, Operation::link, [&](Device &, const GpuTarget &target) {
        std::vector<const ProgramBinary *> binaries;
        for (const auto &binary : per_device[next])
          binaries.push_back(binary.get());
        ++next;
        return linkBinaries(tools, binaries, options, target);
      });
  out = program.release();
  return CL_SUCCESS;
}

cl_build_status Program::buildStatus(const Device &device) {
  std::lock_guard<std::mutex> lock(mutex_);
  return state(device).status;
}

std::string Program::buildOptions(const Device &device) {
  std::lock_guard<std::mutex> lock(mutex_);
  return state(device).options;
}

std::string Program::buildLog(const Device &device) {
  std::lock_guard<std::mutex> lock(mutex_);
  return state(device).log;
}

cl_program_binary_type Program::binaryType(const Device &device) {
  std::lock_guard<std::mutex> lock(mutex_);
  const DeviceState &record = state(device);
  return record.binary ? record.binary->type : CL_PROGRAM_BINARY_TYPE_NONE;
}

std::size_t Program::globalVariableBytes(const Device &device) {
  std::lock_guard<std::mutex> lock(mutex_);
  const DeviceState &record = state(device);
  return record.module ? record.module->globalVariableBytes() : 0;
}

std::vector<std::shared_ptr<const std::string>> Program::binaries() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::shared_ptr<const std::string>> list;
  for (DeviceState &record : states_) {
    if (record.binary && !record.bytes)
      record.bytes = std::make_shared<const std::string>(serializeBinary(*record.binary));
    list.push_back(record.bytes);
  }
  return list;
}

std::vector<std::size_t> Program::binarySizes() {
  std::vector<std::size_t> sizes;
  for (const std::shared_ptr<const std::string> &bytes : binaries())
    sizes.push_back(bytes ? bytes->size() : 0);
  return sizes;
}

bool Program::hasExecutable() {
  std::lock_guard<std::mutex> lock(mutex_);
  return std::any_of(states_.begin(), states_.end(),
                     [](const DeviceState &record) { return record.module != nullptr; });
}

std::vector<std::shared_ptr<const LoadedModule>> Program::executables() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::shared_ptr<const LoadedModule>> modules;
  for (const DeviceState &record : states_)
    if (record.module)
      modules.push_back(record.module);
  return modules;
}

std::vector<std::string> Program::kernelNames() {
  std::vector<std::shared_ptr<const LoadedModule>> modules = executables();
  return modules.empty() ? std::vector<std::string>() : modules.front()->binary().kernelNames();
}

std::string Program::kernelNameList() {
  std::string list;
  for (const std::string &name : kernelNames())
    list += (list.empty() ? "" : ";") + name;
  return list;
}

} // namespace clcuda::core
