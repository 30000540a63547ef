#include "host_support.h"

#include "bench_error.h"
#include "workloads.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <regex>
#include <sstream>

namespace clcuda::bench {

double wallSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double processCpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval &t) { return double(t.tv_sec) + double(t.tv_usec) * 1e-6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

PageableMemory::PageableMemory(std::size_t bytes) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t rounded = (std::max<std::size_t>(bytes, 1) + page - 1) / page * page;
  data_.reset(static_cast<unsigned char *>(std::aligned_alloc(page, rounded)));
  if (!data_)
    throw BenchError("out of host memory allocating " + formatBytes(bytes));
  std::memset(data_.get(), 0, rounded);
}

void PageableMemory::Free::operator()(unsigned char *p) const { std::free(p); }

std::string embeddedText(const EmbeddedFileSet &files, const std::string &name) {
  for (std::size_t i = 0; i < files.count; ++i)
    if (name == files.files[i].name)
      return std::string(files.files[i].data, files.files[i].size);
  throw BenchError("no embedded source " + name);
}

BuildInput buildMeasureInput(const EmbeddedFileSet &files, const BuildProgram &program,
                             const std::string &packages_root, const std::string &directory,
                             const std::string &extension, const std::string &salt_template,
                             std::uint32_t salt, bool cuda) {
  BuildInput input;
  if (program.installed) {
    const InstalledKernel &kernel = *program.installed;
    std::ifstream file(packages_root + "/" + kernel.file, std::ios::binary);
    if (!file)
      throw BenchError(buildMeasureMissing(program, packages_root));
    std::ostringstream text;
    text << file.rdbuf();
    input.source = text.str() + "\n";
    input.options = replaceMarker(cuda ? kernel.cuda_options : kernel.opencl_options,
                                  kPackagesRootMarker, packages_root);
  } else if (program.linked) {
    for (const std::string &file : program.files)
      input.units.push_back(embeddedText(files, directory + "/" + file + extension) + "\n" +
                            saltKernel(salt_template, salt + std::uint32_t(input.units.size())));
    return input;
  } else {
    for (const std::string &file : program.files)
      input.source += embeddedText(files, directory + "/" + file + extension) + "\n";
  }
  input.source += saltKernel(salt_template, salt);
  return input;
}

std::string buildMeasureMissing(const BuildProgram &program, const std::string &packages_root) {
  if (!program.installed)
    return "";
  const std::string path = packages_root + "/" + program.installed->file;
  if (std::ifstream(path))
    return "";
  return path + " not found: install " + program.installed->package +
         " (apt-get install, or dpkg-deb -x its .deb into a folder given as --packages-root)";
}

BuildPhases parseBuildTimes(const std::string &log) {
  BuildPhases phases;
  const std::string marker = "clcuda build times: ";
  const std::size_t at = log.rfind(marker);
  if (at == std::string::npos)
    return phases;
  const std::string line = log.substr(at + marker.size(), log.find('\n', at) - at - marker.size());
  // "NAME 12.3 ms" after "; ", ", " or " (": names hold letters, '+' and blanks.
  static const std::regex phase(R"(([A-Za-z+][A-Za-z+ ]*?) ([0-9]+(?:\.[0-9]+)?) ms)");
  for (std::sregex_iterator match(line.begin(), line.end(), phase), end; match != end; ++match) {
    const std::string name = (*match)[1];
    if (name != "NVRTC" && name != "cache lookup")
      phases.emplace_back(name, std::stod((*match)[2]));
  }
  return phases;
}

std::string replaceMarker(std::string text, const std::string &marker, const std::string &value) {
  for (std::size_t at = text.find(marker); at != std::string::npos;
       at = text.find(marker, at + value.size()))
    text.replace(at, marker.size(), value);
  return text;
}

std::string saltKernel(const std::string &template_text, std::uint32_t salt) {
  return replaceMarker(template_text, "@SALT@", std::to_string(salt));
}

namespace {

constexpr std::size_t kPatternWindow = 4096;

std::uint32_t patternWord(std::size_t index) {
  return static_cast<std::uint32_t>(index * 2654435761u) ^ 0x5bd1e995u;
}

} // namespace

void fillTransferPattern(unsigned char *data, std::size_t bytes) {
  auto *words = reinterpret_cast<std::uint32_t *>(data);
  for (std::size_t i = 0; i < bytes / 4; ++i)
    words[i] = patternWord(i);
}

std::string checkTransferPattern(const unsigned char *data, std::size_t bytes) {
  const auto *words = reinterpret_cast<const std::uint32_t *>(data);
  const std::size_t count = bytes / 4, window = std::min(count, kPatternWindow / 4);
  for (std::size_t k = 0; k < 2 * window; ++k) {
    std::size_t i = k < window ? k : count - 2 * window + k;
    if (words[i] != patternWord(i)) {
      std::ostringstream message;
      message << "transferred data differ at byte " << i * 4 << " of " << formatBytes(bytes);
      return message.str();
    }
  }
  return "";
}

void fillPipelineInput(float *data, std::size_t elements) {
  for (std::size_t i = 0; i < elements; ++i)
    data[i] = pipelineInput(i);
}

std::string checkFmaChainOutput(const float *output, std::size_t elements,
                                std::uint32_t iterations) {
  constexpr std::size_t kChecked = 64;
  const std::size_t checks = std::min(elements, kChecked);
  for (std::size_t k = 0; k < checks; ++k) {
    const std::size_t i = checks == 1 ? 0 : k * (elements - 1) / (checks - 1);
    // fma is correctly rounded in OpenCL C and CUDA alike: the device must
    // match the host bit for bit.
    const float want = fmaChainReference(pipelineInput(i), iterations);
    if (output[i] != want) {
      std::ostringstream message;
      message << "fma_chain element " << i << " = " << output[i] << ", expected " << want;
      return message.str();
    }
  }
  return "";
}

std::string checkLaunchCounts(const std::uint32_t *counts, std::size_t elements,
                              std::uint64_t launches) {
  std::size_t wrong = 0, first = 0;
  for (std::size_t i = 0; i < elements; ++i)
    if (counts[i] != launches && wrong++ == 0)
      first = i;
  if (wrong == 0)
    return "";
  std::ostringstream message;
  message << wrong << " of " << elements << " counts differ from the " << launches
          << " launches done (the first: element " << first << " = " << counts[first] << ")";
  return message.str();
}

} // namespace clcuda::bench
