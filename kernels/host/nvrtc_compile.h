// NVRTC, linked: translated CUDA C++ with the embedded device library
// (clc/*.h) to CUBIN and PTX for one GPU architecture, or to LTO IR for
// separate compilation. The one compile of code that uses the device
// library: the shim's builds, cl2cuda --check and the tests call it.
#pragma once

#include <string>
#include <vector>

namespace clcuda {

// The architecture NVRTC compiles for on a device of compute capability
// major.minor: "sm_XY" when NVRTC knows it; else the newest architecture it
// knows, as PTX only ("compute_XY"), which the driver JIT-compiles for the
// newer GPU.
struct GpuTarget {
  std::string arch; // sm_90 or compute_100
  bool real() const { return arch.rfind("sm_", 0) == 0; }
  // compute_XY of the same architecture: PTX only.
  GpuTarget virtualArch() const { return {"compute_" + arch.substr(arch.find('_') + 1)}; }
};
GpuTarget targetFor(int compute_major, int compute_minor);

// "sm_90" for a device of compute capability 9.0: what a CUBIN for it says.
std::string deviceArch(int compute_major, int compute_minor);

// "13.0": a part of the kernel cache's key.
const std::string &nvrtcVersionText();

// The time NVRTC spent in one of its phases ("CUDA C++ Frontend", "NVVM
// Optimizer", "PTX Translation"), as its --time option reports it.
struct NvrtcPhase {
  std::string name;
  double seconds;
};

struct NvrtcOutput {
  bool ok = false;
  std::string log;
  std::string cubin;  // real targets, whole-program and machine-code relocatable compiles
  std::string ptx;    // whole-program, machine-code relocatable and extensible compiles
  std::string lto_ir; // relocatable compiles
  std::vector<NvrtcPhase> phases;   // where compileCuda was asked to time them
  bool precompiled_headers = false; // the compile used this process's precompiled headers
};

enum class CompileKind {
  whole,               // an executable: CUBIN (real targets) and PTX
  relocatable,         // a compiled object: LTO IR, linked later (-rdc -dlto)
  machine_relocatable, // relocatable CUBIN and PTX, linked as machine code
                       // (-rdc): the image library
  extensible,          // PTX of a whole program that calls functions defined elsewhere
                       // (-ewp, for compute_XY: the linker compiles it): a program
                       // that calls the image library
};

// What a compile does besides compiling.
struct CompileAids {
  // NVRTC also times its phases (NvrtcOutput::phases), into a temporary
  // file read back at once; the build log asks for it.
  bool timed = false;
  // A source that begins with the device library's #include lines uses
  // this process's precompiled headers of them: the second compile of a set
  // of those lines and options makes them, later ones use them (CLCUDA_PCH).
  bool precompiled_headers = false;
  // NVVM optimizes a whole program's functions in this many threads
  // (NVRTC's --split-compile); 1 is one thread. The machine code is the
  // same for the same count on every machine, not across counts.
  unsigned split_threads = 1;
  // NVRTC's --Ofast-compile: 0 off, 1 min, 2 mid, 3 max (CLCUDA_FAST_COMPILE).
  unsigned fast_compile = 0;
};

// Whether the program metadata's NVRTC options ask for a verbose build
// (-cl-nv-verbose): ptxas's report, and clcuda's build times, in the log.
bool asksVerbose(const std::vector<std::string> &nvrtc_options);

// `options` are the program metadata's NVRTC options.
NvrtcOutput compileCuda(const std::string &cuda_source, const GpuTarget &target,
                        const std::vector<std::string> &options, CompileKind kind,
                        CompileAids aids = {});

} // namespace clcuda
