#include "nvrtc.h"

#include <clcuda/device_library.h>

#include <nvrtc.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <type_traits>

#include <unistd.h>

namespace clcuda::core {
namespace {

// The name NVRTC gives the program; the translator's #line directives name
// the user's file, so messages point there.
constexpr const char *kProgramName = "program.cu";

struct ProgramDeleter {
  void operator()(nvrtcProgram program) const { nvrtcDestroyProgram(&program); }
};
using UniqueProgram = std::unique_ptr<std::remove_pointer_t<nvrtcProgram>, ProgramDeleter>;

const std::vector<int> &supportedArchitectures() {
  static const std::vector<int> list = [] {
    int count = 0;
    std::vector<int> architectures;
    if (nvrtcGetNumSupportedArchs(&count) == NVRTC_SUCCESS && count > 0) {
      architectures.resize(std::size_t(count));
      if (nvrtcGetSupportedArchs(architectures.data()) != NVRTC_SUCCESS)
        architectures.clear();
    }
    return architectures;
  }();
  return list;
}

template <class GetSize, class Get>
bool fetch(nvrtcProgram program, GetSize get_size, Get get, std::string &out) {
  std::size_t size = 0;
  if (get_size(program, &size) != NVRTC_SUCCESS)
    return false;
  out.resize(size);
  return size == 0 || get(program, out.data()) == NVRTC_SUCCESS;
}

// A file for NVRTC's --time table, removed with this object; empty path
// where none could be made.
class PhaseTable {
public:
  PhaseTable() {
    std::string name = (std::filesystem::temp_directory_path() / "clcuda-nvrtc-XXXXXX").string();
    const int file = mkstemp(name.data());
    if (file >= 0) {
      close(file);
      path_ = name;
    }
  }
  PhaseTable(const PhaseTable &) = delete;
  PhaseTable &operator=(const PhaseTable &) = delete;
  ~PhaseTable() {
    if (!path_.empty())
      std::remove(path_.c_str());
  }
  const std::string &path() const { return path_; }
  // Its rows, "file, phase, milliseconds, ms" (NVRTC writes its header
  // line only into a file it creates).
  std::vector<NvrtcPhase> read() const {
    std::vector<NvrtcPhase> phases;
    std::ifstream table(path_);
    std::string line;
    while (std::getline(table, line)) {
      std::stringstream row(line);
      std::string file, phase, milliseconds, unit;
      if (std::getline(row, file, ',') && std::getline(row, phase, ',') &&
          std::getline(row, milliseconds, ',') && std::getline(row, unit) && unit == " ms")
        phases.push_back(
            {phase.substr(phase.find_first_not_of(' ')), std::atof(milliseconds.c_str()) / 1e3});
    }
    return phases;
  }

private:
  std::string path_;
};

std::string errorText(const char *what, nvrtcResult result) {
  return std::string("error: NVRTC ") + what + " failed: " + nvrtcGetErrorString(result) + "\n";
}

// A string of the compile options, kept in the PTX by a used variable.
// NVRTC turns PTX into SASS through CUDA's compute cache
// (~/.nv/ComputeCache), whose key misses the floating-point modes: without
// the stamp, a program built with --ftz=true or --use_fast_math after the
// same program without them (or the other way round) got the first build's
// SASS, in this process or any later one (seen with NVRTC 13.0 on driver
// 580; docs/programs.md).
std::string optionsStamp(const std::vector<std::string> &options) {
  std::string text;
  for (const std::string &option : options) {
    if (!text.empty())
      text += ' ';
    for (char c : option) {
      if (c == '"' || c == '\\')
        text += '\\';
      text += c;
    }
  }
  return "\nstatic __device__ __attribute__((used)) const char clc_nvrtc_options[] = \"" + text +
         "\";\n";
}

// ptxas reports only what it compiles, and CUDA's compute cache serves a
// PTX it has seen before without running ptxas: a verbose compile
// (-cl-nv-verbose) gets PTX of its own, so its log always has the report.
std::string verboseStamp(const std::vector<std::string> &options) {
  if (std::find(options.begin(), options.end(), "--ptxas-options=-v") == options.end())
    return "";
  static std::atomic<unsigned long long> builds{0};
  const auto now = std::chrono::system_clock::now().time_since_epoch().count();
  return "static __device__ __attribute__((used)) const unsigned long long clc_verbose_build[] = {" +
         std::to_string(now) + "ull, " + std::to_string(builds++) + "ull};\n";
}

} // namespace

std::string deviceArch(int compute_major, int compute_minor) {
  return "sm_" + std::to_string(compute_major * 10 + compute_minor);
}

GpuTarget targetFor(int compute_major, int compute_minor) {
  const int wanted = compute_major * 10 + compute_minor;
  int newest = 0;
  for (int arch : supportedArchitectures()) {
    if (arch == wanted)
      return {"sm_" + std::to_string(arch)};
    if (arch < wanted && arch > newest)
      newest = arch;
  }
  // A GPU newer than NVRTC: PTX of the newest older architecture, which the
  // driver compiles for it. (An older GPU than NVRTC supports gets sm_XY and
  // fails to compile, with NVRTC's message in the log.)
  if (newest)
    return {"compute_" + std::to_string(newest)};
  return {"sm_" + std::to_string(wanted)};
}

const std::string &nvrtcVersionText() {
  static const std::string version = [] {
    int major = 0, minor = 0;
    nvrtcVersion(&major, &minor);
    return std::to_string(major) + "." + std::to_string(minor);
  }();
  return version;
}

NvrtcOutput compileCuda(const std::string &cuda_source, const GpuTarget &target,
                        const std::vector<std::string> &options, CompileKind kind, bool timed) {
  NvrtcOutput output;
  // -minimal leaves out what translated code never uses (textures and
  // surfaces, device-side runtime calls and launches): a faster compile.
  // An extensible program is PTX: NVRTC's ptxas would reject its calls to
  // functions it does not define.
  const GpuTarget compiled = kind == CompileKind::extensible ? target.virtualArch() : target;
  std::vector<std::string> all = {"-arch=" + compiled.arch, "-std=c++17", "-minimal"};
  if (kind == CompileKind::relocatable || kind == CompileKind::machine_relocatable)
    all.push_back("-rdc=true");
  if (kind == CompileKind::relocatable)
    all.push_back("-dlto");
  if (kind == CompileKind::extensible)
    all.push_back("-ewp");
  all.insert(all.end(), options.begin(), options.end());
  const std::string stamped = cuda_source + optionsStamp(all) + verboseStamp(all);
  const EmbeddedFileSet &library = device_library_headers;
  std::vector<const char *> header_sources, header_names;
  for (std::size_t i = 0; i < library.count; ++i) {
    header_sources.push_back(library.files[i].data);
    header_names.push_back(library.files[i].name);
  }
  nvrtcProgram raw = nullptr;
  nvrtcResult result =
      nvrtcCreateProgram(&raw, stamped.c_str(), kProgramName, int(header_sources.size()),
                         header_sources.data(), header_names.data());
  if (result != NVRTC_SUCCESS) {
    output.log = errorText("nvrtcCreateProgram", result);
    return output;
  }
  UniqueProgram program(raw);
  std::vector<const char *> pointers;
  for (const std::string &option : all)
    pointers.push_back(option.c_str());
  // Not in the options stamp: the file's name would make every PTX differ.
  std::optional<PhaseTable> phases;
  std::string time_option;
  if (timed && !phases.emplace().path().empty()) {
    time_option = "--time=" + phases->path();
    pointers.push_back(time_option.c_str());
  }
  result = nvrtcCompileProgram(program.get(), int(pointers.size()), pointers.data());
  if (phases && !phases->path().empty())
    output.phases = phases->read();
  std::string log;
  if (fetch(program.get(), nvrtcGetProgramLogSize, nvrtcGetProgramLog, log)) {
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n'))
      log.pop_back();
    if (!log.empty())
      output.log = log + "\n";
  }
  if (result != NVRTC_SUCCESS) {
    if (output.log.empty())
      output.log = errorText("compilation", result);
    return output;
  }
  bool fetched = true;
  if (kind == CompileKind::relocatable) {
    fetched = fetch(program.get(), nvrtcGetLTOIRSize, nvrtcGetLTOIR, output.lto_ir);
  } else {
    fetched = fetch(program.get(), nvrtcGetPTXSize, nvrtcGetPTX, output.ptx);
    if (fetched && !output.ptx.empty() && output.ptx.back() == '\0')
      output.ptx.pop_back(); // the string keeps its own terminator
    if (fetched && compiled.real())
      fetched = fetch(program.get(), nvrtcGetCUBINSize, nvrtcGetCUBIN, output.cubin);
  }
  if (!fetched) {
    output.log += "error: NVRTC's output could not be read\n";
    return output;
  }
  output.ok = true;
  return output;
}

} // namespace clcuda::core
