// clBuildProgram's options string, parsed against tables/build_options.def.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cl2cuda {

struct BuildOptions {
  unsigned opencl_c_version = 120;
  std::vector<std::string> clang_args; // -D/-I and the flags Clang must see
  std::vector<std::string> nvrtc_options;
  bool kernel_arg_info = false;
  bool uniform_work_group_size = false;
  bool single_precision_constant = false;
  // Not an option of the string: TranslateOptions::separate_compilation.
  bool separate_compilation = false;
  // Not an option of the string: TranslateOptions::launch_helpers.
  bool launch_helpers = false;
  // Not an option either: compile mode of a whole program, whose output
  // leaves out the functions no kernel calls (NVRTC would parse them).
  bool leaves_out_unreached_functions = false;
};

// Parses `text`; on failure returns the message for the build log, naming the
// option that was not understood.
std::optional<std::string> parseBuildOptions(std::string_view text, BuildOptions *out);

// The OpenCL C versions -cl-std= accepts: capabilities.def's, plus 2.0 for
// programs that use its generic address space and program-scope variables.
bool isAcceptedOpenCLCVersion(unsigned version);

} // namespace cl2cuda
