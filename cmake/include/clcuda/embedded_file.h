// A file compiled into a library by clcuda_embed_files() (cmake/ClcudaHelpers.cmake).
#pragma once
#include <cstddef>

namespace clcuda {

struct EmbeddedFile {
  const char *name; // path relative to the embedding's base directory
  const char *data; // NUL-terminated contents
  size_t size;      // bytes, without the NUL
};

struct EmbeddedFileSet {
  const EmbeddedFile *files;
  size_t count;
};

} // namespace clcuda
