#include "spirv/KernelLayout.h"

#include <algorithm>
#include <map>
#include <set>

namespace cl2cuda::spirv {
namespace {

using spv::Op;

constexpr size_t kHeaderWords = 5;

// The blocks a block's terminator goes to.
std::vector<uint32_t> successors(const Block &block, const Module &module) {
  return block.instructions.empty() ? std::vector<uint32_t>{}
                                    : branchTargets(*block.instructions.back(), module);
}

// The function's blocks (indices) in reverse postorder from its entry, then
// those the entry does not reach, in reverse postorder from each in turn.
std::vector<size_t> dominatorOrder(const Function &function, const Module &module) {
  std::map<uint32_t, size_t> index;
  for (size_t i = 0; i < function.blocks.size(); ++i)
    index[function.blocks[i].label] = i;
  std::vector<bool> seen(function.blocks.size(), false);
  std::vector<size_t> order;
  for (size_t root = 0; root < function.blocks.size(); ++root) {
    if (seen[root])
      continue;
    std::vector<size_t> postorder;
    // (block, successors left to visit)
    std::vector<std::pair<size_t, std::vector<uint32_t>>> stack;
    seen[root] = true;
    stack.push_back({root, successors(function.blocks[root], module)});
    while (!stack.empty()) {
      std::vector<uint32_t> &left = stack.back().second;
      if (left.empty()) {
        postorder.push_back(stack.back().first);
        stack.pop_back();
        continue;
      }
      const auto next = index.find(left.front());
      left.erase(left.begin());
      if (next == index.end() || seen[next->second])
        continue;
      seen[next->second] = true;
      stack.push_back({next->second, successors(function.blocks[next->second], module)});
    }
    order.insert(order.end(), postorder.rbegin(), postorder.rend());
  }
  return order;
}

size_t wordCount(const std::vector<uint32_t> &words, size_t at) { return words[at] >> 16; }
Op opcodeAt(const std::vector<uint32_t> &words, size_t at) {
  return static_cast<Op>(words[at] & 0xffff);
}

bool holdsNul(uint32_t word) {
  return (word & 0xffu) == 0 || (word & 0xff00u) == 0 || (word & 0xff0000u) == 0 ||
         (word & 0xff000000u) == 0;
}

// The function's words, [start, end) from its OpFunction to past its
// OpFunctionEnd, with its blocks in dominator order and no merge
// instructions; false when its words and its parsed blocks disagree (a
// module the validator will refuse anyway).
bool appendFunction(const std::vector<uint32_t> &words, size_t start, size_t end,
                    const Function &function, const Module &module, std::vector<uint32_t> &out) {
  auto appendRange = [&](size_t from, size_t to) {
    for (size_t at = from; at < to; at += wordCount(words, at)) {
      const Op opcode = opcodeAt(words, at);
      if (opcode != Op::OpLoopMerge && opcode != Op::OpSelectionMerge)
        out.insert(out.end(), words.begin() + long(at),
                   words.begin() + long(at + wordCount(words, at)));
    }
  };
  // A block's words run from its OpLabel to the next block's, or to OpFunctionEnd.
  size_t function_end_at = end; // a module cut short has none
  std::vector<size_t> label_at;
  for (size_t at = start; at < end; at += wordCount(words, at)) {
    if (opcodeAt(words, at) == Op::OpFunctionEnd)
      function_end_at = at;
    else if (opcodeAt(words, at) == Op::OpLabel)
      label_at.push_back(at);
  }
  if (label_at.size() != function.blocks.size())
    return false;
  appendRange(start, label_at.empty() ? function_end_at : label_at.front());
  for (size_t i : dominatorOrder(function, module))
    appendRange(label_at[i], i + 1 < label_at.size() ? label_at[i + 1] : function_end_at);
  appendRange(function_end_at, end);
  return true;
}

} // namespace

std::vector<uint32_t> withKernelLayoutNormalized(const std::vector<uint32_t> &words,
                                                 const Module &module) {
  if (std::find(module.capabilities.begin(), module.capabilities.end(), spv::Capability::Shader) !=
      module.capabilities.end())
    return words;
  // From SPIR-V 1.4 an interface lists every module-scope variable the entry
  // point reaches; before, its Input and Output ones.
  const bool every_variable = words.size() > 1 && words[1] >= 0x10400;
  std::vector<uint32_t> interface;
  for (const Instruction *global : module.types_and_globals) {
    if (global->opcode != Op::OpVariable || global->operands.empty())
      continue;
    const auto storage = static_cast<spv::StorageClass>(global->operands[0]);
    if (every_variable || storage == spv::StorageClass::Input ||
        storage == spv::StorageClass::Output)
      interface.push_back(global->result);
  }
  std::map<size_t, const Function *> functions; // by their OpFunction's offset
  for (const Function &function : module.functions)
    functions[function.definition->word_offset] = &function;

  std::vector<uint32_t> out(words.begin(), words.begin() + long(kHeaderWords));
  for (size_t at = kHeaderWords; at < words.size();) {
    const size_t count = wordCount(words, at);
    const Op opcode = opcodeAt(words, at);
    if (opcode == Op::OpFunction && functions.count(at)) {
      size_t end = at;
      while (end < words.size() && opcodeAt(words, end) != Op::OpFunctionEnd)
        end += wordCount(words, end);
      if (end < words.size())
        end += wordCount(words, end);
      if (!appendFunction(words, at, end, *functions[at], module, out))
        return words;
      at = end;
      continue;
    }
    std::vector<uint32_t> instruction(words.begin() + long(at), words.begin() + long(at + count));
    if (opcode == Op::OpEntryPoint && count > 3) {
      // Model, function, the name's words (to the one holding its NUL), ids.
      size_t name_end = 3;
      while (name_end < count && !holdsNul(instruction[name_end]))
        ++name_end;
      const std::set<uint32_t> listed(instruction.begin() + long(std::min(name_end + 1, count)),
                                      instruction.end());
      for (uint32_t variable : interface)
        if (!listed.count(variable))
          instruction.push_back(variable);
      instruction[0] = uint32_t(instruction.size()) << 16 | uint32_t(opcode);
    }
    out.insert(out.end(), instruction.begin(), instruction.end());
    at += count;
  }
  return out;
}

} // namespace cl2cuda::spirv
