#include "NvrtcCheck.h"

#include <clcuda/device_library.h>

#include <nvrtc.h>

#include <chrono>

namespace cl2cuda {

NvrtcCheckResult compileWithNvrtc(const std::string &cuda_source, const std::string &name,
                                  const std::vector<std::string> &options, const std::string &arch,
                                  const std::vector<std::string> &include_dirs) {
  NvrtcCheckResult result;
  auto start = std::chrono::steady_clock::now();
  const clcuda::EmbeddedFileSet &library = clcuda::device_library_headers;
  std::vector<const char *> header_sources, header_names;
  for (size_t i = 0; i < library.count; ++i) {
    header_sources.push_back(library.files[i].data);
    header_names.push_back(library.files[i].name);
  }
  nvrtcProgram program = nullptr;
  nvrtcResult status = nvrtcCreateProgram(&program, cuda_source.c_str(), name.c_str(),
                                          static_cast<int>(header_sources.size()),
                                          header_sources.data(), header_names.data());
  if (status != NVRTC_SUCCESS) {
    result.log = std::string("nvrtcCreateProgram: ") + nvrtcGetErrorString(status);
    return result;
  }
  std::vector<std::string> all = {"-std=c++17", "-arch=" + arch};
  all.insert(all.end(), options.begin(), options.end());
  for (const std::string &dir : include_dirs)
    all.push_back("-I" + dir);
  std::vector<const char *> pointers;
  for (const std::string &option : all)
    pointers.push_back(option.c_str());
  status = nvrtcCompileProgram(program, static_cast<int>(pointers.size()), pointers.data());
  size_t log_size = 0;
  if (nvrtcGetProgramLogSize(program, &log_size) == NVRTC_SUCCESS && log_size > 1) {
    result.log.resize(log_size);
    nvrtcGetProgramLog(program, result.log.data());
    result.log.resize(log_size - 1);
  }
  if (status == NVRTC_SUCCESS) {
    result.ok = true;
    size_t ptx_bytes = 0;
    nvrtcGetPTXSize(program, &ptx_bytes);
    result.ptx.resize(ptx_bytes);
    if (ptx_bytes)
      nvrtcGetPTX(program, result.ptx.data());
    nvrtcGetCUBINSize(program, &result.cubin_bytes);
    result.cubin.resize(result.cubin_bytes);
    if (result.cubin_bytes)
      nvrtcGetCUBIN(program, result.cubin.data());
  } else if (result.log.empty()) {
    result.log = nvrtcGetErrorString(status);
  }
  nvrtcDestroyProgram(&program);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

} // namespace cl2cuda
