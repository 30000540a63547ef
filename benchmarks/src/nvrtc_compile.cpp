#include "nvrtc_compile.h"

#include "bench_error.h"

#include <toolkit_libraries.h>

#include <nvrtc.h>

#include <memory>
#include <sstream>

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
                                 const std::string &arch, const std::string &options) {
  if (const std::string &why_not = loadNvrtcBuiltins(); !why_not.empty())
    throw BenchError("NVRTC's builtins could not be loaded: " + why_not);
  nvrtcProgram raw = nullptr;
  check(nvrtcCreateProgram(&raw, source.c_str(), name.c_str(), 0, nullptr, nullptr),
        "nvrtcCreateProgram");
  std::unique_ptr<_nvrtcProgram, ProgramDestroyer> program(raw);
  std::vector<std::string> words = {"--gpu-architecture=" + arch};
  std::istringstream split(options);
  // "-D NAME=VALUE" is one option to NVRTC as "-DNAME=VALUE".
  for (std::string word; split >> word;)
    if (word == "-D" && split >> word)
      words.push_back("-D" + word);
    else
      words.push_back(word);
  std::vector<const char *> pointers;
  for (const std::string &word : words)
    pointers.push_back(word.c_str());
  const nvrtcResult status =
      nvrtcCompileProgram(program.get(), int(pointers.size()), pointers.data());
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
