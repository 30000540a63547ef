// SPIR-V (OpenCL's Kernel environment) to the CUDA C++ the OpenCL C
// translation emits: the same device library, launch ABI and metadata
// (docs/design.md, "SPIR-V programs"; docs/translator.md, "SPIR-V
// programs"). Each function's blocks become labels and gotos, each result id
// a variable declared at the top of its function, OpPhi an assignment on
// each incoming edge. Anything not handled is a build error naming the
// instruction.
#include "spirv/SpirvToCuda.h"

#include "LaunchAbi.h"
#include "Printf.h"
#include "StoreRuns.h"
#include "Tables.h"
#include "spirv/MangledBuiltins.h"
#include "spirv/SpirvModule.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <set>
#include <sstream>

namespace cl2cuda::spirv {
namespace {

using spv::Op;

// How an instruction reads SPIR-V's sign-less integers (tables/spirv.def).
enum class SignRule { AsIs, Signed, SignedPointers };

// The OpenCL.std instructions whose builtin has another name or signed operands.
struct ExtInstRow {
  const char *instruction;
  const char *builtin;
  SignRule operands;
};
constexpr ExtInstRow kExtInstRows[] = {
#define CL2CUDA_SPIRV_EXT_INST(instruction, builtin, operands)                                     \
  {#instruction, #builtin, SignRule::operands},
#include "tables/spirv.def"
};

enum class OperatorForm { Arithmetic, Comparison };
struct OperatorRow {
  Op opcode;
  const char *cxx;
  OperatorForm form;
  SignRule operands;
};
constexpr OperatorRow kOperatorRows[] = {
#define CL2CUDA_SPIRV_OPERATOR(opcode, cxx, form, operands)                                        \
  {Op::opcode, cxx, OperatorForm::form, SignRule::operands},
#include "tables/spirv.def"
};

// The row of `table` for an opcode, or nullptr.
template <class Row, size_t N> const Row *findRow(const Row (&table)[N], Op opcode) {
  for (const Row &row : table)
    if (row.opcode == opcode)
      return &row;
  return nullptr;
}

enum class AtomicOperand { None, Value, One };
struct AtomicRow {
  Op opcode;
  const char *builtin;
  AtomicOperand operand;
  SignRule operands;
};
constexpr AtomicRow kAtomicRows[] = {
#define CL2CUDA_SPIRV_ATOMIC(opcode, builtin, operand, operands)                                   \
  {Op::opcode, #builtin, AtomicOperand::operand, SignRule::operands},
#include "tables/spirv.def"
};

struct BuiltinOpRow {
  Op opcode;
  const char *builtin;
  SignRule operands;
};
constexpr BuiltinOpRow kBuiltinOpRows[] = {
#define CL2CUDA_SPIRV_BUILTIN_OP(opcode, builtin, operands)                                        \
  {Op::opcode, #builtin, SignRule::operands},
#include "tables/spirv.def"
};

struct IntegerDotRow {
  Op opcode;
  const char *builtin;
  const char *packed_builtin;
  SignRule first, second;
};
constexpr IntegerDotRow kIntegerDotRows[] = {
#define CL2CUDA_SPIRV_INTEGER_DOT(opcode, builtin, packed_builtin, first, second)                  \
  {Op::opcode, #builtin, #packed_builtin, SignRule::first, SignRule::second},
#include "tables/spirv.def"
};

enum class GroupForm { Call, SubGroupCall, Scan, NonUniformScan, BallotCount };
struct GroupRow {
  Op opcode;
  const char *builtin;
  GroupForm form;
  SignRule operands;
};
constexpr GroupRow kGroupRows[] = {
#define CL2CUDA_SPIRV_GROUP(opcode, builtin, form, operands)                                       \
  {Op::opcode, #builtin, GroupForm::form, SignRule::operands},
#include "tables/spirv.def"
};

struct BuiltinVariableRow {
  spv::BuiltIn builtin;
  const char *function; // the work-item function (or builtin) that reads it
};
constexpr BuiltinVariableRow kBuiltinVariableRows[] = {
#define CL2CUDA_SPIRV_BUILTIN_VARIABLE(builtin, work_item_function)                                \
  {spv::BuiltIn::builtin, #work_item_function},
#include "tables/spirv.def"
};
// Read whole through a builtin rather than a dimension at a time.
constexpr BuiltinVariableRow kBuiltinValueRows[] = {
#define CL2CUDA_SPIRV_BUILTIN_VALUE(builtin, function) {spv::BuiltIn::builtin, #function},
#include "tables/spirv.def"
};

// An unsupported construct: the build fails with this message.
struct Unsupported {
  std::string message;
};

std::string identifierFrom(const std::string &name) {
  std::string out;
  for (char c : name)
    out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  if (!out.empty() && std::isdigit(static_cast<unsigned char>(out[0])))
    out = "_" + out;
  return out;
}

class Emitter {
public:
  Emitter(const Module &module, const std::map<uint32_t, uint64_t> &specializations,
          SpirvOutput output)
      : module_(module), specializations_(specializations), output_(output) {}

  std::string emit(ProgramMetadata *metadata);

private:
  const Instruction &definitionOf(uint32_t id) const {
    const Instruction *definition = module_.definition(id);
    if (!definition)
      throw Unsupported{"%" + std::to_string(id) + " is used but never defined"};
    return *definition;
  }
  [[noreturn]] void unsupported(const Instruction &instruction, const std::string &why) const {
    throw Unsupported{opcodeName(instruction.opcode) + " (at word " +
                      std::to_string(instruction.word_offset) + "): " + why};
  }

  // --- types ---
  std::string typeName(uint32_t type);
  std::string signedTypeName(uint32_t type);
  std::string openclTypeName(uint32_t type);
  std::string imageTypeName(uint32_t type) const;
  bool isVector(uint32_t type) const { return definitionOf(type).opcode == Op::OpTypeVector; }
  bool isInteger(uint32_t type) const;
  uint32_t scalarOf(uint32_t type) const;
  uint32_t componentCount(uint32_t type) const;
  uint64_t sizeOf(uint32_t type);
  uint64_t alignmentOf(uint32_t type);
  uint64_t constantValue(uint32_t id) const;
  void defineStruct(uint32_t type);

  // --- values ---
  std::string name(uint32_t id);
  std::string value(uint32_t id);
  std::string constant(const Instruction &instruction);
  std::string asSigned(uint32_t type, const std::string &expression);
  std::string fromSigned(uint32_t type, const std::string &expression);

  // --- functions ---
  // A pointer parameter marked NoAlias (how compilers carry OpenCL C's
  // restrict): __restrict__, which lets NVVM read a buffer no one writes
  // through the read-only cache.
  bool restricted(const Instruction &parameter) const;
  std::string parameterDeclaration(const Instruction &parameter);
  void emitFunction(const Function &function);
  bool emitImportedBuiltin(const Function &function);
  void layOutWorkgroupVariables();
  void emitInstruction(const Instruction &instruction, const Function &function, const Block &block,
                       std::ostringstream &out);
  std::string edge(const Function &function, uint32_t from, uint32_t to);
  std::string binary(const Instruction &instruction, const char *op, bool is_signed = false);
  std::string comparison(const Instruction &instruction, const char *op, bool is_signed);
  std::optional<std::string> testOfIncrement(const Instruction &instruction, const Block &block,
                                             bool is_signed);
  std::string integerLiteral(uint32_t type, uint64_t bits);
  std::string conversion(const Instruction &instruction, bool from_signed, bool to_signed);
  std::string extInst(const Instruction &instruction);
  std::string argumentList(const std::vector<uint32_t> &ops, size_t first, size_t end,
                           SignRule rule);
  // A pointer to integers as a pointer to their signed type.
  std::string asSignedPointee(uint32_t pointer_type, const std::string &expression);
  std::string builtinCall(const Instruction &instruction, const std::string &builtin_name,
                          const std::string &arguments);
  std::string printfCall(const Instruction &instruction);
  std::string constantString(const Instruction &instruction, uint32_t pointer);
  std::string group(const Instruction &instruction, const GroupRow &row);
  std::string integerDot(const Instruction &instruction, const IntegerDotRow &row);
  std::string imageAccess(const Instruction &instruction, const char *verb, std::string arguments,
                          uint32_t texel_type, uint32_t mask, uint32_t texel = 0);
  std::string imageCoordinate(uint32_t coordinate);
  std::string imageSize(const Instruction &instruction);
  std::string memoryBuiltinName(const Instruction &instruction, const std::string &instruction_name,
                                std::string name, size_t *end);
  std::string literalPath(const Instruction &instruction, uint32_t composite, size_t first);
  std::string accessChain(const Instruction &instruction, bool pointer_first);
  std::string builtinLoad(const Instruction &load, spv::BuiltIn builtin);
  std::string fenceFlags(uint32_t semantics_id);
  std::string memoryOrder(uint32_t semantics_id);
  std::string memoryScope(uint32_t scope_id);
  std::string atomic(const Instruction &instruction, const AtomicRow &row);
  void emitKernelWrapper(const EntryPoint &entry, ProgramMetadata *metadata);
  unsigned storedComponents(const Instruction &instruction);
  // The name another module links a function by, or "" (no LinkageAttributes).
  std::string linkageName(uint32_t id, spv::LinkageType *type = nullptr) const;

  // The value of a specialization constant the host set, if it set one.
  std::optional<uint64_t> specialized(uint32_t id) const;

  const Module &module_;
  const std::map<uint32_t, uint64_t> &specializations_;
  const SpirvOutput output_;
  std::map<uint32_t, std::string> names_;
  // Each OpSpecConstantOp as the instruction it names (its opcode literal
  // and operands), in module order.
  std::vector<Instruction> spec_constant_ops_;
  std::set<uint32_t> defined_structs_;
  std::set<std::string> modules_ = {"core.h"};
  std::ostringstream declarations_; // structs and module-scope variables
  std::ostringstream prototypes_;   // every function, before any calls one
  std::ostringstream functions_;
  bool uses_fmod_ = false;          // the prelude then defines clc_spirv_fmod
  bool uses_copy_logical_ = false;  // ... and clc_spirv_copy_logical
  bool uses_sampled_image_ = false; // ... and clc_spirv_sampled_image
  // By entry function, the bytes of dynamic shared memory its Workgroup
  // variables take, where static __shared__ memory cannot hold them (empty:
  // they stay there).
  std::map<uint32_t, uint32_t> local_variable_bytes_;
};

bool Emitter::isInteger(uint32_t type) const {
  return definitionOf(scalarOf(type)).opcode == Op::OpTypeInt;
}

uint32_t Emitter::scalarOf(uint32_t type) const {
  const Instruction &definition = definitionOf(type);
  return definition.opcode == Op::OpTypeVector ? definition.operands.at(0) : type;
}

uint32_t Emitter::componentCount(uint32_t type) const {
  const Instruction &definition = definitionOf(type);
  return definition.opcode == Op::OpTypeVector ? definition.operands.at(1) : 1;
}

uint64_t Emitter::constantValue(uint32_t id) const {
  const Instruction &definition = definitionOf(id);
  if (definition.opcode != Op::OpConstant && definition.opcode != Op::OpSpecConstant)
    unsupported(definition, "a constant integer was expected here");
  uint64_t value = definition.operands.at(0);
  if (definition.operands.size() > 1)
    value |= uint64_t(definition.operands[1]) << 32;
  return value;
}

std::string Emitter::typeName(uint32_t type) {
  const Instruction &definition = definitionOf(type);
  const std::vector<uint32_t> &ops = definition.operands;
  switch (definition.opcode) {
  case Op::OpTypeVoid:
    return "void";
  case Op::OpTypeBool:
    return "bool";
  case Op::OpTypeInt:
    switch (ops.at(0)) {
    case 8:
      return "uchar";
    case 16:
      return "ushort";
    case 32:
      return "uint";
    case 64:
      return "ulong";
    }
    unsupported(definition, std::to_string(ops[0]) + "-bit integers");
  case Op::OpTypeFloat:
    switch (ops.at(0)) {
    case 16:
      return "clc::half";
    case 32:
      return "float";
    case 64:
      return "double";
    }
    unsupported(definition, std::to_string(ops[0]) + "-bit floating point");
  case Op::OpTypeVector: {
    const uint32_t count = ops.at(1);
    if (!isVectorWidth(count))
      unsupported(definition, "vectors of " + std::to_string(count) + " components");
    // A vector of bool is the integer vector OpenCL C's comparisons give.
    const std::string element =
        definitionOf(ops[0]).opcode == Op::OpTypeBool ? std::string("int") : openclTypeName(ops[0]);
    const ScalarTypeInfo *scalar = findScalarType(element);
    if (!scalar)
      unsupported(definition, "vectors of " + element);
    return cudaVectorTypeName(*scalar, count);
  }
  case Op::OpTypePointer:
    return typeName(ops.at(1)) + " *";
  case Op::OpTypeArray:
    return "clc_spirv_array<" + typeName(ops.at(0)) + ", " +
           std::to_string(constantValue(ops.at(1))) + ">";
  case Op::OpTypeStruct:
    defineStruct(type);
    return name(type);
  case Op::OpTypeOpaque: // only ever pointed to
    if (defined_structs_.insert(type).second)
      declarations_ << "struct " << name(type) << ";\n";
    return name(type);
  case Op::OpTypeImage:
    modules_.insert("image.h");
    return "clc::" + imageTypeName(type);
  case Op::OpTypeSampler:
    modules_.insert("image.h");
    return "clc::sampler_t";
  case Op::OpTypeEvent:
    modules_.insert("async.h");
    return "clc::event_t";
  case Op::OpTypeSampledImage:
    uses_sampled_image_ = true;
    return "clc_spirv_sampled_image<" + typeName(ops.at(0)) + ">";
  default:
    unsupported(definition, "this type");
  }
}

std::string Emitter::signedTypeName(uint32_t type) {
  std::string unsigned_name = typeName(type);
  if (isVector(type))
    return "clc::" + unsigned_name.substr(std::strlen("clc::u"));
  static const std::map<std::string, std::string> kSigned = {
      {"uchar", "char"}, {"ushort", "short"}, {"uint", "int"}, {"ulong", "long"}};
  return kSigned.at(unsigned_name);
}

// How clGetKernelArgInfo spells an argument's type: SPIR-V's integers have no
// sign, so they read as OpenCL C's unsigned types.
std::string Emitter::openclTypeName(uint32_t type) {
  const Instruction &definition = definitionOf(type);
  switch (definition.opcode) {
  case Op::OpTypeFloat:
    return definition.operands.at(0) == 16 ? "half" : typeName(type);
  case Op::OpTypeVector:
    return openclTypeName(definition.operands.at(0)) + std::to_string(definition.operands.at(1));
  case Op::OpTypeOpaque:
    return definition.literalString(0);
  case Op::OpTypeImage:
    return imageTypeName(type);
  case Op::OpTypeSampler:
    return "sampler_t";
  case Op::OpTypePointer:
    return openclTypeName(definition.operands.at(1)) + "*";
  case Op::OpTypeStruct: {
    auto found = module_.names.find(type);
    std::string struct_name = found == module_.names.end() ? name(type) : found->second;
    if (struct_name.rfind("struct.", 0) == 0)
      struct_name = struct_name.substr(7);
    return "struct " + struct_name;
  }
  default:
    return typeName(type);
  }
}

// OpenCL C's name of an image type: its dimensionality, arrayed and depth.
std::string Emitter::imageTypeName(uint32_t type) const {
  const Instruction &definition = definitionOf(type);
  const std::vector<uint32_t> &ops = definition.operands;
  const bool depth = ops.at(2) == 1, arrayed = ops.at(3) == 1;
  if (ops.at(4) != 0)
    unsupported(definition, "multisampled images");
  switch (static_cast<spv::Dim>(ops.at(1))) {
  case spv::Dim::Dim1D:
    return arrayed ? "image1d_array_t" : "image1d_t";
  case spv::Dim::Buffer:
    return "image1d_buffer_t";
  case spv::Dim::Dim2D:
    return std::string("image2d_") + (arrayed ? "array_" : "") + (depth ? "depth_" : "") + "t";
  case spv::Dim::Dim3D:
    return "image3d_t";
  default:
    unsupported(definition, "images of dimensionality " + std::to_string(ops[1]));
  }
}

uint64_t Emitter::sizeOf(uint32_t type) {
  const Instruction &definition = definitionOf(type);
  const std::vector<uint32_t> &ops = definition.operands;
  switch (definition.opcode) {
  case Op::OpTypeBool:
    return 1;
  case Op::OpTypeInt:
  case Op::OpTypeFloat:
    return ops.at(0) / 8;
  case Op::OpTypeVector:
    return sizeOf(ops.at(0)) * (ops.at(1) == 3 ? 4 : ops.at(1));
  case Op::OpTypePointer:
    return 8;
  case Op::OpTypeArray:
    return sizeOf(ops.at(0)) * constantValue(ops.at(1));
  case Op::OpTypeStruct: {
    uint64_t size = 0, alignment = 1;
    for (uint32_t member : ops) {
      // A packed structure's alignment is 1: its members get no padding.
      const uint64_t member_alignment = std::min(alignmentOf(member), alignmentOf(type));
      size = (size + member_alignment - 1) / member_alignment * member_alignment + sizeOf(member);
      alignment = std::max(alignment, member_alignment);
    }
    return (size + alignment - 1) / alignment * alignment;
  }
  default:
    unsupported(definition, "the size of this type");
  }
}

uint64_t Emitter::alignmentOf(uint32_t type) {
  const Instruction &definition = definitionOf(type);
  switch (definition.opcode) {
  case Op::OpTypeArray:
    return alignmentOf(definition.operands.at(0));
  case Op::OpTypeStruct: {
    uint64_t alignment = 1;
    if (module_.decoration(type, spv::Decoration::CPacked))
      return alignment; // no padding, anywhere
    for (uint32_t member : definition.operands)
      alignment = std::max(alignment, alignmentOf(member));
    return alignment;
  }
  default:
    return sizeOf(type);
  }
}

void Emitter::defineStruct(uint32_t type) {
  if (!defined_structs_.insert(type).second)
    return;
  const Instruction &definition = definitionOf(type);
  std::ostringstream members;
  for (size_t i = 0; i < definition.operands.size(); ++i)
    members << "  " << typeName(definition.operands[i]) << " m" << i << ";\n";
  declarations_ << "struct "
                << (module_.decoration(type, spv::Decoration::CPacked) ? "__attribute__((packed)) "
                                                                       : "")
                << name(type) << " {\n"
                << members.str() << "};\n";
}

std::string Emitter::name(uint32_t id) {
  auto found = names_.find(id);
  if (found != names_.end())
    return found->second;
  auto named = module_.names.find(id);
  std::string text = named == module_.names.end() || named->second.empty()
                         ? "v" + std::to_string(id)
                         : identifierFrom(named->second) + "_" + std::to_string(id);
  names_[id] = text;
  return text;
}

bool Emitter::restricted(const Instruction &parameter) const {
  return definitionOf(parameter.result_type).opcode == Op::OpTypePointer &&
         module_.hasParameterAttribute(parameter.result, spv::FunctionParameterAttribute::NoAlias);
}

std::string Emitter::parameterDeclaration(const Instruction &parameter) {
  return typeName(parameter.result_type) + (restricted(parameter) ? " __restrict__ " : " ") +
         name(parameter.result);
}

std::string floatLiteral(uint64_t bits, unsigned width) {
  char text[64];
  if (width == 32) {
    float value;
    uint32_t word = static_cast<uint32_t>(bits);
    std::memcpy(&value, &word, 4);
    if (!std::isfinite(value)) {
      std::snprintf(text, sizeof text, "__int_as_float(0x%08x)", word);
      return text;
    }
    std::snprintf(text, sizeof text, "%.9gf", value);
    float back = std::strtof(text, nullptr);
    if (back != value || std::signbit(back) != std::signbit(value))
      std::snprintf(text, sizeof text, "%af", value);
    else if (!std::strpbrk(text, ".eEn"))
      std::snprintf(text, sizeof text, "%.1ff", value);
    return text;
  }
  if (width == 64) {
    double value;
    std::memcpy(&value, &bits, 8);
    if (!std::isfinite(value)) {
      std::snprintf(text, sizeof text, "__longlong_as_double(0x%016llxll)",
                    static_cast<unsigned long long>(bits));
      return text;
    }
    std::snprintf(text, sizeof text, "%.17g", value);
    if (std::strtod(text, nullptr) != value ||
        std::signbit(std::strtod(text, nullptr)) != std::signbit(value))
      std::snprintf(text, sizeof text, "%a", value);
    else if (!std::strpbrk(text, ".eEn"))
      std::snprintf(text, sizeof text, "%.1f", value);
    return text;
  }
  std::snprintf(text, sizeof text, "clc::half::from_bits(0x%04x)", static_cast<unsigned>(bits));
  return text;
}

std::optional<uint64_t> Emitter::specialized(uint32_t id) const {
  const Decoration *spec_id = module_.decoration(id, spv::Decoration::SpecId);
  if (!spec_id || spec_id->literals.empty())
    return std::nullopt;
  auto found = specializations_.find(spec_id->literals[0]);
  if (found == specializations_.end())
    return std::nullopt;
  return found->second;
}

std::string Emitter::constant(const Instruction &instruction) {
  const uint32_t type = instruction.result_type;
  const Instruction &type_definition = definitionOf(type);
  switch (instruction.opcode) {
  case Op::OpConstantTrue:
    return "true";
  case Op::OpConstantFalse:
    return "false";
  case Op::OpSpecConstantTrue:
  case Op::OpSpecConstantFalse: {
    const std::optional<uint64_t> value = specialized(instruction.result);
    return (value ? *value != 0 : instruction.opcode == Op::OpSpecConstantTrue) ? "true" : "false";
  }
  case Op::OpConstant:
  case Op::OpSpecConstant: {
    const unsigned width = type_definition.operands.at(0);
    uint64_t bits = constantValue(instruction.result);
    if (const std::optional<uint64_t> value = specialized(instruction.result))
      bits = width == 64 ? *value : *value & ((uint64_t(1) << width) - 1);
    if (type_definition.opcode == Op::OpTypeFloat)
      return floatLiteral(bits, width);
    return integerLiteral(type, bits);
  }
  case Op::OpConstantNull:
  case Op::OpUndef:
    // T{} would not parse for a pointer type (`float *{}`), and NVRTC does
    // not take a vector's `clc::uint2{}` as a constant initializer (of a
    // __constant variable): the splat of 0 is one.
    if (type_definition.opcode == Op::OpTypePointer)
      return "(" + typeName(type) + ")nullptr";
    if (type_definition.opcode == Op::OpTypeVector)
      return typeName(type) + "(0)";
    return typeName(type) + "{}";
  case Op::OpConstantSampler: {
    // OpenCL C's CLK_* bits: addressing mode << 1, normalized coordinates,
    // CLK_FILTER_NEAREST 0x10 or CLK_FILTER_LINEAR 0x20.
    const std::vector<uint32_t> &ops = instruction.operands;
    char bits[16];
    std::snprintf(bits, sizeof bits, "0x%02xu",
                  (ops.at(0) << 1) | (ops.at(1) ? 1u : 0u) | (ops.at(2) ? 0x20u : 0x10u));
    return bits;
  }
  case Op::OpConstantComposite:
  case Op::OpSpecConstantComposite: {
    std::string parts;
    for (uint32_t part : instruction.operands)
      parts += (parts.empty() ? "" : ", ") + value(part);
    if (type_definition.opcode == Op::OpTypeVector)
      return typeName(type) + "(" + parts + ")";
    if (type_definition.opcode == Op::OpTypeArray)
      return typeName(type) + "{{" + parts + "}}";
    return typeName(type) + "{" + parts + "}";
  }
  default:
    unsupported(instruction, "this constant");
  }
}

// The integer `bits` as a literal of the scalar integer `type`.
std::string Emitter::integerLiteral(uint32_t type, uint64_t bits) {
  const unsigned width = definitionOf(type).operands.at(0);
  if (width == 64)
    return std::to_string(bits) + "ul";
  if (width == 32)
    return std::to_string(bits) + "u";
  return "(" + typeName(type) + ")" + std::to_string(bits);
}

std::string Emitter::value(uint32_t id) {
  const Instruction &definition = definitionOf(id);
  switch (definition.opcode) {
  case Op::OpConstant:
  case Op::OpConstantTrue:
  case Op::OpConstantFalse:
  case Op::OpConstantNull:
  case Op::OpConstantComposite:
  case Op::OpUndef:
  case Op::OpSpecConstant:
  case Op::OpSpecConstantTrue:
  case Op::OpSpecConstantFalse:
  case Op::OpSpecConstantComposite:
  case Op::OpConstantSampler:
    return constant(definition);
  case Op::OpVariable:
    return "(&" + name(id) + ")";
  default:
    return name(id);
  }
}

// The bits of an integer value read as its signed type, and back.
std::string Emitter::asSigned(uint32_t type, const std::string &expression) {
  if (isVector(type))
    return "clc::as<" + signedTypeName(type) + ">(" + expression + ")";
  return "(" + signedTypeName(type) + ")(" + expression + ")";
}
std::string Emitter::fromSigned(uint32_t type, const std::string &expression) {
  if (isVector(type))
    return "clc::as<" + typeName(type) + ">(" + expression + ")";
  return "(" + typeName(type) + ")(" + expression + ")";
}

std::string Emitter::binary(const Instruction &instruction, const char *op, bool is_signed) {
  const uint32_t type = instruction.result_type;
  std::string a = value(instruction.operands.at(0)), b = value(instruction.operands.at(1));
  if (is_signed)
    return fromSigned(type, asSigned(type, a) + " " + op + " " + asSigned(type, b));
  return typeName(type) + "(" + a + " " + op + " " + b + ")";
}

std::string Emitter::comparison(const Instruction &instruction, const char *op, bool is_signed) {
  const uint32_t operand_type = definitionOf(instruction.operands.at(0)).result_type;
  std::string a = value(instruction.operands.at(0)), b = value(instruction.operands.at(1));
  if (is_signed) {
    a = asSigned(operand_type, a);
    b = asSigned(operand_type, b);
  }
  std::string compared = "(" + a + " " + op + " " + b + ")";
  if (!isVector(instruction.result_type))
    return compared;
  // OpenCL C's vector comparison gives -1 or 0 in integers of the operands'
  // size; the result's bool vector is an int vector.
  modules_.insert("convert.h");
  return "clc::convert<" + typeName(instruction.result_type) + ", clc::nosat, clc::rdefault>" +
         compared;
}

// C + K, constants of `width` (32 or 64) bits read as signed or unsigned
// values, when the sum is in the same range.
std::optional<uint64_t> sumInRange(uint64_t c, uint64_t k, unsigned width, bool is_signed) {
  const uint64_t mask = width == 64 ? ~uint64_t(0) : 0xffffffffu;
  if (is_signed) {
    const int64_t a = width == 64 ? int64_t(c) : int32_t(c);
    const int64_t b = width == 64 ? int64_t(k) : int32_t(k);
    int64_t sum = 0;
    if (__builtin_add_overflow(a, b, &sum) || (width == 32 && sum != int32_t(sum)))
      return std::nullopt;
    return uint64_t(sum) & mask;
  }
  uint64_t sum = 0;
  if (__builtin_add_overflow(c, k, &sum) || sum > mask)
    return std::nullopt;
  return sum;
}

// `x < C` where the block already computed `y = x + K` without wrapping
// (NoUnsignedWrap, or NoSignedWrap for a signed test) is `y < C + K`: the
// test of a rotated loop, which LLVM makes of OpenCL C's `for (...; i < N;
// i += K)`, on the incremented value again, as the source had it. NVVM
// schedules the loop worse when the test reads the value before the
// increment (transpose_tiled: 8 % slower on an H200; docs/translator.md).
std::optional<std::string> Emitter::testOfIncrement(const Instruction &instruction,
                                                    const Block &block, bool is_signed) {
  const uint32_t tested = instruction.operands.at(0);
  const Instruction &bound = definitionOf(instruction.operands.at(1));
  const uint32_t type = definitionOf(tested).result_type;
  const Instruction &type_definition = definitionOf(type);
  if (bound.opcode != Op::OpConstant || type_definition.opcode != Op::OpTypeInt)
    return std::nullopt;
  const unsigned width = type_definition.operands.at(0);
  if (width != 32 && width != 64)
    return std::nullopt;
  const spv::Decoration no_wrap =
      is_signed ? spv::Decoration::NoSignedWrap : spv::Decoration::NoUnsignedWrap;
  for (const Instruction *add : block.instructions) {
    if (add == &instruction)
      break;
    if (add->opcode != Op::OpIAdd || add->result_type != type ||
        !module_.decoration(add->result, no_wrap))
      continue;
    const std::vector<uint32_t> &ops = add->operands;
    const uint32_t step_id = ops.at(0) == tested ? ops.at(1) : ops.at(1) == tested ? ops.at(0) : 0;
    if (!step_id || definitionOf(step_id).opcode != Op::OpConstant)
      continue;
    const std::optional<uint64_t> sum =
        sumInRange(constantValue(bound.result), constantValue(step_id), width, is_signed);
    if (!sum)
      return std::nullopt;
    std::string a = name(add->result), b = integerLiteral(type, *sum);
    if (is_signed) {
      a = asSigned(type, a);
      b = asSigned(type, b);
    }
    const char *op = findRow(kOperatorRows, instruction.opcode)->cxx;
    return "(" + a + " " + op + " " + b + ")";
  }
  return std::nullopt;
}

std::string roundingOf(const Module &module, uint32_t id) {
  const Decoration *rounding = module.decoration(id, spv::Decoration::FPRoundingMode);
  if (!rounding || rounding->literals.empty())
    return "clc::rdefault";
  switch (static_cast<spv::FPRoundingMode>(rounding->literals[0])) {
  case spv::FPRoundingMode::RTE:
    return "clc::rte";
  case spv::FPRoundingMode::RTZ:
    return "clc::rtz";
  case spv::FPRoundingMode::RTP:
    return "clc::rtp";
  case spv::FPRoundingMode::RTN:
    return "clc::rtn";
  default:
    return "clc::rdefault";
  }
}

std::string Emitter::conversion(const Instruction &instruction, bool from_signed, bool to_signed) {
  const uint32_t type = instruction.result_type;
  const uint32_t source = instruction.operands.at(0);
  const uint32_t source_type = definitionOf(source).result_type;
  std::string operand = value(source);
  if (from_signed)
    operand = asSigned(source_type, operand);
  const bool saturate =
      module_.decoration(instruction.result, spv::Decoration::SaturatedConversion) != nullptr ||
      instruction.opcode == Op::OpSatConvertSToU || instruction.opcode == Op::OpSatConvertUToS;
  const std::string target = to_signed ? signedTypeName(type) : typeName(type);
  // A scalar conversion in the default rounding without saturation is C's
  // cast (to integer: toward zero; to floating point: to nearest even), which
  // NVRTC parses and optimizes for less than the library's template.
  if (!saturate && !isVector(type) &&
      !module_.decoration(instruction.result, spv::Decoration::FPRoundingMode))
    return "(" + typeName(type) + ")" + (to_signed ? "(" + target + ")" : "") + "(" + operand + ")";
  modules_.insert("convert.h");
  const std::string converted = "clc::convert<" + target + ", " +
                                (saturate ? "clc::saturate" : "clc::nosat") + ", " +
                                roundingOf(module_, instruction.result) + ">(" + operand + ")";
  return to_signed ? fromSigned(type, converted) : converted;
}

std::string Emitter::extInst(const Instruction &instruction) {
  const std::vector<uint32_t> &ops = instruction.operands;
  auto set = module_.ext_inst_sets.find(ops.at(0));
  if (set == module_.ext_inst_sets.end() || set->second != "OpenCL.std")
    unsupported(instruction,
                "extended instructions of the set \"" +
                    (set == module_.ext_inst_sets.end() ? std::string("?") : set->second) + "\"");
  const std::string instruction_name(openclStdName(ops.at(1)));
  if (instruction_name.empty())
    unsupported(instruction, "OpenCL.std instruction " + std::to_string(ops[1]));
  if (instruction_name == "printf")
    return printfCall(instruction);
  std::string builtin_name = instruction_name;
  SignRule operands = SignRule::AsIs;
  for (const ExtInstRow &row : kExtInstRows)
    if (instruction_name == row.instruction) {
      builtin_name = row.builtin;
      operands = row.operands;
    }
  // The arguments are ids, but for the vector loads' and stores' trailing
  // literals (a width, a rounding mode), which are in OpenCL C's name instead.
  size_t end = ops.size();
  builtin_name = memoryBuiltinName(instruction, instruction_name, builtin_name, &end);
  std::string call = builtinCall(instruction, builtin_name, argumentList(ops, 2, end, operands));
  if (operands == SignRule::Signed)
    return "clc::as<" + typeName(instruction.result_type) + ">(" + call + ")";
  return call;
}

// The values ops[first, end) as a call's arguments: the integers read as
// signed where `rule` is Signed, pointers to integers as pointers to
// signed ones where it is SignedPointers (frexp's int *).
std::string Emitter::argumentList(const std::vector<uint32_t> &ops, size_t first, size_t end,
                                  SignRule rule) {
  std::string arguments;
  for (size_t i = first; i < end; ++i) {
    const uint32_t argument_type = definitionOf(ops[i]).result_type;
    const Instruction &type = definitionOf(argument_type);
    std::string argument = value(ops[i]);
    if (rule == SignRule::Signed && isInteger(argument_type))
      argument = asSigned(argument_type, argument);
    else if (rule == SignRule::SignedPointers && type.opcode == Op::OpTypePointer &&
             isInteger(type.operands.at(1)))
      argument = asSignedPointee(argument_type, argument);
    arguments += (i > first ? ", " : "") + argument;
  }
  return arguments;
}

std::string Emitter::asSignedPointee(uint32_t pointer_type, const std::string &expression) {
  return "reinterpret_cast<" + signedTypeName(definitionOf(pointer_type).operands.at(1)) + " *>(" +
         expression + ")";
}

// A call of the OpenCL C builtin `builtin_name` with `arguments` (C++
// expressions, comma-separated), its device library module included.
std::string Emitter::builtinCall(const Instruction &instruction, const std::string &builtin_name,
                                 const std::string &arguments) {
  const std::optional<BuiltinCall> builtin = resolveBuiltinCall(builtin_name);
  if (!builtin || !builtin->supported || !*builtin->module)
    unsupported(instruction, "the builtin " + builtin_name + " is not supported yet");
  modules_.insert(builtin->module);
  const std::string ndrange = builtin->passes_ndrange ? "clc_ndrange" : "";
  return builtin->cuda + "(" + ndrange + (ndrange.empty() || arguments.empty() ? "" : ", ") +
         arguments + ")";
}

// The bytes of the constant string a pointer operand points into (a
// UniformConstant variable's initializer, through casts and zero-index
// access chains), up to its NUL: printf's format.
std::string Emitter::constantString(const Instruction &instruction, uint32_t pointer) {
  const Instruction *definition = &definitionOf(pointer);
  for (;;) {
    switch (definition->opcode) {
    case Op::OpBitcast:
    case Op::OpCopyObject:
    case Op::OpPtrCastToGeneric:
    case Op::OpGenericCastToPtr:
      definition = &definitionOf(definition->operands.at(0));
      continue;
    case Op::OpAccessChain:
    case Op::OpInBoundsAccessChain:
    case Op::OpPtrAccessChain:
    case Op::OpInBoundsPtrAccessChain:
      for (size_t i = 1; i < definition->operands.size(); ++i)
        if (constantValue(definition->operands[i]) != 0)
          unsupported(instruction, "a format that does not start its constant string");
      definition = &definitionOf(definition->operands.at(0));
      continue;
    default:
      break;
    }
    break;
  }
  if (definition->opcode != Op::OpVariable ||
      static_cast<spv::StorageClass>(definition->operands.at(0)) !=
          spv::StorageClass::UniformConstant ||
      definition->operands.size() < 2)
    unsupported(instruction, "a format that is no constant string");
  const Instruction &initializer = definitionOf(definition->operands[1]);
  std::string text;
  if (initializer.opcode == Op::OpConstantNull)
    return text;
  if (initializer.opcode != Op::OpConstantComposite)
    unsupported(instruction, "a format that is no constant string");
  for (uint32_t character : initializer.operands) {
    const uint64_t byte =
        definitionOf(character).opcode == Op::OpConstantNull ? 0 : constantValue(character);
    if (byte == 0)
      break;
    text += static_cast<char>(byte);
  }
  return text;
}

// OpenCL.std printf (format, values...) as CUDA's printf, whose format must
// be a literal: the format's constant string, written as OpenCL C's printf
// is translated (Printf.h), and the result OpenCL's 0 or -1.
std::string Emitter::printfCall(const Instruction &instruction) {
  const std::vector<uint32_t> &ops = instruction.operands;
  const std::string format = constantString(instruction, ops.at(2));
  const std::optional<PrintfRewrite> rewrite = rewritePrintfFormat(format);
  std::string arguments = quoteStringLiteral(rewrite ? rewrite->format : format);
  unsigned passed_values = 0;
  for (size_t i = 3; i < ops.size(); ++i) {
    const uint32_t type = definitionOf(ops[i]).result_type;
    const PrintfArgument *conversion = nullptr;
    if (rewrite)
      for (const PrintfArgument &passed : rewrite->arguments)
        if (passed.argument + 3 == i)
          conversion = &passed;
    const unsigned width = conversion ? conversion->width : 0;
    if ((isVector(type) ? componentCount(type) : 0) != width)
      unsupported(instruction, "a printf value whose vector width is not its conversion's");
    const bool integer = definitionOf(scalarOf(type)).opcode == Op::OpTypeInt;
    const bool half = !integer && sizeOf(scalarOf(type)) == 2;
    const std::string cast = conversion && !conversion->cast.empty() && integer
                                 ? "(" + conversion->cast + ")"
                             : half ? "(double)"
                                    : "";
    const std::string argument = value(ops[i]);
    for (unsigned k = 0; k < std::max(width, 1u); ++k) {
      arguments += ", " + cast + "(" + argument + ")";
      if (width)
        arguments += ".elem[" + std::to_string(k) + "]";
      ++passed_values;
    }
  }
  if (passed_values > kCudaPrintfMaxArguments)
    unsupported(instruction, "printf of more than " + std::to_string(kCudaPrintfMaxArguments) +
                                 " values (CUDA's printf takes no more)");
  return "(" + typeName(instruction.result_type) + ")(printf(" + arguments + ") < 0 ? -1 : 0)";
}

// An image read or write (OpImageRead, OpImageSampleExplicitLod, OpImageWrite)
// as OpenCL C's read_image* or write_image*, after `arguments` (the image
// [and sampler] and coordinate): the texel's type picks the builtin, and an
// integer texel's SignExtend operand the signed one (reads give the same
// bits either way; a write's saturation differs).
std::string Emitter::imageAccess(const Instruction &instruction, const char *verb,
                                 std::string arguments, uint32_t texel_type, uint32_t mask,
                                 uint32_t texel) {
  using Mask = spv::ImageOperandsMask;
  const uint32_t understood = uint32_t(Mask::Lod | Mask::SignExtend | Mask::ZeroExtend |
                                       Mask::Nontemporal); // no mipmaps: a Lod is level 0
  if (mask & ~understood)
    unsupported(instruction, "image operands " + std::to_string(mask & ~understood));
  const Instruction &element = definitionOf(scalarOf(texel_type));
  const bool integer = element.opcode == Op::OpTypeInt;
  const bool is_signed = integer && (mask & uint32_t(Mask::SignExtend)) != 0;
  const std::string suffix = !integer    ? element.operands.at(0) == 16 ? "h" : "f"
                             : is_signed ? "i"
                                         : "ui";
  if (texel)
    arguments += ", " + (is_signed ? asSigned(texel_type, value(texel)) : value(texel));
  const std::string call =
      builtinCall(instruction, std::string(verb) + "_image" + suffix, arguments);
  return is_signed && !texel ? fromSigned(texel_type, call) : call;
}

// An image coordinate: OpenCL C's integer coordinates are signed.
std::string Emitter::imageCoordinate(uint32_t coordinate) {
  const uint32_t type = definitionOf(coordinate).result_type;
  return isInteger(type) ? asSigned(type, value(coordinate)) : value(coordinate);
}

// OpImageQuerySize(Lod): the width, height, depth and array size the image
// has, in that order.
std::string Emitter::imageSize(const Instruction &instruction) {
  const std::string image = value(instruction.operands.at(0));
  const std::string kind = imageTypeName(definitionOf(instruction.operands[0]).result_type);
  std::vector<std::string> queries = {"get_image_width"};
  if (kind.rfind("image2d", 0) == 0 || kind == "image3d_t")
    queries.push_back("get_image_height");
  if (kind == "image3d_t")
    queries.push_back("get_image_depth");
  if (kind.find("array") != std::string::npos)
    queries.push_back("get_image_array_size");
  const uint32_t type = instruction.result_type;
  if (queries.size() != componentCount(type))
    unsupported(instruction,
                "a size of " + std::to_string(componentCount(type)) + " components for an " + kind);
  const std::string component = typeName(scalarOf(type));
  std::string parts;
  for (const std::string &query : queries)
    parts +=
        (parts.empty() ? "(" : ", (") + component + ")" + builtinCall(instruction, query, image);
  return isVector(type) ? typeName(type) + "(" + parts + ")" : parts;
}

// A group instruction: the sub-group's or work-group's builtin (tables/spirv.def).
std::string Emitter::group(const Instruction &instruction, const GroupRow &row) {
  const std::vector<uint32_t> &ops = instruction.operands;
  const uint32_t type = instruction.result_type;
  const auto scope = static_cast<spv::Scope>(constantValue(ops.at(0)));
  const bool calls = row.form == GroupForm::Call || row.form == GroupForm::SubGroupCall;
  std::string name;
  if (scope == spv::Scope::Subgroup)
    name = "sub_group_";
  else if (scope == spv::Scope::Workgroup &&
           (row.form == GroupForm::Call || row.form == GroupForm::Scan))
    name = "work_group_";
  else
    unsupported(instruction, "a group operation of scope " + std::to_string(uint32_t(scope)));
  size_t first = 1; // the first argument
  if (!calls) {
    static const char *const kScans[] = {"reduce_", "scan_inclusive_", "scan_exclusive_"};
    static const char *const kBallotCounts[] = {"ballot_bit_count", "ballot_inclusive_scan",
                                                "ballot_exclusive_scan"};
    const uint32_t operation = ops.at(1);
    first = 2;
    if (row.form == GroupForm::NonUniformScan &&
        operation == uint32_t(spv::GroupOperation::ClusteredReduce))
      name += std::string("clustered_reduce_") + row.builtin;
    else if (operation > uint32_t(spv::GroupOperation::ExclusiveScan))
      unsupported(instruction, "the group operation " + std::to_string(operation));
    else if (row.form == GroupForm::BallotCount)
      name += kBallotCounts[operation];
    else
      name += std::string(row.form == GroupForm::NonUniformScan ? "non_uniform_" : "") +
              kScans[operation] + row.builtin;
  } else if (instruction.opcode == Op::OpGroupNonUniformRotateKHR && ops.size() > 3) {
    name += "clustered_rotate"; // with a cluster size
  } else {
    name += row.builtin;
  }
  const bool is_signed = row.operands == SignRule::Signed;
  std::string arguments;
  for (size_t i = first; i < ops.size(); ++i) {
    const uint32_t argument_type = definitionOf(ops[i]).result_type;
    std::string argument = value(ops[i]);
    if (is_signed && isInteger(argument_type))
      argument = asSigned(argument_type, argument);
    // work_group_broadcast takes a local id's components one by one.
    if (isVector(argument_type) && instruction.opcode == Op::OpGroupBroadcast && i == 2)
      for (uint32_t d = 0; d < componentCount(argument_type); ++d)
        arguments += (d ? ", (" : "(") + argument + ").elem[" + std::to_string(d) + "]";
    else
      arguments += argument;
    if (i + 1 < ops.size())
      arguments += ", ";
  }
  const std::string call = builtinCall(instruction, name, arguments);
  if (definitionOf(type).opcode == Op::OpTypeBool)
    return "(" + call + " != 0)";
  return is_signed ? fromSigned(type, call) : call;
}

// OpenCL C's name of an OpenCL.std vector load or store, whose width and
// rounding mode are literal operands in SPIR-V and part of the name in
// OpenCL C (vloadn 4 is vload4, vstore_halfn_r RTZ is vstore_half4_rtz);
// *end is where the id arguments end. Other instructions keep `name`.
std::string Emitter::memoryBuiltinName(const Instruction &instruction,
                                       const std::string &instruction_name, std::string name,
                                       size_t *end) {
  const std::vector<uint32_t> &ops = instruction.operands;
  const bool rounding = instruction_name.size() > 2 &&
                        instruction_name.compare(instruction_name.size() - 2, 2, "_r") == 0;
  std::string stem =
      rounding ? instruction_name.substr(0, instruction_name.size() - 2) : instruction_name;
  const bool store = stem.rfind("vstore", 0) == 0, load = stem.rfind("vload", 0) == 0;
  if (!store && !load)
    return name;
  std::string mode;
  if (rounding) {
    static const char *const kModes[] = {"_rte", "_rtz", "_rtp", "_rtn"};
    const uint32_t literal = ops.at(--*end);
    if (literal > 3)
      unsupported(instruction, "rounding mode " + std::to_string(literal));
    mode = kModes[literal];
  }
  std::string width;
  if (stem.back() == 'n') {
    stem.pop_back();
    // A load's width is its last literal; a store's, its data's components.
    width =
        std::to_string(load ? ops.at(--*end) : componentCount(definitionOf(ops.at(2)).result_type));
  }
  return stem + width + mode;
}

// The members, elements and components a composite instruction's literal
// indices name, from operands[first] on, as C++ (".m1.elem[2]").
std::string Emitter::literalPath(const Instruction &instruction, uint32_t composite, size_t first) {
  std::string path;
  for (size_t i = first; i < instruction.operands.size(); ++i) {
    const uint32_t index = instruction.operands[i];
    const Instruction &composite_type = definitionOf(composite);
    switch (composite_type.opcode) {
    case Op::OpTypeVector:
      path += ".elem[" + std::to_string(index) + "]";
      composite = composite_type.operands.at(0);
      break;
    case Op::OpTypeArray:
      path += ".e[" + std::to_string(index) + "]";
      composite = composite_type.operands.at(0);
      break;
    case Op::OpTypeStruct:
      path += ".m" + std::to_string(index);
      composite = composite_type.operands.at(index);
      break;
    default:
      unsupported(instruction, "an index into a scalar");
    }
  }
  return path;
}

// The address an access chain names: each index steps into the pointee
// (a struct member, an array element or a vector component).
std::string Emitter::accessChain(const Instruction &instruction, bool pointer_first) {
  const std::vector<uint32_t> &ops = instruction.operands;
  const uint32_t base = ops.at(0);
  const Instruction &base_type = definitionOf(definitionOf(base).result_type);
  uint32_t pointee = base_type.operands.at(1);
  std::string place;
  size_t first = 1;
  if (pointer_first) {
    place = "(" + value(base) + ")[" + value(ops.at(1)) + "]";
    first = 2;
  } else {
    place = "(*" + value(base) + ")";
  }
  for (size_t i = first; i < ops.size(); ++i) {
    const Instruction &type = definitionOf(pointee);
    switch (type.opcode) {
    case Op::OpTypeStruct: {
      const uint64_t member = constantValue(ops[i]);
      place += ".m" + std::to_string(member);
      pointee = type.operands.at(member);
      break;
    }
    case Op::OpTypeArray:
      place += ".e[" + value(ops[i]) + "]";
      pointee = type.operands.at(0);
      break;
    case Op::OpTypeVector:
      place += ".elem[" + value(ops[i]) + "]";
      pointee = type.operands.at(0);
      break;
    default:
      unsupported(instruction, "an index into a scalar");
    }
  }
  return "&" + place;
}

std::string Emitter::builtinLoad(const Instruction &load, spv::BuiltIn builtin) {
  const uint32_t result_type = load.result_type;
  for (const BuiltinVariableRow &row : kBuiltinValueRows)
    if (row.builtin == builtin)
      return builtinCall(load, row.function, "");
  for (const BuiltinVariableRow &row : kBuiltinVariableRows) {
    if (row.builtin != builtin)
      continue;
    const std::string function = std::string("clc::") + row.function;
    const std::string ndrange = needsNDRange(row.function) ? "clc_ndrange" : "";
    if (!isVector(result_type))
      return typeName(result_type) + "(" + function + "(" + ndrange + "))";
    std::string parts;
    for (uint32_t d = 0; d < componentCount(result_type); ++d)
      parts += (d ? ", " : "") + function + "(" + ndrange + (ndrange.empty() ? "" : ", ") +
               std::to_string(d) + ")";
    return typeName(result_type) + "(" + parts + ")";
  }
  throw Unsupported{"the built-in variable " + std::to_string(static_cast<uint32_t>(builtin)) +
                    " is not supported yet"};
}

// The CLK_*_MEM_FENCE flags of a barrier's memory semantics.
std::string Emitter::fenceFlags(uint32_t semantics_id) {
  const uint64_t semantics = constantValue(semantics_id);
  unsigned flags = 0;
  if (semantics & uint64_t(spv::MemorySemanticsMask::WorkgroupMemory))
    flags |= 0x01;
  if (semantics & uint64_t(spv::MemorySemanticsMask::CrossWorkgroupMemory))
    flags |= 0x02;
  if (semantics & uint64_t(spv::MemorySemanticsMask::ImageMemory))
    flags |= 0x04;
  char text[16];
  std::snprintf(text, sizeof text, "0x%02x", flags);
  return text;
}

// OpenCL C's memory order for SPIR-V memory semantics.
std::string Emitter::memoryOrder(uint32_t semantics_id) {
  const uint64_t semantics = constantValue(semantics_id);
  using Mask = spv::MemorySemanticsMask;
  if (semantics & uint64_t(Mask::SequentiallyConsistent))
    return "clc::memory_order_seq_cst";
  if (semantics & uint64_t(Mask::AcquireRelease))
    return "clc::memory_order_acq_rel";
  if (semantics & uint64_t(Mask::Release))
    return "clc::memory_order_release";
  if (semantics & uint64_t(Mask::Acquire))
    return "clc::memory_order_acquire";
  return "clc::memory_order_relaxed";
}

// OpenCL C's memory scope for a SPIR-V scope.
std::string Emitter::memoryScope(uint32_t scope_id) {
  switch (static_cast<spv::Scope>(constantValue(scope_id))) {
  case spv::Scope::CrossDevice:
    return "clc::memory_scope_all_svm_devices";
  case spv::Scope::Device:
    return "clc::memory_scope_device";
  case spv::Scope::Workgroup:
    return "clc::memory_scope_work_group";
  case spv::Scope::Subgroup:
    return "clc::memory_scope_sub_group";
  case spv::Scope::Invocation:
    return "clc::memory_scope_work_item";
  default:
    throw Unsupported{"the memory scope " + std::to_string(constantValue(scope_id))};
  }
}

// An atomic read-modify-write: pointer, scope, semantics[, value].
std::string Emitter::atomic(const Instruction &instruction, const AtomicRow &row) {
  modules_.insert("atomic.h");
  const std::vector<uint32_t> &ops = instruction.operands;
  const uint32_t type = instruction.result_type;
  const bool is_signed = row.operands == SignRule::Signed;
  std::string pointer = value(ops.at(0));
  if (is_signed)
    pointer = "(volatile " + signedTypeName(type) + " *)" + pointer;
  std::string arguments = pointer;
  if (row.operand == AtomicOperand::Value)
    arguments += ", " + (is_signed ? asSigned(type, value(ops.at(3))) : value(ops.at(3)));
  else if (row.operand == AtomicOperand::One)
    arguments += ", " + typeName(type) + "(1)";
  arguments += ", " + memoryOrder(ops.at(2)) + ", " + memoryScope(ops.at(1));
  const std::string call = std::string("clc::") + row.builtin + "(" + arguments + ")";
  return is_signed ? fromSigned(type, call) : call;
}

// The assignments of the OpPhis of `to` on the edge from `from`: all read
// before any is written, as the edge's parallel copy requires.
std::string Emitter::edge(const Function &function, uint32_t from, uint32_t to) {
  const Block *target = nullptr;
  for (const Block &block : function.blocks)
    if (block.label == to)
      target = &block;
  if (!target)
    throw Unsupported{"a branch to %" + std::to_string(to) + ", which is no block of its function"};
  std::string reads, writes;
  unsigned count = 0;
  for (const Instruction *instruction : target->instructions) {
    if (instruction->opcode != Op::OpPhi)
      continue;
    const std::vector<uint32_t> &ops = instruction->operands;
    for (size_t i = 0; i + 1 < ops.size(); i += 2)
      if (ops[i + 1] == from) {
        const std::string temporary = "phi" + std::to_string(count++);
        reads +=
            typeName(instruction->result_type) + " " + temporary + " = " + value(ops[i]) + "; ";
        writes += name(instruction->result) + " = " + temporary + "; ";
      }
  }
  const std::string jump = "goto L" + std::to_string(to) + ";";
  return count ? "{ " + reads + writes + jump + " }" : jump;
}

void Emitter::emitInstruction(const Instruction &instruction, const Function &function,
                              const Block &block, std::ostringstream &out) {
  const std::vector<uint32_t> &ops = instruction.operands;
  const uint32_t type = instruction.result_type;
  auto assign = [&](const std::string &expression) {
    out << "  " << name(instruction.result) << " = " << expression << ";\n";
  };
  auto operand = [&](size_t i) { return value(ops.at(i)); };
  auto unary = [&](const char *op) { assign(typeName(type) + "(" + op + operand(0) + ")"); };
  if (const AtomicRow *row = findRow(kAtomicRows, instruction.opcode)) {
    assign(atomic(instruction, *row));
    return;
  }
  if (const GroupRow *row = findRow(kGroupRows, instruction.opcode)) {
    assign(group(instruction, *row));
    return;
  }
  if (const BuiltinOpRow *row = findRow(kBuiltinOpRows, instruction.opcode)) {
    const bool is_signed = row->operands == SignRule::Signed;
    const std::string call =
        builtinCall(instruction, row->builtin, argumentList(ops, 0, ops.size(), row->operands));
    assign(definitionOf(type).opcode == Op::OpTypeBool ? "(" + call + " != 0)"
           : is_signed                                 ? fromSigned(type, call)
                                                       : call);
    return;
  }
  if (const IntegerDotRow *row = findRow(kIntegerDotRows, instruction.opcode)) {
    assign(integerDot(instruction, *row));
    return;
  }
  if (const OperatorRow *row = findRow(kOperatorRows, instruction.opcode)) {
    const bool is_signed = row->operands == SignRule::Signed;
    if (instruction.opcode == Op::OpULessThan || instruction.opcode == Op::OpSLessThan)
      if (std::optional<std::string> test = testOfIncrement(instruction, block, is_signed)) {
        assign(*test);
        return;
      }
    assign(row->form == OperatorForm::Arithmetic ? binary(instruction, row->cxx, is_signed)
                                                 : comparison(instruction, row->cxx, is_signed));
    return;
  }
  switch (instruction.opcode) {
  case Op::OpNop:
  case Op::OpLine:
  case Op::OpNoLine:
  case Op::OpSelectionMerge:
  case Op::OpLoopMerge:
  case Op::OpLifetimeStart:
  case Op::OpLifetimeStop:
  case Op::OpPhi: // assigned on the incoming edges
    return;
  case Op::OpVariable:
    if (ops.size() > 1)
      out << "  " << name(instruction.result) << " = " << operand(1) << ";\n";
    return;
  case Op::OpLoad: {
    const Instruction &pointer = definitionOf(ops.at(0));
    if (pointer.opcode == Op::OpVariable) {
      const Decoration *builtin = module_.decoration(pointer.result, spv::Decoration::BuiltIn);
      if (builtin) {
        assign(builtinLoad(instruction, static_cast<spv::BuiltIn>(builtin->literals.at(0))));
        return;
      }
    }
    assign("*" + operand(0));
    return;
  }
  case Op::OpStore:
    out << "  *" << operand(0) << " = " << operand(1) << ";\n";
    return;
  case Op::OpCopyMemory:
    out << "  *" << operand(0) << " = *" << operand(1) << ";\n";
    return;
  case Op::OpAccessChain:
  case Op::OpInBoundsAccessChain:
    assign(accessChain(instruction, false));
    return;
  case Op::OpPtrAccessChain:
  case Op::OpInBoundsPtrAccessChain:
    assign(accessChain(instruction, true));
    return;
  case Op::OpUndef: // read where used, as its type's value-initialized value
    return;
  case Op::OpCopyObject:
  case Op::OpExpectKHR:
    assign(operand(0));
    return;
  case Op::OpSampledImage:
    assign(typeName(type) + "{" + operand(0) + ", " + operand(1) + "}");
    return;
  case Op::OpImage:
    assign("(" + operand(0) + ").image");
    return;
  case Op::OpImageSampleExplicitLod:
    assign(imageAccess(instruction, "read",
                       "(" + operand(0) + ").image, (" + operand(0) + ").sampler, " +
                           imageCoordinate(ops.at(1)),
                       type, ops.size() > 2 ? ops[2] : 0));
    return;
  case Op::OpImageRead:
    assign(imageAccess(instruction, "read", operand(0) + ", " + imageCoordinate(ops.at(1)), type,
                       ops.size() > 2 ? ops[2] : 0));
    return;
  case Op::OpImageWrite:
    out << "  "
        << imageAccess(instruction, "write", operand(0) + ", " + imageCoordinate(ops.at(1)),
                       definitionOf(ops.at(2)).result_type, ops.size() > 3 ? ops[3] : 0, ops[2])
        << ";\n";
    return;
  case Op::OpImageQuerySize:
  case Op::OpImageQuerySizeLod:
    assign(imageSize(instruction));
    return;
  case Op::OpImageQueryFormat: // SPIR-V's enumerants are CL_SNORM_INT8 and on, from 0
    assign("(" + typeName(type) + ")(" +
           builtinCall(instruction, "get_image_channel_data_type", operand(0)) + " - 0x10D0)");
    return;
  case Op::OpImageQueryOrder: // ... and CL_R and on, from 0
    assign("(" + typeName(type) + ")(" +
           builtinCall(instruction, "get_image_channel_order", operand(0)) + " - 0x10B0)");
    return;
  case Op::OpCopyLogical:
    // Types that differ only in their ids have the same layout here (the
    // Kernel environment has no explicit layouts).
    uses_copy_logical_ = true;
    assign("clc_spirv_copy_logical<" + typeName(type) + ">(" + operand(0) + ")");
    return;
  case Op::OpAssumeTrueKHR:
    out << "  __builtin_assume(" << operand(0) << ");\n";
    return;
  case Op::OpVectorTimesScalar:
    assign(binary(instruction, "*"));
    return;
  case Op::OpPtrEqual:
    assign("(" + operand(0) + " == " + operand(1) + ")");
    return;
  case Op::OpPtrNotEqual:
    assign("(" + operand(0) + " != " + operand(1) + ")");
    return;
  // SubgroupDispatch's queries of an enqueued block: any kernel's sub-groups
  // are warps, at most a work-group's largest size of them.
  case Op::OpGetKernelLocalSizeForSubgroupCount:
    assign("(" + typeName(type) + ")(" + operand(0) + " * " + std::to_string(kSubgroupSize) + ")");
    return;
  case Op::OpGetKernelMaxNumSubgroups:
    assign("(" + typeName(type) + ")" + std::to_string(kMaxWorkGroupSize / kSubgroupSize));
    return;
  case Op::OpPtrDiff:
    assign("(" + typeName(type) + ")(" + operand(0) + " - " + operand(1) + ")");
    return;
  case Op::OpCopyMemorySized:
    out << "  memcpy(" << operand(0) << ", " << operand(1) << ", " << operand(2) << ");\n";
    return;
  case Op::OpFMod: {
    // The remainder with the divisor's sign, a component at a time.
    modules_.insert("math.h");
    uses_fmod_ = true;
    const uint32_t count = componentCount(type);
    std::string parts;
    for (uint32_t i = 0; i < count; ++i) {
      const std::string component = isVector(type) ? ".elem[" + std::to_string(i) + "]" : "";
      parts += (i ? ", " : "") + std::string("clc_spirv_fmod((") + operand(0) + ")" + component +
               ", (" + operand(1) + ")" + component + ")";
    }
    assign(isVector(type) ? typeName(type) + "(" + parts + ")" : parts);
    return;
  }
  case Op::OpFRem:
    modules_.insert("math.h");
    assign("clc::fmod(" + operand(0) + ", " + operand(1) + ")");
    return;
  case Op::OpShiftRightArithmetic:
    assign(fromSigned(type, asSigned(type, operand(0)) + " >> " + operand(1)));
    return;
  case Op::OpLogicalAnd:
    assign(binary(instruction, isVector(type) ? "&" : "&&"));
    return;
  case Op::OpLogicalOr:
    assign(binary(instruction, isVector(type) ? "|" : "||"));
    return;
  case Op::OpNot:
    unary("~");
    return;
  case Op::OpLogicalNot:
    unary(isVector(type) ? "~" : "!");
    return;
  case Op::OpSNegate:
    assign(fromSigned(type, "-" + asSigned(type, operand(0))));
    return;
  case Op::OpFNegate:
    assign("-" + operand(0));
    return;
  case Op::OpFOrdNotEqual:
  case Op::OpFUnordEqual:
  case Op::OpFUnordLessThan:
  case Op::OpFUnordLessThanEqual:
  case Op::OpFUnordGreaterThan:
  case Op::OpFUnordGreaterThanEqual: {
    // C's comparisons are ordered but for !=: these are the negations (on
    // vectors, of the int vectors of -1 and 0 that comparison() gives).
    static const std::map<Op, const char *> kNegated = {
        {Op::OpFUnordLessThan, ">="},
        {Op::OpFUnordLessThanEqual, ">"},
        {Op::OpFUnordGreaterThan, "<="},
        {Op::OpFUnordGreaterThanEqual, "<"},
    };
    const std::string negation = isVector(type) ? "~" : "!";
    const std::string less_or_greater = "(" + comparison(instruction, "<", false) +
                                        (isVector(type) ? " | " : " || ") +
                                        comparison(instruction, ">", false) + ")";
    if (instruction.opcode == Op::OpFOrdNotEqual)
      assign(less_or_greater);
    else if (instruction.opcode == Op::OpFUnordEqual)
      assign(negation + less_or_greater);
    else
      assign(negation + comparison(instruction, kNegated.at(instruction.opcode), false));
    return;
  }
  case Op::OpIsNan:
  case Op::OpIsInf:
  case Op::OpIsFinite:
  case Op::OpIsNormal:
  case Op::OpSignBitSet: {
    modules_.insert("relational.h");
    static const std::map<Op, const char *> kRelational = {{Op::OpIsNan, "clc::isnan"},
                                                           {Op::OpIsInf, "clc::isinf"},
                                                           {Op::OpIsFinite, "clc::isfinite"},
                                                           {Op::OpIsNormal, "clc::isnormal"},
                                                           {Op::OpSignBitSet, "clc::signbit"}};
    const std::string call =
        std::string(kRelational.at(instruction.opcode)) + "(" + operand(0) + ")";
    if (isVector(type)) {
      modules_.insert("convert.h");
      assign("clc::convert<" + typeName(type) + ", clc::nosat, clc::rdefault>(" + call + ")");
    } else
      assign("(" + call + " != 0)");
    return;
  }
  case Op::OpSelect:
    if (isVector(definitionOf(ops.at(0)).result_type)) {
      // The condition, an int vector of -1 and 0, as OpenCL C's select wants
      // it: integers of the components' size (-1 stays all ones).
      static const char *const kSignedOfSize[] = {nullptr, "char",  "short", nullptr, "int",
                                                  nullptr, nullptr, nullptr, "long"};
      const uint64_t size = sizeOf(scalarOf(type));
      const ScalarTypeInfo *condition =
          size < 9 && kSignedOfSize[size] ? findScalarType(kSignedOfSize[size]) : nullptr;
      if (!condition)
        unsupported(instruction, "a vector select of " + std::to_string(size) + "-byte components");
      std::string mask = operand(0);
      if (size != 4) {
        modules_.insert("convert.h");
        mask = "clc::convert<" + cudaVectorTypeName(*condition, componentCount(type)) +
               ", clc::nosat, clc::rdefault>(" + mask + ")";
      }
      modules_.insert("relational.h");
      assign("clc::select(" + operand(2) + ", " + operand(1) + ", " + mask + ")");
    } else {
      assign(operand(0) + " ? " + operand(1) + " : " + operand(2));
    }
    return;
  case Op::OpConvertFToU:
    assign(conversion(instruction, false, false));
    return;
  case Op::OpConvertFToS:
    assign(conversion(instruction, false, true));
    return;
  case Op::OpConvertSToF:
    assign(conversion(instruction, true, false));
    return;
  case Op::OpConvertUToF:
  case Op::OpUConvert:
  case Op::OpFConvert:
    assign(conversion(instruction, false, false));
    return;
  case Op::OpSConvert:
    assign(conversion(instruction, true, true));
    return;
  case Op::OpSatConvertSToU:
    assign(conversion(instruction, true, false));
    return;
  case Op::OpSatConvertUToS:
    assign(conversion(instruction, false, true));
    return;
  case Op::OpBitcast: {
    const bool to_pointer = definitionOf(type).opcode == Op::OpTypePointer;
    const bool from_pointer =
        definitionOf(definitionOf(ops.at(0)).result_type).opcode == Op::OpTypePointer;
    const bool vectors = isVector(type) || isVector(definitionOf(ops.at(0)).result_type);
    if ((to_pointer || from_pointer) && !vectors)
      assign("(" + typeName(type) + ")(" +
             (to_pointer && from_pointer ? "" : "unsigned long long)(") + operand(0) + ")");
    else
      assign("clc::as<" + typeName(type) + ">(" + operand(0) + ")");
    return;
  }
  case Op::OpConvertPtrToU:
    assign("(" + typeName(type) + ")(unsigned long long)(" + operand(0) + ")");
    return;
  case Op::OpConvertUToPtr:
    assign("(" + typeName(type) + ")(unsigned long long)(" + operand(0) + ")");
    return;
  case Op::OpPtrCastToGeneric:
  case Op::OpGenericCastToPtr:
    assign("(" + typeName(type) + ")(" + operand(0) + ")");
    return;
  case Op::OpCompositeExtract: {
    const std::string place =
        "(" + operand(0) + ")" + literalPath(instruction, definitionOf(ops.at(0)).result_type, 1);
    assign(place);
    return;
  }
  case Op::OpCompositeInsert: {
    const std::string place = name(instruction.result) + literalPath(instruction, type, 2);
    assign(operand(1));
    out << "  " << place << " = " << operand(0) << ";\n";
    return;
  }
  case Op::OpCompositeConstruct: {
    std::string parts;
    for (uint32_t part : ops)
      parts += (parts.empty() ? "" : ", ") + value(part);
    const Op kind = definitionOf(type).opcode;
    if (kind == Op::OpTypeVector)
      assign(typeName(type) + "(" + parts + ")");
    else if (kind == Op::OpTypeArray)
      assign(typeName(type) + "{{" + parts + "}}");
    else
      assign(typeName(type) + "{" + parts + "}");
    return;
  }
  case Op::OpVectorShuffle: {
    const uint32_t first_count = componentCount(definitionOf(ops.at(0)).result_type);
    std::string parts;
    for (size_t i = 2; i < ops.size(); ++i) {
      const uint32_t index = ops[i] == 0xFFFFFFFFu ? 0 : ops[i];
      parts += (i > 2 ? ", " : "") +
               (index < first_count
                    ? "(" + operand(0) + ").elem[" + std::to_string(index) + "]"
                    : "(" + operand(1) + ").elem[" + std::to_string(index - first_count) + "]");
    }
    assign(typeName(type) + "(" + parts + ")");
    return;
  }
  case Op::OpVectorExtractDynamic:
    assign("(" + operand(0) + ").elem[" + operand(1) + "]");
    return;
  case Op::OpVectorInsertDynamic:
    assign(operand(0));
    out << "  " << name(instruction.result) << ".elem[" << operand(2) << "] = " << operand(1)
        << ";\n";
    return;
  case Op::OpExtInst:
    if (definitionOf(type).opcode == Op::OpTypeVoid)
      out << "  " << extInst(instruction) << ";\n"; // a store
    else
      assign(extInst(instruction));
    return;
  case Op::OpFunctionCall: {
    std::string arguments;
    for (size_t i = 1; i < ops.size(); ++i)
      arguments += value(ops[i]) + ", ";
    const std::string call = name(ops.at(0)) + "(" + arguments + "clc_ndrange)";
    if (definitionOf(type).opcode == Op::OpTypeVoid)
      out << "  " << call << ";\n";
    else
      assign(call);
    return;
  }
  case Op::OpAtomicStore:
    modules_.insert("atomic.h");
    out << "  clc::atomic_store_explicit(" << operand(0) << ", " << operand(3) << ", "
        << memoryOrder(ops.at(2)) << ", " << memoryScope(ops.at(1)) << ");\n";
    return;
  case Op::OpAtomicFlagTestAndSet:
    modules_.insert("atomic.h");
    assign("clc::atomic_flag_test_and_set_explicit((volatile clc::atomic_flag *)" + operand(0) +
           ", " + memoryOrder(ops.at(2)) + ", " + memoryScope(ops.at(1)) + ")");
    return;
  case Op::OpAtomicFlagClear:
    modules_.insert("atomic.h");
    out << "  clc::atomic_flag_clear_explicit((volatile clc::atomic_flag *)" << operand(0) << ", "
        << memoryOrder(ops.at(2)) << ", " << memoryScope(ops.at(1)) << ");\n";
    return;
  case Op::OpAtomicCompareExchange:
  case Op::OpAtomicCompareExchangeWeak: {
    // The original value: the comparator when it matched, else what
    // compare_exchange leaves in `expected`.
    modules_.insert("atomic.h");
    out << "  { " << typeName(type) << " expected = " << operand(5)
        << "; clc::atomic_compare_exchange_strong_explicit(" << operand(0) << ", &expected, "
        << operand(4) << ", " << memoryOrder(ops.at(2)) << ", " << memoryOrder(ops.at(3)) << ", "
        << memoryScope(ops.at(1)) << "); " << name(instruction.result) << " = expected; }\n";
    return;
  }
  // to_global, to_local, to_private: the pointer where it points into that
  // storage class, else null.
  case Op::OpGenericCastToPtrExplicit: {
    const auto storage = static_cast<spv::StorageClass>(ops.at(1));
    const char *builtin = storage == spv::StorageClass::CrossWorkgroup ? "to_global"
                          : storage == spv::StorageClass::Workgroup    ? "to_local"
                          : storage == spv::StorageClass::Function     ? "to_private"
                                                                       : nullptr;
    if (!builtin)
      unsupported(instruction, "a cast to storage class " + std::to_string(ops[1]));
    assign("(" + typeName(type) + ")(" + builtinCall(instruction, builtin, value(ops[0])) + ")");
    return;
  }
  // async_work_group_(strided_)copy and wait_group_events: the scope is
  // the work-group's (OpenCL's only).
  case Op::OpGroupAsyncCopy:
    assign(builtinCall(instruction, "async_work_group_strided_copy",
                       argumentList(ops, 1, ops.size(), SignRule::AsIs)));
    return;
  case Op::OpGroupWaitEvents:
    out << "  "
        << builtinCall(instruction, "wait_group_events",
                       argumentList(ops, 1, ops.size(), SignRule::AsIs))
        << ";\n";
    return;
  case Op::OpControlBarrier: {
    const uint64_t scope = constantValue(ops.at(0));
    if (scope == uint64_t(spv::Scope::Workgroup)) {
      out << "  clc::barrier(" << fenceFlags(ops.at(2)) << ");\n";
    } else if (scope == uint64_t(spv::Scope::Subgroup)) {
      modules_.insert("subgroup.h");
      out << "  clc::sub_group_barrier(" << fenceFlags(ops.at(2)) << ");\n";
    } else {
      unsupported(instruction, "a barrier of scope " + std::to_string(scope));
    }
    return;
  }
  case Op::OpMemoryBarrier:
    out << "  clc::mem_fence(" << fenceFlags(ops.at(1)) << ");\n";
    return;
  case Op::OpBranch:
    out << "  " << edge(function, block.label, ops.at(0)) << "\n";
    return;
  case Op::OpBranchConditional:
    out << "  if (" << operand(0) << ") " << edge(function, block.label, ops.at(1)) << " else "
        << edge(function, block.label, ops.at(2)) << "\n";
    return;
  case Op::OpSwitch: {
    const uint32_t selector_type = definitionOf(ops.at(0)).result_type;
    const bool wide = definitionOf(selector_type).operands.at(0) == 64;
    out << "  switch (" << operand(0) << ") {\n";
    const size_t step = wide ? 3 : 2;
    for (size_t i = 2; i + step <= ops.size(); i += step) {
      uint64_t literal = ops[i];
      if (wide)
        literal |= uint64_t(ops[i + 1]) << 32;
      out << "  case " << literal << (wide ? "ul" : "u") << ": "
          << edge(function, block.label, ops[i + step - 1]) << "\n";
    }
    out << "  default: " << edge(function, block.label, ops.at(1)) << "\n  }\n";
    return;
  }
  case Op::OpReturn:
    out << "  return;\n";
    return;
  case Op::OpReturnValue:
    out << "  return " << operand(0) << ";\n";
    return;
  case Op::OpUnreachable:
    out << "  __builtin_unreachable();\n";
    return;
  default:
    unsupported(instruction, "not supported yet");
  }
}

// The scalar components an instruction stores to memory: a store's value,
// an OpenCL.std vstore's data.
unsigned Emitter::storedComponents(const Instruction &instruction) {
  switch (instruction.opcode) {
  case Op::OpStore:
    return componentCount(definitionOf(instruction.operands.at(1)).result_type);
  case Op::OpExtInst:
    if (openclStdName(instruction.operands.at(1)).rfind("vstore", 0) == 0)
      return componentCount(definitionOf(instruction.operands.at(2)).result_type);
    return 0;
  default:
    return 0;
  }
}

// The labels some branch names (the others would be unused-label warnings).
std::set<uint32_t> labelsBranchedTo(const Function &function, const Module &module) {
  std::set<uint32_t> targets;
  for (const Block &block : function.blocks)
    for (const Instruction *instruction : block.instructions)
      for (uint32_t target : branchTargets(*instruction, module))
        targets.insert(target);
  return targets;
}

std::string Emitter::linkageName(uint32_t id, spv::LinkageType *type) const {
  const Decoration *linkage = module_.decoration(id, spv::Decoration::LinkageAttributes);
  if (!linkage || linkage->literals.size() < 2)
    return "";
  if (type)
    *type = static_cast<spv::LinkageType>(linkage->literals.back());
  return literalString(linkage->literals, 0);
}

// A function, or in a unit the declaration of one it imports. What a unit
// exports or imports has external linkage under its linkage name; the
// rest is static, so units' names never meet.
void Emitter::emitFunction(const Function &function) {
  const Instruction &definition = *function.definition;
  if (function.blocks.empty() && emitImportedBuiltin(function))
    return;
  spv::LinkageType linkage = spv::LinkageType::Export;
  const bool linked =
      output_ == SpirvOutput::Unit && !linkageName(definition.result, &linkage).empty();
  if (function.blocks.empty() && !linked)
    unsupported(definition, "a function imported from another module: compile the modules with "
                            "clCompileProgram and link them with clLinkProgram");
  // A LinkOnceODR function may be defined by several units: C++'s inline
  // (the link keeps one definition), emitted even where unused here.
  const char *specifiers = !linked ? "static __device__ "
                           : linkage == spv::LinkageType::LinkOnceODR
                               ? "extern \"C\" __device__ inline __attribute__((used)) "
                               : "extern \"C\" __device__ ";
  std::ostringstream signature, body;
  signature << specifiers << typeName(definition.result_type) << " " << name(definition.result)
            << "(";
  for (const Instruction *parameter : function.parameters)
    signature << parameterDeclaration(*parameter) << ", ";
  signature << "const clc::ndrange &clc_ndrange)";
  prototypes_ << signature.str() << ";\n";
  if (function.blocks.empty())
    return;
  // Every result is declared first: a goto may not jump over an initialization.
  std::ostringstream locals;
  // The OpSpecConstantOps, computed again at the start of each function:
  // they are made of constants only, which NVVM folds.
  for (const Instruction &operation : spec_constant_ops_) {
    locals << "  " << typeName(operation.result_type) << " " << name(operation.result) << ";\n";
    emitInstruction(operation, function, function.blocks.front(), body);
  }
  for (const Block &block : function.blocks)
    for (const Instruction *instruction : block.instructions) {
      if (instruction->result == 0)
        continue;
      if (instruction->opcode == Op::OpVariable) {
        const uint32_t pointee = definitionOf(instruction->result_type).operands.at(1);
        locals << "  " << typeName(pointee) << " " << name(instruction->result) << ";\n";
      } else if (definitionOf(instruction->result_type).opcode != Op::OpTypeVoid) {
        locals << "  " << typeName(instruction->result_type) << " " << name(instruction->result)
               << ";\n";
      }
    }
  const std::set<uint32_t> targets = labelsBranchedTo(function, module_);
  for (const Block &block : function.blocks) {
    if (targets.count(block.label))
      body << "L" << block.label << ":;\n";
    unsigned stored = 0; // scalar components since the block began (StoreRuns.h)
    for (const Instruction *instruction : block.instructions) {
      emitInstruction(*instruction, function, block, body);
      stored += storedComponents(*instruction);
      if (stored >= kStoredComponentsPerBlock) {
        body << "  clc::end_basic_block();\n";
        stored = 0;
      }
    }
  }
  functions_ << signature.str() << " {\n" << locals.str() << body.str() << "}\n";
}

// The module's Workgroup variables (compilers make a kernel's __local
// variables module-scope), placed as OpenCL C's kernel-scope __local
// variables are (LocalVariables.h): when a kernel's would take more than
// kStaticLocalBytes, each is a reference into dynamic shared memory, and a
// kernel launches with the bytes of those it reaches before its __local
// arguments. Those that several kernels reach come first, at one offset
// for all; each kernel's own follow them, over other kernels' own.
void Emitter::layOutWorkgroupVariables() {
  std::set<uint32_t> variables;
  for (const Instruction *global : module_.types_and_globals)
    if (global->opcode == Op::OpVariable &&
        static_cast<spv::StorageClass>(global->operands.at(0)) == spv::StorageClass::Workgroup)
      variables.insert(global->result);
  if (variables.empty())
    return;
  // The variables each function names, and the functions it calls.
  std::map<uint32_t, std::set<uint32_t>> named, callees;
  for (const Function &function : module_.functions)
    for (const Block &block : function.blocks)
      for (const Instruction *instruction : block.instructions)
        for (size_t i = 0; i < instruction->operands.size(); ++i) {
          const uint32_t operand = instruction->operands[i];
          if (variables.count(operand))
            named[function.definition->result].insert(operand);
          if (i == 0 && instruction->opcode == Op::OpFunctionCall)
            callees[function.definition->result].insert(operand);
        }
  std::map<uint32_t, std::set<uint32_t>> reached; // entry function -> variables
  std::map<uint32_t, unsigned> kernels_reaching;
  for (const EntryPoint &entry : module_.entry_points) {
    std::set<uint32_t> seen, &mine = reached[entry.function];
    std::vector<uint32_t> pending = {entry.function};
    while (!pending.empty()) {
      const uint32_t function = pending.back();
      pending.pop_back();
      if (!seen.insert(function).second)
        continue;
      mine.insert(named[function].begin(), named[function].end());
      pending.insert(pending.end(), callees[function].begin(), callees[function].end());
    }
    for (uint32_t variable : mine)
      ++kernels_reaching[variable];
  }
  auto place = [&](uint32_t variable, uint64_t &bytes) {
    const uint32_t pointee = definitionOf(definitionOf(variable).result_type).operands.at(1);
    const uint64_t alignment = alignmentOf(pointee);
    bytes = (bytes + alignment - 1) / alignment * alignment;
    const uint64_t offset = bytes;
    bytes += sizeOf(pointee);
    return offset;
  };
  std::map<uint32_t, uint64_t> offsets;
  uint64_t shared = 0;
  for (uint32_t variable : variables)
    if (kernels_reaching[variable] > 1)
      offsets[variable] = place(variable, shared);
  bool exceeds = false;
  for (auto &[entry, mine] : reached) {
    uint64_t bytes = shared;
    for (uint32_t variable : mine)
      if (kernels_reaching[variable] == 1)
        offsets[variable] = place(variable, bytes);
    local_variable_bytes_[entry] = static_cast<uint32_t>(bytes);
    exceeds = exceeds || bytes > kStaticLocalBytes;
  }
  if (!exceeds) {
    local_variable_bytes_.clear();
    return;
  }
  // A variable no kernel reaches keeps an offset anyway: it is still named.
  uint64_t unreached = shared;
  for (uint32_t variable : variables)
    if (!offsets.count(variable))
      offsets[variable] = place(variable, unreached);
  for (const auto &[variable, offset] : offsets)
    names_[variable] = "clc::local_variable<" +
                       typeName(definitionOf(definitionOf(variable).result_type).operands.at(1)) +
                       " &>(" + std::to_string(offset) + ")";
}

// An integer dot product (IntegerDotRow): the vectors read with their
// signs, the accumulator and result with the first vector's.
std::string Emitter::integerDot(const Instruction &instruction, const IntegerDotRow &row) {
  const std::vector<uint32_t> &ops = instruction.operands;
  const bool accumulates = row.builtin == std::string_view("dot_acc_sat");
  const size_t values = accumulates ? 3 : 2;
  if (ops.size() < values)
    unsupported(instruction, "too few operands");
  const bool packed = !isVector(definitionOf(ops[0]).result_type);
  const bool signed_result = row.first == SignRule::Signed;
  auto read = [&](uint32_t id, bool is_signed) {
    return is_signed ? asSigned(definitionOf(id).result_type, value(id)) : value(id);
  };
  // The packed builtins take the packed words as uint, whatever their sign.
  std::string arguments = read(ops[0], !packed && row.first == SignRule::Signed) + ", " +
                          read(ops[1], !packed && row.second == SignRule::Signed);
  if (accumulates)
    arguments += ", " + read(ops[2], signed_result);
  const std::string call =
      builtinCall(instruction, packed ? row.packed_builtin : row.builtin, arguments);
  return signed_result ? fromSigned(instruction.result_type, call) : call;
}

// An imported function whose linkage name is a mangled OpenCL C builtin
// the device library has (MangledBuiltins.h): defined here as a call of
// it, each integer argument read with the sign its mangled type gives.
// False for any other import.
bool Emitter::emitImportedBuiltin(const Function &function) {
  const Instruction &definition = *function.definition;
  spv::LinkageType linkage = spv::LinkageType::Export;
  const std::string linkage_name = linkageName(definition.result, &linkage);
  if (linkage != spv::LinkageType::Import)
    return false;
  const std::optional<MangledFunction> builtin = demangleBuiltin(linkage_name);
  if (!builtin || builtin->parameters.size() != function.parameters.size())
    return false;
  const std::optional<BuiltinCall> resolved = resolveBuiltinCall(builtin->name);
  if (!resolved || !resolved->supported)
    return false;
  std::ostringstream signature;
  std::string arguments;
  signature << "static __device__ " << typeName(definition.result_type) << " "
            << name(definition.result) << "(";
  for (size_t i = 0; i < function.parameters.size(); ++i) {
    const Instruction &parameter = *function.parameters[i];
    const MangledParameter &mangled = builtin->parameters[i];
    signature << parameterDeclaration(parameter) << ", ";
    const std::string value = name(parameter.result);
    const Instruction &type = definitionOf(parameter.result_type);
    std::string argument = value;
    if (mangled.sign == MangledSign::signed_integer && mangled.pointer &&
        type.opcode == Op::OpTypePointer && isInteger(type.operands.at(1)))
      argument = asSignedPointee(parameter.result_type, value);
    else if (mangled.sign == MangledSign::signed_integer && !mangled.pointer &&
             isInteger(parameter.result_type))
      argument = asSigned(parameter.result_type, value);
    arguments += (i ? ", " : "") + argument;
  }
  signature << "const clc::ndrange &clc_ndrange)";
  const std::string call = builtinCall(definition, builtin->name, arguments);
  const bool returns = definitionOf(definition.result_type).opcode != Op::OpTypeVoid;
  prototypes_ << signature.str() << ";\n";
  functions_ << signature.str() << " {\n  "
             << (returns ? "return " + fromSigned(definition.result_type, call) : call) << ";\n}\n";
  return true;
}

// The extern "C" __global__ function clEnqueueNDRangeKernel launches: its
// arguments as the launch ABI passes them (docs/design.md, "Kernel
// arguments as launched"), then a call of the kernel's function.
void Emitter::emitKernelWrapper(const EntryPoint &entry, ProgramMetadata *metadata) {
  const Function *function = nullptr;
  for (const Function &candidate : module_.functions)
    if (candidate.definition->result == entry.function)
      function = &candidate;
  if (!function)
    throw Unsupported{"the entry point \"" + entry.name + "\" names no function"};
  // A sub-group is a warp (docs/shim.md, "Sub-groups").
  if (entry.required_subgroup_size != 0 && entry.required_subgroup_size != kSubgroupSize)
    throw Unsupported{"the entry point \"" + entry.name + "\" requires sub-groups of " +
                      std::to_string(entry.required_subgroup_size) +
                      " work-items (SubgroupSize); " + "they have " +
                      std::to_string(kSubgroupSize)};
  KernelMetadata kernel;
  kernel.name = entry.name;
  kernel.cuda_name = identifierFrom(entry.name);
  if (auto bytes = local_variable_bytes_.find(entry.function); bytes != local_variable_bytes_.end())
    kernel.local_variable_bytes = bytes->second;
  for (int d = 0; d < 3; ++d) {
    kernel.reqd_work_group_size[d] = entry.reqd_work_group_size[d];
    kernel.work_group_size_hint[d] = entry.work_group_size_hint[d];
  }
  const auto &subgroups = entry.subgroups_per_workgroup;
  kernel.compile_num_sub_groups =
      static_cast<uint32_t>(subgroups.is_id ? constantValue(subgroups.value) : subgroups.value);
  std::string parameters, unpacking, arguments;
  for (const Instruction *parameter : function->parameters) {
    const uint32_t type = parameter->result_type;
    const Instruction &type_definition = definitionOf(type);
    KernelArg arg;
    auto named = module_.names.find(parameter->result);
    // CL_KERNEL_ARG_NAME: the OpName, or none (compilers leave it out
    // unless asked for argument information).
    arg.name = named == module_.names.end() ? "" : named->second;
    arg.type_name = openclTypeName(type);
    const std::string parameter_name = name(parameter->result);
    if (type_definition.opcode == Op::OpTypePointer) {
      const auto storage = static_cast<spv::StorageClass>(type_definition.operands.at(0));
      const uint32_t pointee = type_definition.operands.at(1);
      if (storage == spv::StorageClass::Workgroup) {
        arg.kind = ArgKind::LocalPointer;
        arg.address_qualifier = kArgAddressLocal;
        arg.size = kLocalOffsetSize;
        arg.alignment = static_cast<uint32_t>(alignmentOf(pointee));
        parameters += "unsigned int " + parameter_name + "_local_offset, ";
        unpacking += "  " + typeName(type) + " " + parameter_name + " = clc::local_arg<" +
                     typeName(pointee) + ">(" + parameter_name + "_local_offset);\n";
      } else if (storage == spv::StorageClass::CrossWorkgroup ||
                 storage == spv::StorageClass::UniformConstant) {
        const bool constant = storage == spv::StorageClass::UniformConstant;
        arg.kind = constant ? ArgKind::ConstantBuffer : ArgKind::Buffer;
        arg.address_qualifier = constant ? kArgAddressConstant : kArgAddressGlobal;
        if (constant)
          arg.type_qualifiers |= kArgTypeConst;
        if (restricted(*parameter))
          arg.type_qualifiers |= kArgTypeRestrict;
        arg.size = kDevicePointerSize;
        arg.alignment = kDevicePointerSize;
        parameters += parameterDeclaration(*parameter) + ", ";
      } else if (storage == spv::StorageClass::Function &&
                 module_.hasParameterAttribute(parameter->result,
                                               spv::FunctionParameterAttribute::ByVal)) {
        // A structure passed by value, which compilers pass as a pointer to
        // the callee's copy: launched by value, its address given on.
        arg.kind = ArgKind::ByValue;
        arg.type_name = openclTypeName(pointee);
        arg.size = static_cast<uint32_t>(sizeOf(pointee));
        arg.alignment = static_cast<uint32_t>(alignmentOf(pointee));
        parameters += typeName(pointee) + " " + parameter_name + "_value, ";
        unpacking +=
            "  " + typeName(type) + " " + parameter_name + " = &" + parameter_name + "_value;\n";
      } else {
        throw Unsupported{"kernel \"" + entry.name + "\": an argument of storage class " +
                          std::to_string(static_cast<uint32_t>(storage))};
      }
    } else if (type_definition.opcode == Op::OpTypeImage) {
      // The access qualifier is the type's last operand; none is read_only.
      static const uint32_t kAccess[] = {kArgAccessReadOnly, kArgAccessWriteOnly,
                                         kArgAccessReadWrite};
      const uint32_t access = type_definition.operands.size() > 7 ? type_definition.operands[7] : 0;
      arg.kind = ArgKind::Image;
      arg.address_qualifier = kArgAddressGlobal;
      arg.access_qualifier = kAccess[access < 3 ? access : 0];
      arg.size = kImageDescSize;
      arg.alignment = kImageDescAlignment;
      parameters += typeName(type) + " " + parameter_name + ", ";
    } else if (type_definition.opcode == Op::OpTypeSampler) {
      arg.kind = ArgKind::Sampler;
      arg.size = arg.alignment = kSamplerSize;
      parameters += typeName(type) + " " + parameter_name + ", ";
    } else {
      arg.kind = ArgKind::ByValue;
      arg.size = static_cast<uint32_t>(sizeOf(type));
      arg.alignment = static_cast<uint32_t>(alignmentOf(type));
      parameters += typeName(type) + " " + parameter_name + ", ";
    }
    arguments += parameter_name + ", ";
    kernel.args.push_back(std::move(arg));
  }
  functions_ << "extern \"C\" __global__ void " << kernel.cuda_name << "(" << parameters
             << "const __grid_constant__ clc::ndrange clc_ndrange) {\n"
             << unpacking << "  " << name(entry.function) << "(" << arguments
             << "clc_ndrange);\n}\n";
  metadata->kernels.push_back(std::move(kernel));
}

std::string Emitter::emit(ProgramMetadata *metadata) {
  for (const EntryPoint &entry : module_.entry_points)
    names_[entry.function] = "spirv_" + identifierFrom(entry.name);
  for (const Instruction *global : module_.types_and_globals)
    if (global->opcode == Op::OpSpecConstantOp) {
      Instruction operation = *global;
      operation.opcode = static_cast<Op>(global->operands.at(0));
      operation.operands.erase(operation.operands.begin());
      spec_constant_ops_.push_back(std::move(operation));
    }
  if (output_ == SpirvOutput::Unit)
    for (const auto &[id, decorations] : module_.decorations) {
      const std::string linkage = linkageName(id);
      if (!linkage.empty() && !module_.decoration(id, spv::Decoration::BuiltIn))
        names_[id] = "clc_spirv_linked_" + identifierFrom(linkage);
    }
  layOutWorkgroupVariables();
  for (const Instruction *global : module_.types_and_globals) {
    if (global->opcode != Op::OpVariable)
      continue;
    const auto storage = static_cast<spv::StorageClass>(global->operands.at(0));
    const uint32_t pointee = definitionOf(global->result_type).operands.at(1);
    if (global->operands.size() > 1 &&
        definitionOf(global->operands[1]).opcode == Op::OpSpecConstantOp)
      unsupported(*global, "a module-scope variable initialized from an OpSpecConstantOp");
    const std::string initializer =
        global->operands.size() > 1 ? " = " + value(global->operands[1]) : "";
    // In a unit, a variable another unit links to is extern (an import has
    // no definition here); the others are static.
    spv::LinkageType linkage_type = spv::LinkageType::Export;
    const bool linked = output_ == SpirvOutput::Unit &&
                        !linkageName(global->result, &linkage_type).empty() &&
                        storage != spv::StorageClass::Input;
    if (linked && linkage_type == spv::LinkageType::Import) {
      if (storage != spv::StorageClass::CrossWorkgroup &&
          storage != spv::StorageClass::UniformConstant)
        unsupported(*global, "an imported variable of storage class " +
                                 std::to_string(static_cast<uint32_t>(storage)));
      declarations_ << "extern "
                    << (storage == spv::StorageClass::UniformConstant ? "__constant__ "
                                                                      : "__device__ ")
                    << typeName(pointee) << " " << name(global->result) << ";\n";
      continue;
    }
    const std::string linkage = output_ == SpirvOutput::Unit && !linked ? "static " : "";
    switch (storage) {
    case spv::StorageClass::Input:
      if (!module_.decoration(global->result, spv::Decoration::BuiltIn))
        unsupported(*global, "an Input variable that is no built-in");
      break;
    case spv::StorageClass::Workgroup:
      if (local_variable_bytes_.empty()) // else named into dynamic shared memory
        declarations_ << linkage << "__shared__ " << typeName(pointee) << " "
                      << name(global->result) << ";\n";
      break;
    case spv::StorageClass::UniformConstant:
      declarations_ << linkage << "__constant__ " << typeName(pointee) << " "
                    << name(global->result) << initializer << ";\n";
      break;
    case spv::StorageClass::CrossWorkgroup:
      declarations_ << linkage << "__device__ " << typeName(pointee) << " " << name(global->result)
                    << initializer << ";\n";
      metadata->global_variables.push_back({name(global->result), sizeOf(pointee)});
      break;
    default:
      unsupported(*global, "a module-scope variable of storage class " +
                               std::to_string(static_cast<uint32_t>(storage)));
    }
  }
  for (const Function &function : module_.functions)
    emitFunction(function);
  for (const EntryPoint &entry : module_.entry_points)
    emitKernelWrapper(entry, metadata);

  std::ostringstream source;
  for (const std::string &header : modules_)
    source << "#include <clc/" << header << ">\n";
  source << "template <class T, unsigned N> struct clc_spirv_array { T e[N]; };\n";
  if (uses_fmod_)
    source << "// OpFMod: fmod with the divisor's sign.\n"
              "template <class T> __device__ inline T clc_spirv_fmod(T x, T y) {\n"
              "  T r = clc::fmod(x, y);\n"
              "  return r != T(0) && ::signbit(double(r)) != ::signbit(double(y)) ? T(r + y) : r;\n"
              "}\n";
  if (uses_sampled_image_)
    source << "// OpSampledImage: an image and the sampler it is read with.\n"
              "template <class Image> struct clc_spirv_sampled_image {\n"
              "  Image image;\n"
              "  clc::sampler_t sampler;\n"
              "};\n";
  if (uses_copy_logical_)
    source << "// OpCopyLogical: a value as another type of the same layout.\n"
              "template <class To, class From> __device__ inline To clc_spirv_copy_logical(const "
              "From &from) {\n"
              "  static_assert(sizeof(To) == sizeof(From), \"OpCopyLogical of another size\");\n"
              "  To to;\n"
              "  memcpy(&to, &from, sizeof to);\n"
              "  return to;\n"
              "}\n";
  source << declarations_.str() << prototypes_.str() << functions_.str();
  return source.str();
}

} // namespace

bool specializationConstants(std::string_view binary, std::map<uint32_t, uint32_t> *sizes) {
  Module module;
  std::string error;
  if (!parseModule(binary, &module, &error))
    return false;
  for (const Instruction *global : module.types_and_globals) {
    const Op opcode = global->opcode;
    if (opcode != Op::OpSpecConstant && opcode != Op::OpSpecConstantTrue &&
        opcode != Op::OpSpecConstantFalse)
      continue;
    const Decoration *spec_id = module.decoration(global->result, spv::Decoration::SpecId);
    const Instruction *type = module.definition(global->result_type);
    if (!spec_id || spec_id->literals.empty() || !type)
      continue;
    (*sizes)[spec_id->literals[0]] = type->opcode == Op::OpTypeBool ? 1
                                     : type->operands.empty()       ? 0
                                                                    : type->operands[0] / 8;
  }
  return true;
}

TranslateResult translateModule(std::string_view binary,
                                const std::map<uint32_t, uint64_t> &specializations,
                                SpirvOutput output) {
  TranslateResult result;
  result.status = Status::BuildFailure;
  Module module;
  std::string error;
  if (!parseModule(binary, &module, &error)) {
    result.log = "error: " + error + "\n";
    return result;
  }
  const std::string invalid = validateModule(binary, module);
  if (!invalid.empty()) {
    result.log = "error: invalid SPIR-V: " + invalid + "\n";
    return result;
  }
  if (module.entry_points.empty() && output == SpirvOutput::WholeProgram) {
    result.log = "error: the module has no Kernel entry point\n";
    return result;
  }
  try {
    Emitter emitter(module, specializations, output);
    result.metadata.opencl_c_version = 300;
    result.cuda_source = emitter.emit(&result.metadata);
    result.status = Status::Ok;
  } catch (const Unsupported &unsupported) {
    result.cuda_source.clear();
    result.metadata = ProgramMetadata{};
    result.log = "error: " + unsupported.message + "\n";
  }
  return result;
}

} // namespace cl2cuda::spirv
