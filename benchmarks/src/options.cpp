#include "options.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <sstream>

namespace clcuda::bench {
namespace {

constexpr std::size_t KiB = 1024, MiB = KiB * 1024, GiB = MiB * 1024;

// What a run measures when no option says otherwise: the full run on a GPU,
// and --quick (a minute on a CPU OpenCL, for the smoke test and for trying
// options out).
struct Profile {
  unsigned repetitions;
  std::vector<std::size_t> transfer_sizes;
  std::size_t transfer_budget;
  unsigned launches;
  unsigned round_trips;
  ProblemSizes problem;
  unsigned pipeline_batches;
  std::size_t pipeline_batch_elements;
  double wait_seconds;
  std::vector<unsigned> small_kernel_counts;
  unsigned small_kernels_per_sample;
};

const Profile kFullProfile = {
    5,
    {4 * KiB, 16 * KiB, 64 * KiB, 256 * KiB, MiB, 4 * MiB, 16 * MiB, 64 * MiB, 256 * MiB, GiB},
    256 * MiB,
    1000, // below the driver's queue of pending launches, so enqueueing never waits on the GPU
    1000,
    {64 * MiB, 8192, 64 * MiB, 4096, 8192, 64 * MiB, 64 * KiB, 4096, 20}, // 64 Mi floats; 512 MiB
    64,
    2 * MiB, // 8 MiB batches
    1.0,
    {10, 100, 1000},
    10000, // 1000 rounds of 10 kernels ... 10 rounds of 1000
};

const Profile kQuickProfile = {
    3,       {4 * KiB, 64 * KiB, MiB},
    4 * MiB, 100,
    100,     {MiB, 256, MiB, 128, 256, MiB, KiB, 256, 2}, // 1 Mi floats
    8,       64 * KiB,
    0.1,     {10, 100, 1000},
    1000,
};

// Options that only set a flag or store their value.
template <typename T> struct MemberOption {
  const char *name;
  T Options::*member;
};

const MemberOption<bool> kFlagOptions[] = {
    {"--help", &Options::help},         {"-h", &Options::help},
    {"--quick", &Options::quick},       {"--icd-from-environment", &Options::icd_from_environment},
    {"--il", &Options::il_programs},    {"--list-platforms", &Options::list_platforms},
    {"--goals", &Options::print_goals},
};

const MemberOption<std::string> kTextOptions[] = {
    {"--nvidia-platform", &Options::nvidia_platform},
    {"--clcuda-platform", &Options::clcuda_platform},
    {"--clcuda-library", &Options::clcuda_library},
    {"--raw-module", &Options::raw_module},
    {"--packages-root", &Options::packages_root},
    {"--csv", &Options::csv_path},
    {"--markdown", &Options::markdown_path},
};

template <typename T, std::size_t N>
const MemberOption<T> *findOption(const MemberOption<T> (&options)[N], const std::string &name) {
  for (const MemberOption<T> &option : options)
    if (name == option.name)
      return &option;
  return nullptr;
}

std::vector<std::string> splitList(const std::string &text) {
  std::vector<std::string> items;
  std::stringstream stream(text);
  std::string item;
  while (std::getline(stream, item, ','))
    if (!item.empty())
      items.push_back(item);
  return items;
}

std::string joined(const std::vector<std::string> &items) {
  std::string text;
  for (const std::string &item : items)
    text += (text.empty() ? "" : ",") + item;
  return text;
}

// The items of `text`, each one of `allowed`, kept in the order of `allowed`.
std::vector<std::string> selection(const std::string &option, const std::string &text,
                                   const std::vector<std::string> &allowed) {
  const std::vector<std::string> items = splitList(text);
  for (const std::string &item : items)
    if (std::find(allowed.begin(), allowed.end(), item) == allowed.end())
      throw UsageError(option + ": unknown '" + item + "' (choose from " + joined(allowed) + ")");
  std::vector<std::string> chosen;
  for (const std::string &name : allowed)
    if (std::find(items.begin(), items.end(), name) != items.end())
      chosen.push_back(name);
  if (chosen.empty())
    throw UsageError(option + ": empty list");
  return chosen;
}

unsigned parseCount(const std::string &option, const std::string &text) {
  char *end = nullptr;
  const unsigned long value = std::strtoul(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || value == 0 || value > 1000000)
    throw UsageError(option + ": expected a whole number from 1 to 1000000, got '" + text + "'");
  return static_cast<unsigned>(value);
}

std::size_t parseSize(const std::string &text) {
  char *end = nullptr;
  const unsigned long long value = std::strtoull(text.c_str(), &end, 10);
  std::string suffix(end);
  std::transform(suffix.begin(), suffix.end(), suffix.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  std::size_t multiplier = 1;
  if (suffix == "K" || suffix == "KIB")
    multiplier = KiB;
  else if (suffix == "M" || suffix == "MIB")
    multiplier = MiB;
  else if (suffix == "G" || suffix == "GIB")
    multiplier = GiB;
  else if (!suffix.empty() && suffix != "B")
    throw UsageError("--sizes: cannot read '" + text + "' (write 4K, 1M, 1G or bytes)");
  const std::size_t bytes = static_cast<std::size_t>(value) * multiplier;
  if (end == text.c_str() || bytes == 0 || bytes % 4 != 0 || bytes > 16 * GiB)
    throw UsageError("--sizes: '" + text + "' is not a multiple of 4 bytes from 4 B to 16 GiB");
  return bytes;
}

double parseSeconds(const std::string &option, const std::string &text) {
  char *end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(value > 0.0) || value > 60.0)
    throw UsageError(option + ": expected seconds above 0 and at most 60, got '" + text + "'");
  return value;
}

std::vector<std::string> columnKeys() {
  std::vector<std::string> keys;
  for (std::size_t slot = 0; slot < kColumnCount; ++slot)
    keys.emplace_back(columnKey(slot));
  return keys;
}

} // namespace

Options parseOptions(int argc, char **argv) {
  Options options;
  std::optional<unsigned> repetitions, launches;
  std::optional<std::vector<std::size_t>> sizes;
  std::optional<double> wait_seconds;
  std::optional<std::string> measures, kernels, programs;
  for (int i = 0; i < argc; ++i)
    options.command_line += (i ? " " : "") + std::string(argv[i]);

  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc)
        throw UsageError(arg + " needs a value");
      return argv[++i];
    };
    if (const auto *flag = findOption(kFlagOptions, arg))
      options.*(flag->member) = true;
    else if (const auto *text = findOption(kTextOptions, arg))
      options.*(text->member) = value();
    else if (arg == "--measures")
      measures = value();
    else if (arg == "--kernels")
      kernels = value();
    else if (arg == "--programs")
      programs = value();
    else if (arg == "--columns") {
      const std::vector<std::string> chosen = selection(arg, value(), columnKeys());
      for (std::size_t slot = 0; slot < kColumnCount; ++slot)
        options.columns[slot] =
            std::find(chosen.begin(), chosen.end(), columnKey(slot)) != chosen.end();
    } else if (arg == "--repetitions")
      repetitions = parseCount(arg, value());
    else if (arg == "--sizes") {
      std::vector<std::size_t> parsed;
      for (const std::string &item : splitList(value()))
        parsed.push_back(parseSize(item));
      if (parsed.empty())
        throw UsageError("--sizes: empty list");
      sizes = parsed;
    } else if (arg == "--launches")
      launches = parseCount(arg, value());
    else if (arg == "--wait-seconds")
      wait_seconds = parseSeconds(arg, value());
    else
      throw UsageError("unknown option '" + arg + "'");
  }

  const Profile &profile = options.quick ? kQuickProfile : kFullProfile;
  options.repetitions = repetitions.value_or(profile.repetitions);
  options.transfer_sizes = sizes.value_or(profile.transfer_sizes);
  options.transfer_budget = profile.transfer_budget;
  options.launches = launches.value_or(profile.launches);
  options.round_trips = profile.round_trips;
  options.problem = profile.problem;
  options.pipeline_batches = profile.pipeline_batches;
  options.pipeline_batch_elements = profile.pipeline_batch_elements;
  options.wait_seconds = wait_seconds.value_or(profile.wait_seconds);
  options.small_kernel_counts = profile.small_kernel_counts;
  options.small_kernels_per_sample = profile.small_kernels_per_sample;
  options.measures =
      measures ? selection("--measures", *measures, measureFamilies()) : measureFamilies();
  options.kernels =
      kernels ? selection("--kernels", *kernels, kernelPlanNames()) : kernelPlanNames();
  options.programs =
      programs ? selection("--programs", *programs, buildProgramNames()) : buildProgramNames();
  return options;
}

bool wants(const Options &options, const std::string &family) {
  return std::find(options.measures.begin(), options.measures.end(), family) !=
         options.measures.end();
}

std::string usage() {
  return "usage: clcuda-bench [options]\n"
         "Measures NVIDIA's OpenCL, clcuda and the raw CUDA driver API in one process,\n"
         "interleaved, and prints a markdown table (docs/performance.md explains it).\n"
         "\n"
         "  --quick                 small sizes, 3 repetitions (a smoke run)\n"
         "  --measures LIST         of: " +
         joined(measureFamilies()) +
         "\n"
         "  --kernels LIST          of: " +
         joined(kernelPlanNames()) +
         "\n"
         "  --programs LIST         the build measure's, of: " +
         joined(buildProgramNames()) +
         "\n"
         "  --columns LIST          of: " +
         joined(columnKeys()) +
         "\n"
         "  --repetitions N         samples per column and row (default 5, quick 3)\n"
         "  --sizes LIST            transfer sizes, e.g. 4K,1M,1G (default 4K..1G by 4x)\n"
         "  --launches N            empty kernels per async-launch sample (default 1000)\n"
         "  --wait-seconds S        length of the blocking-wait kernel (default 1)\n"
         "  --nvidia-platform NAME  the NVIDIA column's platform (default 'NVIDIA CUDA')\n"
         "  --clcuda-platform NAME  the clcuda column's platform (default 'clcuda'); a\n"
         "                          platform name, or part of a name or vendor (e.g. pocl)\n"
         "  --clcuda-library PATH   libclcuda.so to register (default: this build's)\n"
         "  --raw-module PATH       the raw CUDA column's module (default: this build's)\n"
         "  --packages-root DIR     where the build measure finds installed packages'\n"
         "                          kernels (hashcat-data's; default /)\n"
         "  --icd-from-environment  use the ICD loader's platforms as the environment\n"
         "                          has them, without the private vendors directory\n"
         "  --il                    the clcuda column builds the kernels from SPIR-V (their\n"
         "                          .cl compiled by clang-15 and llvm-spirv-15 at build time)\n"
         "                          with clCreateProgramWithIL\n"
         "  --csv FILE              also write the table as CSV\n"
         "  --markdown FILE         also write the markdown report to FILE\n"
         "  --list-platforms        list the OpenCL platforms the run would see, and exit\n"
         "  --goals                 print the goals table (markdown) and exit\n";
}

} // namespace clcuda::bench
