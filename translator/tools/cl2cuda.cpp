// cl2cuda: translates an OpenCL C file to CUDA C++ (docs/translator.md).
#include "nvrtc_compile.h"

#include <cl2cuda/translator.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

constexpr const char *kUsage = R"(usage: cl2cuda INPUT.cl|INPUT.spv [options] [OpenCL build options]

Translates OpenCL C, or a SPIR-V module of OpenCL's Kernel environment, to
CUDA C++ that NVRTC compiles with clcuda's device library (kernels/include/clc).
A SPIR-V input (recognized by its magic number) has one output, the compile
mode's (--object: a unit of a link); --mode, --launch-helpers and --time
apply to OpenCL C only, and so do -D, -I and -cl-std= (OpenCL ignores them
for IL).

options:
  -o FILE               write the CUDA source to FILE (default: standard output)
  --mode=readable       keep the source's macros, comments and layout (default)
  --mode=compile        the preprocessed program with #line directives, as
                        clBuildProgram compiles it
  --check[=sm_XY]       compile the output with NVRTC (default sm_90) and report
  --launch-helpers      readable mode: add a host function per kernel that
                        launches it as clEnqueueNDRangeKernel would
  --object              translate one unit of separate compilation, as
                        clCompileProgram does (docs/translator.md)
  --metadata            print the program metadata (kernels, arguments) to stderr
  --time                translate repeatedly and print the time of each phase
  --stats               print what was converted and what was refused, by kind,
                        to stderr (refusals by diagnostic ID: docs/mapping.md)
  --mapping-table       print the OpenCL -> CUDA mapping tables (Markdown)
  --metadata-schema     print the program metadata's records (Markdown)
  --help                this text

OpenCL build options (-D, -I, -cl-std=, -cl-fast-relaxed-math, ...) are
passed to the translator as clBuildProgram would; see docs/mapping.md.
Exit status: 0 ok, 1 translation failed, 2 bad usage or build options,
3 NVRTC rejected the output.
)";

struct CommandLine {
  std::string input;
  std::string output;
  cl2cuda::OutputMode mode = cl2cuda::OutputMode::Readable;
  bool check = false;
  std::string arch = "sm_90";
  bool separate_compilation = false;
  bool launch_helpers = false;
  bool metadata = false;
  bool stats = false;
  bool time = false;
  std::vector<std::string> build_options;
  std::vector<std::string> include_dirs;
};

std::string quoteIfNeeded(const std::string &word) {
  if (word.find_first_of(" \t\"'") == std::string::npos)
    return word;
  std::string quoted = "\"";
  for (char c : word) {
    if (c == '"' || c == '\\')
      quoted += '\\';
    quoted += c;
  }
  return quoted + "\"";
}

// Returns false (after printing why) on bad usage.
bool parseCommandLine(int argc, char **argv, CommandLine *command) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](const char *what) -> const char * {
      if (i + 1 >= argc) {
        std::cerr << "cl2cuda: " << arg << " needs " << what << "\n";
        return nullptr;
      }
      return argv[++i];
    };
    if (arg == "-o") {
      const char *file = value("a file name");
      if (!file)
        return false;
      command->output = file;
    } else if (arg == "--mode=readable" || arg == "--mode=compile") {
      command->mode =
          arg == "--mode=compile" ? cl2cuda::OutputMode::Compile : cl2cuda::OutputMode::Readable;
    } else if (arg == "--mode") {
      const char *mode = value("readable or compile");
      if (!mode || (std::strcmp(mode, "readable") && std::strcmp(mode, "compile"))) {
        std::cerr << "cl2cuda: --mode is readable or compile\n";
        return false;
      }
      command->mode = std::strcmp(mode, "compile") == 0 ? cl2cuda::OutputMode::Compile
                                                        : cl2cuda::OutputMode::Readable;
    } else if (arg == "--check" || arg.rfind("--check=", 0) == 0) {
      command->check = true;
      if (arg.size() > 8)
        command->arch = arg.substr(8);
    } else if (arg == "--object") {
      command->separate_compilation = true;
    } else if (arg == "--launch-helpers") {
      command->launch_helpers = true;
    } else if (arg == "--metadata") {
      command->metadata = true;
    } else if (arg == "--stats") {
      command->stats = true;
    } else if (arg == "--time") {
      command->time = true;
    } else if (arg.rfind("--", 0) == 0) {
      std::cerr << "cl2cuda: unknown option " << arg << "\n" << kUsage;
      return false;
    } else if (arg == "-D" || arg == "-I") {
      const char *next = value("an argument");
      if (!next)
        return false;
      command->build_options.push_back(arg);
      command->build_options.push_back(next);
      if (arg == "-I")
        command->include_dirs.push_back(next);
    } else if (arg.size() > 1 && arg[0] == '-') {
      command->build_options.push_back(arg);
      if (arg.rfind("-I", 0) == 0)
        command->include_dirs.push_back(arg.substr(2));
    } else if (command->input.empty()) {
      command->input = arg;
    } else {
      std::cerr << "cl2cuda: one input file only (" << command->input << ", " << arg << ")\n";
      return false;
    }
  }
  if (command->input.empty()) {
    std::cerr << kUsage;
    return false;
  }
  if (command->launch_helpers && command->mode == cl2cuda::OutputMode::Compile) {
    std::cerr << "cl2cuda: --launch-helpers is for readable mode\n";
    return false;
  }
  return true;
}

std::string joinOptions(const std::vector<std::string> &words) {
  std::string joined;
  for (const std::string &word : words)
    joined += (joined.empty() ? "" : " ") + quoteIfNeeded(word);
  return joined;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

// --stats: "converted: N places" then "  builtin sqrt: 3" lines, and the refusals by ID.
std::string statsReport(const cl2cuda::TranslateResult &result) {
  auto section = [](const char *title, const std::map<std::string, unsigned> &counts) {
    unsigned total = 0;
    std::string lines;
    for (const auto &[what, count] : counts) {
      total += count;
      lines += "  " + what + ": " + std::to_string(count) + "\n";
    }
    return std::string("cl2cuda: ") + title + ": " + std::to_string(total) + " places\n" + lines;
  };
  return section("converted", result.conversions) + section("refused", result.refusals);
}

void printTimes(const std::string &source, const cl2cuda::TranslateOptions &options,
                const cl2cuda::TranslateResult &first) {
  constexpr int kRepetitions = 20;
  std::vector<double> parse, rewrite, render, total;
  for (int i = 0; i < kRepetitions; ++i) {
    cl2cuda::TranslateResult again = cl2cuda::translate(source, options);
    parse.push_back(again.times.parse);
    rewrite.push_back(again.times.rewrite);
    render.push_back(again.times.render);
    total.push_back(again.times.parse + again.times.rewrite + again.times.render);
  }
  auto ms = [](double seconds) { return seconds * 1000; };
  std::fprintf(stderr,
               "translate, first call: %.2f ms (parse %.2f, rewrite %.2f, render %.2f)\n"
               "translate, median of %d: %.2f ms (parse %.2f, rewrite %.2f, render %.2f)\n",
               ms(first.times.parse + first.times.rewrite + first.times.render),
               ms(first.times.parse), ms(first.times.rewrite), ms(first.times.render), kRepetitions,
               ms(median(total)), ms(median(parse)), ms(median(rewrite)), ms(median(render)));
}

std::string directoryOf(const std::string &path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? "." : path.substr(0, slash == 0 ? 1 : slash);
}

} // namespace

int main(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::cout << kUsage;
      return 0;
    }
    if (std::strcmp(argv[i], "--mapping-table") == 0) {
      std::cout << cl2cuda::mappingTablesMarkdown();
      return 0;
    }
    if (std::strcmp(argv[i], "--metadata-schema") == 0) {
      std::cout << cl2cuda::metadata_schema::schemaMarkdown();
      return 0;
    }
  }
  CommandLine command;
  if (!parseCommandLine(argc, argv, &command))
    return 2;

  std::ifstream input(command.input, std::ios::binary);
  if (!input) {
    std::cerr << "cl2cuda: cannot read " << command.input << "\n";
    return 2;
  }
  std::stringstream buffer;
  buffer << input.rdbuf();
  std::string source = buffer.str();

  // Headers next to the input are found as clBuildProgram finds none: add its directory.
  std::string input_dir = directoryOf(command.input);
  command.include_dirs.push_back(input_dir);
  std::vector<std::string> build_options = command.build_options;
  build_options.push_back("-I");
  build_options.push_back(input_dir);

  cl2cuda::TranslateOptions options;
  options.mode = command.mode;
  options.file_name = command.input;
  options.separate_compilation = command.separate_compilation;
  options.launch_helpers = command.launch_helpers;
  options.build_options = joinOptions(build_options);
  const bool spirv = cl2cuda::isSpirv(source);
  cl2cuda::TranslateResult result =
      spirv ? cl2cuda::translateSpirv(source, {},
                                      command.separate_compilation
                                          ? cl2cuda::SpirvOutput::Unit
                                          : cl2cuda::SpirvOutput::WholeProgram,
                                      joinOptions(command.build_options))
            : cl2cuda::translate(source, options);
  std::cerr << result.log;
  if (command.stats)
    std::cerr << statsReport(result);
  if (result.status != cl2cuda::Status::Ok)
    return result.status == cl2cuda::Status::InvalidBuildOptions ? 2 : 1;
  if (command.time && !spirv)
    printTimes(source, options, result);
  if (command.metadata)
    std::cerr << result.metadata.serialize();

  if (command.output.empty()) {
    std::cout << result.cuda_source;
  } else {
    std::ofstream output(command.output, std::ios::binary);
    output << result.cuda_source;
    if (!output) {
      std::cerr << "cl2cuda: cannot write " << command.output << "\n";
      return 1;
    }
  }

  if (!command.check)
    return 0;
  // The shim's compile: its NVRTC options and the embedded device library.
  std::vector<std::string> nvrtc_options = result.metadata.nvrtc_options;
  for (const std::string &directory : command.include_dirs)
    nvrtc_options.push_back("-I" + directory);
  const auto start = std::chrono::steady_clock::now();
  const clcuda::NvrtcOutput checked = clcuda::compileCuda(
      result.cuda_source, clcuda::GpuTarget{command.arch}, nvrtc_options,
      command.separate_compilation ? clcuda::CompileKind::relocatable : clcuda::CompileKind::whole);
  const double milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!checked.ok) {
    std::cerr << checked.log << "cl2cuda: NVRTC rejected the output (" << command.arch << ")\n";
    return 3;
  }
  std::cerr << checked.log;
  if (command.separate_compilation)
    std::fprintf(stderr, "NVRTC (%s): ok, LTO IR %zu bytes, %.1f ms\n", command.arch.c_str(),
                 checked.lto_ir.size(), milliseconds);
  else
    std::fprintf(stderr, "NVRTC (%s): ok, PTX %zu bytes, CUBIN %zu bytes, %.1f ms\n",
                 command.arch.c_str(), checked.ptx.size(), checked.cubin.size(), milliseconds);
  return 0;
}
