// The tables the shim answers from: info queries, settings, capabilities.
#include "api/cl_nv_tokens.h"
#include "api/info_tables.h"
#include "api/validation.h"
#include "core/capabilities.h"
#include "core/settings.h"
#include "cuda/driver.h"

#include <clc/image_desc.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace {

// A device as an H200 describes itself, without a GPU.
clcuda::core::DeviceProperties h200Properties() {
  clcuda::core::DeviceProperties p;
  p.name = "NVIDIA H200";
  p.uuid = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  p.compute_major = 9;
  p.compute_minor = 0;
  p.multiprocessors = 132;
  p.clock_khz = 1980000;
  p.max_threads_per_block = 1024;
  p.max_block_dim = {1024, 1024, 64};
  p.warp_size = 32;
  p.registers_per_block = 65536;
  p.total_memory = std::size_t(143771) << 20;
  p.l2_cache_bytes = 60 << 20;
  p.shared_memory_per_block_optin = 232448;
  p.total_constant_memory = 65536;
  p.ecc_enabled = true;
  p.managed_memory = true;
  p.concurrent_managed_access = true;
  p.pci_domain = 0;
  p.pci_bus = 0x1b;
  p.pci_device = 3;
  p.async_engine_count = 3;
  p.driver_version = 13000;
  p.driver_release = "580.159.04";
  return p;
}

struct FakeDevice : ::testing::Test {
  clcuda::core::Device device{&clcuda::core::Platform::instance(), 0, h200Properties()};

  cl_int query(cl_device_info param, size_t size, void *value, size_t *size_ret) {
    return clcuda::api::answerInfo(clcuda::api::deviceInfoTable(), device, param, size, value,
                                   size_ret);
  }

  template <class T> T scalar(cl_device_info param) {
    T value{};
    size_t size = 0;
    EXPECT_EQ(query(param, sizeof(T), &value, &size), CL_SUCCESS);
    EXPECT_EQ(size, sizeof(T));
    return value;
  }
  std::string text(cl_device_info param) {
    size_t size = 0;
    EXPECT_EQ(query(param, 0, nullptr, &size), CL_SUCCESS);
    std::string value(size, '\0');
    EXPECT_EQ(query(param, size, value.data(), nullptr), CL_SUCCESS);
    EXPECT_EQ(value.back(), '\0');
    value.pop_back();
    return value;
  }
};

// Size query, exact copy, too small a buffer: the same for every row.
template <class Object, class Query>
void checkRows(const clcuda::api::InfoTable<Object> &rows, Query &&query) {
  std::set<cl_uint> seen;
  for (const auto &row : rows) {
    SCOPED_TRACE(row.name);
    EXPECT_TRUE(seen.insert(row.param).second) << "duplicate row";
    size_t size = 0;
    ASSERT_EQ(query(row.param, 0, nullptr, &size), CL_SUCCESS);
    if (row.fixed_size) {
      EXPECT_EQ(size, row.fixed_size);
    }
    std::vector<unsigned char> value(size + 1, 0xab);
    size_t again = 0;
    EXPECT_EQ(query(row.param, size, value.data(), &again), CL_SUCCESS);
    EXPECT_EQ(again, size);
    EXPECT_EQ(value[size], 0xab) << "wrote past the size it reported";
    if (size > 0) {
      EXPECT_EQ(query(row.param, size - 1, value.data(), nullptr), CL_INVALID_VALUE);
    }
  }
  EXPECT_EQ(query(0x7fff, 0, nullptr, nullptr), CL_INVALID_VALUE);
}

template <class Object> bool hasRow(const clcuda::api::InfoTable<Object> &rows, cl_uint param) {
  return std::any_of(rows.begin(), rows.end(), [&](const auto &row) { return row.param == param; });
}

TEST_F(FakeDevice, EveryRowAnswersConsistently) {
  checkRows(clcuda::api::deviceInfoTable(),
            [&](cl_uint param, size_t size, void *value, size_t *size_ret) {
              return query(param, size, value, size_ret);
            });
}

TEST_F(FakeDevice, EveryOpenCL30QueryHasARow) {
  // OpenCL 3.0, table 4.3, plus the claimed cl_khr_device_uuid and
  // cl_khr_pci_bus_info queries.
  const cl_device_info queries[] = {CL_DEVICE_TYPE,
                                    CL_DEVICE_VENDOR_ID,
                                    CL_DEVICE_MAX_COMPUTE_UNITS,
                                    CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS,
                                    CL_DEVICE_MAX_WORK_ITEM_SIZES,
                                    CL_DEVICE_MAX_WORK_GROUP_SIZE,
                                    CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR,
                                    CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT,
                                    CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT,
                                    CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG,
                                    CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT,
                                    CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE,
                                    CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF,
                                    CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR,
                                    CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT,
                                    CL_DEVICE_NATIVE_VECTOR_WIDTH_INT,
                                    CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG,
                                    CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT,
                                    CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE,
                                    CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF,
                                    CL_DEVICE_MAX_CLOCK_FREQUENCY,
                                    CL_DEVICE_ADDRESS_BITS,
                                    CL_DEVICE_MAX_MEM_ALLOC_SIZE,
                                    CL_DEVICE_IMAGE_SUPPORT,
                                    CL_DEVICE_MAX_READ_IMAGE_ARGS,
                                    CL_DEVICE_MAX_WRITE_IMAGE_ARGS,
                                    CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS,
                                    CL_DEVICE_IL_VERSION,
                                    CL_DEVICE_ILS_WITH_VERSION,
                                    CL_DEVICE_IMAGE2D_MAX_WIDTH,
                                    CL_DEVICE_IMAGE2D_MAX_HEIGHT,
                                    CL_DEVICE_IMAGE3D_MAX_WIDTH,
                                    CL_DEVICE_IMAGE3D_MAX_HEIGHT,
                                    CL_DEVICE_IMAGE3D_MAX_DEPTH,
                                    CL_DEVICE_IMAGE_MAX_BUFFER_SIZE,
                                    CL_DEVICE_IMAGE_MAX_ARRAY_SIZE,
                                    CL_DEVICE_MAX_SAMPLERS,
                                    CL_DEVICE_IMAGE_PITCH_ALIGNMENT,
                                    CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT,
                                    CL_DEVICE_MAX_PIPE_ARGS,
                                    CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS,
                                    CL_DEVICE_PIPE_MAX_PACKET_SIZE,
                                    CL_DEVICE_MAX_PARAMETER_SIZE,
                                    CL_DEVICE_MEM_BASE_ADDR_ALIGN,
                                    CL_DEVICE_SINGLE_FP_CONFIG,
                                    CL_DEVICE_DOUBLE_FP_CONFIG,
                                    CL_DEVICE_GLOBAL_MEM_CACHE_TYPE,
                                    CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE,
                                    CL_DEVICE_GLOBAL_MEM_CACHE_SIZE,
                                    CL_DEVICE_GLOBAL_MEM_SIZE,
                                    CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE,
                                    CL_DEVICE_MAX_CONSTANT_ARGS,
                                    CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE,
                                    CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE,
                                    CL_DEVICE_LOCAL_MEM_TYPE,
                                    CL_DEVICE_LOCAL_MEM_SIZE,
                                    CL_DEVICE_ERROR_CORRECTION_SUPPORT,
                                    CL_DEVICE_PROFILING_TIMER_RESOLUTION,
                                    CL_DEVICE_ENDIAN_LITTLE,
                                    CL_DEVICE_AVAILABLE,
                                    CL_DEVICE_COMPILER_AVAILABLE,
                                    CL_DEVICE_LINKER_AVAILABLE,
                                    CL_DEVICE_EXECUTION_CAPABILITIES,
                                    CL_DEVICE_QUEUE_ON_HOST_PROPERTIES,
                                    CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES,
                                    CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE,
                                    CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE,
                                    CL_DEVICE_MAX_ON_DEVICE_QUEUES,
                                    CL_DEVICE_MAX_ON_DEVICE_EVENTS,
                                    CL_DEVICE_BUILT_IN_KERNELS,
                                    CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION,
                                    CL_DEVICE_PLATFORM,
                                    CL_DEVICE_NAME,
                                    CL_DEVICE_VENDOR,
                                    CL_DRIVER_VERSION,
                                    CL_DEVICE_PROFILE,
                                    CL_DEVICE_VERSION,
                                    CL_DEVICE_NUMERIC_VERSION,
                                    CL_DEVICE_OPENCL_C_VERSION,
                                    CL_DEVICE_OPENCL_C_ALL_VERSIONS,
                                    CL_DEVICE_OPENCL_C_FEATURES,
                                    CL_DEVICE_EXTENSIONS,
                                    CL_DEVICE_EXTENSIONS_WITH_VERSION,
                                    CL_DEVICE_PRINTF_BUFFER_SIZE,
                                    CL_DEVICE_PREFERRED_INTEROP_USER_SYNC,
                                    CL_DEVICE_PARENT_DEVICE,
                                    CL_DEVICE_PARTITION_MAX_SUB_DEVICES,
                                    CL_DEVICE_PARTITION_PROPERTIES,
                                    CL_DEVICE_PARTITION_AFFINITY_DOMAIN,
                                    CL_DEVICE_PARTITION_TYPE,
                                    CL_DEVICE_REFERENCE_COUNT,
                                    CL_DEVICE_SVM_CAPABILITIES,
                                    CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT,
                                    CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT,
                                    CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT,
                                    CL_DEVICE_MAX_NUM_SUB_GROUPS,
                                    CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS,
                                    CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES,
                                    CL_DEVICE_ATOMIC_FENCE_CAPABILITIES,
                                    CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT,
                                    CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT,
                                    CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT,
                                    CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES,
                                    CL_DEVICE_PIPE_SUPPORT,
                                    CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                    CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED,
                                    CL_DEVICE_HOST_UNIFIED_MEMORY,
                                    CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE,
                                    CL_DEVICE_UUID_KHR,
                                    CL_DRIVER_UUID_KHR,
                                    CL_DEVICE_LUID_VALID_KHR,
                                    CL_DEVICE_LUID_KHR,
                                    CL_DEVICE_NODE_MASK_KHR,
                                    CL_DEVICE_PCI_BUS_INFO_KHR};
  for (cl_device_info query : queries)
    EXPECT_TRUE(hasRow(clcuda::api::deviceInfoTable(), query)) << "0x" << std::hex << query;
}

TEST_F(FakeDevice, AnswersComeFromTheCudaAttributes) {
  EXPECT_EQ(scalar<cl_device_type>(CL_DEVICE_TYPE), cl_device_type(CL_DEVICE_TYPE_GPU));
  EXPECT_EQ(scalar<cl_uint>(CL_DEVICE_MAX_COMPUTE_UNITS), 132u);
  EXPECT_EQ(scalar<cl_uint>(CL_DEVICE_MAX_CLOCK_FREQUENCY), 1980u);
  EXPECT_EQ(scalar<size_t>(CL_DEVICE_MAX_WORK_GROUP_SIZE), 1024u);
  auto sizes = scalar<std::array<size_t, 3>>(CL_DEVICE_MAX_WORK_ITEM_SIZES);
  EXPECT_EQ(sizes[0], 1024u);
  EXPECT_EQ(sizes[1], 1024u);
  EXPECT_EQ(sizes[2], 64u);
  EXPECT_EQ(scalar<cl_ulong>(CL_DEVICE_LOCAL_MEM_SIZE), 232448u);
  EXPECT_EQ(scalar<cl_ulong>(CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE), 65536u);
  // The whole memory in one allocation, not a quarter of it.
  EXPECT_EQ(scalar<cl_ulong>(CL_DEVICE_MAX_MEM_ALLOC_SIZE),
            scalar<cl_ulong>(CL_DEVICE_GLOBAL_MEM_SIZE));
  EXPECT_EQ(scalar<cl_ulong>(CL_DEVICE_GLOBAL_MEM_CACHE_SIZE), cl_ulong(60) << 20);
  EXPECT_EQ(scalar<cl_uint>(CL_DEVICE_ADDRESS_BITS), 64u);
  EXPECT_EQ(scalar<cl_bool>(CL_DEVICE_ENDIAN_LITTLE), CL_TRUE);
  EXPECT_EQ(scalar<cl_bool>(CL_DEVICE_ERROR_CORRECTION_SUPPORT), CL_TRUE);
  EXPECT_EQ(scalar<cl_bool>(CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT), CL_TRUE);
  EXPECT_EQ(scalar<cl_bool>(CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT), CL_TRUE);
  EXPECT_EQ(scalar<cl_bool>(CL_DEVICE_IMAGE_SUPPORT), CL_TRUE);
  // The image limits: at least the OpenCL 3.0 full profile's minimums, and
  // MAX_READ_IMAGE_ARGS image descriptors fit in the kernel parameters.
  EXPECT_GE(scalar<size_t>(CL_DEVICE_IMAGE2D_MAX_WIDTH), 16384u);
  EXPECT_GE(scalar<size_t>(CL_DEVICE_IMAGE2D_MAX_HEIGHT), 16384u);
  EXPECT_GE(scalar<size_t>(CL_DEVICE_IMAGE3D_MAX_WIDTH), 2048u);
  EXPECT_GE(scalar<size_t>(CL_DEVICE_IMAGE3D_MAX_HEIGHT), 2048u);
  EXPECT_GE(scalar<size_t>(CL_DEVICE_IMAGE3D_MAX_DEPTH), 2048u);
  EXPECT_GE(scalar<size_t>(CL_DEVICE_IMAGE_MAX_ARRAY_SIZE), 2048u);
  EXPECT_GE(scalar<size_t>(CL_DEVICE_IMAGE_MAX_BUFFER_SIZE), 65536u);
  // ... and NVIDIA's own sizes, which applications written for it may expect.
  EXPECT_EQ(scalar<size_t>(CL_DEVICE_IMAGE2D_MAX_WIDTH), 32768u);
  EXPECT_EQ(scalar<size_t>(CL_DEVICE_IMAGE2D_MAX_HEIGHT), 32768u);
  EXPECT_EQ(scalar<size_t>(CL_DEVICE_IMAGE3D_MAX_WIDTH), 16384u);
  EXPECT_EQ(scalar<size_t>(CL_DEVICE_IMAGE3D_MAX_DEPTH), 16384u);
  EXPECT_EQ(scalar<size_t>(CL_DEVICE_IMAGE_MAX_ARRAY_SIZE), 2048u);
  EXPECT_EQ(scalar<size_t>(CL_DEVICE_IMAGE_MAX_BUFFER_SIZE), size_t(1) << 28);
  EXPECT_GE(scalar<cl_uint>(CL_DEVICE_MAX_READ_IMAGE_ARGS), 128u);
  EXPECT_GE(scalar<cl_uint>(CL_DEVICE_MAX_WRITE_IMAGE_ARGS), 64u);
  EXPECT_GE(scalar<cl_uint>(CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS), 64u);
  EXPECT_GE(scalar<cl_uint>(CL_DEVICE_MAX_SAMPLERS), 16u);
  EXPECT_GE(scalar<size_t>(CL_DEVICE_MAX_PARAMETER_SIZE),
            scalar<cl_uint>(CL_DEVICE_MAX_READ_IMAGE_ARGS) * sizeof(clc::image_desc));
  EXPECT_EQ(scalar<cl_uint>(CL_DEVICE_IMAGE_PITCH_ALIGNMENT), 1u);
  EXPECT_EQ(scalar<cl_uint>(CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT), 1u);
  EXPECT_EQ(scalar<cl_bool>(CL_DEVICE_PIPE_SUPPORT), CL_FALSE);
  EXPECT_EQ(scalar<cl_device_svm_capabilities>(CL_DEVICE_SVM_CAPABILITIES),
            cl_device_svm_capabilities(CL_DEVICE_SVM_COARSE_GRAIN_BUFFER |
                                       CL_DEVICE_SVM_FINE_GRAIN_BUFFER));
  EXPECT_EQ(scalar<cl_command_queue_properties>(CL_DEVICE_QUEUE_ON_HOST_PROPERTIES),
            cl_command_queue_properties(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
                                        CL_QUEUE_PROFILING_ENABLE));
  EXPECT_EQ(scalar<cl_uint>(CL_DEVICE_PARTITION_MAX_SUB_DEVICES), 0u);
  EXPECT_EQ(scalar<size_t>(CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE), 32u);
  EXPECT_EQ(scalar<cl_uint>(CL_DEVICE_MEM_BASE_ADDR_ALIGN), 1024u);
  EXPECT_EQ(text(CL_DEVICE_NAME), "NVIDIA H200");
  EXPECT_EQ(text(CL_DEVICE_VERSION), "OpenCL 3.1 CUDA 13.0");
  EXPECT_EQ(text(CL_DEVICE_OPENCL_C_VERSION), "OpenCL C 1.2 ");
  EXPECT_EQ(text(CL_DEVICE_PROFILE), "FULL_PROFILE");
  // The spec's format, vYYYY-MM-DD-XX with a real month and day.
  const std::regex conformance_format(R"(v\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])-\d{2})");
  EXPECT_TRUE(
      std::regex_match(text(CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED), conformance_format))
      << text(CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED);
  auto uuid = scalar<std::array<cl_uchar, CL_UUID_SIZE_KHR>>(CL_DEVICE_UUID_KHR);
  EXPECT_EQ(uuid[0], 1);
  EXPECT_EQ(uuid[15], 16);
  auto bus = scalar<cl_device_pci_bus_info_khr>(CL_DEVICE_PCI_BUS_INFO_KHR);
  EXPECT_EQ(bus.pci_bus, 0x1bu);
  EXPECT_EQ(scalar<cl_platform_id>(CL_DEVICE_PLATFORM),
            clcuda::core::toHandle(&clcuda::core::Platform::instance()));
}

// cl_nv_device_attribute_query: what NVIDIA's OpenCL answers on the same GPU.
TEST_F(FakeDevice, AnswersNvidiaDeviceAttributeQueries) {
  EXPECT_TRUE(clcuda::core::claimsExtension("cl_nv_device_attribute_query"));
  EXPECT_EQ(scalar<cl_uint>(CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV), 9u);
  EXPECT_EQ(scalar<cl_uint>(CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV), 0u);
  EXPECT_EQ(scalar<cl_uint>(CL_DEVICE_REGISTERS_PER_BLOCK_NV), 65536u);
  EXPECT_EQ(scalar<cl_uint>(CL_DEVICE_WARP_SIZE_NV), 32u);
  EXPECT_EQ(scalar<cl_bool>(CL_DEVICE_GPU_OVERLAP_NV), cl_bool(CL_TRUE));
  EXPECT_EQ(scalar<cl_bool>(CL_DEVICE_KERNEL_EXEC_TIMEOUT_NV), cl_bool(CL_FALSE));
  EXPECT_EQ(scalar<cl_bool>(CL_DEVICE_INTEGRATED_MEMORY_NV), cl_bool(CL_FALSE));
  EXPECT_EQ(scalar<cl_uint>(CL_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT_NV), 3u);
  EXPECT_EQ(scalar<cl_uint>(CL_DEVICE_PCI_BUS_ID_NV), 0x1bu);
  EXPECT_EQ(scalar<cl_uint>(CL_DEVICE_PCI_SLOT_ID_NV), 3u);
  EXPECT_EQ(scalar<cl_uint>(CL_DEVICE_PCI_DOMAIN_ID_NV), 0u);
}

// cl_khr_integer_dot_product 2.0: the inputs of the claimed features, and
// dp4a's acceleration of dot but not of dot_acc_sat (device_info.def).
TEST_F(FakeDevice, AnswersIntegerDotProductQueries) {
  EXPECT_TRUE(clcuda::core::claimsExtension("cl_khr_integer_dot_product"));
  EXPECT_TRUE(clcuda::core::claimsExtension("cl_khr_extended_bit_ops"));
  EXPECT_TRUE(clcuda::core::claimsCFeature("__opencl_c_integer_dot_product_input_4x8bit"));
  EXPECT_TRUE(clcuda::core::claimsCFeature("__opencl_c_integer_dot_product_input_4x8bit_packed"));
  EXPECT_EQ(scalar<cl_device_integer_dot_product_capabilities_khr>(
                CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR),
            cl_device_integer_dot_product_capabilities_khr(
                CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_PACKED_KHR |
                CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_KHR));
  for (cl_device_info param :
       {CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_8BIT_KHR,
        CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_4x8BIT_PACKED_KHR}) {
    SCOPED_TRACE(param);
    auto accelerated = scalar<cl_device_integer_dot_product_acceleration_properties_khr>(param);
    EXPECT_EQ(accelerated.signed_accelerated, cl_bool(CL_TRUE));
    EXPECT_EQ(accelerated.unsigned_accelerated, cl_bool(CL_TRUE));
    EXPECT_EQ(accelerated.mixed_signedness_accelerated, cl_bool(CL_TRUE));
    EXPECT_EQ(accelerated.accumulating_saturating_signed_accelerated, cl_bool(CL_FALSE));
    EXPECT_EQ(accelerated.accumulating_saturating_unsigned_accelerated, cl_bool(CL_FALSE));
    EXPECT_EQ(accelerated.accumulating_saturating_mixed_signedness_accelerated, cl_bool(CL_FALSE));
  }
}

// NVIDIA's format first: applications parse the driver's release with "%d.%d".
TEST_F(FakeDevice, DriverVersionIsTheNvidiaRelease) {
  EXPECT_EQ(text(CL_DRIVER_VERSION), "580.159.04 (clcuda " CLCUDA_VERSION_STRING ")");
  clcuda::core::DeviceProperties unknown_release = h200Properties();
  unknown_release.driver_release.clear();
  clcuda::core::Device other{&clcuda::core::Platform::instance(), 0, unknown_release};
  size_t size = 0;
  ASSERT_EQ(clcuda::api::answerInfo(clcuda::api::deviceInfoTable(), other, CL_DRIVER_VERSION, 0,
                                    nullptr, &size),
            CL_SUCCESS);
  std::string version(size, '\0');
  ASSERT_EQ(clcuda::api::answerInfo(clcuda::api::deviceInfoTable(), other, CL_DRIVER_VERSION, size,
                                    version.data(), nullptr),
            CL_SUCCESS);
  EXPECT_EQ(version.c_str(), std::string("CUDA 13.0 (clcuda " CLCUDA_VERSION_STRING ")"));
}

TEST(DriverRelease, ComesFromTheLibraryNameOrTheKernelModule) {
  using clcuda::cuda::releaseFromLibraryPath;
  using clcuda::cuda::releaseFromProcVersion;
  EXPECT_EQ(releaseFromLibraryPath("/usr/lib/x86_64-linux-gnu/libcuda.so.580.159.04"),
            "580.159.04");
  EXPECT_EQ(releaseFromLibraryPath("libcuda.so.575.51"), "575.51");
  for (const char *path : {"/usr/lib/libcuda.so.1", "/usr/lib/libcuda.so", "/lib/libcuda.so.580.",
                           "/lib/libcuda.so.580..1", "/opt/libcudart.so.13.0.48", ""})
    EXPECT_EQ(releaseFromLibraryPath(path), "") << path;
  EXPECT_EQ(releaseFromProcVersion("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  "
                                   "580.159.04  Release Build  (dvs-builder@U16)  Thu Apr 10 "
                                   "21:00:00 UTC 2026\nGCC version:  gcc version 13.3.0\n"),
            "580.159.04");
  EXPECT_EQ(releaseFromProcVersion("NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.14  "
                                   "Thu Feb 22 01:44:30 UTC 2024\n"),
            "550.54.14");
  EXPECT_EQ(releaseFromProcVersion("NVRM version: unknown\nGCC version: 13.3.0\n"), "");
  EXPECT_EQ(releaseFromProcVersion(""), "");
}

TEST_F(FakeDevice, ExtensionQueriesAgree) {
  std::istringstream words(text(CL_DEVICE_EXTENSIONS));
  std::set<std::string> names{std::istream_iterator<std::string>(words), {}};
  size_t size = 0;
  ASSERT_EQ(query(CL_DEVICE_EXTENSIONS_WITH_VERSION, 0, nullptr, &size), CL_SUCCESS);
  std::vector<cl_name_version> versions(size / sizeof(cl_name_version));
  ASSERT_EQ(query(CL_DEVICE_EXTENSIONS_WITH_VERSION, size, versions.data(), nullptr), CL_SUCCESS);
  EXPECT_EQ(versions.size(), names.size());
  for (const cl_name_version &entry : versions)
    EXPECT_TRUE(names.count(entry.name)) << entry.name;
  EXPECT_TRUE(names.count("cl_khr_icd"));
  EXPECT_TRUE(names.count("cl_khr_device_uuid"));
  EXPECT_EQ(text(CL_DEVICE_EXTENSIONS), clcuda::core::extensionString());
}

TEST(PlatformInfo, EveryRowAnswersConsistently) {
  checkRows(clcuda::api::platformInfoTable(),
            [](cl_uint param, size_t size, void *value, size_t *size_ret) {
              return clcuda::api::answerInfo(clcuda::api::platformInfoTable(),
                                             clcuda::core::Platform::instance(), param, size, value,
                                             size_ret);
            });
  for (cl_platform_info param :
       {CL_PLATFORM_PROFILE, CL_PLATFORM_VERSION, CL_PLATFORM_NAME, CL_PLATFORM_VENDOR,
        CL_PLATFORM_EXTENSIONS, CL_PLATFORM_HOST_TIMER_RESOLUTION, CL_PLATFORM_NUMERIC_VERSION,
        CL_PLATFORM_EXTENSIONS_WITH_VERSION, CL_PLATFORM_ICD_SUFFIX_KHR})
    EXPECT_TRUE(hasRow(clcuda::api::platformInfoTable(), param)) << param;
}

TEST(ObjectInfo, TablesCoverTheSpecQueries) {
  for (cl_uint param : {CL_CONTEXT_REFERENCE_COUNT, CL_CONTEXT_DEVICES, CL_CONTEXT_PROPERTIES,
                        CL_CONTEXT_NUM_DEVICES})
    EXPECT_TRUE(hasRow(clcuda::api::contextInfoTable(), param)) << param;
  for (cl_uint param : {CL_QUEUE_CONTEXT, CL_QUEUE_DEVICE, CL_QUEUE_REFERENCE_COUNT,
                        CL_QUEUE_PROPERTIES, CL_QUEUE_PROPERTIES_ARRAY, CL_QUEUE_DEVICE_DEFAULT})
    EXPECT_TRUE(hasRow(clcuda::api::queueInfoTable(), param)) << param;
  for (cl_uint param : {CL_EVENT_COMMAND_QUEUE, CL_EVENT_CONTEXT, CL_EVENT_COMMAND_TYPE,
                        CL_EVENT_COMMAND_EXECUTION_STATUS, CL_EVENT_REFERENCE_COUNT})
    EXPECT_TRUE(hasRow(clcuda::api::eventInfoTable(), param)) << param;
  for (cl_uint param : {CL_MEM_TYPE, CL_MEM_FLAGS, CL_MEM_SIZE, CL_MEM_HOST_PTR, CL_MEM_MAP_COUNT,
                        CL_MEM_REFERENCE_COUNT, CL_MEM_CONTEXT, CL_MEM_ASSOCIATED_MEMOBJECT,
                        CL_MEM_OFFSET, CL_MEM_USES_SVM_POINTER, CL_MEM_PROPERTIES})
    EXPECT_TRUE(hasRow(clcuda::api::memoryInfoTable(), param)) << param;
}

std::string readSourceFile(const std::string &path) {
  std::ifstream file(std::string(CLCUDA_SOURCE_DIR) + "/" + path);
  std::stringstream contents;
  contents << file.rdbuf();
  return contents.str();
}

TEST(Settings, EveryVariableIsDocumented) {
  std::uint64_t count = 0;
  const clcuda::core::SettingDescription *rows = clcuda::core::settingDescriptions(&count);
  ASSERT_GT(count, 0u);
  for (const char *page : {"docs/shim.md", "docs/user-guide.md"}) {
    const std::string text = readSourceFile(page);
    ASSERT_FALSE(text.empty()) << page;
    for (std::uint64_t i = 0; i < count; ++i)
      EXPECT_NE(text.find(rows[i].variable), std::string::npos)
          << rows[i].variable << " is missing from " << page;
  }
}

TEST(Capabilities, ClaimsComeFromCapabilitiesDef) {
  EXPECT_TRUE(clcuda::core::claimsExtension("cl_khr_icd"));
  EXPECT_TRUE(clcuda::core::claimsExtension("cl_khr_pci_bus_info"));
  EXPECT_TRUE(clcuda::core::claimsExtension("cl_khr_fp16"));
  EXPECT_FALSE(clcuda::core::claimsExtension("cl_khr_subgroups"));
  EXPECT_TRUE(clcuda::core::claimsCFeature("__opencl_c_generic_address_space"));
  EXPECT_TRUE(clcuda::core::claimsCFeature("__opencl_c_subgroups"));
  EXPECT_TRUE(clcuda::core::claimsExtension("cl_khr_subgroup_ballot"));
  EXPECT_FALSE(clcuda::core::claimsCFeature("__opencl_c_pipes"));
  EXPECT_EQ(clcuda::core::openclCVersionString(), "OpenCL C 1.2 ");
  bool has_30 = false;
  for (const cl_name_version &entry : clcuda::core::openclCVersions()) {
    EXPECT_STREQ(entry.name, "OpenCL C");
    has_30 = has_30 || entry.version == CL_MAKE_VERSION(3, 0, 0);
  }
  EXPECT_TRUE(has_30);
}

} // namespace
