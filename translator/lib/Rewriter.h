// The AST walk: decides every edit that turns the OpenCL C program into CUDA
// C++ (docs/design.md's translation table), the device-library modules the
// output includes, and the kernel metadata.
#pragma once

#include "BuildOptions.h"
#include "Frontend.h"
#include "TokenEdits.h"

#include <cl2cuda/metadata.h>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace cl2cuda {

struct RewriteOutput {
  EditList edits;
  std::set<std::string> modules; // device-library headers besides core.h
  std::vector<KernelMetadata> kernels;
  std::vector<ProgramVariable> global_variables;
  std::map<std::string, unsigned> conversions; // TranslateResult's
  std::map<std::string, unsigned> refusals;
  // `#pragma unroll` lines whose count is a macro, as readable output writes
  // them: with the count's value (nvcc's host preprocessor leaves a macro in
  // a pragma unexpanded). `within` is a location inside the pragma's line.
  struct UnrollCount {
    clang::SourceLocation within;
    std::string pragma;
  };
  std::vector<UnrollCount> unroll_counts;
  // Readable mode with --launch-helpers: a host function per kernel.
  std::string launch_helpers;
};

// Reports unsupported constructs through program.diagnostics.
void rewriteProgram(ParsedProgram &program, const BuildOptions &options, RewriteOutput *output);

} // namespace cl2cuda
