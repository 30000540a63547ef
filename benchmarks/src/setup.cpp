#include "setup.h"

#include "bench_error.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <system_error>

namespace clcuda::bench {
namespace fs = std::filesystem;

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
      cpu = line.substr(line.find_first_not_of(" \t", line.find(':') + 1));
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
