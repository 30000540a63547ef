// nvJitLink, loaded on first use: links the LTO IR of separately compiled
// units (clCompileProgram) into one CUBIN (clLinkProgram), and a program
// that reads images to the image library (CLCUDA_IMAGE_LIBRARY). Loaded at
// run time, like the translator, so that libclcuda.so does not need it
// unless a program is linked.
#pragma once

#include "nvrtc_compile.h"

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

// What linkDeviceCode links: LTO IR (separate compilation, optimized as
// one program at the link), or a program's PTX and the image library's
// relocatable CUBIN (real targets only).
enum class LinkInput { lto_ir, ptx, cubin };
struct LinkPart {
  LinkInput kind;
  const std::string *code;
  std::string name; // for the log
};

// Whether nvJitLink loads, with every function linkDeviceCode needs.
bool linkerAvailable();

// Links `parts` for `target`; `options` are nvJitLink options beyond -arch
// and -lto (from the link options).
LinkOutput linkDeviceCode(const std::vector<LinkPart> &parts, const GpuTarget &target,
                          const std::vector<std::string> &options);

} // namespace clcuda::core
