// What the process sets up before any OpenCL or CUDA call: a private
// directory, the ICD vendors list, fresh kernel-cache directories; and the
// raw CUDA column's module.
#pragma once

#include "column.h"
#include "icd_vendors.h"

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace clcuda::bench {

// A private temporary directory, removed with everything in it on destruction.
using Workspace = icd::TemporaryDirectory;

// Points clcuda's and the CUDA JIT's kernel caches at new empty directories
// under `workspace`, so that a run starts cold; returns them for the report.
struct CacheDirectories {
  std::filesystem::path clcuda;
  std::filesystem::path cuda;
};
CacheDirectories useFreshKernelCaches(const std::filesystem::path &workspace);

// Files under `directory` (0 if it does not exist).
std::size_t countFiles(const std::filesystem::path &directory);

// The raw CUDA column from its module; Unavailable (with dlopen's or the
// driver's reason) where it cannot run. The module stays loaded for the
// life of the process: the column's code lives in it.
std::unique_ptr<Column> loadCudaColumn(const std::string &module_path);

// "host (CPU model)" and the current UTC time, for the report's header.
std::string describeHost();
std::string utcNow();

} // namespace clcuda::bench
