#include "icd_vendors.h"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <system_error>

namespace clcuda::icd {
namespace fs = std::filesystem;

const char *const kNvidiaOpenClLibraries[3] = {
    "/usr/lib/libnvidia-opencl.so.1",
    "/usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1",
    "/usr/lib64/libnvidia-opencl.so.1",
};

namespace {

std::string trimmed(const std::string &text) {
  const std::size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos)
    return "";
  return text.substr(begin, text.find_last_not_of(" \t\r\n") - begin + 1);
}

// The library an .icd file names (its first line).
std::string icdLibrary(const fs::path &icd) {
  std::ifstream file(icd);
  std::string line;
  std::getline(file, line);
  return trimmed(line);
}

// The platform libraries the environment gives the loader, with where each
// came from.
std::vector<std::pair<std::string, std::string>> environmentPlatforms() {
  std::vector<std::pair<std::string, std::string>> platforms;
  if (const char *filenames = std::getenv("OCL_ICD_FILENAMES")) {
    std::stringstream list(filenames);
    std::string library;
    while (std::getline(list, library, ':'))
      if (!trimmed(library).empty())
        platforms.emplace_back(trimmed(library), "$OCL_ICD_FILENAMES");
  }
  const char *configured = std::getenv("OCL_ICD_VENDORS");
  std::error_code error;
  const fs::path vendors = configured && fs::is_directory(configured, error)
                               ? fs::path(configured)
                               : fs::path("/etc/OpenCL/vendors");
  for (const fs::directory_entry &entry : fs::directory_iterator(vendors, error))
    if (entry.path().extension() == ".icd" && !icdLibrary(entry.path()).empty())
      platforms.emplace_back(icdLibrary(entry.path()), entry.path().string());
  return platforms;
}

} // namespace

std::vector<std::string> registerPlatforms(const fs::path &directory,
                                           const std::string &clcuda_library) {
  std::error_code error;
  fs::create_directories(directory, error);
  if (error)
    throw std::runtime_error("cannot create " + directory.string() + ": " + error.message());
  for (const fs::directory_entry &entry : fs::directory_iterator(directory, error))
    if (entry.path().extension() == ".icd")
      fs::remove(entry.path(), error);

  std::vector<std::string> lines;
  std::set<std::string> registered; // library file names, so that none loads twice
  std::string filenames;            // the same libraries, for OCL_ICD_FILENAMES
  auto add = [&](const std::string &name, const std::string &library, const std::string &origin) {
    if (!registered.insert(fs::path(library).filename().string()).second)
      return;
    const fs::path icd = directory / (name + ".icd");
    std::ofstream(icd) << library; // no newline: older Khronos loaders keep it in the name
    if (!fs::exists(icd))
      throw std::runtime_error("cannot write " + icd.string());
    lines.push_back(icd.filename().string() + " -> " + library + " (" + origin + ")");
    filenames += (filenames.empty() ? "" : ":") + library;
  };

  if (fs::exists(clcuda_library, error))
    add("clcuda", clcuda_library, "this build");
  else
    lines.push_back("no clcuda library at " + clcuda_library);
  int index = 0;
  for (const auto &[library, origin] : environmentPlatforms())
    add("platform-" + std::to_string(index++), library, "from " + origin);
  for (const char *nvidia : kNvidiaOpenClLibraries)
    if (fs::exists(nvidia, error))
      add("nvidia", nvidia, "installed, not registered");

  setenv("OCL_ICD_VENDORS", directory.c_str(), 1);
  setenv("OCL_ICD_FILENAMES", filenames.c_str(), 1);
  return lines;
}

TemporaryDirectory::TemporaryDirectory(const std::string &prefix) {
  const char *base = std::getenv("TMPDIR");
  std::string pattern = std::string(base && *base ? base : "/tmp") + "/" + prefix + "-XXXXXX";
  if (!mkdtemp(pattern.data()))
    throw std::runtime_error("cannot create a temporary directory from " + pattern);
  path_ = pattern;
}

TemporaryDirectory::~TemporaryDirectory() {
  std::error_code ignored; // nothing to do about a failure here
  fs::remove_all(path_, ignored);
}

} // namespace clcuda::icd
