#include "program.h"

namespace differential {

std::vector<DifferentialProgram> allPrograms() {
  std::vector<DifferentialProgram> programs;
  for (auto family :
       {examplePrograms, reductionPrograms, scanPrograms, matmulPrograms, histogramPrograms,
        stencilPrograms, sortPrograms, vectorPrograms, integerBuiltinPrograms, mathBuiltinPrograms,
        conversionPrograms, localArgumentPrograms, workItemPrograms, namePrograms}) {
    std::vector<DifferentialProgram> more = family();
    programs.insert(programs.end(), more.begin(), more.end());
  }
  return programs;
}

std::string programPath(const char *name) { return std::string(PROGRAMS_DIR "/") + name; }

} // namespace differential
