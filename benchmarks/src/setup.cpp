#include "setup.h"

#include "bench_error.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <set>
#include <system_error>

namespace clcuda::bench {
namespace fs = std::filesystem;
namespace {

// Where NVIDIA's driver installs its OpenCL library on the distributions we run on.
const char *const kNvidiaOpenClLibraries[] = {
    "/usr/lib/libnvidia-opencl.so.1",
    "/usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1",
    "/usr/lib64/libnvidia-opencl.so.1",
};

std::string trimmed(const std::string &text) {
  const std::size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos)
    return "";
  return text.substr(begin, text.find_last_not_of(" \t\r\n") - begin + 1);
}

void writeIcd(const fs::path &directory, const std::string &name, const std::string &library) {
  std::ofstream(directory / (name + ".icd")) << library << "\n";
}

} // namespace

Workspace::Workspace() {
  const char *tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/clcuda-bench-XXXXXX";
  if (!mkdtemp(pattern.data()))
    throw BenchError("cannot create a temporary directory from " + pattern);
  path_ = pattern;
}

Workspace::~Workspace() {
  std::error_code ignored;
  fs::remove_all(path_, ignored);
}

std::vector<std::string> registerOpenClPlatforms(const fs::path &directory,
                                                 const std::string &clcuda_library) {
  std::vector<std::string> notes;
  fs::create_directories(directory);
  std::set<std::string> registered; // library file names, so that none loads twice
  if (fs::exists(clcuda_library)) {
    writeIcd(directory, "clcuda", clcuda_library);
    registered.insert(fs::path(clcuda_library).filename());
    notes.push_back("ICD: clcuda from " + clcuda_library);
  } else {
    notes.push_back("ICD: no clcuda library at " + clcuda_library + " (build the shim)");
  }
  for (const char *library : kNvidiaOpenClLibraries)
    if (fs::exists(library)) {
      writeIcd(directory, "nvidia", library);
      registered.insert(fs::path(library).filename());
      notes.push_back(std::string("ICD: NVIDIA's OpenCL from ") + library);
      break;
    }
  if (registered.count("libnvidia-opencl.so.1") == 0)
    notes.push_back("ICD: NVIDIA's OpenCL library (libnvidia-opencl.so.1) is not installed");
  const char *inherited = std::getenv("OCL_ICD_VENDORS");
  const fs::path system = inherited && fs::is_directory(inherited)
                              ? fs::path(inherited)
                              : fs::path("/etc/OpenCL/vendors");
  std::error_code error;
  for (const fs::directory_entry &entry : fs::directory_iterator(system, error)) {
    if (entry.path().extension() != ".icd")
      continue;
    std::ifstream file(entry.path());
    std::string library;
    std::getline(file, library);
    library = trimmed(library);
    if (library.empty() || !registered.insert(fs::path(library).filename()).second)
      continue;
    writeIcd(directory, "system-" + entry.path().stem().string(), library);
    notes.push_back("ICD: " + library + " (registered in " + system.string() + ")");
  }
  setenv("OCL_ICD_VENDORS", directory.c_str(), 1);
  return notes;
}

CacheDirectories useFreshKernelCaches(const fs::path &workspace) {
  CacheDirectories caches{workspace / "clcuda-cache", workspace / "cuda-cache"};
  fs::create_directories(caches.clcuda);
  fs::create_directories(caches.cuda);
  setenv("CLCUDA_CACHE_DIR", caches.clcuda.c_str(), 1);
  setenv("CUDA_CACHE_PATH", caches.cuda.c_str(), 1);
  return caches;
}

std::size_t countFiles(const fs::path &directory) {
  std::size_t count = 0;
  std::error_code error;
  for (fs::recursive_directory_iterator it(directory, error), end; !error && it != end;
       it.increment(error))
    count += it->is_regular_file() ? 1 : 0;
  return count;
}

std::unique_ptr<Column> loadCudaColumn(const std::string &module_path) {
  void *module = dlopen(module_path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!module) {
    const char *error = dlerror();
    throw Unavailable(std::string("the raw CUDA module could not be loaded (") +
                      (error ? error : module_path) + ")");
  }
  auto create = reinterpret_cast<CreateCudaColumnFunction>(dlsym(module, kCreateCudaColumnSymbol));
  if (!create)
    throw Unavailable(module_path + " lacks " + kCreateCudaColumnSymbol);
  std::string error;
  std::unique_ptr<Column> column(create(&error));
  if (!column)
    throw Unavailable(error);
  return column;
}

std::string describeHost() {
  char name[256] = {};
  gethostname(name, sizeof(name) - 1);
  std::string cpu = "unknown CPU";
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos) {
      cpu = trimmed(line.substr(line.find(':') + 1));
      break;
    }
  return std::string(name) + " (" + cpu + ", " + std::to_string(sysconf(_SC_NPROCESSORS_ONLN)) +
         " logical CPUs)";
}

std::string utcNow() {
  const std::time_t now = std::time(nullptr);
  std::tm parts{};
  gmtime_r(&now, &parts);
  char text[32];
  std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%SZ", &parts);
  return text;
}

} // namespace clcuda::bench
