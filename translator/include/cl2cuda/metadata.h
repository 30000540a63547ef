// What the translator knows about a program that the shim needs after NVRTC:
// kernels, their arguments as launched, attributes, program-scope variables,
// the OpenCL C version and the NVRTC options implied by the build options
// (docs/design.md, "Program metadata"). Header-only and free of LLVM: the
// shim stores the serialized text in program binaries and its cache.
//
// Text format (one record per line, fields separated by spaces, strings in
// double quotes with \\ \" \n \t \xHH escapes):
//
//   cl2cuda-metadata 1
//   opencl_c_version 120
//   kernel_arg_info 0|1
//   uniform_work_group_size 0|1
//   nvrtc_option "--use_fast_math"                   (repeated, in order)
//   global_variable "name" <bytes>                   (repeated)
//   kernel "opencl name" "cuda symbol"               (starts a kernel)
//   reqd_work_group_size X Y Z                       (optional, for the kernel)
//   work_group_size_hint X Y Z                       (optional)
//   vec_type_hint "float4"                           (optional)
//   local_variable_bytes N                           (optional: __local variables
//                                                     in dynamic shared memory)
//   arg name="a" type="float*" kind=buffer address=global access=none
//       qualifiers=const,restrict size=8 align=8     (one line per argument)
//
// Unknown records, missing or repeated fields and out-of-range numbers are
// errors: parse() reports them and never throws or crashes.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace cl2cuda {

// The cl_kernel_arg_* values of the OpenCL headers (CL/cl.h), repeated here
// so the header needs no OpenCL headers; testsuite/translator checks them.
inline constexpr uint32_t kArgAddressGlobal = 0x119B;
inline constexpr uint32_t kArgAddressLocal = 0x119C;
inline constexpr uint32_t kArgAddressConstant = 0x119D;
inline constexpr uint32_t kArgAddressPrivate = 0x119E;
inline constexpr uint32_t kArgAccessReadOnly = 0x11A0;
inline constexpr uint32_t kArgAccessWriteOnly = 0x11A1;
inline constexpr uint32_t kArgAccessReadWrite = 0x11A2;
inline constexpr uint32_t kArgAccessNone = 0x11A3;
inline constexpr uint64_t kArgTypeNone = 0;
inline constexpr uint64_t kArgTypeConst = 1 << 0;
inline constexpr uint64_t kArgTypeRestrict = 1 << 1;
inline constexpr uint64_t kArgTypeVolatile = 1 << 2;
inline constexpr uint64_t kArgTypePipe = 1 << 3;

// How an argument is passed to the CUDA kernel (docs/design.md, "Kernel
// arguments as launched").
enum class ArgKind {
  Buffer,         // __global pointer: an 8-byte device pointer
  ConstantBuffer, // __constant pointer: an 8-byte device pointer
  LocalPointer,   // __local pointer: a 4-byte offset into dynamic shared memory
  ByValue,        // scalar, vector or struct: its bytes
  Image,          // image1d_t ... image3d_t: a clc::image_desc by value (160 bytes)
  Sampler,        // sampler_t: a 4-byte unsigned int of CLK_* bits
};

struct KernelArg {
  std::string name;      // as declared (clGetKernelArgInfo CL_KERNEL_ARG_NAME)
  std::string type_name; // as OpenCL spells it, e.g. "float4*", "uint" (CL_KERNEL_ARG_TYPE_NAME)
  ArgKind kind = ArgKind::ByValue;
  uint32_t address_qualifier = kArgAddressPrivate; // CL_KERNEL_ARG_ADDRESS_*
  uint32_t access_qualifier = kArgAccessNone;      // CL_KERNEL_ARG_ACCESS_*
  uint64_t type_qualifiers = kArgTypeNone;         // CL_KERNEL_ARG_TYPE_* bits
  // Bytes of the CUDA launch parameter (8 for buffers, 4 for __local offsets,
  // the value's size otherwise) and its alignment; for LocalPointer the
  // alignment is the pointee's, which the shim uses to place the buffer.
  uint32_t size = 0;
  uint32_t alignment = 0;
};

struct KernelMetadata {
  std::string name;      // the OpenCL kernel name (clCreateKernel)
  std::string cuda_name; // the extern "C" symbol for cuModuleGetFunction
  // {0,0,0} when the attribute is absent.
  std::array<uint32_t, 3> reqd_work_group_size{0, 0, 0};
  std::array<uint32_t, 3> work_group_size_hint{0, 0, 0};
  std::string vec_type_hint; // empty when absent
  // The dynamic shared memory its kernel-scope __local variables take before
  // the __local arguments (0: they are static __shared__ data).
  uint32_t local_variable_bytes = 0;
  std::vector<KernelArg> args;
};

struct ProgramVariable {
  std::string name;
  uint64_t size = 0;
};

struct ProgramMetadata {
  unsigned opencl_c_version = 120; // 100, 110, 120, 200 or 300
  bool kernel_arg_info = false;    // built with -cl-kernel-arg-info
  bool uniform_work_group_size = false;
  std::vector<std::string> nvrtc_options;
  std::vector<ProgramVariable> global_variables;
  std::vector<KernelMetadata> kernels;

  const KernelMetadata *findKernel(std::string_view kernel_name) const {
    for (const KernelMetadata &kernel : kernels)
      if (kernel.name == kernel_name)
        return &kernel;
    return nullptr;
  }

  std::string serialize() const;
  // Parses serialize()'s format into *out. On failure returns false, sets
  // *error to "line N: what is wrong" and leaves *out unspecified.
  static bool parse(std::string_view text, ProgramMetadata *out, std::string *error);
};

namespace metadata_detail {

inline constexpr const char *kMagic = "cl2cuda-metadata";
inline constexpr unsigned kFormatVersion = 1;

struct NamedValue {
  const char *name;
  uint64_t value;
};
inline constexpr NamedValue kArgKinds[] = {
    {"buffer", static_cast<uint64_t>(ArgKind::Buffer)},
    {"constant_buffer", static_cast<uint64_t>(ArgKind::ConstantBuffer)},
    {"local_pointer", static_cast<uint64_t>(ArgKind::LocalPointer)},
    {"by_value", static_cast<uint64_t>(ArgKind::ByValue)},
    {"image", static_cast<uint64_t>(ArgKind::Image)},
    {"sampler", static_cast<uint64_t>(ArgKind::Sampler)},
};
inline constexpr NamedValue kAddressQualifiers[] = {
    {"global", kArgAddressGlobal},
    {"local", kArgAddressLocal},
    {"constant", kArgAddressConstant},
    {"private", kArgAddressPrivate},
};
inline constexpr NamedValue kAccessQualifiers[] = {
    {"read_only", kArgAccessReadOnly},
    {"write_only", kArgAccessWriteOnly},
    {"read_write", kArgAccessReadWrite},
    {"none", kArgAccessNone},
};
inline constexpr NamedValue kTypeQualifiers[] = {
    {"const", kArgTypeConst},
    {"restrict", kArgTypeRestrict},
    {"volatile", kArgTypeVolatile},
    {"pipe", kArgTypePipe},
};

template <size_t N> const char *nameOf(const NamedValue (&table)[N], uint64_t value) {
  for (const NamedValue &entry : table)
    if (entry.value == value)
      return entry.name;
  return nullptr;
}

template <size_t N>
bool valueOf(const NamedValue (&table)[N], std::string_view name, uint64_t *value) {
  for (const NamedValue &entry : table)
    if (name == entry.name) {
      *value = entry.value;
      return true;
    }
  return false;
}

inline void appendQuoted(std::string &out, std::string_view text) {
  out += '"';
  for (unsigned char c : text) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (c < 0x20 || c == 0x7f) {
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
        out += escaped;
      } else {
        out += static_cast<char>(c);
      }
    }
  }
  out += '"';
}

// One line split into fields: bare words, "quoted strings" and key=value
// pairs whose value may be quoted.
struct Field {
  std::string key;   // empty for positional fields
  std::string value; // unescaped
};

inline int hexDigit(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

inline bool readQuoted(std::string_view line, size_t *pos, std::string *value, std::string *error) {
  ++*pos; // opening quote
  while (*pos < line.size()) {
    char c = line[(*pos)++];
    if (c == '"')
      return true;
    if (c != '\\') {
      *value += c;
      continue;
    }
    if (*pos >= line.size())
      break;
    char escape = line[(*pos)++];
    switch (escape) {
    case '"':
      *value += '"';
      break;
    case '\\':
      *value += '\\';
      break;
    case 'n':
      *value += '\n';
      break;
    case 't':
      *value += '\t';
      break;
    case 'x': {
      int high = *pos < line.size() ? hexDigit(line[*pos]) : -1;
      int low = *pos + 1 < line.size() ? hexDigit(line[*pos + 1]) : -1;
      if (high < 0 || low < 0) {
        *error = "bad \\x escape";
        return false;
      }
      *value += static_cast<char>(high * 16 + low);
      *pos += 2;
      break;
    }
    default:
      *error = std::string("unknown escape \\") + escape;
      return false;
    }
  }
  *error = "unterminated string";
  return false;
}

inline bool splitFields(std::string_view line, std::vector<Field> *fields, std::string *error) {
  size_t pos = 0;
  while (pos < line.size()) {
    if (line[pos] == ' ') {
      ++pos;
      continue;
    }
    Field field;
    if (line[pos] == '"') {
      if (!readQuoted(line, &pos, &field.value, error))
        return false;
    } else {
      size_t start = pos;
      while (pos < line.size() && line[pos] != ' ' && line[pos] != '=' && line[pos] != '"')
        ++pos;
      std::string word(line.substr(start, pos - start));
      if (pos < line.size() && line[pos] == '=') {
        field.key = word;
        ++pos;
        if (pos < line.size() && line[pos] == '"') {
          if (!readQuoted(line, &pos, &field.value, error))
            return false;
        } else {
          size_t value_start = pos;
          while (pos < line.size() && line[pos] != ' ')
            ++pos;
          field.value = std::string(line.substr(value_start, pos - value_start));
        }
      } else {
        field.value = word;
      }
    }
    if (pos < line.size() && line[pos] != ' ') {
      *error = "fields must be separated by spaces";
      return false;
    }
    fields->push_back(std::move(field));
  }
  return true;
}

inline bool parseUnsigned(std::string_view text, uint64_t max, uint64_t *value) {
  if (text.empty() || text.size() > 20)
    return false;
  uint64_t result = 0;
  for (char c : text) {
    if (c < '0' || c > '9')
      return false;
    uint64_t digit = static_cast<uint64_t>(c - '0');
    if (result > (max - digit) / 10)
      return false;
    result = result * 10 + digit;
  }
  *value = result;
  return true;
}

} // namespace metadata_detail

inline std::string ProgramMetadata::serialize() const {
  using namespace metadata_detail;
  std::string out = std::string(kMagic) + " " + std::to_string(kFormatVersion) + "\n";
  out += "opencl_c_version " + std::to_string(opencl_c_version) + "\n";
  out += std::string("kernel_arg_info ") + (kernel_arg_info ? "1" : "0") + "\n";
  out += std::string("uniform_work_group_size ") + (uniform_work_group_size ? "1" : "0") + "\n";
  for (const std::string &option : nvrtc_options) {
    out += "nvrtc_option ";
    appendQuoted(out, option);
    out += "\n";
  }
  for (const ProgramVariable &variable : global_variables) {
    out += "global_variable ";
    appendQuoted(out, variable.name);
    out += " " + std::to_string(variable.size) + "\n";
  }
  auto triple = [](const std::array<uint32_t, 3> &xyz) {
    return std::to_string(xyz[0]) + " " + std::to_string(xyz[1]) + " " + std::to_string(xyz[2]);
  };
  for (const KernelMetadata &kernel : kernels) {
    out += "kernel ";
    appendQuoted(out, kernel.name);
    out += " ";
    appendQuoted(out, kernel.cuda_name);
    out += "\n";
    if (kernel.reqd_work_group_size[0] != 0)
      out += "reqd_work_group_size " + triple(kernel.reqd_work_group_size) + "\n";
    if (kernel.work_group_size_hint[0] != 0)
      out += "work_group_size_hint " + triple(kernel.work_group_size_hint) + "\n";
    if (!kernel.vec_type_hint.empty()) {
      out += "vec_type_hint ";
      appendQuoted(out, kernel.vec_type_hint);
      out += "\n";
    }
    if (kernel.local_variable_bytes != 0)
      out += "local_variable_bytes " + std::to_string(kernel.local_variable_bytes) + "\n";
    for (const KernelArg &arg : kernel.args) {
      out += "arg name=";
      appendQuoted(out, arg.name);
      out += " type=";
      appendQuoted(out, arg.type_name);
      const char *kind = nameOf(kArgKinds, static_cast<uint64_t>(arg.kind));
      const char *address = nameOf(kAddressQualifiers, arg.address_qualifier);
      const char *access = nameOf(kAccessQualifiers, arg.access_qualifier);
      out += std::string(" kind=") + (kind ? kind : "?");
      out += std::string(" address=") + (address ? address : "?");
      out += std::string(" access=") + (access ? access : "?");
      std::string qualifiers;
      for (const NamedValue &entry : kTypeQualifiers)
        if (arg.type_qualifiers & entry.value)
          qualifiers += (qualifiers.empty() ? "" : ",") + std::string(entry.name);
      out += " qualifiers=" + (qualifiers.empty() ? std::string("none") : qualifiers);
      out += " size=" + std::to_string(arg.size) + " align=" + std::to_string(arg.alignment) + "\n";
    }
  }
  return out;
}

inline bool ProgramMetadata::parse(std::string_view text, ProgramMetadata *out,
                                   std::string *error) {
  using namespace metadata_detail;
  *out = ProgramMetadata();
  size_t line_number = 0;
  std::string problem;
  auto fail = [&](const std::string &what) {
    *error = "line " + std::to_string(line_number) + ": " + what;
    return false;
  };
  bool seen_magic = false, seen_version = false, seen_arg_info = false, seen_uniform = false;
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++line_number;
    if (line.empty())
      continue;
    std::vector<Field> fields;
    if (!splitFields(line, &fields, &problem))
      return fail(problem);
    if (fields.empty())
      continue;
    const std::string &record = fields[0].value;
    if (!fields[0].key.empty())
      return fail("a record must start with its name");
    auto positional = [&](size_t count) {
      if (fields.size() != count + 1)
        return false;
      for (size_t i = 1; i < fields.size(); ++i)
        if (!fields[i].key.empty())
          return false;
      return true;
    };
    auto triple = [&](std::array<uint32_t, 3> *xyz) {
      if (!positional(3))
        return false;
      for (int i = 0; i < 3; ++i) {
        uint64_t value;
        if (!parseUnsigned(fields[i + 1].value, UINT32_MAX, &value) || value == 0)
          return false;
        (*xyz)[i] = static_cast<uint32_t>(value);
      }
      return true;
    };
    if (!seen_magic) {
      uint64_t version;
      if (record != kMagic || !positional(1) ||
          !parseUnsigned(fields[1].value, UINT32_MAX, &version))
        return fail(std::string("expected '") + kMagic + " <version>'");
      if (version != kFormatVersion)
        return fail("unsupported metadata version " + fields[1].value);
      seen_magic = true;
      continue;
    }
    if (record == "opencl_c_version" || record == "kernel_arg_info" ||
        record == "uniform_work_group_size") {
      uint64_t value;
      bool is_flag = record != "opencl_c_version";
      bool &seen = record == "opencl_c_version"  ? seen_version
                   : record == "kernel_arg_info" ? seen_arg_info
                                                 : seen_uniform;
      if (seen)
        return fail(record + " given twice");
      if (!positional(1) || !parseUnsigned(fields[1].value, is_flag ? 1 : 999, &value))
        return fail("bad " + record);
      seen = true;
      if (record == "opencl_c_version") {
        if (value != 100 && value != 110 && value != 120 && value != 200 && value != 300)
          return fail("unknown OpenCL C version " + fields[1].value);
        out->opencl_c_version = static_cast<unsigned>(value);
      } else if (record == "kernel_arg_info") {
        out->kernel_arg_info = value != 0;
      } else {
        out->uniform_work_group_size = value != 0;
      }
    } else if (record == "nvrtc_option") {
      if (!positional(1) || fields[1].value.empty())
        return fail("bad nvrtc_option");
      out->nvrtc_options.push_back(fields[1].value);
    } else if (record == "global_variable") {
      uint64_t size;
      if (!positional(2) || fields[1].value.empty() ||
          !parseUnsigned(fields[2].value, UINT64_MAX, &size))
        return fail("bad global_variable");
      out->global_variables.push_back({fields[1].value, size});
    } else if (record == "kernel") {
      if (!positional(2) || fields[1].value.empty() || fields[2].value.empty())
        return fail("bad kernel");
      if (out->findKernel(fields[1].value))
        return fail("kernel '" + fields[1].value + "' given twice");
      KernelMetadata kernel;
      kernel.name = fields[1].value;
      kernel.cuda_name = fields[2].value;
      out->kernels.push_back(std::move(kernel));
    } else if (record == "reqd_work_group_size" || record == "work_group_size_hint" ||
               record == "vec_type_hint" || record == "local_variable_bytes" ||
               record == "arg") {
      if (out->kernels.empty())
        return fail(record + " before any kernel");
      KernelMetadata &kernel = out->kernels.back();
      if (record == "reqd_work_group_size" || record == "work_group_size_hint") {
        auto &xyz = record == "reqd_work_group_size" ? kernel.reqd_work_group_size
                                                     : kernel.work_group_size_hint;
        if (xyz[0] != 0)
          return fail(record + " given twice");
        if (!triple(&xyz))
          return fail("bad " + record + " (three positive integers)");
      } else if (record == "vec_type_hint") {
        if (!kernel.vec_type_hint.empty())
          return fail("vec_type_hint given twice");
        if (!positional(1) || fields[1].value.empty())
          return fail("bad vec_type_hint");
        kernel.vec_type_hint = fields[1].value;
      } else if (record == "local_variable_bytes") {
        uint64_t bytes = 0;
        if (kernel.local_variable_bytes != 0)
          return fail("local_variable_bytes given twice");
        if (!positional(1) || !parseUnsigned(fields[1].value, UINT32_MAX, &bytes) || bytes == 0)
          return fail("bad local_variable_bytes (a positive integer)");
        kernel.local_variable_bytes = static_cast<uint32_t>(bytes);
      } else {
        KernelArg arg;
        unsigned seen_keys = 0;
        static constexpr const char *kKeys[] = {"name",   "type",       "kind", "address",
                                                "access", "qualifiers", "size", "align"};
        for (size_t i = 1; i < fields.size(); ++i) {
          const Field &field = fields[i];
          unsigned key_index = 0;
          while (key_index < 8 && field.key != kKeys[key_index])
            ++key_index;
          if (key_index == 8)
            return fail("unknown arg field '" + (field.key.empty() ? field.value : field.key) +
                        "'");
          if (seen_keys & (1u << key_index))
            return fail("arg field '" + field.key + "' given twice");
          seen_keys |= 1u << key_index;
          uint64_t value = 0;
          bool ok = true;
          switch (key_index) {
          case 0:
            arg.name = field.value;
            ok = !arg.name.empty();
            break;
          case 1:
            arg.type_name = field.value;
            ok = !arg.type_name.empty();
            break;
          case 2:
            ok = valueOf(kArgKinds, field.value, &value);
            arg.kind = static_cast<ArgKind>(value);
            break;
          case 3:
            ok = valueOf(kAddressQualifiers, field.value, &value);
            arg.address_qualifier = static_cast<uint32_t>(value);
            break;
          case 4:
            ok = valueOf(kAccessQualifiers, field.value, &value);
            arg.access_qualifier = static_cast<uint32_t>(value);
            break;
          case 5: {
            arg.type_qualifiers = kArgTypeNone;
            if (field.value == "none")
              break;
            std::string_view rest = field.value;
            while (ok) {
              size_t comma = rest.find(',');
              ok = valueOf(kTypeQualifiers, rest.substr(0, comma), &value) &&
                   !(arg.type_qualifiers & value);
              arg.type_qualifiers |= value;
              if (comma == std::string_view::npos)
                break;
              rest = rest.substr(comma + 1);
            }
            break;
          }
          case 6:
            ok = parseUnsigned(field.value, UINT32_MAX, &value);
            arg.size = static_cast<uint32_t>(value);
            break;
          default:
            ok = parseUnsigned(field.value, UINT32_MAX, &value) && value != 0 &&
                 (value & (value - 1)) == 0;
            arg.alignment = static_cast<uint32_t>(value);
            break;
          }
          if (!ok)
            return fail("bad arg field " + field.key + "=" + field.value);
        }
        if (seen_keys != 0xffu)
          return fail("arg needs name, type, kind, address, access, qualifiers, size and align");
        kernel.args.push_back(std::move(arg));
      }
    } else {
      return fail("unknown record '" + record + "'");
    }
  }
  if (!seen_magic)
    return fail(std::string("empty metadata (expected '") + kMagic + " <version>')");
  if (!seen_version)
    return fail("missing opencl_c_version");
  return true;
}

} // namespace cl2cuda
