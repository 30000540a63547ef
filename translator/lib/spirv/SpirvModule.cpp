#include "spirv/SpirvModule.h"

#include "spirv/KernelLayout.h"

#include <spirv-tools/libspirv.h>

#include <algorithm>
#include <cstring>
#include <set>

namespace cl2cuda::spirv {
namespace {

constexpr uint32_t kMagic = 0x07230203;
constexpr size_t kHeaderWords = 5;

uint32_t byteSwapped(uint32_t word) {
  return (word >> 24) | ((word >> 8) & 0xff00) | ((word << 8) & 0xff0000) | (word << 24);
}

std::vector<uint32_t> wordsOf(std::string_view binary) {
  std::vector<uint32_t> words(binary.size() / 4);
  if (!words.empty())
    std::memcpy(words.data(), binary.data(), words.size() * 4);
  if (!words.empty() && words[0] == byteSwapped(kMagic))
    for (uint32_t &word : words)
      word = byteSwapped(word);
  return words;
}

std::string at(size_t word_offset) { return " at word " + std::to_string(word_offset); }

} // namespace

std::string literalString(const std::vector<uint32_t> &words, size_t first) {
  std::string text;
  for (size_t index = first; index < words.size(); ++index)
    for (int byte = 0; byte < 4; ++byte) {
      const char c = static_cast<char>((words[index] >> (8 * byte)) & 0xff);
      if (c == '\0')
        return text;
      text += c;
    }
  return text;
}

std::string Instruction::literalString(size_t first) const {
  return spirv::literalString(operands, first);
}

const Decoration *Module::decoration(uint32_t id, spv::Decoration kind) const {
  auto found = decorations.find(id);
  if (found == decorations.end())
    return nullptr;
  for (const Decoration &decoration : found->second)
    if (decoration.kind == kind)
      return &decoration;
  return nullptr;
}

bool Module::hasParameterAttribute(uint32_t id, spv::FunctionParameterAttribute attribute) const {
  auto found = decorations.find(id);
  if (found == decorations.end())
    return false;
  for (const Decoration &decoration : found->second)
    if (decoration.kind == spv::Decoration::FuncParamAttr && !decoration.literals.empty() &&
        decoration.literals[0] == static_cast<uint32_t>(attribute))
      return true;
  return false;
}

bool parseModule(std::string_view binary, Module *module, std::string *error) {
  if (binary.size() % 4 != 0 || binary.size() < kHeaderWords * 4) {
    *error = "not a SPIR-V module: " + std::to_string(binary.size()) +
             " bytes, not a whole number of words after a 5-word header";
    return false;
  }
  const std::vector<uint32_t> words = wordsOf(binary);
  if (words[0] != kMagic) {
    *error = "not a SPIR-V module: the first word is not the magic number 0x07230203";
    return false;
  }
  module->bound = words[3];
  for (size_t offset = kHeaderWords; offset < words.size();) {
    const uint32_t count = words[offset] >> 16;
    if (count == 0 || offset + count > words.size()) {
      *error = "an instruction's word count runs past the module" + at(offset);
      return false;
    }
    Instruction instruction;
    instruction.opcode = static_cast<spv::Op>(words[offset] & 0xffff);
    instruction.word_offset = offset;
    bool has_result = false, has_type = false;
    spv::HasResultAndType(instruction.opcode, &has_result, &has_type);
    size_t operand = offset + 1;
    const size_t end = offset + count;
    if (has_type) {
      if (operand >= end) {
        *error = opcodeName(instruction.opcode) + " lacks its result type" + at(offset);
        return false;
      }
      instruction.result_type = words[operand++];
    }
    if (has_result) {
      if (operand >= end) {
        *error = opcodeName(instruction.opcode) + " lacks its result id" + at(offset);
        return false;
      }
      instruction.result = words[operand++];
    }
    instruction.operands.assign(words.begin() + operand, words.begin() + end);
    module->instructions.push_back(std::move(instruction));
    offset = end;
  }

  Function *function = nullptr;
  Block *block = nullptr;
  for (const Instruction &instruction : module->instructions) {
    if (instruction.result != 0) {
      if (instruction.result >= module->bound ||
          !module->definitions.emplace(instruction.result, &instruction).second) {
        *error = "result id %" + std::to_string(instruction.result) +
                 " is out of the module's bound or defined twice" + at(instruction.word_offset);
        return false;
      }
    }
    const std::vector<uint32_t> &ops = instruction.operands;
    switch (instruction.opcode) {
    case spv::Op::OpCapability:
      if (!ops.empty())
        module->capabilities.push_back(static_cast<spv::Capability>(ops[0]));
      break;
    case spv::Op::OpExtInstImport:
      module->ext_inst_sets[instruction.result] = instruction.literalString(0);
      break;
    case spv::Op::OpName:
      if (!ops.empty())
        module->names[ops[0]] = instruction.literalString(1);
      break;
    case spv::Op::OpDecorate:
      if (ops.size() >= 2)
        module->decorations[ops[0]].push_back(
            {static_cast<spv::Decoration>(ops[1]), {ops.begin() + 2, ops.end()}});
      break;
    case spv::Op::OpGroupDecorate:
      // The group's decorations (an OpDecorationGroup's target) on each target.
      for (size_t i = 1; i < ops.size(); ++i) {
        auto group = module->decorations.find(ops[0]);
        if (group != module->decorations.end()) {
          std::vector<Decoration> copied = group->second;
          module->decorations[ops[i]].insert(module->decorations[ops[i]].end(), copied.begin(),
                                             copied.end());
        }
      }
      break;
    case spv::Op::OpEntryPoint:
      if (ops.size() >= 3 &&
          static_cast<spv::ExecutionModel>(ops[0]) == spv::ExecutionModel::Kernel)
        module->entry_points.push_back({ops[1], instruction.literalString(2), {}, {}});
      break;
    case spv::Op::OpExecutionMode:
    case spv::Op::OpExecutionModeId:
      for (EntryPoint &entry : module->entry_points) {
        if (ops.size() < 3 || entry.function != ops[0])
          continue;
        const auto mode = static_cast<spv::ExecutionMode>(ops[1]);
        const bool by_id = instruction.opcode == spv::Op::OpExecutionModeId;
        switch (mode) {
        case spv::ExecutionMode::LocalSize:
        case spv::ExecutionMode::LocalSizeHint: {
          uint32_t *size = mode == spv::ExecutionMode::LocalSize ? entry.reqd_work_group_size
                                                                 : entry.work_group_size_hint;
          if (ops.size() >= 5)
            std::copy(ops.begin() + 2, ops.begin() + 5, size);
          break;
        }
        case spv::ExecutionMode::SubgroupSize:
          entry.required_subgroup_size = ops[2];
          break;
        case spv::ExecutionMode::SubgroupsPerWorkgroup:
        case spv::ExecutionMode::SubgroupsPerWorkgroupId:
          entry.subgroups_per_workgroup = {ops[2], by_id};
          break;
        default:
          break;
        }
      }
      break;
    case spv::Op::OpFunction:
      module->functions.push_back({&instruction, {}, {}});
      function = &module->functions.back();
      block = nullptr;
      break;
    case spv::Op::OpFunctionParameter:
      if (!function) {
        *error = "OpFunctionParameter outside a function" + at(instruction.word_offset);
        return false;
      }
      function->parameters.push_back(&instruction);
      break;
    case spv::Op::OpLabel:
      if (!function) {
        *error = "OpLabel outside a function" + at(instruction.word_offset);
        return false;
      }
      function->blocks.push_back({instruction.result, {}});
      block = &function->blocks.back();
      break;
    case spv::Op::OpFunctionEnd:
      function = nullptr;
      block = nullptr;
      break;
    default:
      if (block)
        block->instructions.push_back(&instruction);
      else if (!function && instruction.result != 0)
        module->types_and_globals.push_back(&instruction);
      else if (function && instruction.opcode != spv::Op::OpLine &&
               instruction.opcode != spv::Op::OpNoLine) {
        *error = opcodeName(instruction.opcode) + " in a function before its first block" +
                 at(instruction.word_offset);
        return false;
      }
    }
  }
  return true;
}

namespace {

// Capabilities that a producer declares without the extension that
// defines them: llvm-spirv-15 (Debian 12's) does so for the fast-math
// flags of -cl-fast-relaxed-math. The front end needs neither (it ignores
// FPFastMathMode); the validator is given the extension so that such a
// module is judged on the rest.
struct OmittedExtension {
  spv::Capability capability;
  const char *extension;
};
constexpr OmittedExtension kOmittedExtensions[] = {
    {spv::Capability::FPFastMathModeINTEL, "SPV_INTEL_fp_fast_math_mode"},
};

// OpExtension `name` as words: the string's bytes, NUL-terminated and
// padded, packed low byte first.
std::vector<uint32_t> extensionInstruction(std::string_view name) {
  std::vector<uint32_t> words(1 + name.size() / 4 + 1, 0);
  for (size_t i = 0; i < name.size(); ++i)
    words[1 + i / 4] |= uint32_t(uint8_t(name[i])) << (8 * (i % 4));
  words[0] = uint32_t(words.size()) << 16 | uint32_t(spv::Op::OpExtension);
  return words;
}

// `words` with each omitted extension of kOmittedExtensions declared after
// the module's capabilities.
std::vector<uint32_t> withOmittedExtensions(std::vector<uint32_t> words) {
  std::set<uint32_t> capabilities;
  std::set<std::string> extensions;
  size_t after_capabilities = kHeaderWords;
  for (size_t at = kHeaderWords; at < words.size();) {
    const uint32_t count = words[at] >> 16;
    const auto opcode = static_cast<spv::Op>(words[at] & 0xffff);
    if (count == 0 || at + count > words.size())
      break;
    if (opcode == spv::Op::OpCapability && count > 1) {
      capabilities.insert(words[at + 1]);
      after_capabilities = at + count;
    } else if (opcode == spv::Op::OpExtension) {
      extensions.insert(literalString(
          std::vector<uint32_t>(words.begin() + long(at) + 1, words.begin() + long(at + count)),
          0));
    } else if (opcode != spv::Op::OpCapability) {
      break; // capabilities and extensions lead the module
    }
    at += count;
  }
  for (const OmittedExtension &omitted : kOmittedExtensions)
    if (capabilities.count(static_cast<uint32_t>(omitted.capability)) &&
        !extensions.count(omitted.extension)) {
      const std::vector<uint32_t> extension = extensionInstruction(omitted.extension);
      words.insert(words.begin() + long(after_capabilities), extension.begin(), extension.end());
    }
  return words;
}

} // namespace

std::string validateModule(std::string_view binary, const Module &module) {
  const std::vector<uint32_t> words =
      withOmittedExtensions(withKernelLayoutNormalized(wordsOf(binary), module));
  const uint32_t version = words.size() > 1 ? words[1] : 0;
  // The universal rules of the module's version: the OpenCL 2.2
  // environment's would refuse what OpenCL extensions allow (Float16 with
  // cl_khr_fp16, for one); the front end checks the execution model itself.
  spv_target_env env = SPV_ENV_UNIVERSAL_1_0;
  if (version >= 0x10600)
    env = SPV_ENV_UNIVERSAL_1_6;
  else if (version >= 0x10500)
    env = SPV_ENV_UNIVERSAL_1_5;
  else if (version >= 0x10400)
    env = SPV_ENV_UNIVERSAL_1_4;
  else if (version >= 0x10300)
    env = SPV_ENV_UNIVERSAL_1_3;
  else if (version >= 0x10200)
    env = SPV_ENV_UNIVERSAL_1_2;
  else if (version >= 0x10100)
    env = SPV_ENV_UNIVERSAL_1_1;
  spv_context context = spvContextCreate(env);
  if (!context)
    return "the SPIR-V validator could not start";
  spv_const_binary_t binary_words{words.data(), words.size()};
  spv_diagnostic diagnostic = nullptr;
  const spv_result_t result = spvValidate(context, &binary_words, &diagnostic);
  std::string message;
  if (result != SPV_SUCCESS)
    message = diagnostic && diagnostic->error ? diagnostic->error : "invalid SPIR-V";
  spvDiagnosticDestroy(diagnostic);
  spvContextDestroy(context);
  return message;
}

std::vector<uint32_t> branchTargets(const Instruction &terminator, const Module &module) {
  const std::vector<uint32_t> &ops = terminator.operands;
  switch (terminator.opcode) {
  case spv::Op::OpBranch:
    return {ops.begin(), ops.begin() + long(std::min<size_t>(ops.size(), 1))};
  case spv::Op::OpBranchConditional:
    if (ops.size() < 3)
      return {};
    return {ops[1], ops[2]};
  case spv::Op::OpSwitch: {
    if (ops.size() < 2)
      return {};
    const Instruction *selector = module.definition(ops[0]);
    const Instruction *type = selector ? module.definition(selector->result_type) : nullptr;
    const size_t step = type && !type->operands.empty() && type->operands[0] == 64 ? 3 : 2;
    std::vector<uint32_t> targets = {ops[1]};
    for (size_t i = 2; i + step <= ops.size(); i += step)
      targets.push_back(ops[i + step - 1]);
    return targets;
  }
  default:
    return {};
  }
}

std::string opcodeName(spv::Op opcode) {
  switch (static_cast<uint32_t>(opcode)) {
#define CL2CUDA_SPIRV_OPCODE(number, name)                                                         \
  case number:                                                                                     \
    return name;
#include "spirv_opcode_names.inc"
#undef CL2CUDA_SPIRV_OPCODE
  }
  return "opcode " + std::to_string(static_cast<uint32_t>(opcode));
}

std::string_view openclStdName(uint32_t number) {
  switch (number) {
#define CL2CUDA_SPIRV_OPENCL_STD(number, name)                                                     \
  case number:                                                                                     \
    return name;
#include "spirv_opencl_std.inc"
#undef CL2CUDA_SPIRV_OPENCL_STD
  }
  return "";
}

} // namespace cl2cuda::spirv
