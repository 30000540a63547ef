// The ICD vendors directory the harness points OCL_ICD_VENDORS at, so that
// one process sees the reference OpenCL and clcuda through the ICD loader.
#pragma once

#include <string>
#include <vector>

namespace differential {

// NVIDIA's OpenCL library where drivers install it (often unregistered).
inline const std::vector<std::string> kNvidiaOpenClLibraries = {
    "/usr/lib/libnvidia-opencl.so.1", "/usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1"};

// The vendors directory the ICD loader would read without us:
// $OCL_ICD_VENDORS when it names a directory, else /etc/OpenCL/vendors.
std::string systemVendorsDirectory();

// Fills `directory` (created if missing; its *.icd files replaced) with
//   clcuda.icd  naming `clcudaLibrary`,
//   a copy of every *.icd of the system's vendors directory, except one that
//               names a library called like clcuda's,
//   nvidia.icd  naming NVIDIA's OpenCL library, when it is installed and no
//               system .icd names it.
// Returns one line per entry ("clcuda.icd -> /path/libclcuda.so"). Throws
// std::runtime_error when the directory cannot be written.
std::vector<std::string> writeVendorsDirectory(const std::string &directory,
                                               const std::string &clcudaLibrary);

// A fresh directory under $TMPDIR (or /tmp), removed with its files when
// this object goes away.
class TemporaryDirectory {
public:
  TemporaryDirectory();
  TemporaryDirectory(const TemporaryDirectory &) = delete;
  TemporaryDirectory &operator=(const TemporaryDirectory &) = delete;
  ~TemporaryDirectory();
  const std::string &path() const { return path_; }

private:
  std::string path_;
};

} // namespace differential
