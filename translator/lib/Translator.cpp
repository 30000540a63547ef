#include <cl2cuda/translator.h>

#include "BuildOptions.h"
#include "CompileRenderer.h"
#include "Frontend.h"
#include "Renderers.h"
#include "Rewriter.h"
#include "spirv/SpirvToCuda.h"

#include <llvm/Support/CrashRecoveryContext.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <mutex>

namespace cl2cuda {
namespace {

using Clock = std::chrono::steady_clock;

double secondsBetween(Clock::time_point begin, Clock::time_point end) {
  return std::chrono::duration<double>(end - begin).count();
}

void enableCrashRecovery() {
  static std::once_flag enabled;
  std::call_once(enabled, [] { llvm::CrashRecoveryContext::Enable(); });
}

// The parsed program rewritten under `build` and rendered in `mode`: the
// output text, metadata and counts of `result`, and its rewrite and render
// times. Diagnostics go to the program's log. `expanded` keeps the expanded
// tokens' text for another compile-mode rendering of the same parse.
void rewriteAndRender(ParsedProgram &program, const BuildOptions &build, OutputMode mode,
                      std::optional<ExpandedText> &expanded, TranslateResult &result) {
  const Clock::time_point start = Clock::now();
  result.metadata.opencl_c_version = build.opencl_c_version;
  result.metadata.kernel_arg_info = build.kernel_arg_info;
  result.metadata.uniform_work_group_size = build.uniform_work_group_size;
  result.metadata.nvrtc_options = build.nvrtc_options;
  RewriteOutput rewrite;
  rewriteProgram(program, build, &rewrite);
  const Clock::time_point rewritten = Clock::now();
  result.times.rewrite = secondsBetween(start, rewritten);
  result.conversions = std::move(rewrite.conversions);
  result.refusals = std::move(rewrite.refusals);
  if (program.diagnostics.hasErrorOccurred())
    return;
  // OpenCL's FP_CONTRACT OFF forbids contracting a * b + c; NVRTC
  // contracts unless told not to, for the whole program.
  std::vector<std::string> &nvrtc_options = result.metadata.nvrtc_options;
  for (const PreprocessorRecord::Pragma &pragma : program.record.pragmas)
    if (pragma.words == std::vector<std::string>{"OPENCL", "FP_CONTRACT", "OFF"} &&
        std::find(nvrtc_options.begin(), nvrtc_options.end(), "--fmad=false") ==
            nvrtc_options.end()) {
      nvrtc_options.erase(std::remove(nvrtc_options.begin(), nvrtc_options.end(), "--fmad=true"),
                          nvrtc_options.end());
      nvrtc_options.push_back("--fmad=false");
    }
  result.metadata.kernels = std::move(rewrite.kernels);
  result.metadata.global_variables = std::move(rewrite.global_variables);
  RenderInput input{program, rewrite.edits, std::move(rewrite.modules), nullptr,
                    std::move(rewrite.unroll_counts)};
  if (mode == OutputMode::Compile) {
    if (!expanded)
      expanded.emplace(renderExpandedTokens(program));
    input.expanded = &*expanded;
  }
  std::optional<std::string> text = mode == OutputMode::Compile
                                        ? renderCompileMode(std::move(input))
                                        : renderReadableMode(std::move(input));
  if (text)
    result.cuda_source = std::move(*text);
  if (text && !rewrite.launch_helpers.empty())
    result.cuda_source +=
        "\n#ifndef __CUDACC_RTC__\n// cl2cuda --launch-helpers: host functions that launch the "
        "kernels above as\n"
        "// clEnqueueNDRangeKernel does (docs/translator.md, \"Launch helpers\").\n"
        "#include <clc/launch.h>\n" +
        rewrite.launch_helpers + "#endif\n";
  result.times.render = secondsBetween(rewritten, Clock::now());
}

// A unit of separate compilation that translated without error, translated
// again as a whole program from the same parse (the parse is most of a
// translation). What that pass reports joins Clang's diagnostics in the whole
// program's log and is then taken out of the unit's: `log` holds Clang's
// diagnostics up to `parsed_log` and the unit's after them.
std::unique_ptr<TranslateResult> wholeProgramOfUnit(ParsedProgram &program,
                                                    const BuildOptions &unit_build,
                                                    std::optional<ExpandedText> &expanded,
                                                    std::string &log, std::size_t parsed_log) {
  BuildOptions build = unit_build;
  build.separate_compilation = false;
  build.leaves_out_unreached_functions = true;
  const std::size_t unit_log = log.size();
  auto whole = std::make_unique<TranslateResult>();
  rewriteAndRender(program, build, OutputMode::Compile, expanded, *whole);
  const bool ok = !program.diagnostics.hasErrorOccurred() && !whole->cuda_source.empty();
  whole->status = ok ? Status::Ok : Status::BuildFailure;
  if (!ok)
    whole->cuda_source.clear();
  whole->log = log.substr(0, parsed_log) + log.substr(unit_log);
  log.resize(unit_log);
  // The unit had no error; the whole program's must not fail it.
  program.diagnostics.Reset(/*soft=*/true);
  return whole;
}

TranslateResult translateOrThrow(std::string_view source, const TranslateOptions &options) {
  enableCrashRecovery();
  TranslateResult result;
  BuildOptions build;
  if (std::optional<std::string> problem = parseBuildOptions(options.build_options, &build)) {
    result.status = Status::InvalidBuildOptions;
    result.log = "error: " + *problem + "\n";
    return result;
  }
  build.separate_compilation = options.separate_compilation;
  build.launch_helpers = options.launch_helpers && options.mode == OutputMode::Readable;
  build.leaves_out_unreached_functions =
      options.mode == OutputMode::Compile && !options.separate_compilation;
  const bool whole_program_too = options.whole_program_too && options.separate_compilation &&
                                 options.mode == OutputMode::Compile;

  const Clock::time_point start = Clock::now();
  FrontendOutcome outcome;
  // Clang 16 crashes on some malformed programs; the application that
  // loaded us must survive that: the build fails with a message instead.
  llvm::CrashRecoveryContext recovery;
  bool finished = recovery.RunSafely([&] {
    runFrontend(
        {source, options, build},
        [&](ParsedProgram &program) {
          result.times.parse = secondsBetween(start, Clock::now());
          const std::size_t parsed_log = outcome.log.size();
          std::optional<ExpandedText> expanded;
          rewriteAndRender(program, build, options.mode, expanded, result);
          if (whole_program_too && !program.diagnostics.hasErrorOccurred() &&
              !result.cuda_source.empty()) {
            result.whole_program =
                wholeProgramOfUnit(program, build, expanded, outcome.log, parsed_log);
            result.whole_program->times.parse = result.times.parse;
          }
        },
        &outcome);
  });
  if (!finished) {
    outcome.succeeded = false;
    outcome.log += "error: the OpenCL C compiler (Clang 16) crashed on this program; the "
                   "diagnostics above point near the construct it could not handle\n";
  }
  if (result.times.parse == 0)
    result.times.parse = secondsBetween(start, Clock::now());
  result.log = std::move(outcome.log);
  result.status =
      outcome.succeeded && !result.cuda_source.empty() ? Status::Ok : Status::BuildFailure;
  if (result.status != Status::Ok) {
    result.cuda_source.clear();
    result.whole_program.reset();
  }
  return result;
}

} // namespace

TranslateResult translate(std::string_view source, const TranslateOptions &options) {
  try {
    return translateOrThrow(source, options);
  } catch (const std::exception &failure) {
    TranslateResult result;
    result.status = Status::BuildFailure;
    result.log = std::string("error: the translator failed: ") + failure.what() + "\n";
    return result;
  }
}

TranslateResult translateSpirv(std::string_view binary,
                               const std::map<uint32_t, uint64_t> &specializations,
                               SpirvOutput output, std::string_view build_options) {
  try {
    BuildOptions build;
    if (std::optional<std::string> problem = parseBuildOptions(build_options, &build)) {
      TranslateResult result;
      result.status = Status::InvalidBuildOptions;
      result.log = "error: " + *problem + "\n";
      return result;
    }
    TranslateResult result = spirv::translateModule(binary, specializations, output);
    if (result.status == Status::Ok) {
      result.metadata.nvrtc_options = build.nvrtc_options;
      result.metadata.kernel_arg_info = build.kernel_arg_info;
      result.metadata.uniform_work_group_size = build.uniform_work_group_size;
    }
    return result;
  } catch (const std::exception &failure) {
    TranslateResult result;
    result.status = Status::BuildFailure;
    result.log = std::string("error: the SPIR-V front end failed: ") + failure.what() + "\n";
    return result;
  }
}

bool spirvSpecializationConstants(std::string_view binary, std::map<uint32_t, uint32_t> *sizes) {
  try {
    return spirv::specializationConstants(binary, sizes);
  } catch (const std::exception &) {
    return false;
  }
}

bool isSpirv(std::string_view binary) {
  static constexpr unsigned char kMagic[4] = {0x03, 0x02, 0x23, 0x07};
  if (binary.size() < 4)
    return false;
  const auto *bytes = reinterpret_cast<const unsigned char *>(binary.data());
  return std::equal(kMagic, kMagic + 4, bytes) ||
         std::equal(kMagic, kMagic + 4, std::reverse_iterator(bytes + 4));
}

} // namespace cl2cuda
