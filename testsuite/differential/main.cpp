// The differential harness: runs every program on a reference OpenCL platform
// and on clcuda, in one process, with identical inputs, and compares the
// results. See docs/differential-testing.md.
#include "harness.h"
#include "report.h"
#include "icd_vendors.h"

#include "common/command_line.h"
#include "common/platforms.h"

#include "cuda/driver.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>

namespace differential {
namespace {

using clexample::PlatformChoice;
using clexample::PlatformInfo;

enum ExitStatus { kExitPass = 0, kExitFail = 1, kExitUsage = 2, kExitSkipped = 77 };

// Platforms tried, in order, when no reference is named.
const char *const kReferenceCandidates[] = {"NVIDIA CUDA", "Portable Computing Language"};
const char *const kClcudaPlatformName = "clcuda";

struct Options {
  std::string referencePlatform;
  std::string clcudaPlatform = kClcudaPlatformName;
  std::string clcudaLibrary = CLCUDA_LIBRARY;
  std::string writeVendorsDirectory;
  std::string only;
  std::string markdownPath;
  bool noVendorsDirectory = false;
  bool list = false;
  bool help = false;
};

Side makeSide(const std::string &role, const PlatformChoice &choice) {
  Side side;
  side.role = role;
  if (!choice.platform) {
    side.description = "unavailable (" + choice.problem + ")";
    side.unavailable = choice.problem;
    return side;
  }
  cl_device_id device = choice.platform->devices.front();
  try {
    side.device = std::make_unique<clexample::Device>(choice.platform->id, device);
  } catch (const std::exception &error) {
    side.unavailable = error.what();
    side.description = "unavailable (" + side.unavailable + ")";
    return side;
  }
  side.description = choice.platform->name + " / " +
                     clexample::deviceString(device, CL_DEVICE_NAME) + " (" +
                     clexample::deviceString(device, CL_DEVICE_VERSION) + ", driver " +
                     clexample::deviceString(device, CL_DRIVER_VERSION) + ")";
  return side;
}

// Why the ICD loader offers no clcuda platform, as far as we can tell.
std::string whyNoClcudaPlatform(const std::string &library) {
  std::error_code error;
  if (!std::filesystem::exists(library, error))
    return library + " does not exist (libclcuda.so is not built)";
  if (void *handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL)) {
    dlclose(handle);
    return library + " loads, but the ICD loader lists no platform named \"clcuda\"";
  }
  const char *reason = dlerror();
  return library + " does not load: " + (reason ? reason : "unknown error");
}

Side chooseClcuda(const Options &options, const std::vector<PlatformInfo> &platforms,
                  bool overridden) {
  PlatformChoice choice = clexample::choosePlatform(platforms, options.clcudaPlatform);
  if (!choice.platform && !overridden) {
    const bool listed = std::any_of(platforms.begin(), platforms.end(), [](const PlatformInfo &p) {
      return p.name == kClcudaPlatformName;
    });
    if (listed) {
      const std::string &cuda = clcuda::cuda::driverUnavailableReason();
      choice.problem = "clcuda has no device (" +
                       (cuda.empty() ? std::string("no CUDA device is visible") : cuda) + ")";
    } else {
      choice.problem = "no clcuda platform: " + whyNoClcudaPlatform(options.clcudaLibrary);
    }
  }
  Side side = makeSide("clcuda", choice);
  // Where a CUDA device is present, clcuda must run: not running is a failure.
  side.unavailableIsFailure = !overridden && clcuda::cuda::deviceCount() > 0;
  if (!side.device && side.unavailableIsFailure)
    side.unavailable += " although this machine has a CUDA device";
  return side;
}

Side chooseReference(const Options &options, const std::vector<PlatformInfo> &platforms,
                     const Side &clcuda, bool clcudaOverridden) {
  if (!options.referencePlatform.empty())
    return makeSide("reference", clexample::choosePlatform(platforms, options.referencePlatform));
  // Not clcuda's own platform, unless that is another platform standing in for it.
  std::vector<PlatformInfo> others;
  for (const PlatformInfo &platform : platforms)
    if (clcudaOverridden || !clcuda.device || platform.id != clcuda.device->platform())
      others.push_back(platform);
  std::string problems;
  for (const char *candidate : kReferenceCandidates) {
    PlatformChoice choice = clexample::choosePlatform(others, candidate);
    if (choice.platform) {
      // `others` goes away: find the same platform in `platforms`.
      for (const PlatformInfo &platform : platforms)
        if (platform.id == choice.platform->id)
          return makeSide("reference", PlatformChoice{&platform, {}});
    }
    problems += (problems.empty() ? "" : "; ") + choice.problem;
  }
  return makeSide("reference", PlatformChoice{nullptr, "no reference platform: " + problems});
}

bool selected(const DifferentialProgram &program, const std::string &only) {
  if (only.empty())
    return true;
  size_t start = 0;
  while (start <= only.size()) {
    size_t end = only.find(',', start);
    if (end == std::string::npos)
      end = only.size();
    std::string part = only.substr(start, end - start);
    if (!part.empty() && program.name.find(part) != std::string::npos)
      return true;
    start = end + 1;
  }
  return false;
}

int run(const Options &options) {
  std::vector<DifferentialProgram> programs = allPrograms();
  if (options.list) {
    for (const DifferentialProgram &program : programs)
      std::cout << program.name << ": " << program.bound << "\n";
    return kExitPass;
  }
  if (!options.writeVendorsDirectory.empty()) {
    for (const std::string &line :
         clcuda::icd::registerPlatforms(options.writeVendorsDirectory, options.clcudaLibrary))
      std::cout << line << "\n";
    return kExitPass;
  }

  // Before the first OpenCL call: the ICD loader reads OCL_ICD_VENDORS once.
  std::optional<clcuda::icd::TemporaryDirectory> vendors;
  if (!options.noVendorsDirectory) {
    vendors.emplace("cl-vendors");
    std::cout << "ICD vendors directory " << vendors->path().string() << ":\n";
    for (const std::string &line :
         clcuda::icd::registerPlatforms(vendors->path(), options.clcudaLibrary))
      std::cout << "  " << line << "\n";
  }
  std::vector<PlatformInfo> platforms = clexample::listPlatforms();
  std::cout << "platforms:\n";
  clexample::printPlatforms(std::cout, platforms);

  const bool clcudaOverridden = options.clcudaPlatform != kClcudaPlatformName;
  Side clcuda = chooseClcuda(options, platforms, clcudaOverridden);
  Side reference = chooseReference(options, platforms, clcuda, clcudaOverridden);
  std::cout << "reference: " << reference.description << "\nclcuda: " << clcuda.description
            << "\n\n";

  std::vector<Row> rows;
  for (const DifferentialProgram &program : programs) {
    if (!selected(program, options.only))
      continue;
    std::cout << "running " << program.name << "\n" << std::flush;
    SideRun onReference = runSide(program, reference);
    SideRun onClcuda = runSide(program, clcuda);
    rows.push_back(judge(program, std::move(onReference), std::move(onClcuda)));
  }
  if (rows.empty()) {
    std::cerr << "differential: no program matches --only " << options.only << "\n";
    return kExitUsage;
  }
  std::cout << "\n";
  printReport(std::cout, reference, clcuda, rows);
  if (!options.markdownPath.empty()) {
    std::ofstream markdown(options.markdownPath);
    printReport(markdown, reference, clcuda, rows);
    if (!markdown)
      std::cerr << "differential: cannot write " << options.markdownPath << "\n";
  }

  bool anyPass = false;
  for (const Row &row : rows) {
    if (row.verdict == Verdict::Fail)
      return kExitFail;
    anyPass |= row.verdict == Verdict::Pass;
  }
  return anyPass ? kExitPass : kExitSkipped;
}

} // namespace
} // namespace differential

int main(int argc, char **argv) {
  using namespace differential;
  Options options;
  clexample::CommandLine commandLine(
      "differential", "Runs every program on a reference OpenCL platform and on clcuda in one "
                      "process, with identical inputs, and compares the results (exit 0: all "
                      "compared programs agree, 1: a failure, 77: nothing could be compared).");
  commandLine.add("--reference-platform", options.referencePlatform,
                  "the reference platform (name or vendor substring); default NVIDIA CUDA, "
                  "else Portable Computing Language");
  commandLine.add("--clcuda-platform", options.clcudaPlatform,
                  "the platform tested as clcuda (another name tests the harness itself)");
  commandLine.add("--clcuda-library", options.clcudaLibrary,
                  "libclcuda.so named in the vendors directory");
  commandLine.addFlag("--no-vendors-dir", options.noVendorsDirectory,
                      "use the ICD loader's configuration as it is");
  commandLine.add("--write-vendors-dir", options.writeVendorsDirectory,
                  "write the vendors directory there, print it and exit");
  commandLine.add("--only", options.only,
                  "run the programs whose name contains one of these comma-separated texts");
  commandLine.add("--markdown", options.markdownPath, "also write the report to this file");
  commandLine.addFlag("--list", options.list, "list the programs and their bounds, then exit");
  commandLine.addFlag("--help", options.help, "show this help");
  try {
    commandLine.parse(argc, argv);
    if (options.help) {
      commandLine.printHelp(std::cout);
      return kExitPass;
    }
    return run(options);
  } catch (const clexample::UsageError &error) {
    std::cerr << "differential: " << error.what() << "\n";
    return kExitUsage;
  } catch (const std::exception &error) {
    std::cerr << "differential: " << error.what() << "\n";
    return kExitFail;
  }
}
