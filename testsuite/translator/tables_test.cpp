// The mapping tables against what they describe: Clang's OpenCL builtins,
// the device library's modules, and docs/mapping.md.
#include "Tables.h"

#include <cl2cuda/translator.h>
#include <clcuda/device_library.h>

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace cl2cuda {
namespace {

std::string readFile(const std::string &path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

bool libraryHasModule(const std::string &module) {
  const clcuda::EmbeddedFileSet &headers = clcuda::device_library_headers;
  for (size_t i = 0; i < headers.count; ++i)
    if (headers.files[i].name == "clc/" + module)
      return true;
  return false;
}

// Builtin families of extensions clcuda does not claim (cl_khr_fp16's
// convert_half..., vendors'): Clang declares none of them with the -cl-ext
// the translator passes.
bool isUnclaimedExtension(const std::string &name) {
  for (const char *prefix :
       {"amd_", "arm_", "intel_", "dot_", "bitfield_", "bit_reverse", "convert_half", "__"})
    if (name.rfind(prefix, 0) == 0)
      return true;
  return false;
}

TEST(Tables, CoverEveryBuiltinOfClangsOpenCLHeader) {
  std::string header = readFile(std::string(CLCUDA_CLANG_RESOURCE_INCLUDE) + "/opencl-c.h");
  if (header.empty())
    GTEST_SKIP() << "Clang's opencl-c.h is not installed here";
  std::set<std::string> names;
  std::regex declaration(R"(__ovld[^(;]*?\b([a-z_][a-z_0-9]*)\()");
  for (auto match = std::sregex_iterator(header.begin(), header.end(), declaration);
       match != std::sregex_iterator(); ++match)
    names.insert((*match)[1]);
  ASSERT_GT(names.size(), 500u);
  for (const std::string &name : names) {
    if (isUnclaimedExtension(name))
      continue;
    EXPECT_TRUE(resolveBuiltinCall(name)) << name << " is in no table";
  }
}

TEST(Tables, NameModulesTheDeviceLibraryHas) {
  std::set<std::string> modules = {kCoreModule};
  for (const BuiltinInfo &builtin : builtinTable())
    if (builtin.supported && *builtin.module)
      modules.insert(builtin.module);
  for (const PatternInfo &pattern : patternTable())
    modules.insert(pattern.module);
  for (const NamedTypeInfo &type : namedTypeTable())
    if (type.supported)
      modules.insert(type.module);
  for (const CompilerBuiltinInfo &builtin : compilerBuiltinTable())
    modules.insert(builtin.module);
  for (const PredefinedMacroInfo &macro : predefinedMacroTable())
    modules.insert(macro.module);
  for (const std::string &module : modules)
    EXPECT_TRUE(libraryHasModule(module)) << "kernels/include/clc/" << module;
}

// resolveBuiltinCall is the one lookup of a builtin's call: the rewriter's,
// and the device library's coverage tests' (testsuite/kernels), which compile
// a call of every overload of Clang's header as it spells them.
TEST(Tables, ResolveEveryKindOfBuiltinCall) {
  std::optional<BuiltinCall> global_id = resolveBuiltinCall("get_global_id");
  ASSERT_TRUE(global_id);
  EXPECT_EQ(global_id->cuda, "clc::get_global_id");
  EXPECT_STREQ(global_id->module, kCoreModule);
  EXPECT_TRUE(global_id->passes_ndrange);
  EXPECT_FALSE(global_id->casts_arguments);
  EXPECT_FALSE(resolveBuiltinCall("get_local_id")->passes_ndrange);

  std::optional<BuiltinCall> sin = resolveBuiltinCall("sin");
  EXPECT_EQ(sin->cuda, "clc::sin");
  EXPECT_STREQ(sin->module, "math.h");
  EXPECT_TRUE(sin->casts_arguments);
  EXPECT_FALSE(sin->passes_ndrange);
  EXPECT_FALSE(resolveBuiltinCall("barrier")->casts_arguments); // Plain
  EXPECT_TRUE(resolveBuiltinCall("get_sub_group_ge_mask")->passes_ndrange);
  EXPECT_EQ(resolveBuiltinCall("atom_add")->cuda, "clc::atomic_add");

  std::optional<BuiltinCall> convert = resolveBuiltinCall("convert_uchar4_sat_rtz");
  EXPECT_EQ(convert->cuda, "clc::convert<clc::uchar4, clc::saturate, clc::rtz>");
  EXPECT_STREQ(convert->module, "convert.h");

  std::optional<BuiltinCall> pipe = resolveBuiltinCall("read_pipe");
  ASSERT_TRUE(pipe);
  EXPECT_FALSE(pipe->supported);
  EXPECT_NE(std::string(pipe->note).find("Pipes"), std::string::npos);

  EXPECT_FALSE(resolveBuiltinCall("not_a_builtin"));
}

TEST(Tables, PatternsSpellTheLibrarysTemplates) {
  EXPECT_EQ(matchPattern("convert_int4_sat_rte")->cuda,
            "clc::convert<clc::int4, clc::saturate, clc::rte>");
  EXPECT_EQ(matchPattern("convert_float")->cuda, "clc::convert<float, clc::nosat, clc::rdefault>");
  EXPECT_EQ(matchPattern("as_uchar16")->cuda, "clc::as<clc::uchar16>");
  EXPECT_EQ(matchPattern("vload3")->cuda, "clc::vload<3>");
  EXPECT_EQ(matchPattern("vstore16")->cuda, "clc::vstore<16>");
  EXPECT_EQ(matchPattern("vload_half")->cuda, "clc::vload_half<1>");
  EXPECT_EQ(matchPattern("vstore_half8_rtp")->cuda, "clc::vstore_half<8, clc::rtp>");
  EXPECT_EQ(matchPattern("vstorea_half2")->cuda, "clc::vstorea_half<2>");
  EXPECT_FALSE(matchPattern("convert_int5"));
  EXPECT_FALSE(matchPattern("vload5"));
  EXPECT_FALSE(matchPattern("convert_quux"));
}

// A diagnostic's ID is what users and scripts look up: one meaning each.
TEST(Tables, DiagnosticIdsAreUniqueAndWellFormed) {
  std::set<std::string> seen;
  std::size_t index = 0;
  for (const cl2cuda::DiagnosticInfo &info : cl2cuda::diagnosticTable()) {
    EXPECT_EQ(static_cast<std::size_t>(info.diagnostic), index++) << info.id;
    EXPECT_TRUE(std::regex_match(info.id, std::regex("CLC[1-9][0-9]{3}"))) << info.id;
    EXPECT_TRUE(seen.insert(info.id).second) << info.id << " is used twice";
  }
  EXPECT_GT(seen.size(), 10u);
}

// The sub-group builtin a group row names, by its reduction where it has
// forms (spirv.def, CL2CUDA_SPIRV_GROUP).
std::string spirvGroupBuiltin(const std::string &builtin, const std::string &form) {
  if (form == "Scan")
    return "sub_group_reduce_" + builtin;
  if (form == "NonUniformScan")
    return "sub_group_non_uniform_reduce_" + builtin;
  return "sub_group_" + builtin;
}

// The SPIR-V front end's rows name what the OpenCL C tables have: each
// built-in variable a work-item function, each OpenCL.std rename, atomic and
// group instruction a builtin the device library has, each operator a C++
// operator.
TEST(Tables, SpirvRowsNameWhatTheOtherTablesHave) {
  unsigned rows = 0;
#define CL2CUDA_SPIRV_BUILTIN_VARIABLE(builtin, work_item_function)                                \
  EXPECT_NE(findWorkItem(#work_item_function), nullptr) << #builtin;                               \
  ++rows;
#define CL2CUDA_SPIRV_BUILTIN_VALUE(builtin, function)                                             \
  EXPECT_NE(findBuiltin(#function), nullptr) << #builtin;                                          \
  ++rows;
#define CL2CUDA_SPIRV_EXT_INST(instruction, builtin, operands)                                     \
  {                                                                                                \
    const BuiltinInfo *found = findBuiltin(#builtin);                                              \
    ASSERT_NE(found, nullptr) << #instruction;                                                     \
    EXPECT_TRUE(found->supported) << #instruction;                                                 \
    ++rows;                                                                                        \
  }
#define CL2CUDA_SPIRV_ATOMIC(opcode, builtin, operand, operands)                                   \
  EXPECT_NE(findBuiltin(#builtin), nullptr) << #opcode;                                            \
  ++rows;
#define CL2CUDA_SPIRV_OPERATOR(opcode, cxx, form, operands)                                        \
  EXPECT_TRUE(std::regex_match(cxx, std::regex("[-+*/%<>=!&|^]{1,2}"))) << #opcode;                \
  ++rows;
#define CL2CUDA_SPIRV_BUILTIN_OP(opcode, builtin, operands)                                        \
  EXPECT_NE(findBuiltin(#builtin), nullptr) << #opcode;                                            \
  ++rows;
#define CL2CUDA_SPIRV_GROUP(opcode, builtin, form, operands)                                       \
  EXPECT_NE(findBuiltin(spirvGroupBuiltin(#builtin, #form)), nullptr) << #opcode;                  \
  ++rows;
#include "tables/spirv.def"
  EXPECT_GT(rows, 130u);
}

TEST(MappingDocs, AreCurrent) {
  std::string committed = readFile(std::string(CLCUDA_SOURCE_DIR) + "/docs/mapping.md");
  EXPECT_EQ(committed, mappingTablesMarkdown())
      << "docs/mapping.md is stale: run `ninja -C build cl2cuda_mapping_docs` and commit it";
}

} // namespace
} // namespace cl2cuda
