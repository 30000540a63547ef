// The translator, libcl2cuda.so, loaded on first use (docs/design.md, "The
// translator is a separate shared library"): from the directory of the
// library this code is in (libclcuda.so), with RTLD_LOCAL so LLVM's symbols
// never meet an application's own LLVM. Only builds from source load it;
// binaries and cache hits never do.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace clcuda::core {

struct SourceHeader {
  std::string name; // as #included
  std::string source;
};

struct Translation {
  enum class Status { ok = 0, build_failure = 1, invalid_options = 2 };
  Status status = Status::build_failure;
  std::string cuda_source; // compile mode
  std::string metadata;    // serialized cl2cuda::ProgramMetadata
  std::string log;         // the translator's diagnostics at the user's lines
};

class Translator {
public:
  // The translator next to this library, loaded once; nullptr with the reason
  // in `why_not` when it cannot be loaded.
  static const Translator *shared(std::string &why_not);
  // A translator library at `path` (tests of the static core, which is not
  // libclcuda.so), loaded once per path.
  static const Translator *load(const std::string &path, std::string &why_not);
  // Where shared() loads it from: next to the library this code is in, its
  // links resolved (the relink directory holds a link to libclcuda.so).
  static const std::string &defaultPath();

  // A whole program (clBuildProgram).
  Translation translate(std::string_view source, std::string_view options,
                        const std::vector<SourceHeader> &headers) const;
  // One unit of clCompileProgram, whose functions other units may call or
  // define, and from the same parse the source as translate() gives it, for
  // a link of the unit alone (cl2cuda_translate_unit).
  Translation translateUnit(std::string_view source, std::string_view options,
                            const std::vector<SourceHeader> &headers,
                            Translation &whole_program) const;
  // A SPIR-V module (clCreateProgramWithIL) with the values set for its
  // specialization constants (SpecId -> bytes): a whole program, or a unit
  // of clCompileProgram, whose imports other units of the link define;
  // `options` are the build's (those OpenCL ignores for IL have no effect).
  enum class IlOutput { whole_program, unit };
  Translation translateIl(std::string_view il,
                          const std::map<unsigned, std::string> &specializations, IlOutput output,
                          const std::string &options) const;
  // The module's specialization constants, SpecId -> size in bytes; false
  // when it cannot be read.
  bool specializationConstants(std::string_view il, std::map<unsigned, unsigned> &sizes) const;

private:
  struct Entry;
  explicit Translator(const Entry &entry) : entry_(entry) {}
  const Entry &entry_;
};

} // namespace clcuda::core
