// What clcuda claims, read from the one table the translator also reads
// (translator/include/cl2cuda/capabilities.def): extensions, OpenCL C
// versions and OpenCL C features, in the forms the info queries return.
#pragma once

#include "object.h"

#include <string>
#include <string_view>
#include <vector>

namespace clcuda::core {

// Every extension, device and host-only, space-separated (CL_*_EXTENSIONS).
const std::string &extensionString();
const std::vector<cl_name_version> &extensionsWithVersion();

// CL_DEVICE_OPENCL_C_ALL_VERSIONS and CL_DEVICE_OPENCL_C_FEATURES.
const std::vector<cl_name_version> &openclCVersions();
const std::vector<cl_name_version> &openclCFeatures();

// CL_DEVICE_OPENCL_C_VERSION: the highest version fully backwards compatible
// with the ones before it, i.e. the highest below 3.0 ("OpenCL C 1.2 ").
const std::string &openclCVersionString();

// The OpenCL version the platform and device report: 3.1, or 3.0 with
// CLCUDA_OPENCL_3_1=0. An OpenCL C version above it is not listed.
cl_version openclVersion();
// "3.0" or "3.1".
std::string openclVersionText();

// CL_DEVICE_SPIRV_EXTENDED_INSTRUCTION_SETS_KHR, _EXTENSIONS_KHR and
// _CAPABILITIES_KHR (cl_khr_spirv_queries): empty with CLCUDA_SPIRV=0.
const std::vector<const char *> &spirvExtendedInstructionSets();
const std::vector<const char *> &spirvExtensions();
const std::vector<cl_uint> &spirvCapabilities();

bool claimsExtension(std::string_view name);
bool claimsCFeature(std::string_view name);

} // namespace clcuda::core
