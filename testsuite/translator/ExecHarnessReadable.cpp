// Readable-mode runs (issue 26): each case runAndCompare runs is also
// translated as `cl2cuda --mode=readable --launch-helpers`, built by nvcc
// (the GPU's sm_XY, -cudart shared) with readable_entry.cuh's entry points,
// and launched through launch_<kernel> on CUDA runtime buffers; its outputs
// must be the compile-mode translation's. A kernel without clc_ndrange must
// refuse an offset or partial work-groups with exactly the helper's error.
#include "ExecHarness.h"
#include "ExecHarnessInternals.h"
#include "readable_entry.cuh"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>

extern char **environ;

namespace cl2cuda::testing {
namespace {

namespace fs = std::filesystem;

// nvcc where the test runs: on PATH, else where the build found it, else
// the toolkit's usual place; "" when there is none.
std::string findNvcc() {
  std::vector<std::string> candidates;
  if (const char *path = std::getenv("PATH")) {
    std::stringstream directories(path);
    for (std::string directory; std::getline(directories, directory, ':');)
      if (!directory.empty())
        candidates.push_back(directory + "/nvcc");
  }
  candidates.push_back(CL2CUDA_CONFIGURED_NVCC);
  candidates.push_back("/usr/local/cuda/bin/nvcc");
  for (const std::string &candidate : candidates)
    if (access(candidate.c_str(), X_OK) == 0)
      return candidate;
  return "";
}

// Where the CUDA runtime of this nvcc's toolkit is, for the library to find
// it when loaded.
fs::path runtimeDirectory(const std::string &nvcc) {
  const fs::path toolkit = fs::path(nvcc).parent_path().parent_path();
  for (const char *directory : {"lib64", "lib"})
    if (fs::exists(toolkit / directory / "libcudart.so"))
      return toolkit / directory;
  return toolkit / "lib64";
}

// The -I directories of OpenCL build options: readable output keeps an
// #include of a header that needs no edit, so nvcc must find it too.
std::vector<std::string> includeDirectories(const std::string &build_options) {
  std::stringstream words(build_options);
  std::vector<std::string> directories;
  for (std::string word; words >> word;) {
    if (word == "-I" && words >> word)
      directories.push_back(word);
    else if (word.rfind("-I", 0) == 0 && word.size() > 2)
      directories.push_back(word.substr(2));
  }
  return directories;
}

// Runs a command, its standard output and error into *log; true when it
// exited 0.
bool runCommand(const std::vector<std::string> &arguments, const fs::path &log_file,
                std::string *log) {
  std::vector<char *> argv;
  for (const std::string &argument : arguments)
    argv.push_back(const_cast<char *>(argument.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log_file.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  pid_t child = 0;
  const int spawned = posix_spawn(&child, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  int status = 0;
  if (spawned == 0 && waitpid(child, &status, 0) != child)
    status = -1;
  std::ifstream file(log_file);
  std::stringstream text;
  text << file.rdbuf();
  *log = text.str();
  if (spawned != 0)
    *log += "cannot start " + arguments[0] + ": " + std::strerror(spawned);
  return spawned == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// The CUDA runtime the readable library was linked with (nvcc -cudart
// shared), looked up through it, so that the buffers and the launch share
// one runtime.
struct CudaRuntime {
  decltype(&cudaMalloc) malloc = nullptr;
  decltype(&cudaFree) free = nullptr;
  decltype(&cudaMemcpy) memcpy = nullptr;
  decltype(&cudaDeviceSynchronize) synchronize = nullptr;
  decltype(&cudaGetErrorName) error_name = nullptr;

  bool load(void *library) {
    auto find = [library](auto *function, const char *name) {
      *function = reinterpret_cast<std::remove_pointer_t<decltype(function)>>(dlsym(library, name));
      return *function != nullptr;
    };
    return find(&malloc, "cudaMalloc") && find(&free, "cudaFree") && find(&memcpy, "cudaMemcpy") &&
           find(&synchronize, "cudaDeviceSynchronize") && find(&error_name, "cudaGetErrorName");
  }
};

// One program's readable translation, built and loaded.
struct ReadableLibrary {
  std::string error;   // why it could not be built or loaded
  std::string skipped; // why it was not built here
  void *handle = nullptr;
  ProgramMetadata metadata;
  CudaRuntime runtime;
};

// As the CLI translates: the file's directory is an include directory.
TranslateOptions readableOptions(const ExecCase &test) {
  TranslateOptions options;
  options.mode = OutputMode::Readable;
  options.launch_helpers = true;
  options.file_name = sourcePathOf(test);
  options.build_options =
      test.build_options + " -I " + fs::path(sourcePathOf(test)).parent_path().string();
  return options;
}

// nvcc's command for the shared library of `directory`/entries.cu.
std::vector<std::string> nvccCommand(const std::string &nvcc, const std::string &architecture,
                                     const TranslateOptions &options,
                                     const ProgramMetadata &metadata, const fs::path &directory) {
  std::vector<std::string> command = {nvcc,      "-std=c++17",
                                      "-shared", "-Xcompiler",
                                      "-fPIC",   "-cudart",
                                      "shared",  "-arch=" + architecture,
                                      "-I",      CLCUDA_DEVICE_LIBRARY_INCLUDE};
  for (const std::string &include : includeDirectories(options.build_options))
    command.insert(command.end(), {"-I", include});
  // The build options' NVRTC options (--use_fast_math, --fmad=false...),
  // which nvcc spells alike: both builds do the same arithmetic.
  command.insert(command.end(), metadata.nvrtc_options.begin(), metadata.nvrtc_options.end());
  command.insert(command.end(),
                 {"-I", CL2CUDA_TEST_DIR, "-Xlinker", "-rpath," + runtimeDirectory(nvcc).string(),
                  "-o", (directory / "readable.so").string(), (directory / "entries.cu").string()});
  return command;
}

ReadableLibrary buildReadableLibrary(const ExecCase &test) {
  ReadableLibrary library;
  const std::string nvcc = findNvcc();
  if (nvcc.empty()) {
    library.skipped = "no nvcc on PATH, at " CL2CUDA_CONFIGURED_NVCC " or /usr/local/cuda/bin";
    return library;
  }
  const Translator &translation_library = translator();
  if (!translation_library.translate_with_options) {
    library.error = "cannot translate in readable mode: " + translation_library.error;
    return library;
  }
  const TranslateOptions options = readableOptions(test);
  TranslateResult translated = translation_library.translate_with_options(sourceOf(test), options);
  if (translated.status != Status::Ok) {
    library.error = "the readable translation failed:\n" + translated.log;
    return library;
  }
  library.metadata = std::move(translated.metadata);
  const std::string architecture = deviceArchitecture(&library.error);
  if (architecture.empty())
    return library;

  std::string directory_template = (fs::temp_directory_path() / "cl2cuda-readable-XXXXXX").string();
  if (!mkdtemp(directory_template.data())) {
    library.error = "mkdtemp: " + std::string(std::strerror(errno));
    return library;
  }
  const fs::path directory = directory_template;
  std::ofstream(directory / "program.cu", std::ios::binary) << translated.cuda_source;
  std::ofstream entries(directory / "entries.cu", std::ios::binary);
  entries << "#include \"program.cu\"\n#include \"readable_entry.cuh\"\n";
  for (const KernelMetadata &kernel : library.metadata.kernels)
    entries << "CL2CUDA_TEST_READABLE_ENTRY(" << kernel.cuda_name << ")\n";
  entries.close();

  const std::vector<std::string> command =
      nvccCommand(nvcc, architecture, options, library.metadata, directory);
  std::string log;
  if (!runCommand(command, directory / "nvcc.log", &log)) {
    std::string shown;
    for (const std::string &argument : command)
      shown += argument + " ";
    library.error = "nvcc rejected the readable translation (kept in " + directory.string() +
                    "):\n" + shown + "\n" + log;
    return library;
  }
  library.handle = dlopen((directory / "readable.so").c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library.handle) {
    library.error = std::string("dlopen: ") + dlerror();
    return library;
  }
  fs::remove_all(directory);
  if (!library.runtime.load(library.handle))
    library.error = "the readable library's CUDA runtime lacks a function the test uses";
  return library;
}

// Built once per program and build options within a process: the cases of
// a test share their program. Never unloaded: CUDA keeps its kernels
// registered until exit.
const ReadableLibrary &readableLibrary(const ExecCase &test) {
  static std::mutex mutex;
  static std::map<std::pair<std::string, std::string>, std::unique_ptr<ReadableLibrary>> built;
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<ReadableLibrary> &library = built[{test.file, test.build_options}];
  if (!library)
    library = std::make_unique<ReadableLibrary>(buildReadableLibrary(test));
  return *library;
}

// What launch_<kernel> must return for a kernel that reads CUDA's built-in
// variables (no clc_ndrange): as clEnqueueNDRangeKernel refuses what the
// device cannot launch, an offset is cudaErrorInvalidValue and a local size
// that does not divide the global size cudaErrorInvalidConfiguration.
cudaError_t builtInVariablesLaunchStatus(const ExecCase &test) {
  for (unsigned d = 0; d < test.work_dim; ++d)
    if (test.global_offset[d] != 0)
      return cudaErrorInvalidValue;
  for (unsigned d = 0; d < test.work_dim; ++d)
    if (test.global_size[d] % test.local_size[d] != 0)
      return cudaErrorInvalidConfiguration;
  return cudaSuccess;
}

// An argument as launch_<kernel> takes it: a device pointer, the size of a
// __local argument, a value's bytes.
size_t parameterBytes(const ExecArg &arg) {
  switch (arg.kind) {
  case ExecArg::Buffer:
    return sizeof(void *);
  case ExecArg::Local:
    return sizeof(size_t);
  default:
    return arg.bytes.size();
  }
}

// Launches the case's kernel through its entry; *refused when its helper
// refused the NDRange, as it must.
RunResult launchThroughEntry(const ReadableLibrary &library, const ExecCase &test, bool *refused) {
  const KernelMetadata *kernel = library.metadata.findKernel(test.kernel);
  if (!kernel)
    return failure("the readable translation has no kernel " + test.kernel);
  const std::string helper = "launch_" + kernel->cuda_name;
  const std::string entry_name = "cl2cuda_test_entry_" + kernel->cuda_name;
  const auto *entry = static_cast<const ReadableEntry *>(dlsym(library.handle, entry_name.c_str()));
  if (!entry)
    return failure("the readable library lacks " + entry_name);
  if (entry->parameter_count != test.args.size())
    return failure(helper + " takes " + std::to_string(entry->parameter_count) +
                   " kernel arguments, not " + std::to_string(test.args.size()));

  for (size_t i = 0; i < test.args.size(); ++i)
    if (parameterBytes(test.args[i]) != entry->parameter_sizes[i])
      return failure("argument " + std::to_string(i) + " has " +
                     std::to_string(parameterBytes(test.args[i])) + " bytes; " + helper +
                     "'s parameter " + std::to_string(entry->parameter_sizes[i]));

  const CudaRuntime &cuda = library.runtime;
  std::string error;
  auto check = [&](cudaError_t status, const std::string &what) {
    if (status == cudaSuccess)
      return true;
    error = what + ": " + cuda.error_name(status);
    return false;
  };
  Cleanup cleanup;
  std::vector<void *> pointers(test.args.size(), nullptr);
  std::vector<size_t> local_sizes(test.args.size(), 0);
  std::vector<void *> arguments(test.args.size(), nullptr);
  for (size_t i = 0; i < test.args.size(); ++i) {
    const ExecArg &arg = test.args[i];
    if (arg.kind == ExecArg::Buffer) {
      if (!check(cuda.malloc(&pointers[i], std::max<size_t>(arg.bytes.size(), 1)), "cudaMalloc"))
        return failure(error);
      void *pointer = pointers[i];
      cleanup.add([&cuda, pointer] { cuda.free(pointer); });
      if (!arg.bytes.empty() &&
          !check(cuda.memcpy(pointer, arg.bytes.data(), arg.bytes.size(), cudaMemcpyHostToDevice),
                 "cudaMemcpy"))
        return failure(error);
      arguments[i] = &pointers[i];
    } else if (arg.kind == ExecArg::Local) {
      local_sizes[i] = arg.local_bytes;
      arguments[i] = &local_sizes[i];
    } else {
      arguments[i] = const_cast<unsigned char *>(arg.bytes.data());
    }
  }

  const cudaError_t launched = entry->launch(test.work_dim, test.global_offset, test.global_size,
                                             test.local_size, arguments.data());
  const cudaError_t required =
      entry->takes_ndrange ? cudaSuccess : builtInVariablesLaunchStatus(test);
  if (launched != required)
    return failure(helper + " returned " + cuda.error_name(launched) + ", not " +
                   cuda.error_name(required));
  *refused = required != cudaSuccess;
  if (!check(cuda.synchronize(), "cudaDeviceSynchronize (the kernel failed)"))
    return failure(error);
  RunResult result;
  for (size_t i = 0; i < test.args.size() && !*refused; ++i) {
    if (test.args[i].kind != ExecArg::Buffer || !test.args[i].output)
      continue;
    std::vector<unsigned char> bytes(test.args[i].bytes.size());
    if (!bytes.empty() &&
        !check(cuda.memcpy(bytes.data(), pointers[i], bytes.size(), cudaMemcpyDeviceToHost),
               "cudaMemcpy"))
      return failure(error);
    result.outputs.push_back(std::move(bytes));
  }
  result.ok = true;
  return result;
}

} // namespace

ReadableRun runReadableOnCuda(const ExecCase &test) {
  ReadableRun readable;
  const ReadableLibrary &library = readableLibrary(test);
  readable.skipped = library.skipped;
  if (!library.skipped.empty())
    return readable;
  readable.run = library.error.empty() ? launchThroughEntry(library, test, &readable.refused)
                                       : failure(library.error);
  return readable;
}

} // namespace cl2cuda::testing
