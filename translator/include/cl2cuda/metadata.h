// What the translator knows about a program that the shim needs after NVRTC:
// kernels, their arguments as launched, attributes, program-scope variables,
// the OpenCL C version and the NVRTC options implied by the build options
// (docs/design.md, "Program metadata"). Header-only and free of LLVM: the
// shim stores the serialized text in program binaries and its cache.
//
// Text format: one record per line, its name first, then its fields
// separated by spaces, strings in double quotes with \\ \" \n \t \xHH
// escapes. The records are declared once, in the schema at the end of this
// file (metadata_schema::kProgramRecords, kKernelRecords, kArgFields), from
// which serialize(), parse() and docs/design.md's table ("Program
// metadata", schemaMarkdown()) all come. Unknown records, missing or
// repeated fields and out-of-range numbers are errors: parse() reports them
// and never throws or crashes. A text of another format version is refused
// with its version named.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <iterator>
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
  // The sub-groups a work-group must have (SPIR-V's SubgroupsPerWorkgroup;
  // CL_KERNEL_COMPILE_NUM_SUB_GROUPS), 0 when not given.
  uint32_t compile_num_sub_groups = 0;
  std::vector<KernelArg> args;
};

struct ProgramVariable {
  std::string name;
  uint64_t size = 0;
};

struct ProgramMetadata {
  unsigned opencl_c_version = 120; // 100, 110, 120, 200, 300 or 310
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

namespace metadata_schema {

using metadata_detail::Field;
using Fields = std::vector<Field>; // a line's fields after the record's name
using Lines = std::vector<std::string>;

// How often a record appears in its scope (the program, or one kernel).
enum class Occurs { once, at_most_once, any };

inline const char *occursText(Occurs occurs) {
  switch (occurs) {
  case Occurs::once:
    return "once";
  case Occurs::at_most_once:
    return "at most once";
  case Occurs::any:
    return "any number";
  }
  return "";
}

// One record of the format: its name, its fields as written (docs, and
// parse()'s message when they are wrong), what it means (docs), how often
// it appears, and how its fields are written and read.
template <class Object> struct Record {
  const char *name;
  const char *fields;
  const char *meaning;
  Occurs occurs;
  // The record's lines for `object`, each its fields; none for a default.
  void (*write)(const Object &object, Lines &lines);
  // One line's fields into `object`; false when they are not as documented.
  bool (*read)(const Fields &fields, Object &object);
};

// One key=value field of an `arg` record.
struct ArgField {
  const char *key;
  const char *values; // docs
  std::string (*write)(const KernelArg &arg);
  bool (*read)(const std::string &value, KernelArg &arg);
};

inline bool positional(const Fields &fields, size_t count) {
  if (fields.size() != count)
    return false;
  for (const Field &field : fields)
    if (!field.key.empty())
      return false;
  return true;
}

inline std::string quotedText(std::string_view text) {
  std::string out;
  metadata_detail::appendQuoted(out, text);
  return out;
}

// Field codecs, by member: the records below are made of these.
template <class Object, bool Object::*member> void writeFlag(const Object &object, Lines &lines) {
  lines.push_back(object.*member ? "1" : "0");
}
template <class Object, bool Object::*member> bool readFlag(const Fields &fields, Object &object) {
  uint64_t value = 0;
  if (!positional(fields, 1) || !metadata_detail::parseUnsigned(fields[0].value, 1, &value))
    return false;
  object.*member = value != 0;
  return true;
}

template <class Object, std::string Object::*member>
void writeOptionalText(const Object &object, Lines &lines) {
  if (!(object.*member).empty())
    lines.push_back(quotedText(object.*member));
}
template <class Object, std::string Object::*member>
bool readText(const Fields &fields, Object &object) {
  if (!positional(fields, 1) || fields[0].value.empty())
    return false;
  object.*member = fields[0].value;
  return true;
}

template <std::array<uint32_t, 3> KernelMetadata::*member>
void writeTriple(const KernelMetadata &kernel, Lines &lines) {
  const std::array<uint32_t, 3> &xyz = kernel.*member;
  if (xyz[0] != 0)
    lines.push_back(std::to_string(xyz[0]) + " " + std::to_string(xyz[1]) + " " +
                    std::to_string(xyz[2]));
}
template <std::array<uint32_t, 3> KernelMetadata::*member>
bool readTriple(const Fields &fields, KernelMetadata &kernel) {
  if (!positional(fields, 3))
    return false;
  for (int i = 0; i < 3; ++i) {
    uint64_t value = 0;
    if (!metadata_detail::parseUnsigned(fields[i].value, UINT32_MAX, &value) || value == 0)
      return false;
    (kernel.*member)[i] = static_cast<uint32_t>(value);
  }
  return true;
}

template <uint32_t KernelMetadata::*member>
void writeNonZero(const KernelMetadata &kernel, Lines &lines) {
  if (kernel.*member != 0)
    lines.push_back(std::to_string(kernel.*member));
}
template <uint32_t KernelMetadata::*member>
bool readNonZero(const Fields &fields, KernelMetadata &kernel) {
  uint64_t value = 0;
  if (!positional(fields, 1) ||
      !metadata_detail::parseUnsigned(fields[0].value, UINT32_MAX, &value) || value == 0)
    return false;
  kernel.*member = static_cast<uint32_t>(value);
  return true;
}

template <const auto &table, class Value, Value KernelArg::*member>
std::string writeNamed(const KernelArg &arg) {
  const char *name = metadata_detail::nameOf(table, static_cast<uint64_t>(arg.*member));
  return name ? name : "?";
}
template <const auto &table, class Value, Value KernelArg::*member>
bool readNamed(const std::string &text, KernelArg &arg) {
  uint64_t value = 0;
  if (!metadata_detail::valueOf(table, text, &value))
    return false;
  arg.*member = static_cast<Value>(value);
  return true;
}

template <std::string KernelArg::*member> std::string writeArgText(const KernelArg &arg) {
  return quotedText(arg.*member);
}
template <std::string KernelArg::*member, bool may_be_empty = false>
bool readArgText(const std::string &text, KernelArg &arg) {
  arg.*member = text;
  return may_be_empty || !text.empty();
}

// The program's records, in the order serialize() writes them.
inline constexpr Record<ProgramMetadata> kProgramRecords[] = {
    {"opencl_c_version", "100, 110, 120, 200, 300 or 310",
     "the OpenCL C version the program was built as", Occurs::once,
     [](const ProgramMetadata &program, Lines &lines) {
       lines.push_back(std::to_string(program.opencl_c_version));
     },
     [](const Fields &fields, ProgramMetadata &program) {
       uint64_t value = 0;
       if (!positional(fields, 1) ||
           !metadata_detail::parseUnsigned(fields[0].value, 999, &value) ||
           (value != 100 && value != 110 && value != 120 && value != 200 && value != 300 &&
            value != 310))
         return false;
       program.opencl_c_version = static_cast<unsigned>(value);
       return true;
     }},
    {"kernel_arg_info", "0 or 1", "built with `-cl-kernel-arg-info`", Occurs::at_most_once,
     writeFlag<ProgramMetadata, &ProgramMetadata::kernel_arg_info>,
     readFlag<ProgramMetadata, &ProgramMetadata::kernel_arg_info>},
    {"uniform_work_group_size", "0 or 1",
     "work-groups must be uniform (OpenCL C 1.x, `-cl-uniform-work-group-size`)",
     Occurs::at_most_once, writeFlag<ProgramMetadata, &ProgramMetadata::uniform_work_group_size>,
     readFlag<ProgramMetadata, &ProgramMetadata::uniform_work_group_size>},
    {"nvrtc_option", "\"option\"",
     "an NVRTC option the build options imply, in order (one record each)", Occurs::any,
     [](const ProgramMetadata &program, Lines &lines) {
       for (const std::string &option : program.nvrtc_options)
         lines.push_back(quotedText(option));
     },
     [](const Fields &fields, ProgramMetadata &program) {
       if (!positional(fields, 1) || fields[0].value.empty())
         return false;
       program.nvrtc_options.push_back(fields[0].value);
       return true;
     }},
    {"global_variable", "\"name\" bytes",
     "a program-scope `__global` variable (`function::name` for a function's `static` one)",
     Occurs::any,
     [](const ProgramMetadata &program, Lines &lines) {
       for (const ProgramVariable &variable : program.global_variables)
         lines.push_back(quotedText(variable.name) + " " + std::to_string(variable.size));
     },
     [](const Fields &fields, ProgramMetadata &program) {
       uint64_t size = 0;
       if (!positional(fields, 2) || fields[0].value.empty() ||
           !metadata_detail::parseUnsigned(fields[1].value, UINT64_MAX, &size))
         return false;
       program.global_variables.push_back({fields[0].value, size});
       return true;
     }},
};

// A kernel's records, in the order serialize() writes them; the first starts
// the kernel, and the others belong to the last kernel started.
inline constexpr Record<KernelMetadata> kKernelRecords[] = {
    {"kernel", "\"opencl name\" \"cuda symbol\"",
     "starts a kernel: its name for `clCreateKernel`, its symbol for `cuModuleGetFunction`",
     Occurs::once,
     [](const KernelMetadata &kernel, Lines &lines) {
       lines.push_back(quotedText(kernel.name) + " " + quotedText(kernel.cuda_name));
     },
     [](const Fields &fields, KernelMetadata &kernel) {
       if (!positional(fields, 2) || fields[0].value.empty() || fields[1].value.empty())
         return false;
       kernel.name = fields[0].value;
       kernel.cuda_name = fields[1].value;
       return true;
     }},
    {"reqd_work_group_size", "X Y Z, each above 0",
     "`__attribute__((reqd_work_group_size(X, Y, Z)))`", Occurs::at_most_once,
     writeTriple<&KernelMetadata::reqd_work_group_size>,
     readTriple<&KernelMetadata::reqd_work_group_size>},
    {"work_group_size_hint", "X Y Z, each above 0",
     "`__attribute__((work_group_size_hint(X, Y, Z)))`", Occurs::at_most_once,
     writeTriple<&KernelMetadata::work_group_size_hint>,
     readTriple<&KernelMetadata::work_group_size_hint>},
    {"vec_type_hint", "\"type\"", "`__attribute__((vec_type_hint(type)))`", Occurs::at_most_once,
     writeOptionalText<KernelMetadata, &KernelMetadata::vec_type_hint>,
     readText<KernelMetadata, &KernelMetadata::vec_type_hint>},
    {"local_variable_bytes", "bytes, above 0",
     "the dynamic shared memory the kernel's own `__local` variables take, before the "
     "`__local` arguments",
     Occurs::at_most_once, writeNonZero<&KernelMetadata::local_variable_bytes>,
     readNonZero<&KernelMetadata::local_variable_bytes>},
    {"compile_num_sub_groups", "count, above 0",
     "the sub-groups a work-group must have (SPIR-V's `SubgroupsPerWorkgroup`)",
     Occurs::at_most_once, writeNonZero<&KernelMetadata::compile_num_sub_groups>,
     readNonZero<&KernelMetadata::compile_num_sub_groups>},
};

// The fields of an `arg` record (one record per argument, in order), each
// required once.
inline constexpr ArgField kArgFields[] = {
    // Empty for a SPIR-V kernel's argument without an OpName.
    {"name", "`\"name\"` (`\"\"`: unnamed)", writeArgText<&KernelArg::name>,
     readArgText<&KernelArg::name, true>},
    {"type", "`\"type\"`", writeArgText<&KernelArg::type_name>, readArgText<&KernelArg::type_name>},
    {"kind", "`buffer`, `constant_buffer`, `local_pointer`, `by_value`, `image` or `sampler`",
     writeNamed<metadata_detail::kArgKinds, ArgKind, &KernelArg::kind>,
     readNamed<metadata_detail::kArgKinds, ArgKind, &KernelArg::kind>},
    {"address", "`global`, `local`, `constant` or `private`",
     writeNamed<metadata_detail::kAddressQualifiers, uint32_t, &KernelArg::address_qualifier>,
     readNamed<metadata_detail::kAddressQualifiers, uint32_t, &KernelArg::address_qualifier>},
    {"access", "`read_only`, `write_only`, `read_write` or `none`",
     writeNamed<metadata_detail::kAccessQualifiers, uint32_t, &KernelArg::access_qualifier>,
     readNamed<metadata_detail::kAccessQualifiers, uint32_t, &KernelArg::access_qualifier>},
    {"qualifiers",
     "`none`, or a list of `const`, `restrict`, `volatile`, `pipe` (`const,restrict`)",
     [](const KernelArg &arg) {
       std::string list;
       for (const metadata_detail::NamedValue &entry : metadata_detail::kTypeQualifiers)
         if (arg.type_qualifiers & entry.value)
           list += (list.empty() ? "" : ",") + std::string(entry.name);
       return list.empty() ? std::string("none") : list;
     },
     [](const std::string &value, KernelArg &arg) {
       arg.type_qualifiers = kArgTypeNone;
       if (value == "none")
         return true;
       std::string_view rest = value;
       while (true) {
         const size_t comma = rest.find(',');
         uint64_t bit = 0;
         if (!metadata_detail::valueOf(metadata_detail::kTypeQualifiers, rest.substr(0, comma),
                                       &bit) ||
             (arg.type_qualifiers & bit))
           return false;
         arg.type_qualifiers |= bit;
         if (comma == std::string_view::npos)
           return true;
         rest = rest.substr(comma + 1);
       }
     }},
    {"size", "bytes as launched", [](const KernelArg &arg) { return std::to_string(arg.size); },
     [](const std::string &value, KernelArg &arg) {
       uint64_t size = 0;
       if (!metadata_detail::parseUnsigned(value, UINT32_MAX, &size))
         return false;
       arg.size = static_cast<uint32_t>(size);
       return true;
     }},
    {"align", "a power of two", [](const KernelArg &arg) { return std::to_string(arg.alignment); },
     [](const std::string &value, KernelArg &arg) {
       uint64_t alignment = 0;
       if (!metadata_detail::parseUnsigned(value, UINT32_MAX, &alignment) || alignment == 0 ||
           (alignment & (alignment - 1)) != 0)
         return false;
       arg.alignment = static_cast<uint32_t>(alignment);
       return true;
     }},
};
inline constexpr size_t kArgFieldCount = sizeof kArgFields / sizeof kArgFields[0];

inline void writeArg(std::string &out, const KernelArg &arg) {
  out += "arg";
  for (const ArgField &field : kArgFields)
    out += std::string(" ") + field.key + "=" + field.write(arg);
  out += "\n";
}

inline bool readArg(const Fields &fields, KernelArg &arg, std::string &error) {
  bool seen[kArgFieldCount] = {};
  for (const Field &field : fields) {
    size_t index = 0;
    while (index < kArgFieldCount && field.key != kArgFields[index].key)
      ++index;
    if (index == kArgFieldCount) {
      error = "unknown arg field '" + (field.key.empty() ? field.value : field.key) + "'";
      return false;
    }
    if (seen[index]) {
      error = "arg field '" + field.key + "' given twice";
      return false;
    }
    seen[index] = true;
    if (!kArgFields[index].read(field.value, arg)) {
      error = "bad arg field " + field.key + "=" + field.value + " (expected " +
              kArgFields[index].values + ")";
      return false;
    }
  }
  for (size_t index = 0; index < kArgFieldCount; ++index)
    if (!seen[index]) {
      std::string keys;
      for (size_t i = 0; i < kArgFieldCount; ++i)
        keys += std::string(i == 0                    ? ""
                            : i + 1 == kArgFieldCount ? " and "
                                                      : ", ") +
                kArgFields[i].key;
      error = "arg needs " + keys;
      return false;
    }
  return true;
}

template <class Object>
void writeRecords(std::string &out, const Record<Object> *records, size_t count,
                  const Object &object) {
  for (size_t i = 0; i < count; ++i) {
    Lines lines;
    records[i].write(object, lines);
    for (const std::string &line : lines)
      out += std::string(records[i].name) + " " + line + "\n";
  }
}

// A table of records as Markdown rows.
template <class Object>
std::string recordRows(const Record<Object> *records, size_t count, const char *scope) {
  std::string rows;
  for (size_t i = 0; i < count; ++i)
    rows += std::string("| `") + records[i].name + "` | " + records[i].fields + " | " + scope +
            " | " + occursText(records[i].occurs) + " | " + records[i].meaning + " |\n";
  return rows;
}

inline constexpr size_t kProgramRecordCount = sizeof kProgramRecords / sizeof kProgramRecords[0];
inline constexpr size_t kKernelRecordCount = sizeof kKernelRecords / sizeof kKernelRecords[0];

// The schema as Markdown: docs/design.md's table (a test keeps them equal).
inline std::string schemaMarkdown() {
  std::string out = "| record | fields | scope | occurs | meaning |\n|---|---|---|---|---|\n";
  out += std::string("| `") + metadata_detail::kMagic + "` | " +
         std::to_string(metadata_detail::kFormatVersion) +
         " | first line | once | the format and its version; another version is refused |\n";
  out += recordRows(kProgramRecords, kProgramRecordCount, "program");
  out += recordRows(kKernelRecords, kKernelRecordCount, "kernel");
  out += "| `arg` | `key=value` ... (below) | kernel | any number | an argument as launched, in "
         "order |\n\n| arg field | values |\n|---|---|\n";
  for (const ArgField &field : kArgFields)
    out += std::string("| `") + field.key + "` | " + field.values + " |\n";
  return out;
}

} // namespace metadata_schema

inline std::string ProgramMetadata::serialize() const {
  using namespace metadata_schema;
  std::string out = std::string(metadata_detail::kMagic) + " " +
                    std::to_string(metadata_detail::kFormatVersion) + "\n";
  writeRecords(out, kProgramRecords, kProgramRecordCount, *this);
  for (const KernelMetadata &kernel : kernels) {
    writeRecords(out, kKernelRecords, kKernelRecordCount, kernel);
    for (const KernelArg &arg : kernel.args)
      writeArg(out, arg);
  }
  return out;
}

inline bool ProgramMetadata::parse(std::string_view text, ProgramMetadata *out,
                                   std::string *error) {
  using namespace metadata_schema;
  using metadata_detail::kMagic;
  *out = ProgramMetadata();
  size_t line_number = 0;
  std::string problem;
  auto fail = [&](const std::string &what) {
    *error = "line " + std::to_string(line_number) + ": " + what;
    return false;
  };
  unsigned program_seen[kProgramRecordCount] = {}, kernel_seen[kKernelRecordCount] = {};
  // Counts a record in its scope; false when it appears once too often.
  auto count = [](unsigned &seen, Occurs occurs) { return ++seen == 1 || occurs == Occurs::any; };
  bool seen_magic = false;
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++line_number;
    if (line.empty())
      continue;
    Fields fields;
    if (!metadata_detail::splitFields(line, &fields, &problem))
      return fail(problem);
    if (fields.empty())
      continue;
    if (!fields[0].key.empty())
      return fail("a record must start with its name");
    const std::string record = fields[0].value;
    fields.erase(fields.begin());
    if (!seen_magic) {
      uint64_t version = 0;
      if (record != kMagic || !positional(fields, 1) ||
          !metadata_detail::parseUnsigned(fields[0].value, UINT32_MAX, &version))
        return fail(std::string("expected '") + kMagic + " <version>'");
      if (version != metadata_detail::kFormatVersion)
        return fail("unsupported metadata version " + fields[0].value + " (this is version " +
                    std::to_string(metadata_detail::kFormatVersion) + ")");
      seen_magic = true;
      continue;
    }
    auto bad = [&](const char *name, const char *expected) {
      return fail(std::string("bad ") + name + " (expected " + expected + ")");
    };
    const Record<ProgramMetadata> *program_record = nullptr;
    for (size_t i = 0; i < kProgramRecordCount; ++i)
      if (record == kProgramRecords[i].name) {
        program_record = &kProgramRecords[i];
        if (!count(program_seen[i], program_record->occurs))
          return fail(record + " given twice");
      }
    if (program_record) {
      if (!program_record->read(fields, *out))
        return bad(program_record->name, program_record->fields);
      continue;
    }
    if (record == kKernelRecords[0].name) {
      KernelMetadata kernel;
      if (!kKernelRecords[0].read(fields, kernel))
        return bad(kKernelRecords[0].name, kKernelRecords[0].fields);
      if (out->findKernel(kernel.name))
        return fail("kernel '" + kernel.name + "' given twice");
      out->kernels.push_back(std::move(kernel));
      std::fill(std::begin(kernel_seen), std::end(kernel_seen), 0u);
      continue;
    }
    const Record<KernelMetadata> *kernel_record = nullptr;
    for (size_t i = 1; i < kKernelRecordCount; ++i)
      if (record == kKernelRecords[i].name) {
        kernel_record = &kKernelRecords[i];
        if (!out->kernels.empty() && !count(kernel_seen[i], kernel_record->occurs))
          return fail(record + " given twice");
      }
    if (!kernel_record && record != "arg")
      return fail("unknown record '" + record + "'");
    if (out->kernels.empty())
      return fail(record + " before any kernel");
    if (kernel_record) {
      if (!kernel_record->read(fields, out->kernels.back()))
        return bad(kernel_record->name, kernel_record->fields);
      continue;
    }
    KernelArg arg;
    if (!readArg(fields, arg, problem))
      return fail(problem);
    out->kernels.back().args.push_back(std::move(arg));
  }
  if (!seen_magic)
    return fail(std::string("empty metadata (expected '") + kMagic + " <version>')");
  for (size_t i = 0; i < kProgramRecordCount; ++i)
    if (kProgramRecords[i].occurs == Occurs::once && program_seen[i] == 0)
      return fail(std::string("missing ") + kProgramRecords[i].name);
  return true;
}

} // namespace cl2cuda
