#include "nvrtc_compile.h"

#include "bench_error.h"

#include <nvrtc.h>

#include <memory>

namespace clcuda::bench {
namespace {

void check(nvrtcResult status, const char *call) {
  if (status != NVRTC_SUCCESS)
    throw BenchError(std::string(call) + " failed: " + nvrtcGetErrorString(status));
}

struct ProgramDestroyer {
  void operator()(nvrtcProgram program) const { nvrtcDestroyProgram(&program); }
};

} // namespace

std::vector<char> compileToCubin(const std::string &source, const std::string &name,
                                 const std::string &arch) {
  nvrtcProgram raw = nullptr;
  check(nvrtcCreateProgram(&raw, source.c_str(), name.c_str(), 0, nullptr, nullptr),
        "nvrtcCreateProgram");
  std::unique_ptr<_nvrtcProgram, ProgramDestroyer> program(raw);
  const std::string arch_option = "--gpu-architecture=" + arch;
  const char *options[] = {arch_option.c_str()};
  const nvrtcResult status = nvrtcCompileProgram(program.get(), 1, options);
  if (status != NVRTC_SUCCESS) {
    std::size_t size = 0;
    nvrtcGetProgramLogSize(program.get(), &size);
    std::string log(size, '\0');
    nvrtcGetProgramLog(program.get(), log.data());
    throw BenchError("NVRTC could not compile " + name + " for " + arch + ": " +
                     nvrtcGetErrorString(status) + "; log: " + log.c_str());
  }
  std::size_t size = 0;
  check(nvrtcGetCUBINSize(program.get(), &size), "nvrtcGetCUBINSize");
  std::vector<char> cubin(size);
  check(nvrtcGetCUBIN(program.get(), cubin.data()), "nvrtcGetCUBIN");
  return cubin;
}

} // namespace clcuda::bench
