#include "driver.h"

#include <cudaTypedefs.h>
#include <dlfcn.h>
#include <link.h>

#include <climits>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <sstream>
#include <type_traits>

namespace clcuda::cuda {
namespace {

struct LoadedDriver {
  DriverApi api;
  bool usable = false;
  std::string reason;
  std::string release; // driverRelease()
};

// A release is numbers joined by dots, at least two of them (580.159.04).
bool isRelease(const std::string &text) {
  bool digit_before = false;
  int dots = 0;
  for (char c : text) {
    if (c == '.' && digit_before)
      ++dots;
    else if (c < '0' || c > '9')
      return false;
    digit_before = c != '.';
  }
  return dots > 0 && digit_before;
}

// The file that `library` (a dlopen handle) was loaded from, links resolved.
std::string loadedFile(void *library) {
  link_map *map = nullptr;
  if (dlinfo(library, RTLD_DI_LINKMAP, &map) != 0 || !map || !map->l_name)
    return "";
  char resolved[PATH_MAX];
  return realpath(map->l_name, resolved) ? resolved : map->l_name;
}

std::string loadedRelease(void *library) {
  std::string release = releaseFromLibraryPath(loadedFile(library));
  if (release.empty()) {
    std::ifstream file("/proc/driver/nvidia/version");
    std::stringstream text;
    text << file.rdbuf();
    release = releaseFromProcVersion(text.str());
  }
  return release;
}

LoadedDriver load() {
  LoadedDriver loaded;
  // RTLD_LOCAL: the driver's symbols stay out of the application's namespace.
  void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *error = dlerror();
    loaded.reason = std::string("the NVIDIA driver library libcuda.so.1 could not be loaded (") +
                    (error ? error : "unknown error") + ")";
    return loaded;
  }
  auto get_proc_address =
      reinterpret_cast<decltype(&::cuGetProcAddress)>(dlsym(library, "cuGetProcAddress_v2"));
  if (!get_proc_address) {
    loaded.reason = "libcuda.so.1 has no cuGetProcAddress_v2: the driver is older than CUDA 12";
    return loaded;
  }
#define CLCUDA_DRIVER_FUNCTION(name, version)                                                      \
  {                                                                                                \
    static_assert(std::is_same_v<decltype(&::name), PFN_##name##_v##version>,                      \
                  #name ": the version in driver_functions.def is not the one cuda.h declares");   \
    void *pointer = nullptr;                                                                       \
    CUdriverProcAddressQueryResult found = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;                   \
    if (get_proc_address(#name, &pointer, version, CU_GET_PROC_ADDRESS_DEFAULT, &found) !=         \
            CUDA_SUCCESS ||                                                                        \
        !pointer) {                                                                                \
      loaded.reason = "the NVIDIA driver lacks " #name " (version " #version ")";                  \
      return loaded;                                                                               \
    }                                                                                              \
    loaded.api.name = reinterpret_cast<decltype(loaded.api.name)>(pointer);                        \
  }
#include "driver_functions.def"
#undef CLCUDA_DRIVER_FUNCTION
  CUresult status = loaded.api.cuInit(0);
  if (status != CUDA_SUCCESS) {
    const char *name = nullptr;
    loaded.api.cuGetErrorName(status, &name);
    loaded.reason = std::string("cuInit failed: ") + (name ? name : "unknown error");
    return loaded;
  }
  loaded.usable = true;
  loaded.release = loadedRelease(library);
  return loaded;
}

const LoadedDriver &loadedDriver() {
  static const LoadedDriver loaded = load();
  return loaded;
}

} // namespace

std::atomic<const DriverApi *> detail::loaded_api{nullptr};

const DriverApi *driver() {
  const LoadedDriver &loaded = loadedDriver();
  if (!loaded.usable)
    return nullptr;
  detail::loaded_api.store(&loaded.api, std::memory_order_release);
  return &loaded.api;
}

const std::string &driverUnavailableReason() { return loadedDriver().reason; }

const std::string &driverRelease() { return loadedDriver().release; }

std::string releaseFromLibraryPath(const std::string &path) {
  const std::string prefix = "libcuda.so.";
  const std::size_t name = path.rfind('/') + 1; // npos + 1: the whole path is the name
  if (path.compare(name, prefix.size(), prefix) != 0)
    return "";
  const std::string release = path.substr(name + prefix.size());
  return isRelease(release) ? release : "";
}

std::string releaseFromProcVersion(const std::string &text) {
  // "NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.159.04  Thu Apr ..."
  std::istringstream first_line(text.substr(0, text.find('\n')));
  for (std::string word; first_line >> word;)
    if (isRelease(word))
      return word;
  return "";
}

int deviceCount() {
  const DriverApi *api = driver();
  int count = 0;
  if (!api || api->cuDeviceGetCount(&count) != CUDA_SUCCESS)
    return 0;
  return count;
}

} // namespace clcuda::cuda
