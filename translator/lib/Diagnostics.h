// The translator's own diagnostics, reported through Clang's engine so they
// share its file:line:col format, -w and -Werror.
#pragma once

#include <clang/Basic/Diagnostic.h>

#include <llvm/ADT/StringRef.h>

namespace cl2cuda {

void reportError(clang::DiagnosticsEngine &diagnostics, clang::SourceLocation location,
                 llvm::StringRef message);
void reportWarning(clang::DiagnosticsEngine &diagnostics, clang::SourceLocation location,
                   llvm::StringRef message);

} // namespace cl2cuda
