// The CUDA toolkit's libraries that are opened at run time rather than
// linked: NVRTC's builtins (which NVRTC itself opens by name) and
// nvJitLink. Each is looked for as the dynamic loader would (LD_LIBRARY_PATH,
// the loader's cache), then in the directory libnvrtc was loaded from, so
// that a toolkit the loader was never told about (no ld.so.conf entry, no
// LD_LIBRARY_PATH) still works wherever the linked libnvrtc was found.
#pragma once

#include <string>

namespace clcuda {

// dlopen of `soname`, then of that file next to libnvrtc; null with `error`
// set (what the loader said) when neither opens. The handle is never closed.
void *openToolkitLibrary(const std::string &soname, std::string &error);

// Loads libnvrtc-builtins.so.MAJOR.MINOR of the linked NVRTC once, so that
// NVRTC's own dlopen of it by name finds it already loaded. Empty when it
// is loaded; else why not (NVRTC will then fail its compiles and say so).
const std::string &loadNvrtcBuiltins();

} // namespace clcuda
