// Command-line options of clcuda-bench.
#pragma once

#include "results.h"
#include "workloads.h"

#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace clcuda::bench {

class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct Options {
  bool quick = false;
  std::vector<std::string> measures; // families, in report order
  std::vector<std::string> kernels;  // kernel plan names
  std::vector<std::string> programs; // the build measure's programs, by name
  std::array<bool, kColumnCount> columns{true, true, true};
  unsigned repetitions = 0;
  std::vector<std::size_t> transfer_sizes;
  std::size_t transfer_budget = 0; // bytes per transfer sample (count = budget / size, 1..100)
  unsigned launches = 0;           // empty kernels per async-launch sample
  unsigned round_trips = 0;        // launch + finish pairs per sample
  ProblemSizes problem{};
  unsigned pipeline_batches = 0;
  std::size_t pipeline_batch_elements = 0;
  double wait_seconds = 0.0;
  // The command-buffer measure: kernels per round, one pair of rows each,
  // and kernels per sample (rounds = this / kernels, at least 1).
  std::vector<unsigned> small_kernel_counts;
  unsigned small_kernels_per_sample = 0;
  std::string nvidia_platform = "NVIDIA CUDA";
  std::string clcuda_platform = "clcuda";
  std::string clcuda_library;
  std::string raw_module;
  std::string packages_root = "/"; // the build measure's installed kernels
  bool icd_from_environment = false;
  // The clcuda column builds the kernel plans' programs from SPIR-V
  // (clCreateProgramWithIL) instead of OpenCL C.
  bool il_programs = false;
  std::string csv_path;
  std::string markdown_path;
  bool list_platforms = false;
  bool print_goals = false;
  bool help = false;
  std::string command_line;
};

// Parses argv; UsageError says what is wrong.
Options parseOptions(int argc, char **argv);
std::string usage();

bool wants(const Options &options, const std::string &family);

} // namespace clcuda::bench
