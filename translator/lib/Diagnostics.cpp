#include "Diagnostics.h"

namespace cl2cuda {
namespace {

void report(clang::DiagnosticsEngine &diagnostics, clang::DiagnosticsEngine::Level level,
            clang::SourceLocation location, llvm::StringRef message) {
  unsigned id = diagnostics.getCustomDiagID(level, "%0");
  diagnostics.Report(location, id) << message;
}

} // namespace

void reportError(clang::DiagnosticsEngine &diagnostics, clang::SourceLocation location,
                 llvm::StringRef message) {
  report(diagnostics, clang::DiagnosticsEngine::Error, location, message);
}

void reportWarning(clang::DiagnosticsEngine &diagnostics, clang::SourceLocation location,
                   llvm::StringRef message) {
  report(diagnostics, clang::DiagnosticsEngine::Warning, location, message);
}

} // namespace cl2cuda
