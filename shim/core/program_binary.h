// What a build produces for one device architecture, and its byte form: the
// CL_PROGRAM_BINARIES of a program, the entries of the kernel cache.
//
// A binary holds the CUDA C++ the translator made and its metadata, one
// "unit" per OpenCL translation unit (one for clBuildProgram, several for a
// linked program), plus what NVRTC made of them: CUBIN and PTX for an
// executable, LTO IR per unit for a library, and for a compiled object once
// a link or a binary query has compiled it (clCompileProgram only translates:
// such an object has no architecture and links anywhere). So it
// loads without the translator, on the GPU it was built for (CUBIN), on a
// newer one (PTX, JIT-compiled by the driver), or on any other after NVRTC
// compiles the units again.
//
// Byte form (little-endian): "CLCUDAPB", u32 format version, u32 binary type,
// u32 field count, the fields (u32 tag, u64 size, bytes), and a u64 FNV-1a
// checksum of everything before it. A unit field holds three such strings:
// source, metadata, LTO IR. Anything truncated, oversized, unknown or failing
// the checksum is rejected with a reason, never read past its end.
#pragma once

#include "object.h"
#include "translator.h"

#include <cl2cuda/metadata.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clcuda::core {

// The OpenCL C a unit was compiled from in this process (clCompileProgram),
// so that a link of that unit alone builds it as a whole program; never part
// of a binary's bytes.
struct UnitOrigin {
  std::string source;
  std::string options;
  std::vector<SourceHeader> headers;
  // The source as a whole program, from the compile's parse; none when the
  // compile came from the kernel cache.
  std::optional<Translation> whole_program;
};

struct ProgramUnit {
  std::string cuda_source;
  cl2cuda::ProgramMetadata metadata;
  std::string lto_ir; // compiled objects and libraries; empty in whole-program executables
  std::shared_ptr<const UnitOrigin> origin; // units compiled from source in this process
};

struct ProgramBinary {
  cl_program_binary_type type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  std::string arch;    // "sm_90": what cubin and lto_ir were compiled for; empty: not compiled
  std::string options; // the build (or link) options it was made with
  std::string log;     // the build log of the build that made it
  std::string cubin;   // executables
  std::string ptx;     // executables
  std::vector<ProgramUnit> units;

  // The kernel `name` and the metadata of its unit, or nullptr.
  const cl2cuda::KernelMetadata *findKernel(std::string_view name,
                                            const cl2cuda::ProgramMetadata **unit = nullptr) const;
  // Every kernel name, in unit and declaration order.
  std::vector<std::string> kernelNames() const;
};

std::string serializeBinary(const ProgramBinary &binary);
// Parses serializeBinary's bytes; on failure returns false and says why.
bool parseBinary(std::string_view bytes, ProgramBinary &out, std::string &error);

// FNV-1a, 64 bits: the binary's checksum.
std::uint64_t fnv1a64(std::string_view bytes);

} // namespace clcuda::core
