// Runs Clang's OpenCL C frontend on one program: in-memory sources (the
// user's file, clCompileProgram headers, the embedded opencl-c-base.h),
// build options, diagnostics captured as text, and the preprocessor facts
// the renderers need (token buffer, pragmas, includes, macros used).
#pragma once

#include "BuildOptions.h"
#include "TokenEdits.h"

#include <cl2cuda/translator.h>

#include <clang/AST/ASTContext.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Lex/MacroInfo.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Sema/Sema.h>

#include <llvm/ADT/MapVector.h>
#include <llvm/ADT/STLFunctionalExtras.h>

#include <string>
#include <vector>

namespace cl2cuda {

// What the preprocessor saw that the AST does not keep.
struct PreprocessorRecord {
  struct Include {
    clang::SourceLocation hash; // the '#'
    unsigned directive_length;  // through the end of the line (without the newline)
    clang::FileID included;     // the file it entered
  };
  struct Pragma {
    clang::SourceLocation hash;     // the '#'
    unsigned directive_length;      // through the end of the line (without the newline)
    std::vector<std::string> words; // after "#pragma": {"OPENCL", "FP_CONTRACT", "OFF"}
  };
  // A conditional that names a macro CUDA compilers predefine and OpenCL C
  // does not (tables/cuda_macros.def): compiled as CUDA, it could take
  // another branch, so readable output writes it as the value it had here.
  struct CudaConditional {
    clang::SourceLocation keyword; // "if", "ifdef", "elif", ... after the '#'
    unsigned directive_length;     // from the keyword through its condition's last token
    bool is_elif;
    bool value;
    std::string macro; // the first CUDA macro it names
  };
  std::vector<Pragma> pragmas; // in the user's files
  std::vector<Include> includes;
  std::vector<CudaConditional> cuda_conditionals; // in the user's files
  // Macros not defined in the user's files (predefined, -D, opencl-c-base.h)
  // that the user's code or directives use, in order of first use.
  llvm::MapVector<const clang::IdentifierInfo *, const clang::MacroInfo *> predefined_macros_used;
};

struct ParsedProgram {
  clang::ASTContext &ast;
  clang::Sema &sema;
  clang::Preprocessor &preprocessor;
  clang::SourceManager &sources;
  clang::DiagnosticsEngine &diagnostics;
  const TokenIndex &tokens;
  const PreprocessorRecord &record;
  // Where Clang warned of a repeated declaration specifier ("typedef
  // typedef", "static static", "const const"): the repeats, which C takes
  // and NVRTC's C++ mostly refuses.
  llvm::ArrayRef<clang::SourceLocation> repeated_specifiers;

  bool isUserLocation(clang::SourceLocation location) const;
  bool isUserFile(clang::FileID file) const;
};

// Whether the code at `location` is the user's (not opencl-c-base.h nor a
// predefines buffer); macro locations count where they are expanded.
bool isUserLocation(const clang::SourceManager &sources, clang::SourceLocation location);
bool isUserFile(const clang::SourceManager &sources, clang::FileID file);

inline bool ParsedProgram::isUserLocation(clang::SourceLocation location) const {
  return cl2cuda::isUserLocation(sources, location);
}
inline bool ParsedProgram::isUserFile(clang::FileID file) const {
  return cl2cuda::isUserFile(sources, file);
}

struct FrontendInput {
  std::string_view source;
  const TranslateOptions &options;
  const BuildOptions &build_options;
};

struct FrontendOutcome {
  bool succeeded = false; // no errors, from Clang or from `work`
  std::string log;        // every diagnostic, formatted as file:line:col: kind: message
};

// Parses the program and, if Clang reported no error, calls `work` while the
// AST and the preprocessor are alive. Diagnostics `work` reports through
// ParsedProgram::diagnostics land in the same log, written to *outcome as
// they come (so a caller that survives a crash still has them).
void runFrontend(const FrontendInput &input, llvm::function_ref<void(ParsedProgram &)> work,
                 FrontendOutcome *outcome);

} // namespace cl2cuda
