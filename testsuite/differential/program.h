// A program the harness runs on the reference platform and on clcuda with
// identical inputs. Its run validates the device's results against the host
// (RunResult::failures) and returns the buffers the two platforms' runs are
// compared on, each with its Agreement (how far they may differ).
#pragma once

#include "common/device.h"
#include "common/results.h"

#include <functional>
#include <string>
#include <vector>

namespace differential {

struct DifferentialProgram {
  std::string name;
  // The comparison rule for the table, e.g. "exact" or "2 x 4 ulp (sin)".
  std::string bound;
  clexample::RunResult (*run)(const clexample::Device &device);
  // Why `device` cannot run the program (empty: it can); null: every device can.
  std::string (*unsupported)(const clexample::Device &device) = nullptr;
};

// Every program, in the order of the table.
std::vector<DifferentialProgram> allPrograms();

// The programs of each source file under programs/.
std::vector<DifferentialProgram> examplePrograms();
std::vector<DifferentialProgram> reductionPrograms();
std::vector<DifferentialProgram> scanPrograms();
std::vector<DifferentialProgram> matmulPrograms();
std::vector<DifferentialProgram> histogramPrograms();
std::vector<DifferentialProgram> stencilPrograms();
std::vector<DifferentialProgram> sortPrograms();
std::vector<DifferentialProgram> vectorPrograms();
std::vector<DifferentialProgram> integerBuiltinPrograms();
std::vector<DifferentialProgram> mathBuiltinPrograms();
std::vector<DifferentialProgram> conversionPrograms();
std::vector<DifferentialProgram> localArgumentPrograms();
std::vector<DifferentialProgram> workItemPrograms();
std::vector<DifferentialProgram> namePrograms();

// The .cl file `name` of the harness's programs/ directory.
std::string programPath(const char *name);

} // namespace differential
