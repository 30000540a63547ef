#include "device.h"

#include "cuda/errors.h"
#include "settings.h"

#include <algorithm>
#include <atomic>

namespace clcuda::core {

using cuda::api;

CUresult queryDeviceProperties(CUdevice device, int driver_version, DeviceProperties &out) {
  DeviceProperties properties;
  properties.driver_version = driver_version;
  properties.driver_release = cuda::driverRelease();
  char name[256] = {};
  CUresult result = api().cuDeviceGetName(name, sizeof(name), device);
  if (result != CUDA_SUCCESS)
    return result;
  properties.name = name;
  CUuuid uuid{};
  if ((result = api().cuDeviceGetUuid(&uuid, device)) != CUDA_SUCCESS)
    return result;
  std::copy(std::begin(uuid.bytes), std::end(uuid.bytes), properties.uuid.begin());
  if ((result = api().cuDeviceTotalMem(&properties.total_memory, device)) != CUDA_SUCCESS)
    return result;

  struct AttributeRow {
    CUdevice_attribute attribute;
    int *field;
  };
  int ecc = 0, integrated = 0, exec_timeout = 0, managed = 0, concurrent_managed = 0;
  const AttributeRow rows[] = {
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, &properties.compute_major},
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, &properties.compute_minor},
      {CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, &properties.multiprocessors},
      {CU_DEVICE_ATTRIBUTE_CLOCK_RATE, &properties.clock_khz},
      {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, &properties.max_threads_per_block},
      {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, &properties.max_block_dim[0]},
      {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, &properties.max_block_dim[1]},
      {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, &properties.max_block_dim[2]},
      {CU_DEVICE_ATTRIBUTE_WARP_SIZE, &properties.warp_size},
      {CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK, &properties.registers_per_block},
      {CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, &properties.l2_cache_bytes},
      {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
       &properties.shared_memory_per_block_optin},
      {CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY, &properties.total_constant_memory},
      {CU_DEVICE_ATTRIBUTE_ECC_ENABLED, &ecc},
      {CU_DEVICE_ATTRIBUTE_INTEGRATED, &integrated},
      {CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT, &exec_timeout},
      {CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT, &properties.async_engine_count},
      {CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, &managed},
      {CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS, &concurrent_managed},
      {CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, &properties.pci_domain},
      {CU_DEVICE_ATTRIBUTE_PCI_BUS_ID, &properties.pci_bus},
      {CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID, &properties.pci_device},
      {CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT, &properties.texture_alignment},
      {CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT, &properties.texture_pitch_alignment},
      {CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH,
       &properties.texture2d_linear_max_width},
      {CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_HEIGHT,
       &properties.texture2d_linear_max_height},
      {CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_PITCH,
       &properties.texture2d_linear_max_pitch},
  };
  for (const AttributeRow &row : rows)
    if ((result = api().cuDeviceGetAttribute(row.field, row.attribute, device)) != CUDA_SUCCESS)
      return result;
  properties.ecc_enabled = ecc != 0;
  properties.integrated = integrated != 0;
  properties.kernel_exec_timeout = exec_timeout != 0;
  properties.managed_memory = managed != 0;
  properties.concurrent_managed_access = concurrent_managed != 0;
  out = std::move(properties);
  return CUDA_SUCCESS;
}

Device::Device(Platform *platform, CUdevice device, DeviceProperties properties)
    : ObjectHeader{icdDispatch(), {Tag::device}}, platform_(platform), device_(device),
      properties_(std::move(properties)) {}

cl_int Device::activate() {
  std::lock_guard<std::mutex> lock(activation_mutex_);
  if (primary_lost_) {
    // CUDA gives a process no working context after a sticky error, not even
    // after cuDevicePrimaryCtxReset or through cuCtxCreate (seen on an H200,
    // driver 580): only a new process has one (docs/programs.md, "Faults").
    static std::atomic<bool> reported{false};
    if (!reported.exchange(true))
      logLine("no new context on " + properties_.name +
              ": CUDA gives a process none after a kernel fault; restart the process");
    return CL_OUT_OF_RESOURCES;
  }
  if (runtime_)
    return CL_SUCCESS;
  return cuda::toClError(DeviceRuntime::create(device_, runtime_));
}

void Device::checkPrimaryContext() {
  if (!contextDied(runtime_->context(), runtime_->utilityStream()))
    return;
  {
    std::lock_guard<std::mutex> lock(activation_mutex_);
    if (primary_lost_)
      return;
    primary_lost_ = true;
  }
  runtime_->watcher().abandonPending();
}

Platform::Platform() : ObjectHeader{icdDispatch(), {Tag::platform}} {
  const cuda::DriverApi *driver = cuda::driver();
  if (!driver) {
    no_device_reason_ = cuda::driverUnavailableReason();
    return;
  }
  int driver_version = 0, count = 0;
  driver->cuDriverGetVersion(&driver_version);
  if (driver->cuDeviceGetCount(&count) != CUDA_SUCCESS || count == 0) {
    no_device_reason_ = "the NVIDIA driver reports no CUDA device";
    return;
  }
  for (int ordinal = 0; ordinal < count; ++ordinal) {
    CUdevice device = 0;
    DeviceProperties properties;
    CUresult result = driver->cuDeviceGet(&device, ordinal);
    if (result == CUDA_SUCCESS)
      result = queryDeviceProperties(device, driver_version, properties);
    if (result != CUDA_SUCCESS) {
      // A device we cannot describe is left out rather than misreported.
      no_device_reason_ += "CUDA device " + std::to_string(ordinal) +
                           " left out: " + cuda::resultName(result) + "; ";
      continue;
    }
    devices_.push_back(std::make_unique<Device>(this, device, std::move(properties)));
    device_list_.push_back(devices_.back().get());
  }
}

Platform &Platform::instance() {
  // Never destroyed: objects the application never released point at the
  // devices, and the driver may be gone by the time static destructors run.
  static Platform *platform = new Platform();
  return *platform;
}

bool Platform::contains(const Device *device) const {
  return std::find(device_list_.begin(), device_list_.end(), device) != device_list_.end();
}

} // namespace clcuda::core
