// The command-line skeleton every example shares: choosing the platform
// (--platform, $OCL_PLATFORM, --all-platforms), listing platforms, running the
// example's core, printing its results and digest, writing --output, and the
// exit status (0 valid, 1 results differ from the host's, 2 bad usage,
// 3 OpenCL or I/O error, 77 no platform with a device for --all-platforms).
#pragma once

#include "common/command_line.h"
#include "common/device.h"
#include "common/results.h"

#include <functional>
#include <iosfwd>
#include <string>

namespace clexample {

enum ExitStatus {
  kExitValid = 0,
  kExitMismatch = 1,
  kExitUsage = 2,
  kExitError = 3,
  kExitNoDevice = 77, // ctest's "skipped"
};

using ExampleRun = std::function<RunResult(const Device &)>;

class Example {
public:
  Example(const std::string &name, const std::string &summary);

  // The example's own options; the common ones are added by main().
  CommandLine &options() { return options_; }

  // Runs the example as its process's main; `kernelDirectory` receives
  // --kernel-dir (empty: the example's source directory).
  int main(int argc, char **argv, std::string &kernelDirectory, const ExampleRun &run);

private:
  int runOn(cl_platform_id platform, cl_device_id device, const ExampleRun &run,
            const std::string &outputPath) const;

  std::string name_;
  CommandLine options_;
};

// Prints one run the way every example does: report lines, each buffer's
// first values, the digest line `digest: fnv1a64 <16 hex digits>`, times and
// the validation verdict with its failures.
void printRun(std::ostream &out, const RunResult &result, double seconds, double buildSeconds);

} // namespace clexample
