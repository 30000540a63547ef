// A SPIR-V module read into what the CUDA emitter needs: its instructions,
// and indexes of names, decorations, types, constants, variables and
// functions by result id (docs/translator.md, "SPIR-V programs").
#pragma once

#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp11>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace cl2cuda::spirv {

// The literal string (UTF-8, NUL-terminated, packed four bytes a word)
// starting at words[first].
std::string literalString(const std::vector<uint32_t> &words, size_t first);

struct Instruction {
  spv::Op opcode = spv::Op::OpNop;
  uint32_t result_type = 0; // 0 when the instruction has none
  uint32_t result = 0;      // 0 when the instruction has none
  // The operands after the result type and result.
  std::vector<uint32_t> operands;
  size_t word_offset = 0; // where it starts in the module, for messages

  // The literal string operand starting at operands[first].
  std::string literalString(size_t first) const;
};

struct Decoration {
  spv::Decoration kind;
  std::vector<uint32_t> literals;
};

struct Block {
  uint32_t label = 0;
  std::vector<const Instruction *> instructions; // OpLabel excluded
};

struct Function {
  const Instruction *definition = nullptr; // OpFunction
  std::vector<const Instruction *> parameters;
  std::vector<Block> blocks;
};

struct EntryPoint {
  uint32_t function = 0;
  std::string name;
  uint32_t reqd_work_group_size[3] = {0, 0, 0};
  uint32_t work_group_size_hint[3] = {0, 0, 0};
  uint32_t required_subgroup_size = 0; // ExecutionMode SubgroupSize; 0 when none
  // SubgroupsPerWorkgroup's count, or SubgroupsPerWorkgroupId's constant's id.
  struct {
    uint32_t value = 0;
    bool is_id = false;
  } subgroups_per_workgroup;
};

struct Module {
  uint32_t bound = 0;
  std::vector<Instruction> instructions;
  std::vector<spv::Capability> capabilities;
  std::map<uint32_t, std::string> ext_inst_sets; // OpExtInstImport
  std::map<uint32_t, std::string> names;         // OpName
  std::map<uint32_t, std::vector<Decoration>> decorations;
  std::map<uint32_t, const Instruction *> definitions; // every result id
  std::vector<const Instruction *> types_and_globals;  // in module order
  std::vector<EntryPoint> entry_points;
  std::vector<Function> functions;

  const Instruction *definition(uint32_t id) const {
    auto found = definitions.find(id);
    return found == definitions.end() ? nullptr : found->second;
  }
  const Decoration *decoration(uint32_t id, spv::Decoration kind) const;
  // Whether `id` (a function parameter) is decorated FuncParamAttr `attribute`.
  bool hasParameterAttribute(uint32_t id, spv::FunctionParameterAttribute attribute) const;
};

// Reads a binary module (words in either byte order). On failure returns
// false with *error saying what is wrong and where; never throws.
bool parseModule(std::string_view binary, Module *module, std::string *error);

// spirv-val's verdict in the OpenCL environment of the module's version on
// the module parsed as `module`, its layout normalized (KernelLayout.h): ""
// when valid, else its message.
std::string validateModule(std::string_view binary, const Module &module);

// The labels `terminator` branches to (OpBranch, OpBranchConditional,
// OpSwitch, whose case literals are as wide as its selector); none for
// another instruction or one that lacks its operands.
std::vector<uint32_t> branchTargets(const Instruction &terminator, const Module &module);

// "OpIAdd" for an opcode (from the grammar), or "opcode N".
std::string opcodeName(spv::Op opcode);
// The OpenCL.std instruction's name ("sqrt"), or "" for an unknown number.
std::string_view openclStdName(uint32_t number);

} // namespace cl2cuda::spirv
