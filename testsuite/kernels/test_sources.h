// The test sources of testsuite/kernels, read from the source tree. They
// compile with the shim's own compile (kernels/host/nvrtc.h, compileCuda).
#pragma once

#include <string>

namespace clcuda::test {

// The text of a file, or an empty string when it cannot be read.
std::string readFile(const std::string &path);

} // namespace clcuda::test
