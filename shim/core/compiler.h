// The build pipeline (docs/programs.md): OpenCL C through the translator to
// CUDA C++, through NVRTC to CUBIN and PTX, or to LTO IR that nvJitLink
// links later. Works on sources and binaries alone, without devices or
// contexts, so its tests need no GPU; core::Program runs it per device
// architecture and loads the result.
#pragma once

#include "kernel_cache.h"
#include "nvrtc_compile.h"
#include "program_binary.h"
#include "translator.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace clcuda::core {

enum class BuildFailure {
  none,
  invalid_options, // CL_INVALID_{BUILD,COMPILER,LINKER}_OPTIONS
  failed,          // CL_{BUILD,COMPILE,LINK}_PROGRAM_FAILURE
  tool_missing,    // CL_COMPILER_NOT_AVAILABLE, CL_LINKER_NOT_AVAILABLE
};

// Seconds per phase, for CLCUDA_LOG=build.
struct BuildTimes {
  double cache = 0, translate = 0, nvrtc = 0, link = 0;
  // Of `nvrtc`, loading or compiling the image library: only the process's
  // first build that links it spends any.
  double image_library = 0;
  // NVRTC's phases for the program's own code, summed over its units (the
  // build log only; not the image library's one-time compile).
  std::vector<NvrtcPhase> nvrtc_phases;
  bool precompiled_headers = false; // a unit's compile used them
};

struct BuildResult {
  BuildFailure failure = BuildFailure::failed;
  std::string log;
  std::shared_ptr<const ProgramBinary> binary;
  BuildTimes times;
  std::string cache_note; // "hit", "miss", "stored", "off", what went wrong
  bool ok() const { return failure == BuildFailure::none; }
};

// Where builds find the translator and the cache.
struct BuildTools {
  std::function<const Translator *(std::string &why_not)> translator;
  KernelCache *cache = nullptr; // nullptr: no cache
  // libcl2cuda.so next to libclcuda.so, and the process's cache.
  static BuildTools standard();
};

// clBuildProgram from source: an executable, from the cache when it has one.
// `translated`: the source's translation as a whole program, already made
// (by the compile of a unit now linked alone).
BuildResult buildFromSource(const BuildTools &tools, std::string_view source,
                            const std::string &options, const GpuTarget &target,
                            const std::vector<SourceHeader> &headers = {},
                            const Translation *translated = nullptr);

// clBuildProgram of a program made from a SPIR-V module (clCreateProgramWithIL):
// the translator's SPIR-V front end with the specialization constants set
// (SpecId -> bytes), then as from source. `options` are kept in the binary
// and the cache key; they change nothing yet.
BuildResult buildFromIl(const BuildTools &tools, std::string_view il,
                        const std::map<unsigned, std::string> &specializations,
                        const std::string &options, const GpuTarget &target);

// clCompileProgram: a compiled object of one unit, translated; NVRTC
// compiles it to LTO IR when a link needs it (linkBinaries). Its binary has
// no architecture and holds the unit's CUDA C++; its origin holds the
// source translated as a whole program too, from the same parse. Through
// the kernel cache, as a build: a compile met before costs a lookup.
BuildResult compileFromSource(const BuildTools &tools, std::string_view source,
                              const std::string &options, const std::vector<SourceHeader> &headers);

// clCompileProgram of a program made from a SPIR-V module: a compiled object
// of the module translated as a unit (its imports defined by the other units
// of the link), not through the kernel cache: translating it is all a
// compile does.
BuildResult compileFromIl(const BuildTools &tools, std::string_view il,
                          const std::map<unsigned, std::string> &specializations,
                          const std::string &options);

struct LinkOptions {
  bool create_library = false;
  bool enable_link_options = false;
  std::vector<std::string> nvjitlink_options;
};
// Parses clLinkProgram's options; false with the offending option in `error`.
bool parseLinkOptions(std::string_view text, LinkOptions &out, std::string &error);

// clLinkProgram (and clBuildProgram of a compiled-object binary): compiled
// objects and libraries to an executable, or with -create-library to a
// library. Units compiled for another architecture, or not compiled yet,
// are compiled; a unit compiled from source in this process and linked
// alone is built as a whole program instead (with the kernel cache), the
// same program as clBuildProgram of its source makes.
BuildResult linkBinaries(const BuildTools &tools, const std::vector<const ProgramBinary *> &inputs,
                         const std::string &options, const GpuTarget &target);

// The kernel cache's entry for the image library of `arch` ("sm_90"): unless
// CLCUDA_IMAGE_LIBRARY=0 a build of a program that takes images links the
// device library's software image reads and writes, compiled once per
// architecture and kept in the cache where it is on (docs/design.md,
// "Images and samplers").
KernelCache::Key imageLibraryCacheKey(const std::string &arch);
// The image library for `target` as relocatable machine code, compiled
// (what the cache's entry holds).
NvrtcOutput compileImageLibrary(const GpuTarget &target);
// nvJitLink's options for a link of `kernels` kernels (a program and the
// image library, or units linked by clLinkProgram): its ptxas takes a kernel
// a thread, as many threads as NVRTC's split of a program of as many
// kernels (CLCUDA_SPLIT_COMPILE caps both).
std::vector<std::string> ptxasSplitOptions(std::size_t kernels);

// A binary made for another GPU, with nothing the driver can load there:
// its units compiled (and linked) again for `target`, by NVRTC alone.
BuildResult retarget(const ProgramBinary &binary, const GpuTarget &target);

} // namespace clcuda::core
