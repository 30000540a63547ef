// Fuzz target: the translator's program metadata (kernels, arguments, global
// variables), which every program binary carries as text. What parses must
// serialize to text that parses to the same serialization.
#include "fuzz_check.h"

#include <cl2cuda/metadata.h>

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const std::string text(reinterpret_cast<const char *>(data), size);
  cl2cuda::ProgramMetadata metadata;
  std::string error;
  if (!cl2cuda::ProgramMetadata::parse(text, &metadata, &error)) {
    FUZZ_CHECK(!error.empty(), "rejected metadata says why");
    return 0;
  }
  const std::string serialized = metadata.serialize();
  cl2cuda::ProgramMetadata again;
  FUZZ_CHECK(cl2cuda::ProgramMetadata::parse(serialized, &again, &error),
             "serialized metadata parses");
  FUZZ_CHECK(again.serialize() == serialized, "the round trip keeps the metadata");
  return 0;
}
