#include "Tables.h"

#include <llvm/ADT/StringMap.h>
#include <type_traits>

namespace cl2cuda {
namespace {

constexpr BuildOptionInfo kBuildOptions[] = {
#define CL2CUDA_BUILD_OPTION(spelling, form, effect, clang_flag, nvrtc_flags, description)         \
  {spelling,   BuildOptionForm::form, BuildOptionEffect::effect,                                   \
   clang_flag, nvrtc_flags,           description},
#include "tables/build_options.def"
};

constexpr QualifierInfo kQualifiers[] = {
#define CL2CUDA_QUALIFIER(id, opencl, context, cuda, description)                                  \
  {Qualifier::id, opencl, context, cuda, description},
#include "tables/qualifiers.def"
};

constexpr ScalarTypeInfo kScalarTypes[] = {
#define CL2CUDA_SCALAR_TYPE(opencl, cuda, vector_cuda_prefix) {opencl, cuda, vector_cuda_prefix},
#include "tables/types.def"
};

constexpr unsigned kVectorWidths[] = {
#define CL2CUDA_VECTOR_WIDTH(n) n,
#include "tables/types.def"
};

constexpr bool kSupported = true;
constexpr bool kUnsupported = false;
#define CL2CUDA_STATUS(status) k##status

constexpr NamedTypeInfo kNamedTypes[] = {
#define CL2CUDA_NAMED_TYPE(opencl, cuda, module, status, note)                                     \
  {opencl, cuda, module, CL2CUDA_STATUS(status), note},
#include "tables/types.def"
};

constexpr WorkItemInfo kWorkItems[] = {
#define CL2CUDA_WORK_ITEM(name, parameters, needs_ndrange, builtin, wide, since, description)      \
  {#name, parameters, needs_ndrange != 0, builtin, wide != 0, since, description},
#include "tables/work_items.def"
};

constexpr BuiltinInfo kBuiltins[] = {
#define CL2CUDA_BUILTIN(name, family, cuda, module, arguments, status, note)                       \
  {#name, family, cuda, module, BuiltinArguments::arguments, CL2CUDA_STATUS(status), note},
#include "tables/builtins.def"
};

constexpr PatternInfo kPatterns[] = {
#define CL2CUDA_BUILTIN_PATTERN(kind, opencl, cuda, module, description)                           \
  {PatternKind::kind, opencl, cuda, module, description},
#include "tables/builtin_patterns.def"
};

constexpr SuffixInfo kRoundingModes[] = {
#define CL2CUDA_ROUNDING_MODE(suffix, tag) {suffix, tag},
#include "tables/builtin_patterns.def"
};

constexpr SuffixInfo kSaturations[] = {
#define CL2CUDA_SATURATION(suffix, tag) {suffix, tag},
#include "tables/builtin_patterns.def"
};

constexpr CompilerBuiltinInfo kCompilerBuiltins[] = {
#define CL2CUDA_COMPILER_BUILTIN(name, cuda, module, description)                                  \
  {#name, cuda, module, description},
#include "tables/compiler_builtins.def"
};

constexpr PredefinedMacroInfo kPredefinedMacros[] = {
#define CL2CUDA_PREDEFINED_MACRO(name, cuda_body, module) {#name, cuda_body, module},
#include "tables/predefined_macros.def"
};

constexpr AttributeInfo kAttributes[] = {
#define CL2CUDA_ATTRIBUTE(spelling, action, description)                                           \
  {#spelling, AttributeAction::action, description},
#include "tables/attributes.def"
};

constexpr DiagnosticInfo kDiagnostics[] = {
#define CL2CUDA_DIAGNOSTIC(name, id, severity, text)                                               \
  {Diagnostic::name, id, Severity::severity, text},
#include "tables/diagnostics.def"
};

constexpr ReservedNameInfo kReservedNames[] = {
#define CL2CUDA_RESERVED_NAME(name, reason) {#name, reason},
#include "tables/reserved_names.def"
};

#undef CL2CUDA_STATUS

constexpr const char *kCudaMacros[] = {
#define CL2CUDA_CUDA_MACRO(name) #name,
#include "tables/cuda_macros.def"
};

// The row of table `rows` whose `name` member is `key`, through an index
// built on first use (thread-safe); nullptr if none.
template <auto &rows, auto name> auto lookup(llvm::StringRef key) {
  using Row = std::remove_reference_t<decltype(rows[0])>;
  static const llvm::StringMap<Row *> index = [] {
    llvm::StringMap<Row *> map;
    for (Row &row : rows)
      map.try_emplace(row.*name, &row);
    return map;
  }();
  auto found = index.find(key);
  return found == index.end() ? nullptr : found->second;
}

// Replaces every "{key}" of `text` by `value`.
std::string substitute(std::string text, llvm::StringRef key, llvm::StringRef value) {
  std::string placeholder = "{" + key.str() + "}";
  for (size_t at = text.find(placeholder); at != std::string::npos;
       at = text.find(placeholder, at + value.size()))
    text.replace(at, placeholder.size(), value.str());
  return text;
}

const PatternInfo &patternOf(PatternKind kind) {
  for (const PatternInfo &pattern : kPatterns)
    if (pattern.kind == kind)
      return pattern;
  return kPatterns[0];
}

// Splits a trailing rounding suffix off `name`.
const SuffixInfo *takeRoundingSuffix(llvm::StringRef *name) {
  for (const SuffixInfo &mode : kRoundingModes)
    if (*mode.suffix && name->consume_back(mode.suffix))
      return &mode;
  return nullptr;
}

const SuffixInfo &defaultOf(llvm::ArrayRef<SuffixInfo> table) {
  for (const SuffixInfo &entry : table)
    if (!*entry.suffix)
      return entry;
  return table.front();
}

} // namespace

std::optional<std::string> cudaTypeForName(llvm::StringRef name) {
  if (const ScalarTypeInfo *scalar = findScalarType(name))
    return std::string(scalar->cuda);
  size_t digits = name.find_first_of("0123456789");
  if (digits == llvm::StringRef::npos)
    return std::nullopt;
  unsigned width = 0;
  if (name.substr(digits).getAsInteger(10, width) || !isVectorWidth(width))
    return std::nullopt;
  const ScalarTypeInfo *element = findScalarType(name.substr(0, digits));
  if (!element)
    return std::nullopt;
  return cudaVectorTypeName(*element, width);
}

namespace {

// The width in a vload/vstore-style name ("" = 1 for the half forms).
std::optional<unsigned> widthOf(llvm::StringRef digits, bool empty_means_scalar) {
  if (digits.empty())
    return empty_means_scalar ? std::optional<unsigned>(1) : std::nullopt;
  unsigned width = 0;
  if (digits.getAsInteger(10, width) || !isVectorWidth(width))
    return std::nullopt;
  return width;
}

PatternMatch makeMatch(PatternKind kind, const std::string &type, unsigned width,
                       const SuffixInfo *saturation, const SuffixInfo *rounding) {
  const PatternInfo &pattern = patternOf(kind);
  std::string cuda = pattern.cuda;
  cuda = substitute(cuda, "type", type);
  cuda = substitute(cuda, "n", std::to_string(width));
  cuda = substitute(cuda, "sat", (saturation ? *saturation : defaultOf(kSaturations)).tag);
  cuda = substitute(cuda, "round", (rounding ? *rounding : defaultOf(kRoundingModes)).tag);
  cuda = substitute(cuda, "round_arg", rounding ? std::string(", ") + rounding->tag : "");
  return {&pattern, cuda};
}

} // namespace

llvm::ArrayRef<BuildOptionInfo> buildOptionTable() { return kBuildOptions; }
llvm::ArrayRef<QualifierInfo> qualifierTable() { return kQualifiers; }
llvm::StringRef cudaSpelling(Qualifier qualifier) {
  for (const QualifierInfo &info : kQualifiers)
    if (info.id == qualifier)
      return info.cuda;
  return "";
}

llvm::ArrayRef<ScalarTypeInfo> scalarTypeTable() { return kScalarTypes; }
llvm::ArrayRef<unsigned> vectorWidthTable() { return kVectorWidths; }
llvm::ArrayRef<NamedTypeInfo> namedTypeTable() { return kNamedTypes; }
const ScalarTypeInfo *findScalarType(llvm::StringRef opencl_name) {
  return lookup<kScalarTypes, &ScalarTypeInfo::opencl>(opencl_name);
}
const NamedTypeInfo *findNamedType(llvm::StringRef opencl_name) {
  return lookup<kNamedTypes, &NamedTypeInfo::opencl>(opencl_name);
}
bool isVectorWidth(unsigned width) {
  for (unsigned candidate : kVectorWidths)
    if (candidate == width)
      return true;
  return false;
}
std::string cudaVectorTypeName(const ScalarTypeInfo &element, unsigned width) {
  return std::string(element.vector_prefix) + std::to_string(width);
}

llvm::ArrayRef<WorkItemInfo> workItemTable() { return kWorkItems; }
const WorkItemInfo *findWorkItem(llvm::StringRef name) {
  return lookup<kWorkItems, &WorkItemInfo::name>(name);
}

llvm::ArrayRef<BuiltinInfo> builtinTable() { return kBuiltins; }
const BuiltinInfo *findBuiltin(llvm::StringRef name) {
  return lookup<kBuiltins, &BuiltinInfo::name>(name);
}

bool needsNDRange(llvm::StringRef name) {
  std::optional<BuiltinCall> call = resolveBuiltinCall(name);
  return call && call->passes_ndrange;
}

llvm::ArrayRef<PatternInfo> patternTable() { return kPatterns; }
llvm::ArrayRef<SuffixInfo> roundingModeTable() { return kRoundingModes; }
llvm::ArrayRef<SuffixInfo> saturationTable() { return kSaturations; }

std::optional<PatternMatch> matchPattern(llvm::StringRef name) {
  if (name.consume_front("convert_")) {
    const SuffixInfo *rounding = takeRoundingSuffix(&name);
    const SuffixInfo *saturation = nullptr;
    for (const SuffixInfo &entry : kSaturations)
      if (*entry.suffix && name.consume_back(entry.suffix))
        saturation = &entry;
    std::optional<std::string> type = cudaTypeForName(name);
    if (!type)
      return std::nullopt;
    return makeMatch(PatternKind::Convert, *type, 1, saturation, rounding);
  }
  if (name.consume_front("as_")) {
    std::optional<std::string> type = cudaTypeForName(name);
    if (!type)
      return std::nullopt;
    return makeMatch(PatternKind::AsType, *type, 1, nullptr, nullptr);
  }
  struct HalfForm {
    const char *prefix;
    PatternKind kind;
    bool rounding;
  };
  static constexpr HalfForm kHalfForms[] = {
      {"vloada_half", PatternKind::AlignedHalfLoad, false},
      {"vstorea_half", PatternKind::AlignedHalfStore, true},
      {"vload_half", PatternKind::HalfLoad, false},
      {"vstore_half", PatternKind::HalfStore, true},
  };
  for (const HalfForm &form : kHalfForms) {
    llvm::StringRef rest = name;
    if (!rest.consume_front(form.prefix))
      continue;
    const SuffixInfo *rounding = form.rounding ? takeRoundingSuffix(&rest) : nullptr;
    std::optional<unsigned> width = widthOf(rest, true);
    if (!width)
      return std::nullopt;
    return makeMatch(form.kind, "", *width, nullptr, rounding);
  }
  for (auto [prefix, kind] : {std::pair{"vload", PatternKind::VectorLoad},
                              std::pair{"vstore", PatternKind::VectorStore}}) {
    llvm::StringRef rest = name;
    if (!rest.consume_front(prefix))
      continue;
    std::optional<unsigned> width = widthOf(rest, false);
    if (!width)
      return std::nullopt;
    return makeMatch(kind, "", *width, nullptr, nullptr);
  }
  return std::nullopt;
}

PatternMatch asTypePattern(llvm::StringRef cuda_type) {
  return makeMatch(PatternKind::AsType, cuda_type.str(), 1, nullptr, nullptr);
}

std::optional<BuiltinCall> resolveBuiltinCall(llvm::StringRef name) {
  // Work-item functions are not overloaded in the library: their arguments
  // convert as in OpenCL.
  if (const WorkItemInfo *work_item = findWorkItem(name))
    return BuiltinCall{"clc::" + name.str(), kCoreModule, work_item->needs_ndrange, false, true, "",
                       "work-item function"};
  if (const BuiltinInfo *builtin = findBuiltin(name))
    return BuiltinCall{builtin->cuda,
                       builtin->module,
                       builtin->arguments == BuiltinArguments::ExactAfterNDRange,
                       builtin->arguments != BuiltinArguments::Plain,
                       builtin->supported,
                       builtin->note,
                       "builtin"};
  if (std::optional<PatternMatch> match = matchPattern(name))
    return BuiltinCall{match->cuda, match->pattern->module, false, true, true, "", "builtin"};
  return std::nullopt;
}

constexpr ReadableBuiltinInfo kReadableBuiltins[] = {
#define CL2CUDA_READABLE_BUILTIN(name, arguments, cuda, description)                               \
  {#name, arguments, cuda, description},
#include "tables/readable_builtins.def"
};

constexpr const char *kCudaMathFunctions[] = {
#define CLC_CUDA_MATH_1(name) #name,
#define CLC_CUDA_MATH_2(name) #name,
#include <clc/cuda_math_functions.h>
#undef CLC_CUDA_MATH_1
#undef CLC_CUDA_MATH_2
};

llvm::ArrayRef<ReadableBuiltinInfo> readableBuiltinTable() { return kReadableBuiltins; }
const ReadableBuiltinInfo *findReadableBuiltin(llvm::StringRef name, unsigned arguments) {
  for (const ReadableBuiltinInfo &builtin : kReadableBuiltins)
    if (builtin.name == name && builtin.arguments == arguments)
      return &builtin;
  return nullptr;
}
llvm::ArrayRef<const char *> cudaMathFunctionTable() { return kCudaMathFunctions; }
bool isCudaMathFunction(llvm::StringRef name) {
  return llvm::is_contained(kCudaMathFunctions, name);
}

llvm::ArrayRef<CompilerBuiltinInfo> compilerBuiltinTable() { return kCompilerBuiltins; }
const CompilerBuiltinInfo *findCompilerBuiltin(llvm::StringRef name) {
  return lookup<kCompilerBuiltins, &CompilerBuiltinInfo::name>(name);
}

llvm::ArrayRef<PredefinedMacroInfo> predefinedMacroTable() { return kPredefinedMacros; }
const PredefinedMacroInfo *findPredefinedMacro(llvm::StringRef name) {
  return lookup<kPredefinedMacros, &PredefinedMacroInfo::name>(name);
}

llvm::ArrayRef<AttributeInfo> attributeTable() { return kAttributes; }
AttributeAction attributeAction(llvm::StringRef spelling) {
  const AttributeInfo *info = lookup<kAttributes, &AttributeInfo::spelling>(spelling);
  return info ? info->action : AttributeAction::Keep;
}

llvm::ArrayRef<DiagnosticInfo> diagnosticTable() { return kDiagnostics; }

llvm::ArrayRef<ReservedNameInfo> reservedNameTable() { return kReservedNames; }
bool isReservedName(llvm::StringRef name) {
  return lookup<kReservedNames, &ReservedNameInfo::name>(name) != nullptr;
}

llvm::ArrayRef<const char *> cudaMacroTable() { return kCudaMacros; }
bool isCudaMacro(llvm::StringRef name) { return llvm::is_contained(kCudaMacros, name); }

} // namespace cl2cuda
