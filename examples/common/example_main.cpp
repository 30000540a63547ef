#include "common/example_main.h"

#include "common/platforms.h"
#include "common/timing.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>

namespace clexample {
namespace {

constexpr size_t kFirstValuesShown = 8;

void writeOutput(const std::string &path, const RunResult &result) {
  std::ofstream file(path, std::ios::binary);
  for (const ResultBuffer &buffer : result.buffers)
    file.write(reinterpret_cast<const char *>(buffer.bytes.data()),
               static_cast<std::streamsize>(buffer.bytes.size()));
  if (!file)
    throw std::runtime_error("cannot write " + path);
}

} // namespace

Example::Example(const std::string &name, const std::string &summary)
    : name_(name), options_(name, summary) {}

void printRun(std::ostream &out, const RunResult &result, double seconds, double buildSeconds) {
  for (const std::string &line : result.report)
    out << line << "\n";
  for (const ResultBuffer &buffer : result.buffers) {
    out << "result " << buffer.name << ": " << buffer.count() << " x "
        << elementTypeName(buffer.type) << ", first:";
    for (size_t i = 0; i < std::min(buffer.count(), kFirstValuesShown); ++i)
      out << " " << buffer.format(i);
    out << "\n";
  }
  out << "digest: fnv1a64 " << digest(result.buffers) << "\n";
  out << std::fixed << std::setprecision(1) << "time: " << seconds * 1e3 << " ms (build "
      << buildSeconds * 1e3 << " ms)\n"
      << std::defaultfloat;
  if (result.valid()) {
    out << "validation: PASS (the results match the host's)\n";
    return;
  }
  out << "validation: FAIL\n";
  for (const std::string &failure : result.failures)
    out << "  " << failure << "\n";
}

int Example::runOn(cl_platform_id platform, cl_device_id deviceId, const ExampleRun &run,
                   const std::string &outputPath) const {
  std::cout << "== " << name_ << " on " << platformString(platform, CL_PLATFORM_NAME) << " / "
            << deviceString(deviceId, CL_DEVICE_NAME) << "\n";
  try {
    Device device(platform, deviceId);
    Stopwatch stopwatch;
    RunResult result = run(device);
    printRun(std::cout, result, stopwatch.seconds(), device.buildSeconds());
    if (!outputPath.empty()) {
      writeOutput(outputPath, result);
      std::cout << "wrote " << outputPath << "\n";
    }
    return result.valid() ? kExitValid : kExitMismatch;
  } catch (const BuildError &error) {
    std::cout << "error: " << error.what() << "\nbuild log:\n" << error.log() << "\n";
  } catch (const std::exception &error) {
    std::cout << "error: " << error.what() << "\n";
  }
  return kExitError;
}

int Example::main(int argc, char **argv, std::string &kernelDirectory, const ExampleRun &run) {
  std::string platformSelector, outputPath;
  size_t deviceIndex = 0;
  bool listOnly = false, allPlatforms = false, help = false;
  options_.add("--platform", platformSelector,
               std::string("the platform whose name (else vendor) contains TEXT, "
                           "case-insensitive; default $") +
                   kPlatformEnvironmentVariable + ", else the first with a device");
  options_.add("--device", deviceIndex, "the device's index in the platform");
  options_.addFlag("--all-platforms", allPlatforms,
                   "run on every platform that has a device (exit 77 if none has)");
  options_.addFlag("--list-platforms", listOnly, "list the platforms and devices, then exit");
  options_.add("--output", outputPath, "write the result buffers' raw bytes to this file");
  options_.add("--kernel-dir", kernelDirectory,
               "directory of the .cl files (default: the example's source directory)");
  options_.addFlag("--help", help, "show this help");

  try {
    options_.parse(argc, argv);
  } catch (const UsageError &error) {
    std::cerr << name_ << ": " << error.what() << "\n";
    return kExitUsage;
  }
  if (help) {
    options_.printHelp(std::cout);
    return kExitValid;
  }
  if (allPlatforms && (!platformSelector.empty() || !outputPath.empty())) {
    std::cerr << name_ << ": --all-platforms goes without --platform and --output\n";
    return kExitUsage;
  }
  try {
    std::vector<PlatformInfo> platforms = listPlatforms();
    if (listOnly) {
      printPlatforms(std::cout, platforms);
      return kExitValid;
    }
    if (allPlatforms) {
      int status = kExitNoDevice;
      for (const PlatformInfo &platform : platforms) {
        if (deviceIndex >= platform.devices.size())
          continue;
        int platformStatus = runOn(platform.id, platform.devices[deviceIndex], run, "");
        status = status == kExitNoDevice ? platformStatus : std::max(status, platformStatus);
      }
      if (status == kExitNoDevice)
        std::cout << "no platform has a device " << deviceIndex << "; nothing was run\n";
      return status;
    }
    if (platformSelector.empty())
      if (const char *fromEnvironment = std::getenv(kPlatformEnvironmentVariable))
        platformSelector = fromEnvironment;
    PlatformChoice choice = choosePlatform(platforms, platformSelector);
    if (!choice.platform) {
      std::cerr << name_ << ": " << choice.problem << "\n";
      printPlatforms(std::cerr, platforms);
      return kExitError;
    }
    if (deviceIndex >= choice.platform->devices.size()) {
      std::cerr << name_ << ": platform \"" << choice.platform->name << "\" has no device "
                << deviceIndex << "\n";
      return kExitUsage;
    }
    return runOn(choice.platform->id, choice.platform->devices[deviceIndex], run, outputPath);
  } catch (const std::exception &error) {
    std::cerr << name_ << ": " << error.what() << "\n";
    return kExitError;
  }
}

} // namespace clexample
