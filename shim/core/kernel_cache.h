// The kernel cache on disk: executables built from source and objects
// compiled from source (clCompileProgram's translations), keyed by
// everything that decides what a build makes (docs/programs.md, "The kernel
// cache"). A hit costs a file read and a checksum; it never loads the
// translator. Entries are written to a temporary file and renamed into
// place, so concurrent processes see a whole entry or none; an entry that
// does not validate is a miss, and the rebuild replaces it.
#pragma once

#include "program_binary.h"
#include "sha256.h"
#include "translator.h"

#include <string>
#include <vector>

namespace clcuda::core {

class KernelCache {
public:
  // The process's cache: CLCUDA_CACHE_DIR, else $XDG_CACHE_HOME/clcuda, else
  // ~/.cache/clcuda; nullptr when CLCUDA_CACHE=0 or no directory is known.
  static KernelCache *shared();

  explicit KernelCache(std::string directory) : directory_(std::move(directory)) {}
  const std::string &directory() const { return directory_; }

  struct Key {
    Sha256::Digest digest;
    std::string hex;
  };
  // Source, headers, options and GPU architecture, with what else decides
  // the output: clcuda's version, the device library, the translator
  // library's identity and NVRTC's version.
  static Key keyFor(std::string_view source, const std::vector<SourceHeader> &headers,
                    std::string_view options, std::string_view arch);

  enum class Lookup { hit, miss, invalid };
  // `why` says what was wrong with an invalid entry; an entry that is not a
  // binary of `type` is one.
  Lookup load(const Key &key, ProgramBinary &out, std::string &why,
              cl_program_binary_type type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE) const;
  // False (with `why`) when the entry could not be written; the build
  // itself is unaffected.
  bool store(const Key &key, const ProgramBinary &binary, std::string &why) const;

  std::string pathOf(const Key &key) const;

private:
  std::string directory_;
};

} // namespace clcuda::core
