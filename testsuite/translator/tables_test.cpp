// The mapping tables against what they describe: Clang's OpenCL builtins,
// the device library's modules and builtin table, and docs/mapping.md.
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
    bool known = findBuiltin(name) || findWorkItem(name) || matchPattern(name);
    EXPECT_TRUE(known) << name << " is in no table";
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

// kernels/builtins.def is the device library's own table: the modules and
// the supported set must agree with the translator's.
struct LibraryRow {
  std::string name;
  std::string module;
  bool family;
};

const std::vector<LibraryRow> &libraryRows() {
  static const std::vector<LibraryRow> rows = {
#define CLC_BUILTIN(name, module, spelling) {#name, #module ".h", false},
#define CLC_BUILTIN_FAMILY(prefix, module, spelling) {#prefix, #module ".h", true},
#define CLC_CLANG_BUILTIN(name, module, spelling) {#name, #module ".h", false},
#include "../../kernels/builtins.def"
  };
  return rows;
}

const LibraryRow *libraryRowFor(const std::string &name) {
  const LibraryRow *best = nullptr;
  for (const LibraryRow &row : libraryRows()) {
    bool matches = row.family ? name.rfind(row.name, 0) == 0 : name == row.name;
    if (matches && (!best || !row.family || row.name.size() > best->name.size()))
      best = &row;
    if (matches && !row.family)
      return &row;
  }
  return best;
}

TEST(Tables, AgreeWithTheDeviceLibrarysTable) {
  for (const BuiltinInfo &builtin : builtinTable()) {
    const LibraryRow *row = libraryRowFor(builtin.name);
    if (!builtin.supported || std::string(builtin.name) == "printf")
      continue;
    ASSERT_NE(row, nullptr) << builtin.name << " is supported here but not in the library";
    EXPECT_EQ(row->module, builtin.module) << builtin.name;
  }
  for (const WorkItemInfo &item : workItemTable()) {
    const LibraryRow *row = libraryRowFor(item.name);
    ASSERT_NE(row, nullptr) << item.name;
    EXPECT_EQ(row->module, kCoreModule) << item.name;
  }
  for (const LibraryRow &row : libraryRows()) {
    if (row.family)
      continue;
    const BuiltinInfo *builtin = findBuiltin(row.name);
    bool known =
        (builtin && builtin->supported) || findWorkItem(row.name) || matchPattern(row.name);
    EXPECT_TRUE(known) << row.name << " is in the library but not supported by the translator";
  }
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

TEST(MappingDocs, AreCurrent) {
  std::string committed = readFile(std::string(CLCUDA_SOURCE_DIR) + "/docs/mapping.md");
  EXPECT_EQ(committed, mappingTablesMarkdown())
      << "docs/mapping.md is stale: run `ninja -C build cl2cuda_mapping_docs` and commit it";
}

} // namespace
} // namespace cl2cuda
