// The translator's own diagnostics (tables/diagnostics.def), reported through
// Clang's engine so they share its file:line:col format, -w and -Werror, with
// their stable ID after the message.
#pragma once

#include "Tables.h"

#include <clang/Basic/Diagnostic.h>

#include <initializer_list>
#include <string>

namespace cl2cuda {

void report(clang::DiagnosticsEngine &diagnostics, clang::SourceLocation location,
            Diagnostic diagnostic, std::initializer_list<std::string> arguments = {});

} // namespace cl2cuda
