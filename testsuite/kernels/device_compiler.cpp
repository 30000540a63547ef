#include "device_compiler.h"

#include <clcuda/device_library.h>

#include <nvrtc.h>

#include <chrono>
#include <fstream>
#include <sstream>

namespace clcuda::test {

Compilation compileWithDeviceLibrary(const std::string &source, const std::string &name,
                                     const std::string &architecture,
                                     const std::vector<std::string> &extraOptions) {
  Compilation result;
  std::vector<const char *> headerSources, headerNames;
  for (size_t i = 0; i < device_library_headers.count; ++i) {
    headerSources.push_back(device_library_headers.files[i].data);
    headerNames.push_back(device_library_headers.files[i].name);
  }
  std::vector<std::string> options = {"-std=c++17", "-arch=" + architecture};
  options.insert(options.end(), extraOptions.begin(), extraOptions.end());
  std::vector<const char *> optionPointers;
  for (const std::string &option : options)
    optionPointers.push_back(option.c_str());

  auto start = std::chrono::steady_clock::now();
  nvrtcProgram program;
  if (nvrtcCreateProgram(&program, source.c_str(), name.c_str(), int(headerSources.size()),
                         headerSources.data(), headerNames.data()) != NVRTC_SUCCESS) {
    result.log = "nvrtcCreateProgram failed";
    return result;
  }
  nvrtcResult status =
      nvrtcCompileProgram(program, int(optionPointers.size()), optionPointers.data());
  result.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  size_t size = 0;
  nvrtcGetProgramLogSize(program, &size);
  result.log.resize(size);
  nvrtcGetProgramLog(program, result.log.data());
  while (!result.log.empty() && (result.log.back() == '\0' || result.log.back() == '\n'))
    result.log.pop_back();
  result.ok = status == NVRTC_SUCCESS;
  if (result.ok && architecture.rfind("sm_", 0) == 0) {
    nvrtcGetCUBINSize(program, &size);
    result.cubin.resize(size);
    nvrtcGetCUBIN(program, result.cubin.data());
  } else if (result.ok) {
    nvrtcGetPTXSize(program, &size);
    result.ptx.resize(size);
    nvrtcGetPTX(program, result.ptx.data());
  }
  nvrtcDestroyProgram(&program);
  return result;
}

std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

} // namespace clcuda::test
