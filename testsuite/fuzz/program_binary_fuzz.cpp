// Fuzz target: clcuda's program binaries, which come from applications
// (clCreateProgramWithBinary) and from the kernel cache on disk. The input is
// a binary without its checksum: the target appends the right one, so the
// fuzzer reaches the header, fields, units and metadata instead of stopping
// at the checksum. A binary that parses must survive its own round trip.
#include "fuzz_check.h"
#include "program_binary.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  using namespace clcuda::core;
  std::string bytes(reinterpret_cast<const char *>(data), size);
  const std::uint64_t checksum = fnv1a64(bytes);
  for (int i = 0; i < 8; ++i)
    bytes += char(checksum >> (8 * i));
  ProgramBinary binary;
  std::string error;
  if (!parseBinary(bytes, binary, error)) {
    FUZZ_CHECK(!error.empty(), "a rejected binary says why");
    return 0;
  }
  const std::string serialized = serializeBinary(binary);
  ProgramBinary again;
  FUZZ_CHECK(parseBinary(serialized, again, error), "a parsed binary's bytes parse");
  FUZZ_CHECK(serializeBinary(again) == serialized, "the round trip keeps every byte");
  return 0;
}
