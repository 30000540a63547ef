// The CUDA driver API, loaded at run time (docs/design.md says why it is not
// linked). Every call into CUDA goes through clcuda::cuda::api().
#pragma once

#include <cuda.h>

#include <atomic>
#include <string>

namespace clcuda::cuda {

struct DriverApi {
#define CLCUDA_DRIVER_FUNCTION(name, version) decltype(&::name) name = nullptr;
#include "driver_functions.def"
#undef CLCUDA_DRIVER_FUNCTION
};

// The driver, loaded and initialized (cuInit) on first call; nullptr when
// libcuda.so.1 is missing, lacks an entry point we use, or cuInit fails.
const DriverApi *driver();

// Why driver() is nullptr, in words fit for a log or a test's skip reason.
const std::string &driverUnavailableReason();

namespace detail {
// Set when the driver has loaded: api() is a load, not a call (hot paths).
extern std::atomic<const DriverApi *> loaded_api;
} // namespace detail

// The loaded driver; only valid to call once driver() returned non-null.
inline const DriverApi &api() { return *detail::loaded_api.load(std::memory_order_acquire); }

// Number of CUDA devices visible to this process (0 without a driver).
int deviceCount();

// The NVIDIA driver's release as NVIDIA's OpenCL reports it in
// CL_DRIVER_VERSION ("580.159.04"), without NVML: from the file the loaded
// libcuda.so.1 links to (libcuda.so.580.159.04), else from the kernel
// module's /proc/driver/nvidia/version; "" when neither tells.
const std::string &driverRelease();

// The parsers behind driverRelease(), "" when the text names no release:
// the path of a libcuda.so.<release>, and the text of /proc/driver/nvidia/version.
std::string releaseFromLibraryPath(const std::string &path);
std::string releaseFromProcVersion(const std::string &text);

} // namespace clcuda::cuda
