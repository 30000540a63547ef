// Device entry points and the device info table's helpers.
#include "cl_nv_tokens.h"
#include "common.h"
#include "info_tables.h"

#include "core/capabilities.h"
#include "core/device.h"
#include "core/memory.h"
#include "core/settings.h"
#include "core/svm.h"

#include "clcuda/command_buffer_khr.h"
#include "clcuda/spirv_queries_khr.h"

#include <cstdio>
#include <cstring>

namespace clcuda::api {

bool validPlatform(cl_platform_id platform);

namespace {

using Uuid = std::array<cl_uchar, CL_UUID_SIZE_KHR>;
using Luid = std::array<cl_uchar, CL_LUID_SIZE_KHR>;

constexpr cl_uint kNvidiaPciVendorId = 0x10de;
constexpr cl_uint kMemBaseAddrAlignBits = core::kBaseAddressAlignment * 8;
constexpr cl_uint kCacheLineBytes = 128;
// cuEventElapsedTime resolves about half a microsecond.
constexpr std::size_t kProfilingResolutionNs = 1000;
// CUDA's default printf FIFO (CU_LIMIT_PRINTF_FIFO_SIZE).
constexpr std::size_t kPrintfBufferBytes = 1 << 20;
// __constant arguments are device pointers (docs/design.md); CUDA limits
// their number only through the parameter space. The spec's minimum.
constexpr cl_uint kMaxConstantArgs = 8;
// The hidden NDRange parameter every kernel takes (sizeof(clc::ndrange) in
// docs/design.md, rounded up), reserved from CUDA's parameter space.
constexpr std::size_t kNdrangeParameterBytes = 128;
constexpr cl_command_queue_properties kHostQueueProperties =
    CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
constexpr cl_device_fp_config kDoubleFpConfig = CL_FP_DENORM | CL_FP_INF_NAN |
                                                CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO |
                                                CL_FP_ROUND_TO_INF | CL_FP_FMA;
// -cl-fp32-correctly-rounded-divide-sqrt is NVRTC's --prec-div=true
// --prec-sqrt=true (div.rn.f32, sqrt.rn.f32); the flag is single precision's
// alone (double's divide and sqrt are correctly rounded anyway).
constexpr cl_device_fp_config kSingleFpConfig =
    kDoubleFpConfig | CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT;
// half: the f16 instructions (+, -, *, fma round once, to nearest even, and
// keep subnormals); division and the builtins round a float result once.
constexpr cl_device_fp_config kHalfFpConfig =
    CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA;
// What OpenCL 3.0 requires of every device; capabilities.def features add to it.
constexpr cl_device_atomic_capabilities kMinimumAtomicMemoryCapabilities =
    CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP;
constexpr cl_device_atomic_capabilities kMinimumAtomicFenceCapabilities =
    CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
    CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP;

// "13.0" for cuDriverGetVersion's 13000.
std::string cudaVersion(int driver_version) {
  return std::to_string(driver_version / 1000) + "." + std::to_string(driver_version % 1000 / 10);
}

// The SPIR-V versions clCreateProgramWithIL takes: none with CLCUDA_SPIRV=0.
NameVersions ilVersions() {
  NameVersions versions;
  if (!core::settings().spirv)
    return versions;
  for (cl_uint minor = 0; minor <= 6; ++minor) {
    cl_name_version entry{};
    entry.version = CL_MAKE_VERSION(1, minor, 0);
    std::snprintf(entry.name, sizeof entry.name, "SPIR-V");
    versions.push_back(entry);
  }
  return versions;
}

std::string ilVersionString() {
  std::string text;
  for (const cl_name_version &entry : ilVersions())
    text += std::string(text.empty() ? "" : " ") + entry.name + "_1." +
            std::to_string(CL_VERSION_MINOR(entry.version));
  return text;
}

std::string deviceVersion(const core::DeviceProperties &p) {
  return "OpenCL " + core::openclVersionText() + " CUDA " + cudaVersion(p.driver_version);
}

// NVIDIA's OpenCL reports the driver's release ("580.159.04"; applications
// such as hashcat read it with "%d.%d"), then clcuda's own version. Where the
// release is unknown, the CUDA version the driver supports stands first.
std::string driverVersion(const core::DeviceProperties &p) {
  const std::string release =
      p.driver_release.empty() ? "CUDA " + cudaVersion(p.driver_version) : p.driver_release;
  return release + " (clcuda " CLCUDA_VERSION_STRING ")";
}

std::size_t maxParameterSize(const core::DeviceProperties &p) {
  // CUDA 12.1 raised the kernel parameter space to 32764 bytes on Volta+.
  const std::size_t cuda_limit = p.compute_major >= 7 ? 32764 : 4096;
  return cuda_limit - kNdrangeParameterBytes;
}

// Program-scope variables are CUDA __device__ variables; the spec's minimum,
// which every CUDA device holds many times over.
std::size_t globalVariableBytes() { return 65536; }

cl_device_atomic_capabilities atomicCapabilities(cl_device_atomic_capabilities minimum) {
  struct FeatureBit {
    const char *feature;
    cl_device_atomic_capabilities bit;
  };
  static constexpr FeatureBit kFeatureBits[] = {
      {"__opencl_c_atomic_order_acq_rel", CL_DEVICE_ATOMIC_ORDER_ACQ_REL},
      {"__opencl_c_atomic_order_seq_cst", CL_DEVICE_ATOMIC_ORDER_SEQ_CST},
      {"__opencl_c_atomic_scope_device", CL_DEVICE_ATOMIC_SCOPE_DEVICE},
      {"__opencl_c_atomic_scope_all_devices", CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES},
  };
  cl_device_atomic_capabilities capabilities = minimum;
  for (const FeatureBit &row : kFeatureBits)
    if (core::claimsCFeature(row.feature))
      capabilities |= row.bit;
  return capabilities;
}

// The inputs of the claimed integer dot product features.
cl_device_integer_dot_product_capabilities_khr integerDotProductCapabilities() {
  cl_device_integer_dot_product_capabilities_khr capabilities = 0;
  if (core::claimsCFeature("__opencl_c_integer_dot_product_input_4x8bit_packed"))
    capabilities |= CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_PACKED_KHR;
  if (core::claimsCFeature("__opencl_c_integer_dot_product_input_4x8bit"))
    capabilities |= CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_KHR;
  return capabilities;
}

// signed, unsigned, mixed signedness: one dp4a each; the accumulating and
// saturating forms: dp4a and a saturating add (device_info.def).
constexpr cl_device_integer_dot_product_acceleration_properties_khr kIntegerDotProductAcceleration =
    {CL_TRUE, CL_TRUE, CL_TRUE, CL_FALSE, CL_FALSE, CL_FALSE};

Uuid driverUuid() {
  // Fixed per clcuda version: the bytes of "clcuda <version>".
  Uuid uuid{};
  const char text[] = "clcuda " CLCUDA_VERSION_STRING;
  std::memcpy(uuid.data(), text, std::min(sizeof(text) - 1, uuid.size()));
  return uuid;
}

cl_device_pci_bus_info_khr pciBusInfo(const core::DeviceProperties &p) {
  cl_device_pci_bus_info_khr info{};
  info.pci_domain = cl_uint(p.pci_domain);
  info.pci_bus = cl_uint(p.pci_bus);
  info.pci_device = cl_uint(p.pci_device);
  info.pci_function = 0;
  return info;
}

// NVIDIA's slot id is the PCI device number itself (its OpenCL answered 6
// for a GPU at device 6 on the H200, not 6 << 3 as some readers decode it).
cl_uint pciSlotId(const core::DeviceProperties &p) { return pciBusInfo(p).pci_device; }

bool typeSelectsGpu(cl_device_type type) {
  return type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_DEFAULT);
}

} // namespace

const InfoTable<core::Device> &deviceInfoTable() {
  static const InfoTable<core::Device> table = {
#define CLCUDA_INFO(param, type, expression)                                                       \
  CLCUDA_INFO_ENTRY(core::Device, device, param, type, expression)
#include "info/device_info.def"
#undef CLCUDA_INFO
  };
  return table;
}

// The devices of `type`: every clcuda device is a GPU (and the default).
cl_int devicesOfType(cl_device_type type, std::vector<core::Device *> &out) {
  constexpr cl_device_type kKnown = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU |
                                    CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR |
                                    CL_DEVICE_TYPE_CUSTOM;
  if (type != CL_DEVICE_TYPE_ALL && (type & ~kKnown || type == 0))
    return refuse(CL_INVALID_DEVICE_TYPE, "device_type " + hexText(type) + " is not a device type");
  out.clear();
  if (type == CL_DEVICE_TYPE_ALL || typeSelectsGpu(type))
    out = core::Platform::instance().devices();
  if (!out.empty())
    return CL_SUCCESS;
  return refuse(CL_DEVICE_NOT_FOUND, typeSelectsGpu(type) || type == CL_DEVICE_TYPE_ALL
                                         ? "the CUDA driver reports no usable device"
                                         : "device_type asks for no GPU; every clcuda device is "
                                           "a GPU");
}

} // namespace clcuda::api

using namespace clcuda;
using namespace clcuda::api;

CLCUDA_API cl_int CL_API_CALL clGetDeviceIDs(cl_platform_id platform, cl_device_type device_type,
                                             cl_uint num_entries, cl_device_id *devices,
                                             cl_uint *num_devices) {
  return guarded(__func__, [&] {
    if (!validPlatform(platform))
      return invalidHandle(CL_INVALID_PLATFORM, "platform");
    if (num_entries == 0 && devices)
      return refuse(CL_INVALID_VALUE, "num_entries is 0 but devices is not NULL");
    if (!devices && !num_devices)
      return refuse(CL_INVALID_VALUE, "devices and num_devices are both NULL");
    std::vector<core::Device *> found;
    cl_int error = devicesOfType(device_type, found);
    if (error != CL_SUCCESS)
      return error;
    if (devices)
      for (cl_uint i = 0; i < num_entries && i < found.size(); ++i)
        devices[i] = toHandle(found[i]);
    if (num_devices)
      *num_devices = cl_uint(found.size());
    return CL_SUCCESS;
  });
}

CLCUDA_API cl_int CL_API_CALL clGetDeviceInfo(cl_device_id device, cl_device_info param_name,
                                              size_t param_value_size, void *param_value,
                                              size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    return answerInfoFor<core::Device>(device, CL_INVALID_DEVICE, "device", deviceInfoTable(),
                                       param_name, param_value_size, param_value,
                                       param_value_size_ret);
  });
}

// Root devices are not reference counted: retain and release only check.
static cl_int checkDevice(cl_device_id device) {
  return fromHandle<core::Device>(device) ? CL_SUCCESS : invalidHandle(CL_INVALID_DEVICE, "device");
}

CLCUDA_API cl_int CL_API_CALL clCreateSubDevices(cl_device_id in_device,
                                                 const cl_device_partition_property *, cl_uint,
                                                 cl_device_id *, cl_uint *) {
  return guarded(__func__, [&] {
    cl_int error = checkDevice(in_device);
    // CL_DEVICE_PARTITION_PROPERTIES is empty: no scheme is supported.
    return error != CL_SUCCESS ? error
                               : refuse(CL_INVALID_VALUE, "devices cannot be partitioned "
                                                          "(CL_DEVICE_PARTITION_PROPERTIES is "
                                                          "empty)");
  });
}

CLCUDA_API cl_int CL_API_CALL clRetainDevice(cl_device_id device) {
  return guarded(__func__, [&] { return checkDevice(device); });
}

CLCUDA_API cl_int CL_API_CALL clReleaseDevice(cl_device_id device) {
  return guarded(__func__, [&] { return checkDevice(device); });
}

CLCUDA_API cl_int CL_API_CALL clCreateSubDevicesEXT(cl_device_id in_device,
                                                    const cl_device_partition_property_ext *,
                                                    cl_uint, cl_device_id *, cl_uint *) {
  return guarded(__func__, [&] {
    cl_int error = checkDevice(in_device);
    return error != CL_SUCCESS
               ? error
               : refuse(CL_INVALID_OPERATION, "cl_ext_device_fission is not supported");
  });
}

CLCUDA_API cl_int CL_API_CALL clRetainDeviceEXT(cl_device_id device) {
  return guarded(__func__, [&] { return checkDevice(device); });
}

CLCUDA_API cl_int CL_API_CALL clReleaseDeviceEXT(cl_device_id device) {
  return guarded(__func__, [&] { return checkDevice(device); });
}
