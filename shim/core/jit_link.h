// nvJitLink, loaded on first use: links the LTO IR of separately compiled
// units (clCompileProgram) into one CUBIN (clLinkProgram). Loaded at run
// time, like the translator, so that libclcuda.so does not need it unless a
// program is linked.
#pragma once

#include "nvrtc.h"

#include <string>
#include <vector>

namespace clcuda::core {

struct LinkOutput {
  bool ok = false;
  bool linker_missing = false; // libnvJitLink could not be loaded
  std::string log;
  std::string cubin; // real targets
  std::string ptx;   // targets newer than the toolkit: PTX for the driver
};

// Links `lto_irs` (named for the log by `names`) for `target`; `options`
// are nvJitLink options beyond -arch and -lto (from the link options).
LinkOutput linkLtoIr(const std::vector<const std::string *> &lto_irs,
                     const std::vector<std::string> &names, const GpuTarget &target,
                     const std::vector<std::string> &options);

} // namespace clcuda::core
