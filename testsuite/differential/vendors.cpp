#include "vendors.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>
#include <system_error>

namespace differential {
namespace fs = std::filesystem;
namespace {

// The library an .icd file names (its first line, trimmed).
std::string icdLibrary(const fs::path &icd) {
  std::ifstream file(icd);
  std::string line;
  std::getline(file, line);
  const char *space = " \t\r\n";
  line.erase(0, line.find_first_not_of(space));
  line.erase(line.find_last_not_of(space) + 1);
  return line;
}

void writeIcd(const fs::path &icd, const std::string &library) {
  std::ofstream file(icd);
  file << library << "\n";
  if (!file)
    throw std::runtime_error("cannot write " + icd.string());
}

} // namespace

std::string systemVendorsDirectory() {
  const char *configured = std::getenv("OCL_ICD_VENDORS");
  std::error_code error;
  if (configured && fs::is_directory(configured, error))
    return configured;
  return "/etc/OpenCL/vendors";
}

std::vector<std::string> writeVendorsDirectory(const std::string &directory,
                                               const std::string &clcudaLibrary) {
  std::error_code error;
  fs::create_directories(directory, error);
  if (error)
    throw std::runtime_error("cannot create " + directory + ": " + error.message());
  for (const fs::directory_entry &entry : fs::directory_iterator(directory))
    if (entry.path().extension() == ".icd")
      fs::remove(entry.path());

  std::vector<std::string> lines;
  writeIcd(fs::path(directory) / "clcuda.icd", clcudaLibrary);
  lines.push_back("clcuda.icd -> " + clcudaLibrary);

  const std::string clcudaName = fs::path(clcudaLibrary).filename().string();
  std::set<std::string> registeredNames;
  const fs::path system = systemVendorsDirectory();
  if (fs::is_directory(system, error)) {
    for (const fs::directory_entry &entry : fs::directory_iterator(system, error)) {
      if (entry.path().extension() != ".icd")
        continue;
      const std::string library = icdLibrary(entry.path());
      const std::string name = fs::path(library).filename().string();
      if (library.empty() || name == clcudaName)
        continue; // ours is clcuda.icd
      // A system file called clcuda.icd cannot overwrite ours.
      fs::path copy = fs::path(directory) / entry.path().filename();
      if (copy.filename() == "clcuda.icd")
        copy = fs::path(directory) / "system-clcuda.icd";
      writeIcd(copy, library);
      registeredNames.insert(name);
      lines.push_back(copy.filename().string() + " -> " + library + " (from " +
                      entry.path().string() + ")");
    }
  }
  for (const std::string &nvidia : kNvidiaOpenClLibraries) {
    const std::string name = fs::path(nvidia).filename().string();
    if (registeredNames.count(name) || !fs::exists(nvidia, error))
      continue;
    writeIcd(fs::path(directory) / "nvidia.icd", nvidia);
    registeredNames.insert(name);
    lines.push_back("nvidia.icd -> " + nvidia + " (installed, not registered)");
  }
  return lines;
}

TemporaryDirectory::TemporaryDirectory() {
  const char *base = std::getenv("TMPDIR");
  std::string pattern = std::string(base && *base ? base : "/tmp") + "/cl-vendors-XXXXXX";
  if (!mkdtemp(pattern.data()))
    throw std::runtime_error("cannot create a temporary directory from " + pattern);
  path_ = pattern;
}

TemporaryDirectory::~TemporaryDirectory() {
  std::error_code error; // nothing to do about a failure here
  fs::remove_all(path_, error);
}

} // namespace differential
