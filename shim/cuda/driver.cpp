#include "driver.h"

#include <cudaTypedefs.h>
#include <dlfcn.h>

#include <type_traits>

#include <mutex>

namespace clcuda::cuda {
namespace {

struct LoadedDriver {
  DriverApi api;
  bool usable = false;
  std::string reason;
};

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

int deviceCount() {
  const DriverApi *api = driver();
  int count = 0;
  if (!api || api->cuDeviceGetCount(&count) != CUDA_SUCCESS)
    return 0;
  return count;
}

} // namespace clcuda::cuda
