// docs/mapping.md: the mapping tables as Markdown (cl2cuda --mapping-table).
#include <cl2cuda/translator.h>

#include "Tables.h"

#include <map>
#include <string>

namespace cl2cuda {
namespace {

std::string cell(llvm::StringRef text) {
  std::string escaped;
  for (char c : text)
    escaped += c == '|' ? std::string("\\|") : std::string(1, c);
  return escaped.empty() ? " " : escaped;
}

std::string code(llvm::StringRef text) {
  return text.empty() ? "(removed)" : "`" + cell(text) + "`";
}

class Table {
public:
  explicit Table(std::initializer_list<std::string> headers) {
    for (const std::string &header : headers) {
      text_ += "| " + header + " ";
      rule_ += "|---";
    }
    text_ += "|\n" + rule_ + "|\n";
  }
  void row(std::initializer_list<std::string> cells) {
    for (const std::string &value : cells)
      text_ += "| " + value + " ";
    text_ += "|\n";
  }
  std::string str() const { return text_ + "\n"; }

private:
  std::string text_, rule_;
};

const char *formName(BuildOptionForm form) {
  switch (form) {
  case BuildOptionForm::Flag:
    return "flag";
  case BuildOptionForm::Joined:
    return "`=value`";
  case BuildOptionForm::JoinedOrSeparate:
    return "value attached or next";
  case BuildOptionForm::EqualsOrSeparate:
    return "`=value` or value next";
  }
  return "";
}

const char *actionName(AttributeAction action) {
  switch (action) {
  case AttributeAction::Keep:
    return "kept";
  case AttributeAction::Remove:
    return "removed";
  case AttributeAction::LaunchBounds:
    return "`__launch_bounds__(X*Y*Z)`";
  case AttributeAction::UnrollPragma:
    return "`#pragma unroll N`";
  case AttributeAction::Unsupported:
    return "build error";
  }
  return "";
}

std::string qualifiersSection() {
  Table table({"OpenCL C", "context", "CUDA C++", "notes"});
  for (const QualifierInfo &info : qualifierTable())
    table.row({code(info.opencl), cell(info.context), code(info.cuda), cell(info.description)});
  return "## Qualifiers and keywords\n\n" + table.str();
}

std::string typesSection() {
  std::string widths;
  for (unsigned width : vectorWidthTable())
    widths += (widths.empty() ? "" : ", ") + std::to_string(width);
  Table scalars({"OpenCL C", "CUDA C++", "vectors (N = " + widths + ")"});
  for (const ScalarTypeInfo &scalar : scalarTypeTable())
    scalars.row({code(scalar.opencl), code(scalar.cuda),
                 code(std::string(scalar.opencl) + "N") + " → " +
                     code(std::string(scalar.vector_prefix) + "N")});
  Table named({"OpenCL C", "CUDA C++", "module", "status", "notes"});
  for (const NamedTypeInfo &type : namedTypeTable())
    named.row({code(type.opencl), *type.cuda ? code(type.cuda) : std::string("(the type it names)"),
               code(type.module), type.supported ? "supported" : "**unsupported**",
               cell(type.note)});
  return "## Types\n\nScalar types and their vectors (`clc::vec<T, N>` in "
         "`kernels/include/clc/core.h`):\n\n" +
         scalars.str() + "Other type names:\n\n" + named.str();
}

std::string workItemSection() {
  Table table({"OpenCL C", "CUDA C++", "readable mode", "needs the NDRange", "since", "notes"});
  for (const WorkItemInfo &item : workItemTable()) {
    std::string parameters = item.parameters;
    std::string call =
        std::string("clc::") + item.name + "(" +
        (item.needs_ndrange ? (parameters.empty() ? "clc_ndrange" : "clc_ndrange, ") : "") +
        parameters + ")";
    std::string builtin = *item.builtin
                              ? code(std::string(item.wide ? "(size_t)" : "") + item.builtin)
                              : std::string("as in compile mode");
    if (*item.builtin && item.needs_ndrange)
      builtin += " in a kernel without the NDRange";
    table.row({code(std::string(item.name) + "(" + parameters + ")"), code(call), builtin,
               item.needs_ndrange ? "yes" : "no",
               "OpenCL C " + std::to_string(item.since / 100) + "." +
                   std::to_string(item.since / 10 % 10),
               cell(item.description)});
  }
  return "## Work-item functions (module `core.h`)\n\nReadable mode writes CUDA's built-in "
         "variables where they are exact, D being the dimension's `x`, `y` or `z`; `(size_t)` "
         "where the context needs a value past 32 bits (docs/translator.md, \"Kernels as a "
         "CUDA programmer writes them\").\n\n" +
         table.str();
}

const char *argumentsText(BuiltinArguments arguments) {
  switch (arguments) {
  case BuiltinArguments::Exact:
    return "exact";
  case BuiltinArguments::Plain:
    return "plain";
  case BuiltinArguments::ExactAfterNDRange:
    return "exact, after the NDRange";
  }
  return "";
}

std::string builtinSection() {
  std::map<std::string, Table> families;
  std::vector<std::string> order;
  for (const BuiltinInfo &builtin : builtinTable()) {
    auto [family, inserted] = families.try_emplace(
        builtin.family, Table({"OpenCL C", "CUDA C++", "module", "arguments", "status"}));
    if (inserted)
      order.push_back(builtin.family);
    std::string name = builtin.name;
    std::string status = builtin.supported ? "supported" : "**unsupported**";
    if (*builtin.note)
      status += ": " + cell(builtin.note);
    family->second.row({code(name), *builtin.cuda ? code(builtin.cuda) : " ",
                        *builtin.module ? code(builtin.module) : " ",
                        argumentsText(builtin.arguments), status});
  }
  std::string text =
      "## Builtin functions\n\nArguments keep their order. With *exact* arguments, an "
      "argument Clang converted to the chosen overload's parameter type is cast to it, so "
      "CUDA's overload resolution picks the same function; *plain* arguments convert as in "
      "C (the library has one signature); *after the NDRange*, the call passes the hidden "
      "NDRange parameter first (the function reads the enqueued work-group size).\n\n";
  for (const std::string &family : order)
    text += "### " + family + "\n\n" + families.at(family).str();
  return text;
}

std::string readableBuiltinSection() {
  Table table({"OpenCL C", "readable mode", "notes"});
  for (const ReadableBuiltinInfo &builtin : readableBuiltinTable())
    table.row({code(std::string(builtin.name) + " with " + std::to_string(builtin.arguments) +
                    (builtin.arguments == 1 ? " argument" : " arguments")),
               code(builtin.cuda), cell(builtin.description)});
  std::string math;
  for (const char *name : cudaMathFunctionTable())
    math += (math.empty() ? "" : ", ") + code(name);
  return "### Readable mode's CUDA spellings\n\nReadable mode writes these calls as CUDA "
         "does where the arguments have no side effects:\n\n" +
         table.str() +
         "and keeps a call of these math functions as it is written, CUDA's own, where every "
         "argument is a float or a double taken as it is (the device library calls the same "
         "CUDA function; `kernels/include/clc/cuda_math_functions.h`): " +
         math + ".\n\n";
}

std::string patternSection() {
  Table patterns({"OpenCL C", "CUDA C++", "module", "notes"});
  for (const PatternInfo &pattern : patternTable())
    patterns.row({code(pattern.opencl), code(pattern.cuda), code(pattern.module),
                  cell(pattern.description)});
  Table suffixes({"suffix", "tag"});
  for (const SuffixInfo &mode : roundingModeTable())
    suffixes.row({*mode.suffix ? code(mode.suffix) : "(none)", code(mode.tag)});
  for (const SuffixInfo &saturation : saturationTable())
    suffixes.row({*saturation.suffix ? code(saturation.suffix) : "(none)", code(saturation.tag)});
  return "## Builtins matched by name pattern\n\n`<T>` is any scalar or vector type name "
         "(`{type}` its CUDA name), `<N>` a vector width.\n\n" +
         patterns.str() + "Rounding and saturation suffixes:\n\n" + suffixes.str();
}

std::string compilerSection() {
  Table builtins({"Clang builtin", "CUDA C++", "module", "notes"});
  for (const CompilerBuiltinInfo &builtin : compilerBuiltinTable())
    builtins.row(
        {code(builtin.name), code(builtin.cuda), code(builtin.module), cell(builtin.description)});
  Table macros({"macro", "readable-mode definition", "module"});
  for (const PredefinedMacroInfo &macro : predefinedMacroTable())
    macros.row({code(macro.name), code(macro.cuda_body), code(macro.module)});
  std::string cuda_macros;
  for (const char *name : cudaMacroTable())
    cuda_macros += (cuda_macros.empty() ? "" : ", ") + code(name);
  return "## Compiler builtins and predefined macros\n\nOpenCL C's headers expand some "
         "macros to Clang builtins, which compile mode replaces:\n\n" +
         builtins.str() +
         "Readable mode keeps macro names; the OpenCL macros a program uses are defined at "
         "the top of the output with their OpenCL bodies, except these:\n\n" +
         macros.str() +
         "A CUDA compiler predefines macros OpenCL C does not. Readable output is compiled as "
         "CUDA, so a conditional (`#if`, `#ifdef`, `#elif`...) that names one of these is "
         "written as the value it had in OpenCL C, with a comment: " +
         cuda_macros + ".\n\n";
}

std::string attributeSection() {
  Table table({"attribute", "becomes", "notes"});
  for (const AttributeInfo &attribute : attributeTable())
    table.row(
        {code(attribute.spelling), actionName(attribute.action), cell(attribute.description)});
  return "## Attributes\n\nAttributes not listed are kept.\n\n" + table.str();
}

std::string buildOptionSection() {
  Table table({"option", "form", "Clang", "NVRTC", "notes"});
  for (const BuildOptionInfo &option : buildOptionTable())
    table.row({code(option.spelling), formName(option.form),
               *option.clang_flag ? code(option.clang_flag) : " ",
               *option.nvrtc_flags ? code(option.nvrtc_flags) : " ", cell(option.description)});
  return "## Build options\n\nAny other option is invalid (status 2, "
         "`CL_INVALID_BUILD_OPTIONS`).\n\n" +
         table.str();
}

std::string reservedSection() {
  std::map<std::string, std::string> by_reason;
  for (const ReservedNameInfo &name : reservedNameTable())
    by_reason[name.reason] += (by_reason[name.reason].empty() ? "" : ", ") + code(name.name);
  Table table({"reason", "names"});
  for (const auto &[reason, names] : by_reason)
    table.row({cell(reason), names});
  return "## Reserved names\n\nA user declaration with one of these names is renamed with a "
         "`_cl` suffix, at the declaration and every use.\n\n" +
         table.str();
}

std::string diagnosticSection() {
  Table table({"ID", "severity", "message"});
  for (const DiagnosticInfo &info : diagnosticTable())
    table.row(
        {code(info.id), info.severity == Severity::Error ? "error" : "warning", cell(info.text)});
  return "## The translator's diagnostics\n\nBesides Clang's own, the translator reports "
         "these, with the ID after the message (`error: pipes are not supported by clcuda "
         "[CLC1004]`); an ID keeps its meaning when the words change. `%0`, `%1`... stand "
         "for the names and numbers the message gives.\n\n" +
         table.str();
}

std::string spirvSection() {
  Table variables({"SPIR-V built-in variable", "OpenCL C work-item function"});
#define CL2CUDA_SPIRV_BUILTIN_VARIABLE(builtin, work_item_function)                                \
  variables.row({code(#builtin), code(#work_item_function)});
#include "tables/spirv.def"
#define CL2CUDA_SPIRV_BUILTIN_VALUE(builtin, function)                                             \
  variables.row({code(#builtin), code(#function) + " (whole)"});
#include "tables/spirv.def"
  Table operators({"instruction", "C++ operator", "result", "integer operands"});
#define CL2CUDA_SPIRV_OPERATOR(opcode, cxx, form, operands)                                        \
  operators.row({code(#opcode), code(cxx), #form, #operands});
#include "tables/spirv.def"
  Table atomics({"instruction", "builtin", "operand", "integer operands"});
#define CL2CUDA_SPIRV_ATOMIC(opcode, builtin, operand, operands)                                   \
  atomics.row({code(#opcode), code("clc::" #builtin), #operand, #operands});
#include "tables/spirv.def"
  Table builtin_ops({"instruction", "builtin", "integer operands"});
#define CL2CUDA_SPIRV_BUILTIN_OP(opcode, builtin, operands)                                        \
  builtin_ops.row({code(#opcode), code(#builtin), #operands});
#include "tables/spirv.def"
  Table dots({"instruction", "builtin", "packed form", "first vector", "second vector"});
#define CL2CUDA_SPIRV_INTEGER_DOT(opcode, builtin, packed_builtin, first, second)                  \
  dots.row({code(#opcode), code(#builtin), code(#packed_builtin), #first, #second});
#include "tables/spirv.def"
  Table groups({"instruction", "builtin", "form", "integer operands"});
#define CL2CUDA_SPIRV_GROUP(opcode, builtin, form, operands)                                       \
  groups.row({code(#opcode), code(#builtin), #form, #operands});
#include "tables/spirv.def"
  Table instructions({"OpenCL.std instruction", "builtin", "integer operands"});
#define CL2CUDA_SPIRV_EXT_INST(instruction, builtin, operands)                                     \
  instructions.row({code(#instruction), code(#builtin), #operands});
#include "tables/spirv.def"
  return "## SPIR-V programs\n\nThe SPIR-V front end ([translator.md](translator.md), \"SPIR-V "
         "programs\") reads a built-in variable as its work-item function, a dimension at a "
         "time:\n\n" +
         variables.str() +
         "These instructions are one C++ operator. SPIR-V's integers carry no sign: clcuda keeps "
         "them unsigned, and `Signed` operands are read as the signed type of their size.\n\n" +
         operators.str() +
         "Atomics take their memory order from the instruction's memory semantics and their "
         "scope from its scope operand (`OpAtomicStore` and `OpAtomicCompareExchange` are "
         "written out by the front end):\n\n" +
         atomics.str() +
         "Group instructions are the builtin their scope's prefix (`sub_group_`, `work_group_`) "
         "and the row name (`SubGroupCall`: of sub-group scope only). `Scan` puts the group "
         "operation's `reduce_`, `scan_inclusive_` or "
         "`scan_exclusive_` before the name, `NonUniformScan` the same after `non_uniform_` "
         "(or `clustered_reduce_` for a `ClusteredReduce`), and `BallotCount` names "
         "`ballot_bit_count`, `ballot_inclusive_scan` or `ballot_exclusive_scan`:\n\n" +
         groups.str() +
         "These instructions are an OpenCL C builtin of their operands (a `bool` result is the "
         "builtin's `int` compared with 0):\n\n" +
         builtin_ops.str() +
         "Integer dot products (SPV_KHR_integer_dot_product) are cl_khr_integer_dot_product's "
         "builtins: of two vectors, or of two 32-bit integers packing four 8-bit components "
         "each (`PackedVectorFormat4x8Bit`); the accumulator and result are signed when the "
         "first vector is:\n\n" +
         dots.str() +
         "An `OpenCL.std` instruction is the builtin of the same name (above), except these:\n\n" +
         instructions.str();
}

} // namespace

std::string mappingTablesMarkdown() {
  return "# OpenCL C → CUDA C++ mapping tables\n\n"
         "Generated by `cl2cuda --mapping-table` from `translator/lib/tables/*.def` "
         "(`ninja cl2cuda_mapping_docs`); do not edit. How the translator uses them: "
         "[translator.md](translator.md), [design.md](design.md).\n\n" +
         qualifiersSection() + typesSection() + workItemSection() + builtinSection() +
         readableBuiltinSection() + patternSection() + compilerSection() + attributeSection() +
         buildOptionSection() + reservedSection() + diagnosticSection() + spirvSection();
}

} // namespace cl2cuda
