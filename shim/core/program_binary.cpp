#include "program_binary.h"

#include <cstring>

namespace clcuda::core {
namespace {

constexpr char kMagic[8] = {'C', 'L', 'C', 'U', 'D', 'A', 'P', 'B'};
constexpr std::uint32_t kFormatVersion = 1;

enum class Field : std::uint32_t { arch = 1, options, log, cubin, ptx, unit };

void putU32(std::string &out, std::uint32_t value) {
  for (int i = 0; i < 4; ++i)
    out += char(value >> (8 * i));
}
void putU64(std::string &out, std::uint64_t value) {
  for (int i = 0; i < 8; ++i)
    out += char(value >> (8 * i));
}
void putBytes(std::string &out, std::string_view bytes) {
  putU64(out, bytes.size());
  out += bytes;
}
void putField(std::string &out, Field tag, std::string_view bytes) {
  putU32(out, std::uint32_t(tag));
  putBytes(out, bytes);
}

// Reads little-endian values from a byte range, never past its end.
class Reader {
public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  bool u32(std::uint32_t &value) { return integer(value); }
  bool u64(std::uint64_t &value) { return integer(value); }
  bool bytes(std::string_view &value) {
    std::uint64_t size = 0;
    if (!u64(size) || size > bytes_.size() - position_)
      return false;
    value = bytes_.substr(position_, size);
    position_ += size;
    return true;
  }
  bool atEnd() const { return position_ == bytes_.size(); }

private:
  template <class T> bool integer(T &value) {
    if (bytes_.size() - position_ < sizeof(T))
      return false;
    value = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i)
      value |= T(static_cast<unsigned char>(bytes_[position_ + i])) << (8 * i);
    position_ += sizeof(T);
    return true;
  }

  std::string_view bytes_;
  std::size_t position_ = 0;
};

bool validType(std::uint32_t type) {
  return type == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT || type == CL_PROGRAM_BINARY_TYPE_LIBRARY ||
         type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
}

bool parseUnit(std::string_view bytes, ProgramUnit &unit, std::string &error) {
  Reader reader(bytes);
  std::string_view source, metadata, lto_ir;
  if (!reader.bytes(source) || !reader.bytes(metadata) || !reader.bytes(lto_ir) ||
      !reader.atEnd()) {
    error = "a unit is truncated";
    return false;
  }
  std::string problem;
  if (!cl2cuda::ProgramMetadata::parse(metadata, &unit.metadata, &problem)) {
    error = "a unit's metadata is invalid (" + problem + ")";
    return false;
  }
  unit.cuda_source = source;
  unit.lto_ir = lto_ir;
  return true;
}

} // namespace

const cl2cuda::KernelMetadata *
ProgramBinary::findKernel(std::string_view name, const cl2cuda::ProgramMetadata **unit) const {
  for (const ProgramUnit &candidate : units)
    if (const cl2cuda::KernelMetadata *kernel = candidate.metadata.findKernel(name)) {
      if (unit)
        *unit = &candidate.metadata;
      return kernel;
    }
  return nullptr;
}

std::vector<std::string> ProgramBinary::kernelNames() const {
  std::vector<std::string> names;
  for (const ProgramUnit &unit : units)
    for (const cl2cuda::KernelMetadata &kernel : unit.metadata.kernels)
      names.push_back(kernel.name);
  return names;
}

std::uint64_t fnv1a64(std::string_view bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (unsigned char byte : bytes) {
    hash ^= byte;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

std::string serializeBinary(const ProgramBinary &binary) {
  std::string out(kMagic, sizeof kMagic);
  putU32(out, kFormatVersion);
  putU32(out, std::uint32_t(binary.type));
  putU32(out, std::uint32_t(5 + binary.units.size()));
  putField(out, Field::arch, binary.arch);
  putField(out, Field::options, binary.options);
  putField(out, Field::log, binary.log);
  putField(out, Field::cubin, binary.cubin);
  putField(out, Field::ptx, binary.ptx);
  for (const ProgramUnit &unit : binary.units) {
    std::string nested;
    putBytes(nested, unit.cuda_source);
    putBytes(nested, unit.metadata.serialize());
    putBytes(nested, unit.lto_ir);
    putField(out, Field::unit, nested);
  }
  putU64(out, fnv1a64(out));
  return out;
}

bool parseBinary(std::string_view bytes, ProgramBinary &out, std::string &error) {
  out = ProgramBinary();
  if (bytes.size() < sizeof kMagic + 8 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) {
    error = "not a clcuda program binary";
    return false;
  }
  const std::string_view body = bytes.substr(0, bytes.size() - 8);
  Reader trailer(bytes.substr(body.size()));
  std::uint64_t checksum = 0;
  if (!trailer.u64(checksum) || checksum != fnv1a64(body)) {
    error = "the binary is corrupt (checksum mismatch)";
    return false;
  }
  Reader reader(body.substr(sizeof kMagic));
  std::uint32_t version = 0, type = 0, fields = 0;
  if (!reader.u32(version) || !reader.u32(type) || !reader.u32(fields)) {
    error = "the binary's header is truncated";
    return false;
  }
  if (version != kFormatVersion) {
    error = "binary format version " + std::to_string(version) + ", this clcuda reads " +
            std::to_string(kFormatVersion);
    return false;
  }
  if (!validType(type)) {
    error = "unknown binary type " + std::to_string(type);
    return false;
  }
  out.type = type;
  for (std::uint32_t i = 0; i < fields; ++i) {
    std::uint32_t tag = 0;
    std::string_view value;
    if (!reader.u32(tag) || !reader.bytes(value)) {
      error = "the binary is truncated";
      return false;
    }
    switch (Field(tag)) {
    case Field::arch:
      out.arch = value;
      break;
    case Field::options:
      out.options = value;
      break;
    case Field::log:
      out.log = value;
      break;
    case Field::cubin:
      out.cubin = value;
      break;
    case Field::ptx:
      out.ptx = value;
      break;
    case Field::unit:
      out.units.emplace_back();
      if (!parseUnit(value, out.units.back(), error))
        return false;
      break;
    default:
      error = "unknown field " + std::to_string(tag);
      return false;
    }
  }
  if (!reader.atEnd()) {
    error = "bytes after the last field";
    return false;
  }
  if (out.units.empty()) {
    error = "the binary has no translation unit";
    return false;
  }
  const bool executable = out.type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  if (executable && out.cubin.empty() && out.ptx.empty()) {
    error = "an executable without CUBIN or PTX";
    return false;
  }
  // A compiled object with no architecture is CUDA source that a link compiles.
  for (const ProgramUnit &unit : out.units)
    if (!executable && !out.arch.empty() && unit.lto_ir.empty()) {
      error = "a compiled object without LTO IR";
      return false;
    }
  return true;
}

} // namespace clcuda::core
