#include "toolkit_libraries.h"

#include <nvrtc.h>

#include <dlfcn.h>

namespace clcuda {
namespace {

// The directory of the libnvrtc this process linked, as the loader found it.
std::string nvrtcDirectory() {
  Dl_info info{};
  if (!dladdr(reinterpret_cast<void *>(&nvrtcVersion), &info) || !info.dli_fname)
    return "";
  const std::string path = info.dli_fname;
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? "" : path.substr(0, slash);
}

std::string lastDlError() {
  const char *error = dlerror();
  return error ? error : "unknown error";
}

} // namespace

void *openToolkitLibrary(const std::string &soname, std::string &error) {
  if (void *library = dlopen(soname.c_str(), RTLD_NOW | RTLD_LOCAL))
    return library;
  error = lastDlError();
  const std::string directory = nvrtcDirectory();
  if (directory.empty())
    return nullptr;
  if (void *library = dlopen((directory + "/" + soname).c_str(), RTLD_NOW | RTLD_LOCAL))
    return library;
  error += "; " + lastDlError();
  return nullptr;
}

const std::string &loadNvrtcBuiltins() {
  static const std::string why_not = [] {
    int major = 0, minor = 0;
    if (nvrtcVersion(&major, &minor) != NVRTC_SUCCESS)
      return std::string("nvrtcVersion failed");
    const std::string soname =
        "libnvrtc-builtins.so." + std::to_string(major) + "." + std::to_string(minor);
    std::string error;
    return openToolkitLibrary(soname, error) ? std::string() : soname + ": " + error;
  }();
  return why_not;
}

} // namespace clcuda
