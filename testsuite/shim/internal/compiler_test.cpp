// The build pipeline without a GPU: the translator (the build's
// libcl2cuda.so), NVRTC and nvJitLink, the kernel cache.
#include "child_process.h"

#include "core/compiler.h"
#include "core/jit_link.h"
#include "core/kernel_cache.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

namespace {

using namespace clcuda;
using namespace clcuda::core;
using clcuda::test::childRole;
using clcuda::test::runChild;
using clcuda::test::startChild;
using clcuda::test::temporaryDirectory;
using clcuda::test::waitForChild;

const GpuTarget kHopper{"sm_90"};

const char kTwoKernels[] = R"(
__kernel void scale(__global float *data, float factor) {
  data[get_global_id(0)] *= factor;
}
__kernel void fill(__global int *data, int value) { data[get_global_id(0)] = value; }
)";

std::atomic<int> translations{0};

// The build's translator, counting how often a build asks for it.
BuildTools tools(KernelCache *cache = nullptr) {
  BuildTools result;
  result.translator = [](std::string &why_not) {
    translations.fetch_add(1);
    return Translator::load(CLCUDA_TRANSLATOR_LIBRARY, why_not);
  };
  result.cache = cache;
  return result;
}

bool isElf(const std::string &bytes) {
  return bytes.rfind("\x7f"
                     "ELF",
                     0) == 0;
}

// The registers a work-item of each function of a CUBIN takes, as the
// driver will give them (EIATTR_REGCOUNT records of .nv.info: symbol index,
// count), by name. A 64-bit little-endian ELF.
std::map<std::string, unsigned> registerCounts(const std::string &cubin) {
  auto read = [&cubin](std::size_t at, auto value) {
    std::memcpy(&value, cubin.data() + at, sizeof value);
    return value;
  };
  struct Section {
    std::uint32_t name, type;
    std::uint64_t offset, size, entry;
  };
  const std::uint64_t headers = read(0x28, std::uint64_t());
  const std::uint16_t header_size = read(0x3A, std::uint16_t()),
                      count = read(0x3C, std::uint16_t()), names = read(0x3E, std::uint16_t());
  std::vector<Section> sections;
  for (std::uint16_t i = 0; i < count; ++i) {
    const std::size_t at = headers + std::size_t(i) * header_size;
    sections.push_back({read(at, std::uint32_t()), read(at + 4, std::uint32_t()),
                        read(at + 24, std::uint64_t()), read(at + 32, std::uint64_t()),
                        read(at + 56, std::uint64_t())});
  }
  auto text = [&cubin](std::uint64_t at) { return std::string(cubin.c_str() + at); };
  std::vector<std::string> symbols;
  for (const Section &section : sections)
    if (section.type == 2) { // SHT_SYMTAB, its names in the string table it links
      const std::uint64_t strings =
          sections[read(headers + (&section - sections.data()) * header_size + 40, std::uint32_t())]
              .offset;
      for (std::uint64_t at = section.offset; at < section.offset + section.size;
           at += section.entry)
        symbols.push_back(text(strings + read(at, std::uint32_t())));
    }
  std::map<std::string, unsigned> counts;
  for (const Section &section : sections) {
    if (text(sections[names].offset + section.name) != ".nv.info")
      continue;
    constexpr unsigned char kSizedValue = 4, kRegisterCount = 0x2f;
    for (std::uint64_t at = section.offset; at < section.offset + section.size;) {
      const unsigned char format = static_cast<unsigned char>(cubin[at]),
                          attribute = static_cast<unsigned char>(cubin[at + 1]);
      const std::uint16_t size = format == kSizedValue ? read(at + 2, std::uint16_t()) : 0;
      if (attribute == kRegisterCount && size == 8)
        counts[symbols.at(read(at + 4, std::uint32_t()))] = read(at + 8, std::uint32_t());
      at += 4 + size;
    }
  }
  return counts;
}

TEST(Build, MakesAnExecutableWithCubinPtxAndMetadata) {
  BuildResult result = buildFromSource(tools(), kTwoKernels, "", kHopper);
  ASSERT_TRUE(result.ok()) << result.log;
  const ProgramBinary &binary = *result.binary;
  EXPECT_EQ(binary.type, cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_EXECUTABLE));
  EXPECT_EQ(binary.arch, "sm_90");
  EXPECT_TRUE(isElf(binary.cubin));
  EXPECT_NE(binary.ptx.find(".entry scale"), std::string::npos);
  EXPECT_NE(binary.ptx.find(".target sm_90"), std::string::npos);
  ASSERT_EQ(binary.units.size(), 1u);
  EXPECT_TRUE(binary.units[0].lto_ir.empty());
  EXPECT_EQ(binary.kernelNames(), (std::vector<std::string>{"scale", "fill"}));
  EXPECT_GT(result.times.nvrtc, 0);
}

TEST(Build, TranslatorErrorsAreAtTheUsersLines) {
  BuildResult result = buildFromSource(
      tools(), "__kernel void k(__global int *x) {\n\n  x[0] = y;\n}\n", "", kHopper);
  EXPECT_EQ(result.failure, BuildFailure::failed);
  EXPECT_NE(result.log.find(":3:"), std::string::npos) << result.log;
  EXPECT_NE(result.log.find("undeclared identifier 'y'"), std::string::npos) << result.log;
}

TEST(Build, NvrtcErrorsAreAtTheClLines) {
  // The translator's #line directives name the user's file and lines.
  NvrtcOutput output =
      compileCuda("#line 7 \"input.cl\"\nint broken = ;\n", kHopper, {}, CompileKind::whole);
  EXPECT_FALSE(output.ok);
  EXPECT_NE(output.log.find("input.cl(7)"), std::string::npos) << output.log;
}

TEST(Build, InvalidOptionsAreNamed) {
  BuildResult result = buildFromSource(tools(), kTwoKernels, "-cl-no-such-option", kHopper);
  EXPECT_EQ(result.failure, BuildFailure::invalid_options);
  EXPECT_NE(result.log.find("-cl-no-such-option"), std::string::npos) << result.log;
}

TEST(Build, OptionsReachNvrtc) {
  BuildResult fast = buildFromSource(tools(), kTwoKernels, "-cl-fast-relaxed-math", kHopper);
  ASSERT_TRUE(fast.ok()) << fast.log;
  const std::vector<std::string> &options = fast.binary->units[0].metadata.nvrtc_options;
  EXPECT_NE(std::find(options.begin(), options.end(), "--use_fast_math"), options.end());
  BuildResult defined =
      buildFromSource(tools(), "__kernel void k(__global int *x) { x[0] = N; }", "-D N=3", kHopper);
  ASSERT_TRUE(defined.ok()) << defined.log;
  BuildResult undefined =
      buildFromSource(tools(), "__kernel void k(__global int *x) { x[0] = N; }", "", kHopper);
  EXPECT_EQ(undefined.failure, BuildFailure::failed);
}

TEST(Build, DenormalsAreFlushedOnlyWhenAsked) {
  const char source[] =
      "__kernel void sum(float a, float b, __global float *out) { out[0] = a + b; }\n";
  BuildResult flushed = buildFromSource(tools(), source, "-cl-denorms-are-zero", kHopper);
  BuildResult kept = buildFromSource(tools(), source, "", kHopper);
  ASSERT_TRUE(flushed.ok() && kept.ok()) << flushed.log << kept.log;
  EXPECT_NE(flushed.binary->ptx.find("add.ftz.f32"), std::string::npos) << flushed.binary->ptx;
  EXPECT_EQ(kept.binary->ptx.find(".ftz"), std::string::npos) << kept.binary->ptx;
}

TEST(Build, ThePtxNamesItsCompileOptions) {
  // CUDA's compute cache, which NVRTC's PTX-to-SASS step goes through, keys
  // without the floating-point modes: builds that differ only in them must
  // differ in their PTX, or one gets the other's SASS.
  const std::string source = "extern \"C\" __global__ void k(float *x) { x[0] += x[1]; }\n";
  NvrtcOutput plain = compileCuda(source, kHopper, {}, CompileKind::whole);
  NvrtcOutput flushed = compileCuda(source, kHopper, {"--ftz=true"}, CompileKind::whole);
  ASSERT_TRUE(plain.ok && flushed.ok) << plain.log << flushed.log;
  EXPECT_NE(flushed.ptx.find("clc_nvrtc_options"), std::string::npos) << flushed.ptx;
  auto withoutFtz = [](std::string ptx) {
    for (std::size_t at; (at = ptx.find(".ftz")) != std::string::npos;)
      ptx.erase(at, 4);
    return ptx;
  };
  EXPECT_NE(withoutFtz(plain.ptx), withoutFtz(flushed.ptx))
      << "the two builds' PTX differ only in .ftz modifiers";
}

// The NVRTC option of the options stamp in a build's PTX that begins with
// `prefix` ("--split-compile="), "" when there is none.
std::string stampedOption(const BuildResult &result, const std::string &prefix) {
  if (!result.ok())
    return "build failed: " + result.log;
  // The stamp is a byte array in the PTX: `clc_nvrtc_options[N] = {45, 97, ...}`.
  const std::string &ptx = result.binary->ptx;
  const std::size_t name = ptx.find("clc_nvrtc_options");
  const std::size_t open = ptx.find('{', name), close = ptx.find('}', open);
  if (name == std::string::npos || open == std::string::npos || close == std::string::npos)
    return "no options stamp in the PTX";
  std::string options;
  std::istringstream bytes(ptx.substr(open + 1, close - open - 1));
  for (int byte; bytes >> byte; bytes.ignore(1, ','))
    options += static_cast<char>(byte);
  const std::size_t at = options.find(prefix);
  return at == std::string::npos ? "" : options.substr(at, options.find_first_of(" ", at) - at);
}

// NVVM optimizes a program of several kernels a kernel a thread
// (CLCUDA_SPLIT_COMPILE caps the threads); the options stamp in the PTX
// says how many, since the code depends on it.
TEST(Build, ProgramsOfSeveralKernelsAreOptimizedAKernelAThread) {
  const char one_kernel[] = "__kernel void k(__global int *x) { x[0] = 1; }\n";
  const std::string split = "--split-compile=";
  if (childRole()) {
    EXPECT_EQ(stampedOption(buildFromSource(tools(), kTwoKernels, "", kHopper), split), "");
    return;
  }
  EXPECT_EQ(stampedOption(buildFromSource(tools(), kTwoKernels, "", kHopper), split),
            "--split-compile=2");
  EXPECT_EQ(stampedOption(buildFromSource(tools(), one_kernel, "", kHopper), split), "");
  const auto child = runChild("split compile off", {"CLCUDA_SPLIT_COMPILE=1"});
  EXPECT_EQ(child.exit_code, 0) << child.output;
}

// CLCUDA_FAST_COMPILE asks NVRTC for less optimization; off by default,
// since it costs kernels up to a quarter of their speed (docs/performance.md).
TEST(Build, FastCompileIsAskedOnlyWhenSet) {
  const std::string fast = "--Ofast-compile=";
  if (const char *role = childRole()) {
    EXPECT_EQ(stampedOption(buildFromSource(tools(), kTwoKernels, "", kHopper), fast),
              std::string(fast) + role);
    return;
  }
  EXPECT_EQ(stampedOption(buildFromSource(tools(), kTwoKernels, "", kHopper), fast), "");
  for (const auto &[level, name] : {std::pair{"1", "min"}, std::pair{"3", "max"}}) {
    const auto child = runChild(name, {std::string("CLCUDA_FAST_COMPILE=") + level});
    EXPECT_EQ(child.exit_code, 0) << child.output;
  }
}

TEST(Build, EachVerboseCompileHasPtxOfItsOwn) {
  // The compute cache serves PTX it has seen without running ptxas, and then
  // -cl-nv-verbose's report is missing: two verbose compiles of one source
  // must differ in their PTX; plain compiles must not.
  const std::string source = "extern \"C\" __global__ void k(float *x) { x[0] += x[1]; }\n";
  NvrtcOutput first = compileCuda(source, kHopper, {"--ptxas-options=-v"}, CompileKind::whole);
  NvrtcOutput second = compileCuda(source, kHopper, {"--ptxas-options=-v"}, CompileKind::whole);
  ASSERT_TRUE(first.ok && second.ok) << first.log << second.log;
  EXPECT_NE(first.ptx, second.ptx);
  EXPECT_NE(second.log.find("ptxas info"), std::string::npos) << second.log;
  NvrtcOutput plain = compileCuda(source, kHopper, {}, CompileKind::whole);
  NvrtcOutput again = compileCuda(source, kHopper, {}, CompileKind::whole);
  EXPECT_EQ(plain.ptx, again.ptx);
}

// Compiles `source` with the precompiled headers until one compile uses
// them (the second makes them); its output.
NvrtcOutput compileOncePrecompiled(const std::string &source) {
  const CompileAids precompiled{false, true};
  NvrtcOutput output;
  for (int attempt = 0; attempt < 3; ++attempt) {
    output = compileCuda(source, kHopper, {"--ftz=true"}, CompileKind::whole, precompiled);
    if (!output.ok || output.precompiled_headers)
      break;
  }
  return output;
}

TEST(PrecompiledHeaders, LaterCompilesUseThemAndGiveTheSameCode) {
  const std::string source = "#include <clc/core.h>\n#line 1 \"input.cl\"\n"
                             "extern \"C\" __global__ void k(clc::float4 *x) { x[0] += x[1]; }\n";
  NvrtcOutput plain = compileCuda(source, kHopper, {"--ftz=true"}, CompileKind::whole);
  NvrtcOutput precompiled = compileOncePrecompiled(source);
  ASSERT_TRUE(plain.ok && precompiled.ok) << plain.log << precompiled.log;
  ASSERT_TRUE(precompiled.precompiled_headers) << "the third compile did not use them";
  EXPECT_FALSE(plain.precompiled_headers);
  EXPECT_EQ(precompiled.ptx, plain.ptx);
  EXPECT_EQ(precompiled.cubin, plain.cubin);
  EXPECT_EQ(precompiled.log, plain.log) << "NVRTC's PCH messages stay out of the build log";
  // Builds on several threads at once take them too.
  std::vector<NvrtcOutput> outputs(4);
  std::vector<std::thread> threads;
  for (NvrtcOutput &output : outputs)
    threads.emplace_back([&] {
      output = compileCuda(source, kHopper, {"--ftz=true"}, CompileKind::whole, {false, true});
    });
  for (std::thread &thread : threads)
    thread.join();
  for (const NvrtcOutput &output : outputs) {
    EXPECT_TRUE(output.ok && output.precompiled_headers) << output.log;
    EXPECT_EQ(output.ptx, plain.ptx);
  }
  // Separate compilation (clCompileProgram) too: the same LTO IR.
  NvrtcOutput object = compileCuda(source, kHopper, {}, CompileKind::relocatable);
  NvrtcOutput precompiled_object;
  for (int attempt = 0; attempt < 3 && !precompiled_object.precompiled_headers; ++attempt)
    precompiled_object = compileCuda(source, kHopper, {}, CompileKind::relocatable, {false, true});
  ASSERT_TRUE(object.ok && precompiled_object.ok) << precompiled_object.log;
  EXPECT_TRUE(precompiled_object.precompiled_headers);
  EXPECT_EQ(precompiled_object.lto_ir, object.lto_ir);
}

TEST(PrecompiledHeaders, OnlyASourceThatBeginsWithTheLibraryUsesThem) {
  const std::string source = "#line 1 \"input.cl\"\n#include <clc/core.h>\n"
                             "extern \"C\" __global__ void k(float *x) { x[0] += x[1]; }\n";
  for (int attempt = 0; attempt < 3; ++attempt) {
    NvrtcOutput output = compileCuda(source, kHopper, {}, CompileKind::whole, {false, true});
    ASSERT_TRUE(output.ok) << output.log;
    EXPECT_FALSE(output.precompiled_headers);
  }
}

TEST(PrecompiledHeaders, WithoutATemporaryDirectoryBuildsCompileWithoutThem) {
  const std::string source = "#include <clc/core.h>\n#line 1 \"input.cl\"\n"
                             "extern \"C\" __global__ void k(float *x) { x[0] += x[1]; }\n";
  if (childRole()) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      NvrtcOutput output = compileCuda(source, kHopper, {}, CompileKind::whole, {false, true});
      ASSERT_TRUE(output.ok) << output.log;
      EXPECT_FALSE(output.precompiled_headers);
    }
    return;
  }
  const auto child = runChild("no temporary directory", {"TMPDIR=/nonexistent/clcuda"});
  EXPECT_EQ(child.exit_code, 0) << child.output;
}

// The file is removed as soon as it is made, and read through its open
// descriptor: a process that is killed leaves nothing in TMPDIR.
TEST(PrecompiledHeaders, LeaveNoFileBehindEvenWhileInUse) {
  const std::string source = "#include <clc/core.h>\n#line 1 \"input.cl\"\n"
                             "extern \"C\" __global__ void k(float *x) { x[0] *= x[1]; }\n";
  if (childRole()) {
    NvrtcOutput output = compileOncePrecompiled(source);
    ASSERT_TRUE(output.ok && output.precompiled_headers) << output.log;
    EXPECT_TRUE(std::filesystem::is_empty(std::getenv("TMPDIR")));
    return;
  }
  const std::string directory = temporaryDirectory();
  const auto child = runChild("leaves nothing", {"TMPDIR=" + directory});
  EXPECT_EQ(child.exit_code, 0) << child.output;
  EXPECT_TRUE(std::filesystem::is_empty(directory));
}

TEST(Build, FunctionScopeStaticsAreGlobalVariables) {
  // CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE counts them (the CTS's
  // progvar_func_scope); constant and private ones are not global storage.
  BuildResult result = buildFromSource(tools(), R"(
typedef struct { char c; int16 i; } pair_t;
global int counter;
kernel void bump(global int *value, int which) {
  static constant int table[2] = {1, 2};
  if (which) {
    static global pair_t persistent = {'a', (int16)(1)};
    *value = persistent.i.sf++ + table[which];
  } else {
    static pair_t persistent = {'b', (int16)(2)};
    *value = persistent.i.sf++ + counter++;
  }
}
)",
                                       "-cl-std=CL2.0", kHopper);
  ASSERT_TRUE(result.ok()) << result.log;
  std::vector<std::pair<std::string, uint64_t>> variables;
  for (const cl2cuda::ProgramVariable &variable : result.binary->units[0].metadata.global_variables)
    variables.emplace_back(variable.name, variable.size);
  EXPECT_EQ(variables, (std::vector<std::pair<std::string, uint64_t>>{
                           {"counter", 4}, {"bump::persistent", 128}, {"bump::persistent", 128}}));
}

TEST(Build, MissingTranslatorIsReported) {
  BuildTools none;
  none.translator = [](std::string &why_not) {
    return Translator::load("/nonexistent/libcl2cuda.so", why_not);
  };
  BuildResult result = buildFromSource(none, kTwoKernels, "", kHopper);
  EXPECT_EQ(result.failure, BuildFailure::tool_missing);
  EXPECT_NE(result.log.find("/nonexistent/libcl2cuda.so"), std::string::npos) << result.log;
}

TEST(Build, GpuNewerThanNvrtcGetsPtxForTheDriver) {
  const GpuTarget future = targetFor(99, 0);
  EXPECT_FALSE(future.real()) << future.arch;
  EXPECT_EQ(targetFor(9, 0).arch, "sm_90");
  BuildResult result = buildFromSource(tools(), kTwoKernels, "", future);
  ASSERT_TRUE(result.ok()) << result.log;
  EXPECT_TRUE(result.binary->cubin.empty());
  EXPECT_NE(result.binary->ptx.find(".entry fill"), std::string::npos);
}

TEST(Build, RetargetCompilesTheUnitsAgain) {
  BuildResult ampere = buildFromSource(tools(), kTwoKernels, "", GpuTarget{"sm_80"});
  ASSERT_TRUE(ampere.ok()) << ampere.log;
  BuildResult hopper = retarget(*ampere.binary, kHopper);
  ASSERT_TRUE(hopper.ok()) << hopper.log;
  EXPECT_EQ(hopper.binary->arch, "sm_90");
  EXPECT_TRUE(isElf(hopper.binary->cubin));
  EXPECT_NE(hopper.binary->cubin, ampere.binary->cubin);
  EXPECT_EQ(hopper.binary->kernelNames(), ampere.binary->kernelNames());
}

// ---- separate compilation ----

const char kCaller[] = R"(
float twice(float x);
__kernel void apply(__global float *data) { data[0] = twice(data[0]); }
)";
const char kCallee[] = "float twice(float x) { return 2.0f * x; }\n";

BuildResult compiled(const char *source) { return compileFromSource(tools(), source, "", {}); }

TEST(Link, CompiledObjectsLinkIntoAnExecutable) {
  BuildResult caller = compiled(kCaller), callee = compiled(kCallee);
  ASSERT_TRUE(caller.ok()) << caller.log;
  ASSERT_TRUE(callee.ok()) << callee.log;
  EXPECT_EQ(caller.binary->type, cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT));
  // Translated only: the link compiles it, for its device.
  EXPECT_TRUE(caller.binary->units[0].lto_ir.empty());
  EXPECT_TRUE(caller.binary->arch.empty());
  BuildResult linked =
      linkBinaries(tools(), {caller.binary.get(), callee.binary.get()}, "", kHopper);
  ASSERT_TRUE(linked.ok()) << linked.log;
  EXPECT_EQ(linked.binary->type, cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_EXECUTABLE));
  EXPECT_TRUE(isElf(linked.binary->cubin));
  EXPECT_EQ(linked.binary->units.size(), 2u);
  EXPECT_EQ(linked.binary->kernelNames(), std::vector<std::string>{"apply"});
}

// A link compiles its units' kernels a thread each, as the build of one
// program of as many kernels does: the linked code is what nvJitLink makes
// of the units' LTO IR with ptxas's --split-compile, not without it (which
// differs).
TEST(Link, ItsPtxasCompilesAKernelAThread) {
  BuildResult caller = compiled(kCaller);
  BuildResult kernel = compiled("__kernel void scale(__global float *data, float factor) {\n"
                                "  data[get_global_id(0)] *= factor;\n}\n");
  BuildResult callee = compiled(kCallee);
  ASSERT_TRUE(caller.ok() && kernel.ok() && callee.ok()) << caller.log << kernel.log << callee.log;
  BuildResult linked = linkBinaries(
      tools(), {caller.binary.get(), kernel.binary.get(), callee.binary.get()}, "", kHopper);
  ASSERT_TRUE(linked.ok()) << linked.log;
  std::vector<LinkPart> parts;
  for (const ProgramUnit &unit : linked.binary->units)
    parts.push_back({LinkInput::lto_ir, &unit.lto_ir, "unit"});
  auto link = [&](const std::vector<std::string> &options) {
    LinkOutput output = linkDeviceCode(parts, kHopper, options);
    EXPECT_TRUE(output.ok) << output.log;
    return output.cubin;
  };
  EXPECT_EQ(linked.binary->cubin, link({"-Xptxas=--split-compile=2"}));
  EXPECT_NE(linked.binary->cubin, link({}));
}

// A link's units are compiled at once, on threads of their own; every
// unit's messages reach the log, in unit order, and one failed unit fails
// the link (two broken units here: both are reported).
TEST(Link, UnitsCompileConcurrentlyAndReportInOrder) {
  auto unit = [](const std::string &cuda) {
    ProgramBinary object;
    object.type = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
    object.units.push_back({cuda, {}, {}, nullptr});
    return object;
  };
  const ProgramBinary first = unit("#error first unit broken\n"), fine = unit("int x;\n"),
                      second = unit("#error second unit broken\n");
  BuildResult linked = linkBinaries(tools(), {&first, &fine, &second}, "", kHopper);
  EXPECT_FALSE(linked.ok());
  const std::size_t first_at = linked.log.find("first unit broken");
  const std::size_t second_at = linked.log.find("second unit broken");
  ASSERT_NE(first_at, std::string::npos) << linked.log;
  ASSERT_NE(second_at, std::string::npos) << linked.log;
  EXPECT_LT(first_at, second_at) << linked.log;
  BuildResult caller = compiled(kCaller), callee = compiled(kCallee);
  ASSERT_TRUE(caller.ok() && callee.ok()) << caller.log << callee.log;
  BuildResult together =
      linkBinaries(tools(), {caller.binary.get(), callee.binary.get()}, "", kHopper);
  ASSERT_TRUE(together.ok()) << together.log;
  EXPECT_FALSE(together.binary->units[0].lto_ir.empty());
  EXPECT_FALSE(together.binary->units[1].lto_ir.empty());
  EXPECT_GT(together.times.nvrtc, 0);
}

// An executable linked from several units is kept in the kernel cache: the
// same units linked again with the same options (an application's next
// start) compile nothing; another option, unit or order is another entry.
TEST(Link, TheSameUnitsLinkedAgainAreACacheHit) {
  KernelCache cache(temporaryDirectory());
  BuildResult caller = compileFromSource(tools(&cache), kCaller, "", {});
  BuildResult callee = compileFromSource(tools(&cache), kCallee, "", {});
  ASSERT_TRUE(caller.ok() && callee.ok()) << caller.log << callee.log;
  const std::vector<const ProgramBinary *> units = {caller.binary.get(), callee.binary.get()};
  BuildResult first = linkBinaries(tools(&cache), units, "", kHopper);
  ASSERT_TRUE(first.ok()) << first.log;
  EXPECT_EQ(first.cache_note, "miss, stored");
  EXPECT_GT(first.times.link, 0);
  BuildResult again = linkBinaries(tools(&cache), units, "", kHopper);
  ASSERT_TRUE(again.ok()) << again.log;
  EXPECT_EQ(again.cache_note.rfind("hit", 0), 0u) << again.cache_note;
  EXPECT_EQ(again.times.link, 0);
  EXPECT_EQ(again.binary->type, cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_EXECUTABLE));
  EXPECT_EQ(again.binary->cubin, first.binary->cubin);
  EXPECT_EQ(again.binary->kernelNames(), std::vector<std::string>{"apply"});
  BuildResult flushed = linkBinaries(tools(&cache), units, "-cl-denorms-are-zero", kHopper);
  EXPECT_EQ(flushed.cache_note, "miss, stored");
  BuildResult other_callee =
      compileFromSource(tools(&cache), "float twice(float x) { return x + x; }\n", "", {});
  ASSERT_TRUE(other_callee.ok()) << other_callee.log;
  BuildResult changed =
      linkBinaries(tools(&cache), {caller.binary.get(), other_callee.binary.get()}, "", kHopper);
  ASSERT_TRUE(changed.ok()) << changed.log;
  EXPECT_EQ(changed.cache_note, "miss, stored");
  BuildResult reordered =
      linkBinaries(tools(&cache), {callee.binary.get(), caller.binary.get()}, "", kHopper);
  EXPECT_EQ(reordered.cache_note, "miss, stored");
  // A library is not an executable: it is made again, not cached.
  BuildResult library = linkBinaries(tools(&cache), units, "-create-library", kHopper);
  ASSERT_TRUE(library.ok()) << library.log;
  EXPECT_EQ(library.cache_note, "");
}

// hashcat compiles each program and links it alone: that is a build of its
// source, with what a build does (uncalled functions left out, the cache).
TEST(Link, AnObjectLinkedAloneIsBuiltAsAWholeProgram) {
  const std::string source =
      std::string(kCallee) + "float unused(float x) { return x; }\n" +
      "__kernel void apply(__global float *data) { data[0] = twice(data[0]); }\n";
  KernelCache cache(temporaryDirectory());
  BuildResult built = buildFromSource(tools(&cache), source, "-DN=1", kHopper);
  BuildResult object = compileFromSource(tools(&cache), source, "-DN=1", {});
  ASSERT_TRUE(built.ok() && object.ok()) << built.log << object.log;
  EXPECT_NE(object.binary->units[0].cuda_source.find("unused"), std::string::npos);
  BuildResult linked = linkBinaries(tools(&cache), {object.binary.get()}, "", kHopper);
  ASSERT_TRUE(linked.ok()) << linked.log;
  EXPECT_EQ(linked.cache_note.rfind("hit", 0), 0u) << linked.cache_note;
  EXPECT_EQ(linked.binary->cubin, built.binary->cubin);
  EXPECT_TRUE(linked.binary->units[0].lto_ir.empty());
  EXPECT_EQ(linked.binary->units[0].cuda_source.find("unused"), std::string::npos);
  // With a link option that a build has no word for, nvJitLink links it.
  BuildResult flushed =
      linkBinaries(tools(&cache), {object.binary.get()}, "-cl-denorms-are-zero", kHopper);
  ASSERT_TRUE(flushed.ok()) << flushed.log;
  EXPECT_FALSE(flushed.binary->units[0].lto_ir.empty());
}

// The compile translated the source as a whole program too, from its one
// parse: the link of the unit alone does not translate again, and builds
// what a build of the source builds.
TEST(Link, AnObjectLinkedAloneIsNotTranslatedAgain) {
  const std::string source =
      std::string(kCallee) +
      "__kernel void apply(__global float *data) { data[0] = twice(data[0]); }\n";
  BuildResult object = compileFromSource(tools(), source, "-DN=1", {});
  ASSERT_TRUE(object.ok()) << object.log;
  const int before_link = translations.load();
  BuildResult linked = linkBinaries(tools(), {object.binary.get()}, "", kHopper);
  ASSERT_TRUE(linked.ok()) << linked.log;
  EXPECT_EQ(translations.load(), before_link);
  EXPECT_EQ(linked.times.translate, 0.0);
  BuildResult built = buildFromSource(tools(), source, "-DN=1", kHopper);
  ASSERT_TRUE(built.ok()) << built.log;
  EXPECT_EQ(linked.binary->units[0].cuda_source, built.binary->units[0].cuda_source);
  EXPECT_EQ(linked.binary->units[0].metadata.serialize(),
            built.binary->units[0].metadata.serialize());
  EXPECT_EQ(linked.binary->cubin, built.binary->cubin);
  EXPECT_EQ(linked.log, built.log);
}

// A unit may call a function it does not define; linked alone it is a whole
// program that lacks it: the link fails with the translator's words, as the
// build of that source does, and the compile did not.
TEST(Link, AnObjectLinkedAloneFailsAsItsBuildDoes) {
  BuildResult object = compiled(kCaller);
  ASSERT_TRUE(object.ok()) << object.log;
  EXPECT_EQ(object.log.find("twice"), std::string::npos) << object.log;
  BuildResult linked = linkBinaries(tools(), {object.binary.get()}, "", kHopper);
  BuildResult built = buildFromSource(tools(), kCaller, "", kHopper);
  EXPECT_FALSE(linked.ok());
  EXPECT_FALSE(built.ok());
  EXPECT_NE(linked.log.find("'twice'"), std::string::npos) << linked.log;
  EXPECT_EQ(linked.log, built.log);
}

// A compiled object's binary holds CUDA C++ and no architecture: it parses,
// and a link in another process compiles it.
TEST(Link, AnObjectsBinaryIsCompiledByTheLinkThatReadsIt) {
  BuildResult caller = compiled(kCaller), callee = compiled(kCallee);
  ASSERT_TRUE(caller.ok() && callee.ok());
  ProgramBinary read;
  std::string why;
  ASSERT_TRUE(parseBinary(serializeBinary(*callee.binary), read, why)) << why;
  EXPECT_EQ(read.units[0].origin, nullptr);
  BuildResult alone = linkBinaries(tools(), {&read}, "", kHopper);
  ASSERT_TRUE(alone.ok()) << alone.log;
  EXPECT_FALSE(alone.binary->units[0].lto_ir.empty());
  BuildResult linked = linkBinaries(tools(), {caller.binary.get(), &read}, "", kHopper);
  ASSERT_TRUE(linked.ok()) << linked.log;
  EXPECT_EQ(linked.binary->kernelNames(), std::vector<std::string>{"apply"});
}

TEST(Link, HeadersOfCompileAreInMemory) {
  BuildResult result = compileFromSource(
      tools(), "#include \"inc/value.h\"\n__kernel void k(__global int *x) { x[0] = VALUE; }\n", "",
      {{"inc/value.h", "#define VALUE 42\n"}});
  ASSERT_TRUE(result.ok()) << result.log;
}

TEST(Link, UndefinedFunctionsFailWithTheLinkersWords) {
  BuildResult caller = compiled(kCaller), other = compiled(kTwoKernels);
  ASSERT_TRUE(caller.ok() && other.ok()) << caller.log << other.log;
  BuildResult linked =
      linkBinaries(tools(), {caller.binary.get(), other.binary.get()}, "", kHopper);
  EXPECT_EQ(linked.failure, BuildFailure::failed);
  EXPECT_NE(linked.log.find("twice"), std::string::npos) << linked.log;
}

TEST(Link, LibrariesKeepTheirUnitsAndLinkLater) {
  BuildResult caller = compiled(kCaller), callee = compiled(kCallee);
  ASSERT_TRUE(caller.ok() && callee.ok());
  BuildResult library = linkBinaries(tools(), {callee.binary.get()}, "-create-library", kHopper);
  ASSERT_TRUE(library.ok()) << library.log;
  EXPECT_EQ(library.binary->type, cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_LIBRARY));
  EXPECT_TRUE(library.binary->cubin.empty());
  BuildResult linked = linkBinaries(tools(), {caller.binary.get(), library.binary.get()},
                                    "-cl-fast-relaxed-math", kHopper);
  ASSERT_TRUE(linked.ok()) << linked.log;
  EXPECT_TRUE(isElf(linked.binary->cubin));
}

TEST(Link, AKernelDefinedTwiceFails) {
  BuildResult first = compiled(kCaller), second = compiled(kCaller);
  ASSERT_TRUE(first.ok() && second.ok());
  BuildResult linked =
      linkBinaries(tools(), {first.binary.get(), second.binary.get()}, "", kHopper);
  EXPECT_EQ(linked.failure, BuildFailure::failed);
  EXPECT_NE(linked.log.find("'apply'"), std::string::npos) << linked.log;
}

TEST(Link, ObjectsOfAnotherArchitectureAreCompiledAgain) {
  BuildResult caller = compileFromSource(tools(), kCaller, "", {});
  BuildResult callee = compiled(kCallee);
  ASSERT_TRUE(caller.ok() && callee.ok());
  BuildResult linked =
      linkBinaries(tools(), {caller.binary.get(), callee.binary.get()}, "", kHopper);
  ASSERT_TRUE(linked.ok()) << linked.log;
  EXPECT_EQ(linked.binary->arch, "sm_90");
}

// A kernel that calls a kernel of another unit, which it only declares
// (the Khronos CTS's two-file programs).
const char kCopyKernel[] = R"(
__kernel void CopyBuffer(__global float *src, __global float *dst) {
  int id = (int)get_global_id(0);
  dst[id] = src[id];
}
)";
const char kCallsCopyKernel[] = R"(
extern __kernel void CopyBuffer(__global float *src, __global float *dst);
__kernel void AnotherCopyBuffer(__global float *src, __global float *dst) {
  CopyBuffer(src, dst);
}
)";

TEST(Link, AKernelCallsAKernelOfAnotherUnit) {
  BuildResult callee = compiled(kCopyKernel), caller = compiled(kCallsCopyKernel);
  ASSERT_TRUE(callee.ok()) << callee.log;
  ASSERT_TRUE(caller.ok()) << caller.log;
  BuildResult linked =
      linkBinaries(tools(), {callee.binary.get(), caller.binary.get()}, "", kHopper);
  ASSERT_TRUE(linked.ok()) << linked.log;
  EXPECT_EQ(linked.binary->kernelNames(),
            (std::vector<std::string>{"CopyBuffer", "AnotherCopyBuffer"}));
  EXPECT_NE(linked.binary->cubin.find("AnotherCopyBuffer"), std::string::npos);
}

// A compiled kernel's __local variables past CUDA's 48 KiB of static shared
// memory go to dynamic shared memory, as in a build (hashcat builds bcrypt's
// 224 KiB of S-boxes with clCompileProgram and clLinkProgram); such a kernel
// has no body for other units to call.
TEST(Link, CompiledKernelsKeepLargeLocalVariablesInDynamicSharedMemory) {
  BuildResult sboxes = compiled(R"(
__kernel void sboxes(__global uint *out) {
  __local uint s[4][4096];
  s[get_local_id(0) & 3][get_local_id(0)] = out[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = s[1][get_local_id(0)];
})");
  ASSERT_TRUE(sboxes.ok()) << sboxes.log;
  EXPECT_EQ(sboxes.binary->units[0].cuda_source.find("sboxes_body"), std::string::npos);
  BuildResult linked = linkBinaries(tools(), {sboxes.binary.get()}, "", kHopper);
  ASSERT_TRUE(linked.ok()) << linked.log;
  const cl2cuda::KernelMetadata *kernel = linked.binary->findKernel("sboxes");
  ASSERT_NE(kernel, nullptr);
  EXPECT_EQ(kernel->local_variable_bytes, 4u * 4096 * 4);
}

TEST(Link, UnitsOfOnlyExternDeclarationsCompile) {
  for (const char *source :
       {"extern __kernel void CopyBuffer(__global float *src, __global float *dst);\n",
        "extern constant float foo;\n", "extern constant struct bar bart;\n",
        "extern int baz(int, int);\n"}) {
    BuildResult result = compiled(source);
    EXPECT_TRUE(result.ok()) << source << result.log;
  }
}

TEST(Link, FunctionsUsingTheNdrangeLinkAcrossUnits) {
  // `offset` needs the NDRange only where it is defined; static functions
  // stay within their unit and may share names.
  BuildResult definer = compiled(R"(
static int scaled(int x) { return 2 * x; }
int offset(int x) { return scaled(x) + (int)get_global_id(0); }
)");
  BuildResult user = compiled(R"(
static int scaled(int x) { return 3 * x; }
extern int offset(int);
__kernel void k(__global int *data) { data[get_global_id(0)] = offset(scaled(data[0])); }
)");
  ASSERT_TRUE(definer.ok()) << definer.log;
  ASSERT_TRUE(user.ok()) << user.log;
  BuildResult library = linkBinaries(tools(), {definer.binary.get()}, "-create-library", kHopper);
  ASSERT_TRUE(library.ok()) << library.log;
  BuildResult linked =
      linkBinaries(tools(), {user.binary.get(), library.binary.get()}, "", kHopper);
  ASSERT_TRUE(linked.ok()) << linked.log;
  EXPECT_EQ(linked.binary->kernelNames(), std::vector<std::string>{"k"});
}

TEST(Link, OptionsComeFromTheTable) {
  LinkOptions options;
  std::string error;
  EXPECT_TRUE(parseLinkOptions("", options, error));
  EXPECT_TRUE(parseLinkOptions("  -create-library   -enable-link-options ", options, error));
  EXPECT_TRUE(options.create_library && options.enable_link_options);
  EXPECT_TRUE(parseLinkOptions("-cl-denorms-are-zero -cl-no-signed-zeros", options, error));
  EXPECT_EQ(options.nvjitlink_options, std::vector<std::string>{"-ftz=1"});
  EXPECT_FALSE(parseLinkOptions("-enable-link-options", options, error));
  EXPECT_NE(error.find("-create-library"), std::string::npos);
  EXPECT_FALSE(parseLinkOptions("-cl-std=CL2.0", options, error));
  EXPECT_NE(error.find("-cl-std=CL2.0"), std::string::npos);
  BuildResult caller = compiled(kCaller);
  ASSERT_TRUE(caller.ok());
  EXPECT_EQ(linkBinaries(tools(), {caller.binary.get()}, "-DX", kHopper).failure,
            BuildFailure::invalid_options);
}

TEST(Link, DocsListEveryLinkOption) {
  std::ifstream file(std::string(CLCUDA_SOURCE_DIR) + "/docs/programs.md");
  std::stringstream text;
  text << file.rdbuf();
  const std::string page = text.str();
  ASSERT_FALSE(page.empty());
  struct Row {
    const char *spelling, *nvjitlink;
  };
  const Row rows[] = {
#define CLCUDA_LINK_OPTION(spelling, effect, nvjitlink, description) {spelling, nvjitlink},
#include "core/link_options.def"
#undef CLCUDA_LINK_OPTION
  };
  for (const Row &row : rows) {
    const std::string line = std::string("| `") + row.spelling + "` | " +
                             (*row.nvjitlink ? std::string("`") + row.nvjitlink + "` |" : "|");
    EXPECT_NE(page.find(line), std::string::npos) << "docs/programs.md lacks the row " << line;
  }
}

TEST(Link, MathOptionsAreAcceptedByTheLinker) {
  BuildResult caller = compiled(kCaller), callee = compiled(kCallee);
  ASSERT_TRUE(caller.ok() && callee.ok());
  for (const char *option : {"-cl-denorms-are-zero", "-cl-unsafe-math-optimizations",
                             "-cl-fast-relaxed-math", "-cl-finite-math-only"}) {
    BuildResult linked =
        linkBinaries(tools(), {caller.binary.get(), callee.binary.get()}, option, kHopper);
    EXPECT_TRUE(linked.ok()) << option << ": " << linked.log;
  }
}

// ---- the kernel cache ----

TEST(Cache, KeysDependOnEverythingThatChangesTheOutput) {
  const auto base = KernelCache::keyFor("source", {}, "-DA", "sm_90").hex;
  EXPECT_EQ(base, KernelCache::keyFor("source", {}, "-DA", "sm_90").hex);
  EXPECT_NE(base, KernelCache::keyFor("source ", {}, "-DA", "sm_90").hex);
  EXPECT_NE(base, KernelCache::keyFor("source", {}, "-DB", "sm_90").hex);
  EXPECT_NE(base, KernelCache::keyFor("source", {}, "-DA", "sm_80").hex);
  EXPECT_NE(base, KernelCache::keyFor("source", {{"h", ""}}, "-DA", "sm_90").hex);
  EXPECT_NE(KernelCache::keyFor("source", {{"h", "1"}}, "", "sm_90").hex,
            KernelCache::keyFor("source", {{"h", "2"}}, "", "sm_90").hex);
  EXPECT_EQ(base.size(), 64u);
}

// OpenCL C 3.1 builds only while clcuda reports OpenCL 3.1 (the default;
// CLCUDA_OPENCL_3_1=0 in a child reports 3.0), and the kernel cache keeps the
// two apart: a build accepted at 3.1 is not found by a process at 3.0.
TEST(Cache, KeysDependOnTheReportedOpenCLVersion) {
  const std::string key = KernelCache::keyFor("source", {}, "", "sm_90").hex;
  if (childRole()) {
    EXPECT_NE(key, std::getenv("CLCUDA_TEST_KEY_AT_3_1"));
    BuildResult refused = buildFromSource(tools(), kTwoKernels, "-cl-std=CL3.1", kHopper);
    EXPECT_EQ(refused.failure, BuildFailure::invalid_options);
    EXPECT_NE(refused.log.find("CLC5012"), std::string::npos) << refused.log;
    return;
  }
  BuildResult built = buildFromSource(tools(), kTwoKernels, "-cl-std=CL3.1", kHopper);
  EXPECT_TRUE(built.ok()) << built.log;
  const auto child = runChild("3.0", {"CLCUDA_OPENCL_3_1=0", "CLCUDA_TEST_KEY_AT_3_1=" + key});
  EXPECT_EQ(child.exit_code, 0) << child.output;
}

TEST(Cache, AHitSkipsTheTranslatorAndGivesTheSameBinary) {
  KernelCache cache(temporaryDirectory() + "/made/on/demand");
  translations = 0;
  BuildResult first = buildFromSource(tools(&cache), kTwoKernels, "-DX=1", kHopper);
  ASSERT_TRUE(first.ok()) << first.log;
  EXPECT_EQ(translations.load(), 1);
  EXPECT_EQ(first.cache_note, "miss, stored");
  BuildResult second = buildFromSource(tools(&cache), kTwoKernels, "-DX=1", kHopper);
  ASSERT_TRUE(second.ok()) << second.log;
  EXPECT_EQ(translations.load(), 1) << "a hit must not ask for the translator";
  EXPECT_EQ(second.cache_note.rfind("hit", 0), 0u) << second.cache_note;
  EXPECT_EQ(serializeBinary(*second.binary), serializeBinary(*first.binary));
  EXPECT_EQ(second.log, first.log);
  BuildResult other = buildFromSource(tools(&cache), kTwoKernels, "-DX=2", kHopper);
  EXPECT_EQ(translations.load(), 2);
}

TEST(Cache, FailedBuildsAreNotCached) {
  KernelCache cache(temporaryDirectory());
  translations = 0;
  for (int i = 0; i < 2; ++i)
    EXPECT_FALSE(buildFromSource(tools(&cache), "__kernel void k() { oops }", "", kHopper).ok());
  EXPECT_EQ(translations.load(), 2);
}

TEST(Cache, DamagedEntriesAreRebuiltAndReplaced) {
  KernelCache cache(temporaryDirectory());
  const KernelCache::Key key = KernelCache::keyFor(kTwoKernels, {}, "", "sm_90");
  ASSERT_TRUE(buildFromSource(tools(&cache), kTwoKernels, "", kHopper).ok());
  const std::string path = cache.pathOf(key);
  const auto size = std::filesystem::file_size(path);
  struct Damage {
    const char *what;
    void (*apply)(const std::string &path, std::uintmax_t size);
  };
  const Damage damages[] = {
      {"truncated", [](const std::string &file,
                       std::uintmax_t bytes) { std::filesystem::resize_file(file, bytes / 2); }},
      {"empty", [](const std::string &file, std::uintmax_t) { std::ofstream{file}; }},
      {"flipped byte",
       [](const std::string &file, std::uintmax_t bytes) {
         std::fstream stream(file, std::ios::in | std::ios::out | std::ios::binary);
         stream.seekp(std::streamoff(bytes / 3));
         stream.put('\x55');
       }},
      {"another key's entry",
       [](const std::string &file, std::uintmax_t) {
         std::fstream stream(file, std::ios::in | std::ios::out | std::ios::binary);
         stream.seekp(10);
         stream.put('\x01');
       }},
  };
  for (const Damage &damage : damages) {
    SCOPED_TRACE(damage.what);
    damage.apply(path, size);
    ProgramBinary loaded;
    std::string why;
    EXPECT_EQ(cache.load(key, loaded, why), KernelCache::Lookup::invalid);
    translations = 0;
    BuildResult rebuilt = buildFromSource(tools(&cache), kTwoKernels, "", kHopper);
    ASSERT_TRUE(rebuilt.ok()) << rebuilt.log;
    EXPECT_EQ(translations.load(), 1);
    EXPECT_NE(rebuilt.cache_note.find("invalid entry"), std::string::npos) << rebuilt.cache_note;
    EXPECT_EQ(cache.load(key, loaded, why), KernelCache::Lookup::hit) << why;
  }
}

// clCompileProgram goes through the cache too: a compile met before is a
// lookup, not a translation, and its object links as the first one did.
TEST(Cache, ACompileMetBeforeIsALookup) {
  const std::string source =
      std::string(kCallee) + "__kernel void apply(__global float *data) { data[0] = twice(N); }\n";
  KernelCache cache(temporaryDirectory());
  translations = 0;
  BuildResult first = compileFromSource(tools(&cache), source, "-DN=2", {});
  ASSERT_TRUE(first.ok()) << first.log;
  EXPECT_EQ(first.cache_note, "miss, stored");
  BuildResult again = compileFromSource(tools(&cache), source, "-DN=2", {});
  ASSERT_TRUE(again.ok()) << again.log;
  EXPECT_EQ(translations.load(), 1);
  EXPECT_EQ(again.cache_note.rfind("hit", 0), 0u) << again.cache_note;
  EXPECT_EQ(again.binary->type, cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT));
  EXPECT_EQ(serializeBinary(*again.binary), serializeBinary(*first.binary));
  ASSERT_NE(again.binary->units[0].origin, nullptr);
  EXPECT_FALSE(again.binary->units[0].origin->whole_program.has_value());
  // Other options are another compile.
  EXPECT_EQ(compileFromSource(tools(&cache), source, "-DN=3", {}).cache_note, "miss, stored");
  EXPECT_EQ(translations.load(), 2);

  // Linked alone, the cached object is built from its source: translated
  // once, then found in the cache as its build.
  BuildResult built = buildFromSource(tools(), source, "-DN=2", kHopper);
  ASSERT_TRUE(built.ok()) << built.log;
  translations = 0;
  BuildResult linked = linkBinaries(tools(&cache), {again.binary.get()}, "", kHopper);
  ASSERT_TRUE(linked.ok()) << linked.log;
  EXPECT_EQ(translations.load(), 1);
  EXPECT_EQ(linked.binary->cubin, built.binary->cubin);
  BuildResult relinked = linkBinaries(tools(&cache), {again.binary.get()}, "", kHopper);
  EXPECT_EQ(relinked.cache_note.rfind("hit", 0), 0u) << relinked.cache_note;
  EXPECT_EQ(translations.load(), 1);

  // An executable's entry is no compiled object, nor the other way round.
  ProgramBinary loaded;
  std::string why;
  const KernelCache::Key executable = KernelCache::keyFor(source, {}, "-DN=2", "sm_90");
  EXPECT_EQ(cache.load(executable, loaded, why, CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT),
            KernelCache::Lookup::invalid);
  EXPECT_EQ(why, "not a compiled object");
  ASSERT_TRUE(cache.store(executable, *first.binary, why)) << why;
  EXPECT_EQ(cache.load(executable, loaded, why), KernelCache::Lookup::invalid);
  EXPECT_EQ(why, "not an executable");
}

TEST(Cache, AnUnwritableDirectoryOnlyCostsTheCache) {
  const std::string file = temporaryDirectory() + "/not-a-directory";
  std::ofstream{file} << "x";
  KernelCache cache(file + "/cache");
  BuildResult result = buildFromSource(tools(&cache), kTwoKernels, "", kHopper);
  ASSERT_TRUE(result.ok()) << result.log;
  EXPECT_NE(result.cache_note.find("not stored"), std::string::npos) << result.cache_note;
}

// Two kernels that read images, one through a sampler.
const char kImageReads[] = R"(
  __kernel void sample(read_only image2d_t input, sampler_t sampler, __global float4 *out) {
    int i = get_global_id(0);
    out[i] = read_imagef(input, sampler, (float2)(i, 0.5f));
  }
  __kernel void fetch(read_only image3d_t input, __global int4 *out) {
    int i = get_global_id(0);
    out[i] = read_imagei(input, (int4)(i, 0, 0, 0));
  })";

// CLCUDA_IMAGE_LIBRARY=1: a program that takes images compiles only calls
// to the software image reads and links the image library, compiled once
// in the process; a program without images compiles as before.
TEST(ImageLibrary, ProgramsThatTakeImagesLinkItCompiledOnce) {
  if (childRole()) {
    BuildResult first = buildFromSource(tools(), kImageReads, "", kHopper);
    ASSERT_TRUE(first.ok()) << first.log;
    EXPECT_TRUE(isElf(first.binary->cubin));
    EXPECT_GT(first.times.link, 0);
    // The program's own PTX calls the reads, which the linked CUBIN holds.
    const std::string &ptx = first.binary->ptx;
    EXPECT_NE(ptx.find("clc_image_sample_f"), std::string::npos);
    EXPECT_NE(ptx.find("clc_image_fetch_i"), std::string::npos);
    EXPECT_EQ(ptx.find("div.rn.f32"), std::string::npos) << "the decoding is the library's";
    EXPECT_NE(first.binary->cubin.find("clc_image_sample_f"), std::string::npos);
    // The library's register cap holds its callers to 32 registers a
    // work-item: a multiprocessor holds its most work-items (2,048 x 32 =
    // 65,536 registers); a cap of 48 ran image_bilinear_rgba8 at 0.63x
    // NVIDIA's OpenCL (docs/performance.md).
    const std::map<std::string, unsigned> registers = registerCounts(first.binary->cubin);
    for (const char *kernel : {"sample", "fetch"}) {
      ASSERT_EQ(registers.count(kernel), 1u) << kernel;
      EXPECT_LE(registers.at(kernel), 32u) << kernel;
    }
    EXPECT_EQ(registers.at("clc_image_sample_f"), 32u) << "compiled apart, it takes the cap";
    // The library is compiled once: a second program spends no time on it.
    EXPECT_GT(first.times.image_library, 0);
    BuildResult second = buildFromSource(tools(), kImageReads, "-DSECOND", kHopper);
    ASSERT_TRUE(second.ok()) << second.log;
    EXPECT_EQ(second.times.image_library, 0);
    BuildResult plain = buildFromSource(tools(), kTwoKernels, "", kHopper);
    ASSERT_TRUE(plain.ok()) << plain.log;
    EXPECT_EQ(plain.times.link, 0);
    return;
  }
  const auto child = runChild("image library", {"CLCUDA_IMAGE_LIBRARY=1", "CLCUDA_CACHE=0"});
  EXPECT_EQ(child.exit_code, 0) << child.output;
}

// The link of a program that takes images compiles its PTX a kernel a
// thread, as NVRTC does a whole program's (ptxas's --split-compile): the
// linked code is what nvJitLink makes of the program's PTX with that
// option, not without it (which differs).
TEST(ImageLibrary, ItsLinkCompilesAKernelAThread) {
  if (childRole()) {
    BuildResult built = buildFromSource(tools(), kImageReads, "", kHopper);
    ASSERT_TRUE(built.ok()) << built.log;
    EXPECT_EQ(ptxasSplitOptions(2), std::vector<std::string>{"-Xptxas=--split-compile=2"});
    EXPECT_TRUE(ptxasSplitOptions(1).empty());
    const NvrtcOutput library = compileImageLibrary(kHopper);
    ASSERT_TRUE(library.ok) << library.log;
    auto link = [&](const std::vector<std::string> &options) {
      LinkOutput linked = linkDeviceCode({{LinkInput::ptx, &built.binary->ptx, "program"},
                                          {LinkInput::cubin, &library.cubin, "image library"}},
                                         kHopper, options);
      EXPECT_TRUE(linked.ok) << linked.log;
      return linked.cubin;
    };
    EXPECT_EQ(built.binary->cubin, link({"-Xptxas=--split-compile=2"}));
    EXPECT_NE(built.binary->cubin, link({}));
    return;
  }
  const auto child = runChild("image link", {"CLCUDA_IMAGE_LIBRARY=1", "CLCUDA_CACHE=0"});
  EXPECT_EQ(child.exit_code, 0) << child.output;
}

// Where nvJitLink cannot be used (here a libnvJitLink.so.13 without its
// functions, first on the library path), a program that takes images
// compiles its image code inline instead of failing: nothing is linked and
// its PTX calls no library function.
TEST(ImageLibrary, WithoutNvJitLinkProgramsCompileTheirImageCodeInline) {
  if (childRole()) {
    BuildResult result = buildFromSource(tools(), R"(
      __kernel void sample(read_only image2d_t input, sampler_t sampler, __global float4 *out) {
        int i = get_global_id(0);
        out[i] = read_imagef(input, sampler, (float2)(i, 0.5f));
      })",
                                         "", kHopper);
    ASSERT_TRUE(result.ok()) << result.log;
    EXPECT_TRUE(isElf(result.binary->cubin));
    EXPECT_EQ(result.times.link, 0);
    EXPECT_EQ(result.binary->ptx.find("clc_image_sample_f"), std::string::npos);
    return;
  }
  const char *path = std::getenv("LD_LIBRARY_PATH");
  const std::string library_path =
      std::string(CLCUDA_HOLLOW_JIT_LINK_DIR) + (path && *path ? std::string(":") + path : "");
  const auto child = runChild("hollow nvJitLink", {"CLCUDA_IMAGE_LIBRARY=1", "CLCUDA_CACHE=0",
                                                   "LD_LIBRARY_PATH=" + library_path});
  EXPECT_EQ(child.exit_code, 0) << child.output;
}

// With the kernel cache on, the first process stores the image library and
// the next ones load it instead of compiling it again.
TEST(ImageLibrary, IsKeptInTheKernelCache) {
  if (childRole()) {
    const char reads[] = R"(
      __kernel void copy(read_only image2d_t input, __global uint4 *out) {
        out[get_global_id(0)] = read_imageui(input, (int2)(get_global_id(0), 0));
      })";
    // Another program each time, so that the program itself is never a hit.
    BuildResult result =
        buildFromSource(tools(), reads, std::string("-DROLE_") + childRole(), kHopper);
    ASSERT_TRUE(result.ok()) << result.log;
    EXPECT_GT(result.times.link, 0);
    return;
  }
  const std::string directory = temporaryDirectory();
  const std::vector<std::string> environment = {"CLCUDA_IMAGE_LIBRARY=1",
                                                "CLCUDA_CACHE_DIR=" + directory};
  ASSERT_EQ(runChild("first", environment).exit_code, 0);
  KernelCache cache(directory);
  const std::string entry = cache.pathOf(imageLibraryCacheKey("sm_90"));
  ASSERT_TRUE(std::filesystem::exists(entry)) << "the first process stores the library";
  const auto written = std::filesystem::last_write_time(entry);
  std::filesystem::last_write_time(entry, written - std::chrono::hours(1));
  ASSERT_EQ(runChild("second", environment).exit_code, 0);
  EXPECT_EQ(std::filesystem::last_write_time(entry), written - std::chrono::hours(1))
      << "the second process loads the library, and stores no new one";
}

// Two processes write and read one entry over and over: every read sees a
// whole entry (or none), never a torn one.
TEST(Cache, ConcurrentProcessesNeverSeeATornEntry) {
  constexpr int kRounds = 200;
  if (const char *role = childRole()) {
    KernelCache cache(std::getenv("CLCUDA_TEST_CACHE"));
    ProgramBinary binary;
    binary.arch = "sm_90";
    binary.cubin = std::string(1 << 20, role[0]); // large enough for torn writes to show
    binary.units.push_back({"source", {}, "", nullptr});
    const KernelCache::Key key = KernelCache::keyFor("shared", {}, "", "sm_90");
    for (int round = 0; round < kRounds; ++round) {
      std::string why;
      ASSERT_TRUE(cache.store(key, binary, why)) << why;
      ProgramBinary loaded;
      ASSERT_EQ(cache.load(key, loaded, why), KernelCache::Lookup::hit) << why;
      ASSERT_EQ(loaded.cubin.size(), binary.cubin.size());
      ASSERT_TRUE(loaded.cubin.find_first_not_of(loaded.cubin[0]) == std::string::npos);
    }
    return;
  }
  const std::string directory = "CLCUDA_TEST_CACHE=" + temporaryDirectory();
  auto a = startChild("a", {directory});
  auto b = startChild("b", {directory});
  for (const auto &child : {waitForChild(a), waitForChild(b)})
    EXPECT_EQ(child.exit_code, 0) << child.output;
  const std::string path = directory.substr(directory.find('=') + 1);
  for (const auto &entry : std::filesystem::directory_iterator(path))
    EXPECT_EQ(entry.path().extension(), ".clcuda") << "a temporary file was left behind";
}

} // namespace
