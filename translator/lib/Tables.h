// The mapping tables (tables/*.def) as typed arrays with lookups. The
// rewriter and the docs generator (MappingDocs.cpp) both read them here.
#pragma once

#include <llvm/ADT/ArrayRef.h>
#include <llvm/ADT/StringRef.h>

#include <optional>
#include <string>

namespace cl2cuda {

// The device-library header every translated program includes.
inline constexpr const char *kCoreModule = "core.h";

// --- build options (tables/build_options.def) ---
enum class BuildOptionForm { Flag, Joined, JoinedOrSeparate, EqualsOrSeparate };
enum class BuildOptionEffect {
  None,
  Define,
  IncludePath,
  LanguageVersion,
  SinglePrecisionConstant,
  KernelArgInfo,
  UniformWorkGroupSize,
};
struct BuildOptionInfo {
  const char *spelling;
  BuildOptionForm form;
  BuildOptionEffect effect;
  const char *clang_flag;
  const char *nvrtc_flags;
  const char *description;
};
llvm::ArrayRef<BuildOptionInfo> buildOptionTable();

// --- qualifiers and keywords (tables/qualifiers.def) ---
enum class Qualifier {
#define CL2CUDA_QUALIFIER(id, opencl, context, cuda, description) id,
#include "tables/qualifiers.def"
};
struct QualifierInfo {
  Qualifier id;
  const char *opencl;
  const char *context;
  const char *cuda;
  const char *description;
};
llvm::ArrayRef<QualifierInfo> qualifierTable();
// The CUDA spelling of a qualifier in its context ("" when it is removed).
llvm::StringRef cudaSpelling(Qualifier qualifier);

// --- types (tables/types.def) ---
struct ScalarTypeInfo {
  const char *opencl;
  const char *cuda;
  const char *vector_prefix; // "clc::float": float4 -> clc::float4
};
struct NamedTypeInfo {
  const char *opencl;
  const char *cuda; // "" = the type it stands for
  const char *module;
  bool supported;
  const char *note;
};
llvm::ArrayRef<ScalarTypeInfo> scalarTypeTable();
llvm::ArrayRef<unsigned> vectorWidthTable();
llvm::ArrayRef<NamedTypeInfo> namedTypeTable();
const ScalarTypeInfo *findScalarType(llvm::StringRef opencl_name);
const NamedTypeInfo *findNamedType(llvm::StringRef opencl_name);
bool isVectorWidth(unsigned width);
// "clc::float4" for ("float", 4).
std::string cudaVectorTypeName(const ScalarTypeInfo &element, unsigned width);

// --- work-item functions (tables/work_items.def) ---
struct WorkItemInfo {
  const char *name;
  const char *parameters;
  bool needs_ndrange;
  const char *builtin; // CUDA's built-in variables, D for the dimension; "" for none
  bool wide;           // the value may pass 32 bits
  unsigned since;
  const char *description;
};
llvm::ArrayRef<WorkItemInfo> workItemTable();
const WorkItemInfo *findWorkItem(llvm::StringRef name);

// --- builtin functions (tables/builtins.def) ---
// ExactAfterNDRange: exact, and the call passes the hidden NDRange first.
enum class BuiltinArguments { Exact, Plain, ExactAfterNDRange };
struct BuiltinInfo {
  const char *name;
  const char *family;
  const char *cuda;
  const char *module;
  BuiltinArguments arguments;
  bool supported;
  const char *note;
};
llvm::ArrayRef<BuiltinInfo> builtinTable();
const BuiltinInfo *findBuiltin(llvm::StringRef name);

// Whether a call of this work-item function or builtin passes the NDRange.
bool needsNDRange(llvm::StringRef name);

// --- name patterns (tables/builtin_patterns.def) ---
enum class PatternKind {
#define CL2CUDA_BUILTIN_PATTERN(kind, opencl, cuda, module, description) kind,
#include "tables/builtin_patterns.def"
};
struct PatternInfo {
  PatternKind kind;
  const char *opencl;
  const char *cuda;
  const char *module;
  const char *description;
};
struct SuffixInfo {
  const char *suffix;
  const char *tag;
};
llvm::ArrayRef<PatternInfo> patternTable();
llvm::ArrayRef<SuffixInfo> roundingModeTable();
llvm::ArrayRef<SuffixInfo> saturationTable();

// A builtin name matched against the patterns: what it becomes and where.
struct PatternMatch {
  const PatternInfo *pattern = nullptr;
  std::string cuda; // the CUDA spelling of the callee
};
std::optional<PatternMatch> matchPattern(llvm::StringRef name);
// The CUDA type for an OpenCL scalar or vector type name ("float4" ->
// "clc::float4"); nullopt if `name` is neither.
std::optional<std::string> cudaTypeForName(llvm::StringRef name);
// For as_<T> (a macro of the base header around __builtin_astype): the CUDA
// callee for a reinterpretation to the type named `cuda_type`.
PatternMatch asTypePattern(llvm::StringRef cuda_type);

// --- a builtin call: the one lookup of how translated code calls a builtin ---
// A work-item function, a row of builtins.def or a name pattern. The rewriter
// and the device library's coverage tests (testsuite/kernels/
// generate_builtin_tests.cpp) both resolve names here, so a builtin is one
// row of one table.
struct BuiltinCall {
  std::string cuda;     // the callee as CUDA spells it
  const char *module;   // the device-library header; "" for none (printf)
  bool passes_ndrange;  // the hidden NDRange is the first argument
  bool casts_arguments; // converted arguments are cast to the chosen overload's types
  bool supported;
  const char *note; // why clcuda refuses it, when it does
  const char *kind; // for cl2cuda --stats: "work-item function" or "builtin"
};
std::optional<BuiltinCall> resolveBuiltinCall(llvm::StringRef name);

// --- readable mode's CUDA spellings (tables/readable_builtins.def and the
// device library's clc/cuda_math_functions.h) ---
struct ReadableBuiltinInfo {
  const char *name;
  unsigned arguments;
  const char *cuda;
  const char *description;
};
llvm::ArrayRef<ReadableBuiltinInfo> readableBuiltinTable();
const ReadableBuiltinInfo *findReadableBuiltin(llvm::StringRef name, unsigned arguments);
// A math builtin whose CUDA global function of the same name the library
// calls for float and double scalars.
llvm::ArrayRef<const char *> cudaMathFunctionTable();
bool isCudaMathFunction(llvm::StringRef name);

// --- compiler builtins (tables/compiler_builtins.def) ---
struct CompilerBuiltinInfo {
  const char *name;
  const char *cuda;
  const char *module;
  const char *description;
};
llvm::ArrayRef<CompilerBuiltinInfo> compilerBuiltinTable();
const CompilerBuiltinInfo *findCompilerBuiltin(llvm::StringRef name);

// --- predefined macros in readable mode (tables/predefined_macros.def) ---
struct PredefinedMacroInfo {
  const char *name;
  const char *cuda_body;
  const char *module;
};
llvm::ArrayRef<PredefinedMacroInfo> predefinedMacroTable();
const PredefinedMacroInfo *findPredefinedMacro(llvm::StringRef name);

// --- attributes (tables/attributes.def) ---
enum class AttributeAction { Keep, Remove, LaunchBounds, UnrollPragma, Unsupported };
struct AttributeInfo {
  const char *spelling;
  AttributeAction action;
  const char *description;
};
llvm::ArrayRef<AttributeInfo> attributeTable();
// Keep for attributes the table does not list.
AttributeAction attributeAction(llvm::StringRef spelling);

// --- reserved names (tables/reserved_names.def) ---
struct ReservedNameInfo {
  const char *name;
  const char *reason;
};
llvm::ArrayRef<ReservedNameInfo> reservedNameTable();
bool isReservedName(llvm::StringRef name);

// --- macros of CUDA compilers (tables/cuda_macros.def) ---
llvm::ArrayRef<const char *> cudaMacroTable();
bool isCudaMacro(llvm::StringRef name);

// --- the translator's diagnostics (tables/diagnostics.def) ---
enum class Diagnostic {
#define CL2CUDA_DIAGNOSTIC(name, id, severity, text) name,
#include "tables/diagnostics.def"
};
enum class Severity { Error, Warning };
struct DiagnosticInfo {
  Diagnostic diagnostic;
  const char *id; // "CLC1001"
  Severity severity;
  const char *text; // Clang's format, %0... the arguments
};
// In the enum's order.
llvm::ArrayRef<DiagnosticInfo> diagnosticTable();

} // namespace cl2cuda
