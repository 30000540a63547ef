// The C++ API of libcl2cuda: OpenCL C in, CUDA C++ for NVRTC out
// (docs/design.md, "Translation"; docs/translator.md). The shim uses the C
// ABI in c_api.h; the CLI and the tests use this.
#pragma once

#include <cl2cuda/metadata.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#if defined(CL2CUDA_BUILDING_LIBRARY)
#define CL2CUDA_API __attribute__((visibility("default")))
#else
#define CL2CUDA_API
#endif

namespace cl2cuda {

enum class OutputMode {
  // The whole program from the preprocessed token stream, with #line
  // directives pointing at the user's lines: what clBuildProgram compiles.
  Compile,
  // The user's text, macros, comments and layout, edited where needed: for
  // people who adopt the output as their CUDA source.
  Readable,
};

struct InMemoryHeader {
  std::string name;   // as #included, e.g. "common.h" or "inc/defs.h"
  std::string source; // its contents
};

struct TranslateOptions {
  OutputMode mode = OutputMode::Compile;
  std::string build_options;           // clBuildProgram's options string
  std::vector<InMemoryHeader> headers; // clCompileProgram's input headers
  std::string file_name = "input.cl";  // the name diagnostics and #line use
  // One unit of separate compilation (clCompileProgram): functions that other
  // units may call or define get one signature whatever their bodies use
  // (docs/translator.md, "Separate compilation").
  bool separate_compilation = false;
  // With separate_compilation in compile mode: also the source as a whole
  // program (TranslateResult::whole_program), from the same parse, for a
  // unit that is later linked alone (docs/programs.md, "Separate compilation").
  bool whole_program_too = false;
  // Readable mode: a host function per kernel that launches it as
  // clEnqueueNDRangeKernel would (cl2cuda --launch-helpers).
  bool launch_helpers = false;
};

enum class Status : int {
  Ok = 0,
  BuildFailure = 1,        // see log
  InvalidBuildOptions = 2, // see log: the option that was not understood
};

// Seconds spent in each phase of one translate() call (cl2cuda --time).
struct PhaseTimes {
  double parse = 0;   // Clang: preprocess, parse, semantic analysis
  double rewrite = 0; // AST walk, edits, metadata
  double render = 0;  // output text
};

struct TranslateResult {
  Status status = Status::BuildFailure;
  std::string cuda_source; // empty unless status == Ok
  ProgramMetadata metadata;
  std::string log; // Clang's and the translator's diagnostics, file:line:col
  PhaseTimes times;
  // What the rewriter did, for `cl2cuda --stats`: "builtin sqrt" or "type float4" ->
  // the places converted; a diagnostic's ID ("CLC1004") -> the places refused.
  std::map<std::string, unsigned> conversions;
  std::map<std::string, unsigned> refusals;
  // TranslateOptions::whole_program_too: the translation translate() gives the
  // same source without separate_compilation (its status, log and all); set
  // when this unit translated without error.
  std::unique_ptr<TranslateResult> whole_program;
};

// Translates one program. Thread-safe; never throws.
CL2CUDA_API TranslateResult translate(std::string_view source, const TranslateOptions &options);

// Translates one SPIR-V module of OpenCL's Kernel environment (the binary
// clCreateProgramWithIL takes) to the same kind of CUDA C++ and metadata:
// compile mode only, SPIR-V having no source text to keep (docs/translator.md,
// "SPIR-V programs"). Whether `binary` starts with SPIR-V's magic number:
// isSpirv(). Thread-safe; never throws.
// `specializations`: clSetProgramSpecializationConstant's values by SpecId,
// each the constant's bits (a bool: 0 or 1); constants not listed keep their
// defaults.
// `output`: WholeProgram for clBuildProgram; Unit for clCompileProgram, where
// functions with Export linkage are defined for, and those with Import
// linkage declared from, the other units of a link.
// `build_options`: clBuildProgram's or clCompileProgram's options, checked
// as OpenCL C's are (an unknown one is Status::InvalidBuildOptions); those
// OpenCL ignores for IL (-D, -I, -cl-std=, -cl-single-precision-constant)
// have no effect, the others reach the metadata as for OpenCL C.
enum class SpirvOutput { WholeProgram, Unit };
CL2CUDA_API TranslateResult translateSpirv(std::string_view binary,
                                           const std::map<uint32_t, uint64_t> &specializations = {},
                                           SpirvOutput output = SpirvOutput::WholeProgram,
                                           std::string_view build_options = {});
CL2CUDA_API bool isSpirv(std::string_view binary);

// A SPIR-V module's specialization constants: SpecId -> size in bytes (a bool
// is 1). False when the module cannot be read.
CL2CUDA_API bool spirvSpecializationConstants(std::string_view binary,
                                              std::map<uint32_t, uint32_t> *sizes);

// The mapping tables (qualifiers, types, work-item functions, builtins,
// patterns, build options...) as Markdown: the text of docs/mapping.md.
CL2CUDA_API std::string mappingTablesMarkdown();

} // namespace cl2cuda
