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
std::unique_ptr<Column> makeOpenClColumn(const std::string &pattern);

// One line per platform the ICD loader offers: name, vendor, version, devices.
std::string describeOpenClPlatforms();

} // namespace clcuda::bench
