// cl2cuda::ProgramMetadata: the text format round-trips, malformed text is
// rejected with a message (never a crash), and the constants are OpenCL's.
#include <cl2cuda/metadata.h>
#include <cl2cuda/translator.h>

#include <CL/cl.h>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace cl2cuda {
namespace {

static_assert(kArgAddressGlobal == CL_KERNEL_ARG_ADDRESS_GLOBAL);
static_assert(kArgAddressLocal == CL_KERNEL_ARG_ADDRESS_LOCAL);
static_assert(kArgAddressConstant == CL_KERNEL_ARG_ADDRESS_CONSTANT);
static_assert(kArgAddressPrivate == CL_KERNEL_ARG_ADDRESS_PRIVATE);
static_assert(kArgAccessReadOnly == CL_KERNEL_ARG_ACCESS_READ_ONLY);
static_assert(kArgAccessWriteOnly == CL_KERNEL_ARG_ACCESS_WRITE_ONLY);
static_assert(kArgAccessReadWrite == CL_KERNEL_ARG_ACCESS_READ_WRITE);
static_assert(kArgAccessNone == CL_KERNEL_ARG_ACCESS_NONE);
static_assert(kArgTypeNone == CL_KERNEL_ARG_TYPE_NONE);
static_assert(kArgTypeConst == CL_KERNEL_ARG_TYPE_CONST);
static_assert(kArgTypeRestrict == CL_KERNEL_ARG_TYPE_RESTRICT);
static_assert(kArgTypeVolatile == CL_KERNEL_ARG_TYPE_VOLATILE);
static_assert(kArgTypePipe == CL_KERNEL_ARG_TYPE_PIPE);

ProgramMetadata sample() {
  ProgramMetadata metadata;
  metadata.opencl_c_version = 300;
  metadata.kernel_arg_info = true;
  metadata.nvrtc_options = {"--use_fast_math", "--maxrregcount=32"};
  metadata.global_variables = {{"counter", 4}, {"table with \"quotes\"", 1024}};
  KernelMetadata kernel;
  kernel.name = "k";
  kernel.cuda_name = "k";
  kernel.reqd_work_group_size = {16, 8, 1};
  kernel.work_group_size_hint = {4, 2, 1};
  kernel.vec_type_hint = "float4";
  kernel.local_variable_bytes = 65540;
  kernel.compile_num_sub_groups = 4;
  KernelArg buffer{"out",
                   "float4*",
                   ArgKind::Buffer,
                   kArgAddressGlobal,
                   kArgAccessNone,
                   kArgTypeConst | kArgTypeRestrict,
                   8,
                   8};
  KernelArg local{
      "scratch", "uint4*", ArgKind::LocalPointer, kArgAddressLocal, kArgAccessNone, kArgTypeNone,
      4,         16};
  // Unnamed, as a SPIR-V kernel's argument without an OpName.
  KernelArg value{
      "", "struct S", ArgKind::ByValue, kArgAddressPrivate, kArgAccessNone, kArgTypeVolatile,
      48, 16};
  kernel.args = {buffer, local, value};
  metadata.kernels.push_back(kernel);
  KernelMetadata other;
  other.name = "new";
  other.cuda_name = "new_cl";
  metadata.kernels.push_back(other);
  return metadata;
}

bool sameArg(const KernelArg &a, const KernelArg &b) {
  return a.name == b.name && a.type_name == b.type_name && a.kind == b.kind &&
         a.address_qualifier == b.address_qualifier && a.access_qualifier == b.access_qualifier &&
         a.type_qualifiers == b.type_qualifiers && a.size == b.size && a.alignment == b.alignment;
}

TEST(Metadata, RoundTrips) {
  ProgramMetadata original = sample();
  std::string text = original.serialize();
  ProgramMetadata parsed;
  std::string error;
  ASSERT_TRUE(ProgramMetadata::parse(text, &parsed, &error)) << error << "\n" << text;
  EXPECT_EQ(parsed.serialize(), text);
  EXPECT_EQ(parsed.opencl_c_version, 300u);
  EXPECT_TRUE(parsed.kernel_arg_info);
  EXPECT_EQ(parsed.nvrtc_options, original.nvrtc_options);
  ASSERT_EQ(parsed.global_variables.size(), 2u);
  EXPECT_EQ(parsed.global_variables[1].name, "table with \"quotes\"");
  ASSERT_EQ(parsed.kernels.size(), 2u);
  const KernelMetadata *kernel = parsed.findKernel("k");
  ASSERT_NE(kernel, nullptr);
  EXPECT_EQ(kernel->reqd_work_group_size, (std::array<uint32_t, 3>{16, 8, 1}));
  EXPECT_EQ(kernel->vec_type_hint, "float4");
  EXPECT_EQ(kernel->local_variable_bytes, 65540u);
  EXPECT_EQ(parsed.findKernel("new")->local_variable_bytes, 0u);
  EXPECT_EQ(kernel->compile_num_sub_groups, 4u);
  EXPECT_EQ(parsed.findKernel("new")->compile_num_sub_groups, 0u);
  ASSERT_EQ(kernel->args.size(), 3u);
  for (size_t i = 0; i < 3; ++i)
    EXPECT_TRUE(sameArg(kernel->args[i], original.kernels[0].args[i])) << i;
  EXPECT_EQ(parsed.findKernel("new")->cuda_name, "new_cl");
}

TEST(Metadata, RejectsMalformedText) {
  std::string good = sample().serialize();
  struct Case {
    std::string text;
    std::string message;
  };
  std::vector<Case> cases = {
      {"", "empty metadata"},
      {"cl2cuda-metadata 2\nopencl_c_version 120\n", "unsupported metadata version"},
      {"something else\n", "expected"},
      {"cl2cuda-metadata 1\n", "missing opencl_c_version"},
      {"cl2cuda-metadata 1\nopencl_c_version 130\n",
       "bad opencl_c_version (expected 100, 110, 120, 200, 300 or 310)"},
      {"cl2cuda-metadata 1\nopencl_c_version 120\nopencl_c_version 120\n", "given twice"},
      {"cl2cuda-metadata 1\nopencl_c_version 120\narg name=\"a\"\n", "before any kernel"},
      {"cl2cuda-metadata 1\nopencl_c_version 120\nkernel \"k\" \"k\"\narg name=\"a\"\n",
       "arg needs"},
      {"cl2cuda-metadata 1\nopencl_c_version 120\nkernel \"k\" \"k\"\narg name=\"a\" "
       "type=\"int\" kind=sideways address=private access=none qualifiers=none size=4 align=4\n",
       "bad arg field kind=sideways (expected `buffer`, `constant_buffer`"},
      {"cl2cuda-metadata 1\nopencl_c_version 120\nkernel \"k\" \"k\"\narg name=\"a\" "
       "type=\"int\" kind=by_value address=private access=none qualifiers=none size=4 align=3\n",
       "bad arg field align"},
      {"cl2cuda-metadata 1\nopencl_c_version 120\nkernel \"k\" \"k\"\narg name=\"a\" "
       "type=\"int\" kind=by_value address=private access=none qualifiers=const,const size=4 "
       "align=4\n",
       "bad arg field qualifiers"},
      {"cl2cuda-metadata 1\nopencl_c_version 120\nkernel \"k\" \"k\"\nkernel \"k\" \"k\"\n",
       "given twice"},
      {"cl2cuda-metadata 1\nopencl_c_version 120\nkernel \"k\n", "unterminated string"},
      {"cl2cuda-metadata 1\nopencl_c_version 120\nkernel \"k\\q\" \"k\"\n", "unknown escape"},
      {"cl2cuda-metadata 1\nopencl_c_version 120\nglobal_variable \"v\" "
       "99999999999999999999999\n",
       "bad global_variable"},
      {"cl2cuda-metadata 1\nopencl_c_version 120\nkernel \"k\" \"k\"\nreqd_work_group_size 0 1 1\n",
       "bad reqd_work_group_size (expected X Y Z, each above 0)"},
      {"cl2cuda-metadata 1\nopencl_c_version 120\nfrobnicate 1\n", "unknown record"},
      {"cl2cuda-metadata 1\nopencl_c_version 120\nkernel \"k\" \"k\"\nlocal_variable_bytes 0\n",
       "bad local_variable_bytes (expected bytes, above 0)"},
      {"cl2cuda-metadata 1\nopencl_c_version 120\nkernel \"k\" \"k\"\nlocal_variable_bytes 4\n"
       "local_variable_bytes 4\n",
       "given twice"},
  };
  for (const Case &bad : cases) {
    ProgramMetadata parsed;
    std::string error;
    EXPECT_FALSE(ProgramMetadata::parse(bad.text, &parsed, &error)) << bad.text;
    EXPECT_NE(error.find(bad.message), std::string::npos) << error << " for:\n" << bad.text;
  }
  // Every prefix of a valid text is either valid or rejected, never a crash.
  for (size_t length = 0; length <= good.size(); ++length) {
    ProgramMetadata parsed;
    std::string error;
    ProgramMetadata::parse(std::string_view(good).substr(0, length), &parsed, &error);
  }
}

// docs/design.md shows the schema serialize() and parse() use.
TEST(Metadata, DesignDocShowsTheSchema) {
  std::ifstream file(std::string(CLCUDA_SOURCE_DIR) + "/docs/design.md");
  std::stringstream text;
  text << file.rdbuf();
  const std::string page = text.str();
  const std::string begin = "<!-- metadata-schema:begin -->\n",
                    end = "<!-- metadata-schema:end -->";
  const std::size_t from = page.find(begin), to = page.find(end);
  ASSERT_NE(from, std::string::npos);
  ASSERT_NE(to, std::string::npos);
  EXPECT_EQ(page.substr(from + begin.size(), to - from - begin.size()),
            metadata_schema::schemaMarkdown())
      << "regenerate the table with build/bin/cl2cuda --metadata-schema";
}

// Every record of the schema is written for a program that uses them all,
// and an unknown format version is refused with both versions named.
TEST(Metadata, EveryRecordOfTheSchemaIsWritten) {
  const std::string text = sample().serialize();
  for (const auto &record : metadata_schema::kProgramRecords)
    EXPECT_NE(text.find(std::string("\n") + record.name + " "), std::string::npos) << record.name;
  for (const auto &record : metadata_schema::kKernelRecords)
    EXPECT_NE(text.find(std::string("\n") + record.name + " "), std::string::npos) << record.name;
  ProgramMetadata parsed;
  std::string error;
  EXPECT_FALSE(ProgramMetadata::parse("cl2cuda-metadata 7\n", &parsed, &error));
  EXPECT_EQ(error, "line 1: unsupported metadata version 7 (this is version 1)");
}

TEST(Metadata, TranslatorFillsIt) {
  TranslateOptions options;
  options.build_options = "-cl-std=CL2.0 -cl-fast-relaxed-math";
  TranslateResult result = translate(
      "global float total;\n"
      "typedef struct { float4 p; float3 v; } body;\n"
      "kernel __attribute__((reqd_work_group_size(32, 2, 1))) void step(global body *bodies,\n"
      "    constant float *masses, local float3 *scratch, body b, uchar c, volatile global int "
      "*f,\n"
      "    const global float * restrict r) {\n"
      "  scratch[0] = b.v * c + masses[0] + r[0] + f[0]; bodies[0] = b; total = 1.0f;\n"
      "}\n",
      options);
  ASSERT_EQ(result.status, Status::Ok) << result.log;
  const ProgramMetadata &metadata = result.metadata;
  EXPECT_EQ(metadata.opencl_c_version, 200u);
  EXPECT_EQ(metadata.nvrtc_options, std::vector<std::string>{"--use_fast_math"});
  ASSERT_EQ(metadata.global_variables.size(), 1u);
  EXPECT_EQ(metadata.global_variables[0].name, "total");
  EXPECT_EQ(metadata.global_variables[0].size, 4u);
  const KernelMetadata *kernel = metadata.findKernel("step");
  ASSERT_NE(kernel, nullptr);
  EXPECT_EQ(kernel->cuda_name, "step");
  EXPECT_EQ(kernel->reqd_work_group_size, (std::array<uint32_t, 3>{32, 2, 1}));
  ASSERT_EQ(kernel->args.size(), 7u);
  const std::vector<KernelArg> &args = kernel->args;
  EXPECT_TRUE(sameArg(args[0], {"bodies", "body*", ArgKind::Buffer, kArgAddressGlobal,
                                kArgAccessNone, kArgTypeNone, 8, 8}));
  EXPECT_TRUE(sameArg(args[1], {"masses", "float*", ArgKind::ConstantBuffer, kArgAddressConstant,
                                kArgAccessNone, kArgTypeConst, 8, 8}));
  EXPECT_TRUE(sameArg(args[2], {"scratch", "float3*", ArgKind::LocalPointer, kArgAddressLocal,
                                kArgAccessNone, kArgTypeNone, 4, 16}));
  EXPECT_TRUE(sameArg(args[3], {"b", "body", ArgKind::ByValue, kArgAddressPrivate, kArgAccessNone,
                                kArgTypeNone, 32, 16}));
  EXPECT_TRUE(sameArg(args[4], {"c", "uchar", ArgKind::ByValue, kArgAddressPrivate, kArgAccessNone,
                                kArgTypeNone, 1, 1}));
  EXPECT_TRUE(sameArg(args[5], {"f", "int*", ArgKind::Buffer, kArgAddressGlobal, kArgAccessNone,
                                kArgTypeVolatile, 8, 8}));
  EXPECT_TRUE(sameArg(args[6], {"r", "float*", ArgKind::Buffer, kArgAddressGlobal, kArgAccessNone,
                                kArgTypeConst | kArgTypeRestrict, 8, 8}));
  std::string error;
  ProgramMetadata parsed;
  EXPECT_TRUE(ProgramMetadata::parse(metadata.serialize(), &parsed, &error)) << error;
}

// Images are launched as clc::image_desc (160 bytes, align 8), samplers as
// 4-byte CLK_* bits; the access qualifier (read_only by default) and the type
// name without it are those clGetKernelArgInfo reports.
TEST(Metadata, ImagesAndSamplers) {
  TranslateOptions options;
  options.build_options = "-cl-std=CL3.0";
  const char *source = "kernel void copy(image2d_t in, write_only image3d_t out, sampler_t s,\n"
                       "    read_write image1d_buffer_t b, image2d_array_depth_t d) {\n"
                       "  write_imagef(out, (int4)(0), read_imagef(in, s, (float2)(0.5f)) +\n"
                       "      read_imagef(b, 0) + read_imagef(d, s, (float4)(0.0f)));\n"
                       "}\n";
  TranslateResult result = translate(source, options);
  ASSERT_EQ(result.status, Status::Ok) << result.log;
  const KernelMetadata *kernel = result.metadata.findKernel("copy");
  ASSERT_NE(kernel, nullptr);
  ASSERT_EQ(kernel->args.size(), 5u);
  const std::vector<KernelArg> &args = kernel->args;
  EXPECT_TRUE(sameArg(args[0], {"in", "image2d_t", ArgKind::Image, kArgAddressGlobal,
                                kArgAccessReadOnly, kArgTypeNone, 160, 8}));
  EXPECT_TRUE(sameArg(args[1], {"out", "image3d_t", ArgKind::Image, kArgAddressGlobal,
                                kArgAccessWriteOnly, kArgTypeNone, 160, 8}));
  EXPECT_TRUE(sameArg(args[2], {"s", "sampler_t", ArgKind::Sampler, kArgAddressPrivate,
                                kArgAccessNone, kArgTypeNone, 4, 4}));
  EXPECT_TRUE(sameArg(args[3], {"b", "image1d_buffer_t", ArgKind::Image, kArgAddressGlobal,
                                kArgAccessReadWrite, kArgTypeNone, 160, 8}));
  EXPECT_TRUE(sameArg(args[4], {"d", "image2d_array_depth_t", ArgKind::Image, kArgAddressGlobal,
                                kArgAccessReadOnly, kArgTypeNone, 160, 8}));
  ProgramMetadata parsed;
  std::string error;
  ASSERT_TRUE(ProgramMetadata::parse(result.metadata.serialize(), &parsed, &error)) << error;
  EXPECT_EQ(parsed.findKernel("copy")->args[2].kind, ArgKind::Sampler);

  // clCompileProgram's kernel wrapper spells the parameters as CUDA types.
  options.separate_compilation = true;
  result = translate(source, options);
  ASSERT_EQ(result.status, Status::Ok) << result.log;
  EXPECT_NE(result.cuda_source.find("void copy(clc::image2d_t in, clc::image3d_t out, "
                                    "clc::sampler_t s, clc::image1d_buffer_t b, "
                                    "clc::image2d_array_depth_t d, const __grid_constant__"),
            std::string::npos)
      << result.cuda_source;
}

} // namespace
} // namespace cl2cuda
