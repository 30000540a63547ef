#include <cl2cuda/translator.h>

#include "BuildOptions.h"
#include "Frontend.h"
#include "Renderers.h"
#include "Rewriter.h"

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
  build.leaves_out_unreached_functions =
      options.mode == OutputMode::Compile && !options.separate_compilation;
  result.metadata.opencl_c_version = build.opencl_c_version;
  result.metadata.kernel_arg_info = build.kernel_arg_info;
  result.metadata.uniform_work_group_size = build.uniform_work_group_size;
  result.metadata.nvrtc_options = build.nvrtc_options;

  Clock::time_point start = Clock::now();
  Clock::time_point parsed = start, rewritten = start, rendered = start;
  FrontendOutcome outcome;
  // Clang 16 crashes on some malformed programs; the application that
  // loaded us must survive that: the build fails with a message instead.
  llvm::CrashRecoveryContext recovery;
  bool finished = recovery.RunSafely([&] {
    runFrontend(
        {source, options, build},
        [&](ParsedProgram &program) {
          parsed = Clock::now();
          RewriteOutput rewrite;
          rewriteProgram(program, build, &rewrite);
          rewritten = rendered = Clock::now();
          result.conversions = std::move(rewrite.conversions);
          result.refusals = std::move(rewrite.refusals);
          if (program.diagnostics.hasErrorOccurred())
            return;
          // OpenCL's FP_CONTRACT OFF forbids contracting a * b + c; NVRTC
          // contracts unless told not to, for the whole program.
          for (const PreprocessorRecord::Pragma &pragma : program.record.pragmas)
            if (pragma.words == std::vector<std::string>{"OPENCL", "FP_CONTRACT", "OFF"} &&
                std::find(result.metadata.nvrtc_options.begin(),
                          result.metadata.nvrtc_options.end(),
                          "--fmad=false") == result.metadata.nvrtc_options.end()) {
              result.metadata.nvrtc_options.erase(std::remove(result.metadata.nvrtc_options.begin(),
                                                              result.metadata.nvrtc_options.end(),
                                                              "--fmad=true"),
                                                  result.metadata.nvrtc_options.end());
              result.metadata.nvrtc_options.push_back("--fmad=false");
            }
          result.metadata.kernels = std::move(rewrite.kernels);
          result.metadata.global_variables = std::move(rewrite.global_variables);
          RenderInput input{program, rewrite.edits, std::move(rewrite.modules)};
          std::optional<std::string> text = options.mode == OutputMode::Compile
                                                ? renderCompileMode(std::move(input))
                                                : renderReadableMode(std::move(input));
          if (text)
            result.cuda_source = std::move(*text);
          rendered = Clock::now();
        },
        &outcome);
  });
  if (!finished) {
    outcome.succeeded = false;
    outcome.log += "error: the OpenCL C compiler (Clang 16) crashed on this program; the "
                   "diagnostics above point near the construct it could not handle\n";
  }
  if (parsed == start)
    parsed = rewritten = rendered = Clock::now();
  result.times = {secondsBetween(start, parsed), secondsBetween(parsed, rewritten),
                  secondsBetween(rewritten, rendered)};
  result.log = std::move(outcome.log);
  result.status =
      outcome.succeeded && !result.cuda_source.empty() ? Status::Ok : Status::BuildFailure;
  if (result.status != Status::Ok)
    result.cuda_source.clear();
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

} // namespace cl2cuda
