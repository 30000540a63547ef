// Writes the device library's coverage tests: a call of every builtin
// overload Clang's OpenCL header declares for the features clcuda claims
// (capabilities.def), spelled as the translator spells it and placed in the
// module it names (the translator's own lookup, resolveBuiltinCall in
// translator/lib/Tables.h, over tables/builtins.def, work_items.def and
// builtin_patterns.def), with its result type checked; and every as_type
// pair of equal size. The kernels tests compile each file with NVRTC.
//
// Usage: generate_builtin_tests <clang-resource-directory> <output-directory>
// Exits 1 with a message when the header declares a builtin the tables do
// not place, or the tables support a builtin the header lacks.

#include "Tables.h"

#include <clang-c/Index.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Capabilities {
  std::vector<std::string> versions; // -cl-std values
  std::string extensions;            // the -cl-ext value
  // -D of each extension macro, and of each feature macro for OpenCL C 3.0:
  // Clang 16 leaves some (work-group collectives, the cl_khr_subgroup_*
  // extensions) to its header, which defines them for SPIR only.
  std::vector<std::string> extension_defines;
  std::vector<std::string> feature_defines;
};

Capabilities claimedCapabilities() {
  Capabilities c;
  // Clang's header declares the read_only image builtins whatever the features,
  // and Sema rejects their types without __opencl_c_images.
  c.extensions = "-all,+__opencl_c_images";
#define CLCUDA_EXTENSION(name, major, minor, patch)                                                \
  c.extensions += ",+" #name;                                                                      \
  c.extension_defines.push_back("-D" #name "=1");
#define CLCUDA_C_FEATURE(name, major, minor, patch)                                                \
  c.extensions += ",+" #name;                                                                      \
  c.feature_defines.push_back("-D" #name "=1");
  // An extension's feature macros are defined in every version, as the
  // translator defines them (translator/lib/Frontend.cpp).
#define CLCUDA_EXTENSION_C_FEATURE(name, extension, major, minor, patch)                           \
  c.extensions += ",+" #name;                                                                      \
  c.extension_defines.push_back("-D" #name "=1");
  // OpenCL C 3.1 is 3.0 to Clang 16 (translator/lib/Frontend.cpp): the same overloads.
#define CLCUDA_C_VERSION(major, minor, patch)                                                      \
  if ((major)*10 + (minor) <= 30)                                                                  \
    c.versions.push_back("CL" #major "." #minor);
#include "cl2cuda/capabilities.def"
  // -cl-std=CL2.0 is accepted too (translator/lib/BuildOptions.cpp), though the
  // device does not list it: its atomics without _explicit have no 3.0 feature
  // clcuda claims.
  c.versions.push_back("CL2.0");
  return c;
}

std::string text(CXString s) {
  std::string result = clang_getCString(s) ? clang_getCString(s) : "";
  clang_disposeString(s);
  return result;
}

struct Failure {
  std::string message;
};

// The CUDA spelling of an OpenCL parameter or result type.
std::string cudaType(CXType type) {
  static const std::map<std::string, std::string> typedefs = {
      {"size_t", "size_t"},
      {"ptrdiff_t", "ptrdiff_t"},
      {"intptr_t", "long"},
      {"uintptr_t", "ulong"},
      {"uchar", "uchar"},
      {"ushort", "ushort"},
      {"uint", "uint"},
      {"ulong", "ulong"},
      {"event_t", "clc::event_t"},
      {"memory_order", "clc::memory_order"},
      {"memory_scope", "clc::memory_scope"},
      {"cl_mem_fence_flags", "clc::cl_mem_fence_flags"},
      {"atomic_int", "clc::atomic_int"},
      {"atomic_uint", "clc::atomic_uint"},
      {"atomic_long", "clc::atomic_long"},
      {"atomic_ulong", "clc::atomic_ulong"},
      {"atomic_float", "clc::atomic_float"},
      {"atomic_double", "clc::atomic_double"},
      {"atomic_intptr_t", "clc::atomic_intptr_t"},
      {"atomic_uintptr_t", "clc::atomic_uintptr_t"},
      {"atomic_size_t", "clc::atomic_size_t"},
      {"atomic_ptrdiff_t", "clc::atomic_ptrdiff_t"},
      {"atomic_flag", "clc::atomic_flag"},
  };
  if (type.kind == CXType_Elaborated)
    return cudaType(clang_Type_getNamedType(type));
  if (type.kind == CXType_Pointer) {
    CXType pointee = clang_getPointeeType(type);
    std::string qualifiers;
    if (clang_isConstQualifiedType(pointee) ||
        text(clang_getTypeSpelling(pointee)).find("__constant") != std::string::npos)
      qualifiers += "const ";
    if (clang_isVolatileQualifiedType(pointee))
      qualifiers += "volatile ";
    return qualifiers + cudaType(pointee) + " *";
  }
  if (type.kind == CXType_Typedef) {
    auto known = typedefs.find(text(clang_getTypedefName(type)));
    if (known != typedefs.end())
      return known->second;
    return cudaType(clang_getTypedefDeclUnderlyingType(clang_getTypeDeclaration(type)));
  }
  if (type.kind == CXType_ExtVector) {
    std::string element = cudaType(clang_getElementType(type));
    if (element.rfind("clc::", 0) == 0)
      element = element.substr(5);
    return "clc::" + element + std::to_string(clang_getNumElements(type));
  }
  // Image types (whatever their access qualifier) and sampler_t are image.h's.
  std::string spelling = text(clang_getTypeSpelling(clang_getCanonicalType(type)));
  std::string lastWord = spelling.substr(spelling.rfind(' ') + 1);
  if (lastWord == "sampler_t" || (lastWord.rfind("image", 0) == 0 && lastWord.size() > 2 &&
                                  lastWord.compare(lastWord.size() - 2, 2, "_t") == 0))
    return "clc::" + lastWord;
  switch (clang_getCanonicalType(type).kind) {
  case CXType_Void:
    return "void";
  case CXType_Bool:
    return "bool";
  case CXType_Char_S:
  case CXType_SChar:
    return "char";
  case CXType_UChar:
    return "uchar";
  case CXType_Short:
    return "short";
  case CXType_UShort:
    return "ushort";
  case CXType_Int:
    return "int";
  case CXType_UInt:
    return "uint";
  case CXType_Long:
    return "long";
  case CXType_ULong:
    return "ulong";
  case CXType_Float:
    return "float";
  case CXType_Double:
    return "double";
  case CXType_Half:
    return "clc::half";
  default:
    throw Failure{"no CUDA spelling for the OpenCL type " + text(clang_getTypeSpelling(type))};
  }
}

struct Overload {
  std::string name;
  cl2cuda::BuiltinCall call;
  std::string result;
  std::vector<std::string> parameters;
  std::string declaration; // as Clang prints it, for the generated comment
};

struct Collector {
  std::map<std::string, Overload> overloads; // by name and parameter types
  std::set<std::string> declared;
  std::set<std::string> unplaced; // builtins the tables do not resolve
  std::string error;
};

CXChildVisitResult collectDeclaration(CXCursor cursor, CXCursor, CXClientData data) {
  auto *collector = static_cast<Collector *>(data);
  if (clang_getCursorKind(cursor) != CXCursor_FunctionDecl)
    return CXChildVisit_Continue;
  CXFile file;
  clang_getSpellingLocation(clang_getCursorLocation(cursor), &file, nullptr, nullptr, nullptr);
  std::string path = file ? text(clang_getFileName(file)) : "";
  if (path.find("opencl-c") == std::string::npos)
    return CXChildVisit_Continue;
  std::string name = text(clang_getCursorSpelling(cursor));
  std::optional<cl2cuda::BuiltinCall> call = cl2cuda::resolveBuiltinCall(name);
  if (!call) {
    collector->unplaced.insert(name);
    return CXChildVisit_Continue;
  }
  collector->declared.insert(name);
  // Refused builtins have no definition; printf (no module) is the
  // translator's own rewrite.
  if (!call->supported || !*call->module)
    return CXChildVisit_Continue;
  try {
    Overload overload;
    overload.name = name;
    overload.call = *call;
    overload.result = cudaType(clang_getCursorResultType(cursor));
    std::string key = overload.name + "(";
    for (int i = 0; i < clang_Cursor_getNumArguments(cursor); ++i) {
      overload.parameters.push_back(
          cudaType(clang_getCursorType(clang_Cursor_getArgument(cursor, i))));
      key += overload.parameters.back() + ",";
    }
    overload.declaration = text(clang_getTypeSpelling(clang_getCursorType(cursor)));
    collector->overloads.emplace(key, overload);
  } catch (const Failure &failure) {
    collector->error = failure.message + " (in " + text(clang_getCursorSpelling(cursor)) + ")";
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

// Every builtin overload of Clang's OpenCL header, over all claimed versions.
Collector declaredOverloads(const std::string &resourceDirectory,
                            const Capabilities &capabilities) {
  Collector collector;
  CXIndex index = clang_createIndex(0, 1);
  for (const std::string &version : capabilities.versions) {
    std::vector<std::string> args = {"-resource-dir",
                                     resourceDirectory,
                                     "-x",
                                     "cl",
                                     "-cl-std=" + version,
                                     "-cl-no-stdinc", // not the lazily declared builtins
                                     "-Xclang",
                                     "-finclude-default-header",
                                     "-Xclang",
                                     "-cl-ext=" + capabilities.extensions};
    args.insert(args.end(), capabilities.extension_defines.begin(),
                capabilities.extension_defines.end());
    if (version == "CL3.0")
      args.insert(args.end(), capabilities.feature_defines.begin(),
                  capabilities.feature_defines.end());
    std::vector<const char *> argv;
    for (const std::string &arg : args)
      argv.push_back(arg.c_str());
    CXUnsavedFile probe = {"probe.cl", "", 0};
    CXTranslationUnit unit = nullptr;
    CXErrorCode status = clang_parseTranslationUnit2(
        index, "probe.cl", argv.data(), int(argv.size()), &probe, 1, CXTranslationUnit_None, &unit);
    if (status != CXError_Success || !unit)
      throw Failure{"libclang could not parse Clang's OpenCL header for " + version};
    for (unsigned i = 0; i < clang_getNumDiagnostics(unit); ++i) {
      CXDiagnostic diagnostic = clang_getDiagnostic(unit, i);
      bool error = clang_getDiagnosticSeverity(diagnostic) >= CXDiagnostic_Error;
      std::string message = text(clang_formatDiagnostic(diagnostic, 0));
      clang_disposeDiagnostic(diagnostic);
      if (error)
        throw Failure{"parsing Clang's OpenCL header for " + version + ": " + message};
    }
    clang_visitChildren(clang_getTranslationUnitCursor(unit), collectDeclaration, &collector);
    clang_disposeTranslationUnit(unit);
    if (!collector.error.empty())
      throw Failure{collector.error};
  }
  clang_disposeIndex(index);
  return collector;
}

const char *prelude = R"(// Generated by generate_builtin_tests (testsuite/kernels). Do not edit.
template <class T, class U> struct same_type {
  static constexpr bool value = false;
};
template <class T> struct same_type<T, T> {
  static constexpr bool value = true;
};
template <class Expected, class Actual> __device__ void expect_result(const Actual &) {
  static_assert(same_type<Expected, Actual>::value, "builtin result type");
}
)";

// Writes the calls of one module in files of at most `per_file` calls.
void writeModule(const std::string &directory, const std::string &module,
                 const std::vector<std::string> &calls, std::vector<std::string> &written) {
  const size_t per_file = 1500;
  for (size_t first = 0, part = 0; first < calls.size(); first += per_file, ++part) {
    std::string name = module + "_" + std::to_string(part) + ".cu";
    std::ofstream out(directory + "/" + name);
    out << prelude << "#include <clc/core.h>\n";
    if (module != "core")
      out << "#include <clc/" << module << ".h>\n";
    for (size_t i = first; i < calls.size() && i < first + per_file; ++i)
      out << calls[i];
    if (!out)
      throw Failure{"cannot write " + directory + "/" + name};
    written.push_back(name);
  }
}

std::string testFunction(size_t index, const Overload &overload) {
  std::ostringstream f;
  f << "// " << overload.name << ": " << overload.declaration << "\n__device__ void test_" << index
    << "(";
  std::string arguments;
  if (overload.call.passes_ndrange) {
    f << "const clc::ndrange &clc_ndrange" << (overload.parameters.empty() ? "" : ", ");
    arguments = overload.parameters.empty() ? "clc_ndrange" : "clc_ndrange, ";
  }
  for (size_t i = 0; i < overload.parameters.size(); ++i) {
    f << (i ? ", " : "") << overload.parameters[i] << " a" << i;
    arguments += (i ? ", a" : "a") + std::to_string(i);
  }
  std::string call = overload.call.cuda + "(" + arguments + ")";
  if (overload.result == "void")
    f << ") { " << call << "; }\n";
  else
    f << ") { expect_result<" << overload.result << ">(" << call << "); }\n";
  return f.str();
}

// as_type between every two types of the same size (a 3-vector has the size
// of a 4-vector).
std::vector<std::string> asTypeCalls() {
  struct Scalar {
    const char *name;
    int size;
  };
  const Scalar scalars[] = {{"char", 1}, {"uchar", 1}, {"short", 2}, {"ushort", 2}, {"int", 4},
                            {"uint", 4}, {"long", 8},  {"ulong", 8}, {"float", 4},  {"double", 8}};
  std::vector<std::pair<std::string, int>> types;
  for (const Scalar &s : scalars) {
    types.push_back({s.name, s.size});
    for (int n : {2, 3, 4, 8, 16})
      types.push_back(
          {std::string("clc::") + s.name + std::to_string(n), s.size * (n == 3 ? 4 : n)});
  }
  std::vector<std::string> calls;
  for (const auto &from : types)
    for (const auto &to : types)
      if (from.second == to.second)
        calls.push_back("__device__ void test_as_" + std::to_string(calls.size()) + "(" +
                        from.first + " x) { expect_result<" + to.first + ">(clc::as<" + to.first +
                        ">(x)); }\n");
  return calls;
}

void generate(const std::string &resourceDirectory, const std::string &directory) {
  Collector declared = declaredOverloads(resourceDirectory, claimedCapabilities());
  if (!declared.unplaced.empty()) {
    std::string names;
    for (const std::string &name : declared.unplaced)
      names += " " + name;
    throw Failure{"the translator's tables do not place these builtins of Clang's OpenCL header:" +
                  names};
  }
  // Every builtin the tables support is one the header declares, but the
  // address-space casts, which Clang declares itself.
  const std::set<std::string> clang_declares = {"to_global", "to_local", "to_private"};
  auto checkDeclared = [&](const char *name) {
    std::optional<cl2cuda::BuiltinCall> call = cl2cuda::resolveBuiltinCall(name);
    if (call->supported && *call->module && !declared.declared.count(name) &&
        !clang_declares.count(name))
      throw Failure{std::string("the translator's tables support '") + name +
                    "', which Clang's OpenCL header does not declare for clcuda's capabilities"};
  };
  for (const cl2cuda::BuiltinInfo &builtin : cl2cuda::builtinTable())
    checkDeclared(builtin.name);
  for (const cl2cuda::WorkItemInfo &work_item : cl2cuda::workItemTable())
    checkDeclared(work_item.name);

  std::map<std::string, std::vector<std::string>> callsByModule;
  for (const auto &[key, overload] : declared.overloads) {
    std::string module = overload.call.module;
    std::vector<std::string> &calls = callsByModule[module.substr(0, module.rfind(".h"))];
    calls.push_back(testFunction(calls.size(), overload));
  }

  std::vector<std::string> &core = callsByModule["core"];
  for (std::string &call : asTypeCalls())
    core.push_back(call);

  std::vector<std::string> written;
  for (const auto &[module, calls] : callsByModule)
    writeModule(directory, module, calls, written);
  std::ofstream list(directory + "/tests.txt");
  for (const std::string &name : written)
    list << name << "\n";
  if (!list)
    throw Failure{"cannot write " + directory + "/tests.txt"};
  std::printf("generate_builtin_tests: %zu overloads in %zu files\n", declared.overloads.size(),
              written.size());
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s <clang-resource-directory> <output-directory>\n", argv[0]);
    return 2;
  }
  try {
    generate(argv[1], argv[2]);
  } catch (const Failure &failure) {
    std::fprintf(stderr, "generate_builtin_tests: %s\n", failure.message.c_str());
    return 1;
  }
  return 0;
}
