// The OpenCL column: the same host code for NVIDIA's OpenCL and for clcuda,
// which differ only in the platform they pick.
#pragma once

#include "column.h"

#include <memory>
#include <string>

namespace clcuda::bench {

// The column on the first device of the platform whose name is `pattern`
// (case-insensitive), or failing that whose name or vendor contains it.
// Throws Unavailable when there is no such platform or it has no device.
// With `il_programs`, the kernel plans' programs are built from their SPIR-V
// (clCreateProgramWithIL) rather than their OpenCL C.
std::unique_ptr<Column> makeOpenClColumn(const std::string &pattern, bool il_programs = false);

// One line per platform the ICD loader offers: name, vendor, version, devices.
std::string describeOpenClPlatforms();

} // namespace clcuda::bench
