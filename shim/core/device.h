// Platform and devices: one platform, one GPU device per CUDA device.
#pragma once

#include "device_runtime.h"
#include "object.h"

#include <array>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace clcuda::core {

// What clGetDeviceInfo answers from, gathered once per device from
// cuDeviceGetAttribute & co. Plain data: tests fill one by hand.
struct DeviceProperties {
  std::string name;
  std::array<unsigned char, 16> uuid{};
  int compute_major = 0;
  int compute_minor = 0;
  int multiprocessors = 0;
  int clock_khz = 0;
  int max_threads_per_block = 0;
  std::array<int, 3> max_block_dim{};
  int warp_size = 0;
  int registers_per_block = 0;
  std::size_t total_memory = 0;
  int l2_cache_bytes = 0;
  int shared_memory_per_block_optin = 0;
  int total_constant_memory = 0;
  bool ecc_enabled = false;
  bool integrated = false;
  bool kernel_exec_timeout = false; // a watchdog limits kernel run time (a display GPU)
  int async_engine_count = 0;       // copy engines that overlap kernels
  bool managed_memory = false;
  bool concurrent_managed_access = false;
  int pci_domain = 0;
  int pci_bus = 0;
  int pci_device = 0;
  // What a texture object over linear memory needs (image textures, image.h).
  int texture_alignment = 0;       // of the base address, bytes
  int texture_pitch_alignment = 0; // of the row pitch, bytes
  int texture2d_linear_max_width = 0;
  int texture2d_linear_max_height = 0;
  int texture2d_linear_max_pitch = 0; // bytes
  int driver_version = 0;     // cuDriverGetVersion: 13000 for CUDA 13.0
  std::string driver_release; // cuda::driverRelease(): "580.159.04", or "" where unknown
};

CUresult queryDeviceProperties(CUdevice device, int driver_version, DeviceProperties &out);

class Platform;

class Device : public ObjectHeader {
public:
  static constexpr Tag kTagValue = Tag::device;

  Device(Platform *platform, CUdevice device, DeviceProperties properties);
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  Platform *platform() const { return platform_; }
  CUdevice cudaDevice() const { return device_; }
  const DeviceProperties &properties() const { return properties_; }

  // Retains the primary context and makes the runtime state, once; a context
  // calls it for each of its devices. After a sticky CUDA error (a kernel
  // fault) killed the primary context it fails: CUDA has no working context
  // for the process any more. Thread-safe.
  cl_int activate();
  // After a sticky CUDA error in a context of this device: if it killed this
  // device's primary context (a context of several devices may have lost
  // another's), pending watches are abandoned (their completions run now)
  // and no new context is made on the device.
  void checkPrimaryContext();
  // Valid after a successful activate().
  DeviceRuntime &runtime() const { return *runtime_; }
  CUcontext cudaContext() const { return runtime_->context(); }

private:
  Platform *platform_;
  CUdevice device_;
  DeviceProperties properties_;
  std::mutex activation_mutex_;
  std::unique_ptr<DeviceRuntime> runtime_;
  bool primary_lost_ = false;
};

class Platform : public ObjectHeader {
public:
  static constexpr Tag kTagValue = Tag::platform;

  // The one platform; loads the driver and lists the devices on first call.
  static Platform &instance();

  const std::vector<Device *> &devices() const { return device_list_; }
  bool contains(const Device *device) const;
  // Why there are no devices ("" when the driver loaded), for logs.
  const std::string &noDeviceReason() const { return no_device_reason_; }

private:
  Platform();

  std::vector<std::unique_ptr<Device>> devices_;
  std::vector<Device *> device_list_;
  std::string no_device_reason_;
};

template <> struct HandleOf<Device> { using type = cl_device_id; };
template <> struct HandleOf<Platform> { using type = cl_platform_id; };

} // namespace clcuda::core
