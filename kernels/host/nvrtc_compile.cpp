#include "nvrtc_compile.h"

#include "build_messages.h"
#include "toolkit_libraries.h"

#include <clcuda/device_library.h>

#include <nvrtc.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <type_traits>

#include <fcntl.h>
#include <unistd.h>

namespace clcuda {
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

// An NVRTC program of `source` with the device library's headers (clc/*.h)
// given in memory under their names.
nvrtcResult createProgram(const std::string &source, UniqueProgram &program) {
  const EmbeddedFileSet &library = device_library_headers;
  std::vector<const char *> header_sources, header_names;
  for (std::size_t i = 0; i < library.count; ++i) {
    header_sources.push_back(library.files[i].data);
    header_names.push_back(library.files[i].name);
  }
  nvrtcProgram raw = nullptr;
  const nvrtcResult result =
      nvrtcCreateProgram(&raw, source.c_str(), kProgramName, int(header_sources.size()),
                         header_sources.data(), header_names.data());
  program.reset(raw);
  return result;
}

nvrtcResult compileProgram(nvrtcProgram program, const std::vector<std::string> &options) {
  std::vector<const char *> pointers;
  for (const std::string &option : options)
    pointers.push_back(option.c_str());
  return nvrtcCompileProgram(program, int(pointers.size()), pointers.data());
}

// The #include lines of the device library a translated program begins
// with ("#include <clc/core.h>\n..."), which a precompiled header can stand
// for; empty if it begins otherwise.
std::string leadingLibraryIncludes(const std::string &source) {
  static constexpr std::string_view kInclude = "#include <clc/";
  std::size_t end = 0;
  while (source.compare(end, kInclude.size(), kInclude) == 0) {
    const std::size_t line_end = source.find('\n', end);
    if (line_end == std::string::npos)
      return "";
    end = line_end + 1;
  }
  return source.substr(0, end);
}

// NVRTC compiled without the PCH file it was given, and says why in the
// log ("incompatible precompiled header ..."): a warning, not an error.
bool refusedHeader(nvrtcProgram program) {
  std::string log;
  return fetch(program, nvrtcGetProgramLogSize, nvrtcGetProgramLog, log) &&
         log.find("precompiled header") != std::string::npos;
}

// The device library's headers precompiled once per process for each set
// of leading includes and options (NVRTC's explicit precompiled headers),
// so that later builds skip parsing them. The second compile of a set makes
// the file as it compiles its program (NVRTC writes the headers' state when
// it reaches the program's first #line); later ones use it. A PCH file is
// valid only in the NVRTC instance that made it (NVRTC checks its heap's
// address), so it is made in a temporary directory, opened, and removed at
// once with its directory: later compiles read it through the open
// descriptor (/proc/self/fd/N), and a process that dies leaves nothing
// behind (docs/programs.md).
class PrecompiledHeaders {
public:
  enum class Role { none, create, use };
  struct Part {
    Role role = Role::none;
    std::string file;
  };

  static PrecompiledHeaders &instance() {
    static PrecompiledHeaders headers;
    return headers;
  }
  PrecompiledHeaders(const PrecompiledHeaders &) = delete;
  PrecompiledHeaders &operator=(const PrecompiledHeaders &) = delete;
  ~PrecompiledHeaders() {
    for (const auto &[key, entry] : entries_)
      if (entry.descriptor >= 0)
        close(entry.descriptor);
  }

  // What a compile of a program that begins with `includes`, with
  // `options`, does: makes the file (the second compile of its set: making
  // one costs the first compile about as much as using one saves, and many
  // processes build one program), uses it (once made), or neither.
  Part partFor(const std::string &includes, const std::vector<std::string> &options) {
    std::lock_guard lock(mutex_);
    auto [entry, first] = entries_.try_emplace(keyOf(includes, options));
    Entry &headers = entry->second;
    if (first || headers.state == State::making || headers.state == State::failed)
      return {};
    if (headers.state == State::ready)
      return {Role::use, headers.file};
    std::error_code error; // TMPDIR names no directory: no file, no exception
    std::string directory =
        (std::filesystem::temp_directory_path(error) / "clcuda-pch-XXXXXX").string();
    if (error || !mkdtemp(directory.data())) {
      headers.state = State::failed;
      return {};
    }
    headers = {State::making, directory + "/headers.pch"};
    return {Role::create, headers.file};
  }

  // After a compile that was to make the file: whether NVRTC made it, and
  // whether the program compiled (a program that did not may have stopped
  // before; the next compile of the set tries again).
  void made(const std::string &includes, const std::vector<std::string> &options, bool file_made,
            bool compiled) {
    std::lock_guard lock(mutex_);
    Entry &headers = entries_[keyOf(includes, options)];
    const std::string file = headers.file;
    headers.state = file_made || compiled ? State::failed : State::seen;
    if (file_made) {
      const int descriptor = open(file.c_str(), O_RDONLY | O_CLOEXEC);
      const std::string path = "/proc/self/fd/" + std::to_string(descriptor);
      if (descriptor >= 0 && access(path.c_str(), R_OK) == 0)
        headers = {State::ready, path, descriptor};
      else if (descriptor >= 0)
        close(descriptor);
    }
    std::remove(file.c_str());
    std::remove(std::filesystem::path(file).parent_path().c_str());
  }

  // NVRTC did not take the file: this set compiles without one from now on.
  void refuse(const std::string &includes, const std::vector<std::string> &options) {
    std::lock_guard lock(mutex_);
    entries_[keyOf(includes, options)].state = State::failed;
  }

private:
  enum class State { seen, making, ready, failed };
  struct Entry {
    State state = State::seen;
    std::string file;    // being made: its path; ready: its descriptor's path
    int descriptor = -1; // ready: the open file, removed from its directory
  };

  PrecompiledHeaders() = default;

  static std::string keyOf(const std::string &includes, const std::vector<std::string> &options) {
    std::string key = includes;
    for (const std::string &option : options)
      key += '\0' + option;
    return key;
  }

  std::mutex mutex_;
  std::map<std::string, Entry> entries_;
};

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
  return buildMessage(BuildMessage::NvrtcFailed, {what, nvrtcGetErrorString(result)});
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
  if (!asksVerbose(options))
    return "";
  static std::atomic<unsigned long long> builds{0};
  const auto now = std::chrono::system_clock::now().time_since_epoch().count();
  return "static __device__ __attribute__((used)) const unsigned long long clc_verbose_build[] = "
         "{" +
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

bool asksVerbose(const std::vector<std::string> &nvrtc_options) {
  return std::find(nvrtc_options.begin(), nvrtc_options.end(), "--ptxas-options=-v") !=
         nvrtc_options.end();
}

NvrtcOutput compileCuda(const std::string &cuda_source, const GpuTarget &target,
                        const std::vector<std::string> &options, CompileKind kind,
                        CompileAids aids) {
  NvrtcOutput output;
  const std::string &builtins_missing = loadNvrtcBuiltins();
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
  const std::string includes = aids.precompiled_headers ? leadingLibraryIncludes(cuda_source) : "";
  PrecompiledHeaders::Part headers;
  if (!includes.empty())
    headers = PrecompiledHeaders::instance().partFor(includes, all);
  // Not in the precompiled headers' key: the front end, which makes them,
  // is the same in every thread count. In the stamp: the code is not.
  std::vector<std::string> compiled_with = all;
  const bool optimized = kind == CompileKind::whole || kind == CompileKind::extensible;
  if (optimized && aids.split_threads > 1)
    compiled_with.push_back("--split-compile=" + std::to_string(aids.split_threads));
  static const char *const kFastCompileLevels[] = {"min", "mid", "max"};
  if (aids.fast_compile >= 1 && aids.fast_compile <= 3)
    compiled_with.push_back(std::string("--Ofast-compile=") +
                            kFastCompileLevels[aids.fast_compile - 1]);
  const std::string stamped = cuda_source + optionsStamp(compiled_with) + verboseStamp(all);
  // Not in the options stamp: the PCH and --time files' names would make every PTX differ.
  std::optional<PhaseTable> phases;
  auto compile = [&](PrecompiledHeaders::Role role, UniqueProgram &program) {
    std::vector<std::string> used = compiled_with;
    if (role != PrecompiledHeaders::Role::none) {
      used.push_back((role == PrecompiledHeaders::Role::use ? "--use-pch=" : "--create-pch=") +
                     headers.file);
      used.push_back("--pch-messages=false");
      // "PCH creation disabled because #line directive encountered": the
      // headers before it are in the file.
      used.push_back("-diag-suppress=20283");
    }
    if (aids.timed && !phases.emplace().path().empty())
      used.push_back("--time=" + phases->path());
    nvrtcResult result = createProgram(stamped, program);
    if (result != NVRTC_SUCCESS) {
      output.log = errorText("nvrtcCreateProgram", result);
      return result;
    }
    result = compileProgram(program.get(), used);
    if (phases && !phases->path().empty())
      output.phases = phases->read();
    return result;
  };
  UniqueProgram program;
  nvrtcResult result = compile(headers.role, program);
  output.precompiled_headers = headers.role == PrecompiledHeaders::Role::use;
  if (headers.role == PrecompiledHeaders::Role::create)
    PrecompiledHeaders::instance().made(
        includes, all, program && nvrtcGetPCHCreateStatus(program.get()) == NVRTC_SUCCESS,
        result == NVRTC_SUCCESS);
  if (program && output.precompiled_headers && refusedHeader(program.get())) {
    PrecompiledHeaders::instance().refuse(includes, all);
    output.precompiled_headers = false;
    result = compile(PrecompiledHeaders::Role::none, program);
  }
  if (!program)
    return output;
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
    if (!builtins_missing.empty())
      output.log += buildMessage(BuildMessage::ToolMissing, {builtins_missing});
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
    output.log += buildMessage(BuildMessage::NvrtcOutputUnreadable);
    return output;
  }
  output.ok = true;
  return output;
}

} // namespace clcuda
