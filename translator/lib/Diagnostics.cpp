#include "Diagnostics.h"

namespace cl2cuda {

void report(clang::DiagnosticsEngine &diagnostics, clang::SourceLocation location,
            Diagnostic diagnostic, std::initializer_list<std::string> arguments) {
  const DiagnosticInfo &info = diagnosticTable()[static_cast<std::size_t>(diagnostic)];
  // Clang keeps one ID per (level, format) pair: asking again is a lookup.
  const unsigned id = diagnostics.getDiagnosticIDs()->getCustomDiagID(
      info.severity == Severity::Error ? clang::DiagnosticIDs::Error
                                       : clang::DiagnosticIDs::Warning,
      std::string(info.text) + " [" + info.id + "]");
  clang::DiagnosticBuilder builder = diagnostics.Report(location, id);
  for (const std::string &argument : arguments)
    builder << argument;
}

} // namespace cl2cuda
