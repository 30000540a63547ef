// Compiles CUDA C++ that uses the device library with NVRTC, the headers
// given in memory from the embedded copy (as the shim does), for the tests
// and the parse-time tool of testsuite/kernels.
#pragma once

#include <string>
#include <vector>

namespace clcuda::test {

struct Compilation {
  bool ok = false;
  std::string log;   // NVRTC's messages (warnings too); empty when clean
  std::string ptx;   // when compiled for a virtual architecture (compute_XY)
  std::string cubin; // when compiled for a real one (sm_XY)
  double milliseconds = 0;
};

// `architecture` is an NVRTC -arch value: compute_90 gives PTX (front end and
// NVVM only), sm_90 a CUBIN (ptxas too).
Compilation compileWithDeviceLibrary(const std::string &source, const std::string &name,
                                     const std::string &architecture,
                                     const std::vector<std::string> &extraOptions = {});

// The text of a file, or an empty string when it cannot be read.
std::string readFile(const std::string &path);

} // namespace clcuda::test
