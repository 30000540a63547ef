// clcuda-bench: NVIDIA's OpenCL, clcuda and the raw CUDA driver API measured
// in one process, on one GPU, interleaved. docs/performance.md explains the
// measures and how to read the report.
#include "bench_error.h"
#include "opencl_column.h"
#include "options.h"
#include "report.h"
#include "runner.h"
#include "setup.h"

#include <fstream>
#include <iostream>

namespace clcuda::bench {
namespace {

void writeFile(const std::string &path, const std::string &text) {
  std::ofstream file(path);
  file << text;
  if (!file)
    throw BenchError("cannot write " + path);
}

int run(const Options &options) {
  Workspace workspace("clcuda-bench");
  ReportHeader header;
  header.setup_notes =
      options.icd_from_environment
          ? std::vector<std::string>{"ICD: the platforms the environment registers"}
          : icd::registerPlatforms(workspace.path() / "vendors", options.clcuda_library);
  const CacheDirectories caches = useFreshKernelCaches(workspace.path());
  header.setup_notes.push_back(
      "kernel caches start empty: CLCUDA_CACHE_DIR and CUDA_CACHE_PATH point at new directories");

  if (options.list_platforms) {
    std::cout << describeOpenClPlatforms();
    return 0;
  }

  std::array<std::unique_ptr<Column>, kColumnCount> columns;
  const std::string patterns[] = {options.nvidia_platform, options.clcuda_platform};
  for (std::size_t slot = 0; slot < kColumnCount; ++slot) {
    if (!options.columns[slot]) {
      header.columns[slot] = "n/a: not selected (--columns)";
      continue;
    }
    try {
      columns[slot] = slot == kRawSlot ? loadCudaColumn(options.raw_module)
                                       : makeOpenClColumn(patterns[slot], options.il_programs &&
                                                                              slot == kClcudaSlot);
      header.columns[slot] = columns[slot]->description();
    } catch (const std::exception &e) {
      header.columns[slot] = std::string("n/a: ") + e.what();
    }
  }
  header.date = utcNow();
  header.host = describeHost();
  header.command_line = options.command_line;
  header.repetitions = options.repetitions;

  std::array<Column *, kColumnCount> present{};
  for (std::size_t slot = 0; slot < kColumnCount; ++slot)
    present[slot] = columns[slot].get();
  RunResult result = runBenchmarks(options, present);
  result.notes.push_back("after the run, clcuda's cache directory holds " +
                         std::to_string(countFiles(caches.clcuda)) +
                         " files and CUDA_CACHE_PATH (NVIDIA's compute cache) " +
                         std::to_string(countFiles(caches.cuda)) + ".");

  const std::string markdown = markdownReport(header, result);
  std::cout << markdown;
  if (!options.markdown_path.empty())
    writeFile(options.markdown_path, markdown);
  if (!options.csv_path.empty())
    writeFile(options.csv_path, csvReport(result));
  return result.failed ? 1 : 0;
}

} // namespace
} // namespace clcuda::bench

int main(int argc, char **argv) {
  using namespace clcuda::bench;
  Options options;
  try {
    options = parseOptions(argc, argv);
  } catch (const UsageError &e) {
    std::cerr << "clcuda-bench: " << e.what() << "\n\n" << usage();
    return 2;
  }
  if (options.help) {
    std::cout << usage();
    return 0;
  }
  if (options.print_goals) {
    std::cout << goalsMarkdown();
    return 0;
  }
  if (options.clcuda_library.empty())
    options.clcuda_library = CLCUDA_BENCH_DEFAULT_CLCUDA_LIBRARY;
  if (options.raw_module.empty())
    options.raw_module = CLCUDA_BENCH_DEFAULT_RAW_MODULE;
  try {
    return run(options);
  } catch (const std::exception &e) {
    std::cerr << "clcuda-bench: " << e.what() << "\n";
    return 1;
  }
}
