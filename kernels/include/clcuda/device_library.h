// The device library's headers (kernels/include/clc/*.h), embedded for NVRTC
// by the clcuda_device_library target: give them to nvrtcCreateProgram under
// their names ("clc/core.h", "clc/math.h", ...), so translated code's
// #include <clc/...> needs no file at run time.
#pragma once

#include <clcuda/embedded_file.h>

namespace clcuda {

extern const EmbeddedFileSet device_library_headers;

} // namespace clcuda
