// A private ICD vendors directory, so that one process sees clcuda next to
// the reference platforms through the ICD loader (the differential harness,
// the benchmarks). Works with both loaders in use: ocl-icd and Khronos'.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace clcuda::icd {

// NVIDIA's OpenCL library where drivers install it (often unregistered).
extern const char *const kNvidiaOpenClLibraries[3];

// Fills `directory` (created if missing; its *.icd files replaced) with
//   clcuda.icd    naming `clcuda_library` (when that file exists),
//   one .icd for every platform library the environment gives the loader:
//                 those in $OCL_ICD_FILENAMES, then the *.icd files of
//                 $OCL_ICD_VENDORS (a directory) or /etc/OpenCL/vendors,
//   nvidia.icd    NVIDIA's OpenCL library, when installed but not registered,
// each library once. Then points OCL_ICD_VENDORS at the directory (ocl-icd
// 2.3.1 reads only that) and sets OCL_ICD_FILENAMES to the same libraries
// (Khronos' loader reads that first, and older ones cannot read a vendors
// directory outside the root file system: they stat the entries wrongly).
// Call before the first OpenCL call. Returns one line per entry, for reports.
// Throws std::runtime_error when the directory cannot be written.
std::vector<std::string> registerPlatforms(const std::filesystem::path &directory,
                                           const std::string &clcuda_library);

// A fresh directory under $TMPDIR (or /tmp), removed with its files when
// this object goes away.
class TemporaryDirectory {
public:
  explicit TemporaryDirectory(const std::string &prefix);
  TemporaryDirectory(const TemporaryDirectory &) = delete;
  TemporaryDirectory &operator=(const TemporaryDirectory &) = delete;
  ~TemporaryDirectory();
  const std::filesystem::path &path() const { return path_; }

private:
  std::filesystem::path path_;
};

} // namespace clcuda::icd
