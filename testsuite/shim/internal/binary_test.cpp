// The program binary format: round trips, and every kind of damage is
// rejected with a reason, never read past its end.
#include "core/program_binary.h"
#include "core/sha256.h"

#include <gtest/gtest.h>

#include <random>

namespace {

using namespace clcuda::core;

cl2cuda::ProgramMetadata metadataWithKernel(const std::string &name) {
  cl2cuda::ProgramMetadata metadata;
  metadata.opencl_c_version = 300;
  metadata.nvrtc_options = {"--use_fast_math"};
  metadata.global_variables = {{"counter", 4}};
  cl2cuda::KernelMetadata kernel;
  kernel.name = kernel.cuda_name = name;
  kernel.reqd_work_group_size = {8, 4, 1};
  cl2cuda::KernelArg arg;
  arg.name = "out";
  arg.type_name = "float*";
  arg.kind = cl2cuda::ArgKind::Buffer;
  arg.address_qualifier = cl2cuda::kArgAddressGlobal;
  arg.size = arg.alignment = 8;
  kernel.args.push_back(arg);
  metadata.kernels.push_back(kernel);
  return metadata;
}

ProgramBinary sampleBinary() {
  ProgramBinary binary;
  binary.type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  binary.arch = "sm_90";
  binary.options = "-cl-std=CL3.0 -DN=4";
  binary.log = "warning: something\n";
  binary.cubin = std::string("\x7f"
                             "ELF\0\1\2\3",
                             8);
  binary.ptx = ".version 8.0\n.entry first()\n";
  binary.units.push_back({"extern \"C\" __global__ void first() {}\n", metadataWithKernel("first"),
                          std::string("lto\0ir", 6), nullptr});
  binary.units.push_back({"extern \"C\" __global__ void second() {}\n",
                          metadataWithKernel("second"), "more", nullptr});
  return binary;
}

TEST(ProgramBinary, RoundTrips) {
  const ProgramBinary binary = sampleBinary();
  const std::string bytes = serializeBinary(binary);
  ProgramBinary parsed;
  std::string why;
  ASSERT_TRUE(parseBinary(bytes, parsed, why)) << why;
  EXPECT_EQ(parsed.type, binary.type);
  EXPECT_EQ(parsed.arch, binary.arch);
  EXPECT_EQ(parsed.options, binary.options);
  EXPECT_EQ(parsed.log, binary.log);
  EXPECT_EQ(parsed.cubin, binary.cubin);
  EXPECT_EQ(parsed.ptx, binary.ptx);
  ASSERT_EQ(parsed.units.size(), 2u);
  EXPECT_EQ(parsed.units[0].lto_ir, binary.units[0].lto_ir);
  EXPECT_EQ(parsed.units[1].cuda_source, binary.units[1].cuda_source);
  EXPECT_EQ(parsed.units[1].metadata.serialize(), binary.units[1].metadata.serialize());
  EXPECT_EQ(serializeBinary(parsed), bytes);
  EXPECT_EQ(parsed.kernelNames(), (std::vector<std::string>{"first", "second"}));
  const cl2cuda::ProgramMetadata *unit = nullptr;
  ASSERT_NE(parsed.findKernel("second", &unit), nullptr);
  EXPECT_EQ(unit, &parsed.units[1].metadata);
  EXPECT_EQ(parsed.findKernel("third"), nullptr);
}

TEST(ProgramBinary, EveryTruncationIsRejected) {
  const std::string bytes = serializeBinary(sampleBinary());
  for (std::size_t length = 0; length < bytes.size(); ++length) {
    ProgramBinary parsed;
    std::string why;
    EXPECT_FALSE(parseBinary(std::string_view(bytes).substr(0, length), parsed, why)) << length;
    EXPECT_FALSE(why.empty());
  }
}

TEST(ProgramBinary, EveryFlippedByteIsRejected) {
  const std::string bytes = serializeBinary(sampleBinary());
  for (std::size_t position = 0; position < bytes.size(); ++position) {
    std::string damaged = bytes;
    damaged[position] = char(damaged[position] ^ 0x20);
    ProgramBinary parsed;
    std::string why;
    EXPECT_FALSE(parseBinary(damaged, parsed, why)) << "byte " << position;
  }
}

// Rewrites the checksum, so the damage inside reaches the field checks.
std::string resealed(std::string bytes) {
  bytes.resize(bytes.size() - 8);
  const std::uint64_t checksum = fnv1a64(bytes);
  for (int i = 0; i < 8; ++i)
    bytes += char(checksum >> (8 * i));
  return bytes;
}

TEST(ProgramBinary, DamageBehindAValidChecksumIsNamed) {
  const std::string bytes = serializeBinary(sampleBinary());
  struct Case {
    std::size_t offset;
    char value;
    const char *reason;
  };
  // Offsets: magic 0-7, version 8-11, type 12-15, field count 16-19, the
  // first field's tag 20-23 and size 24-31.
  const Case cases[] = {
      {8, 9, "format version"},  {12, 3, "unknown binary type"}, {16, 100, "truncated"},
      {20, 77, "unknown field"}, {31, char(0x7f), "truncated"},
  };
  for (const Case &test : cases) {
    std::string damaged = bytes;
    damaged[test.offset] = test.value;
    ProgramBinary parsed;
    std::string why;
    EXPECT_FALSE(parseBinary(resealed(damaged), parsed, why)) << test.reason;
    EXPECT_NE(why.find(test.reason), std::string::npos) << why;
  }
}

TEST(ProgramBinary, IncompleteBinariesAreRejected) {
  ProgramBinary no_code = sampleBinary();
  no_code.cubin.clear();
  no_code.ptx.clear();
  ProgramBinary object_without_ir = sampleBinary();
  object_without_ir.type = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
  object_without_ir.units[1].lto_ir.clear();
  ProgramBinary no_units = sampleBinary();
  no_units.units.clear();
  for (const ProgramBinary *binary : {&no_code, &object_without_ir, &no_units}) {
    ProgramBinary parsed;
    std::string why;
    EXPECT_FALSE(parseBinary(serializeBinary(*binary), parsed, why));
    EXPECT_FALSE(why.empty());
  }
}

// clCompileProgram's objects are translated, not compiled: no architecture,
// no LTO IR, and a link compiles them for its device.
TEST(ProgramBinary, ObjectsNotCompiledYetHoldOnlyTheirSource) {
  ProgramBinary object = sampleBinary();
  object.type = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
  object.arch.clear();
  object.cubin.clear();
  object.ptx.clear();
  for (ProgramUnit &unit : object.units)
    unit.lto_ir.clear();
  ProgramBinary parsed;
  std::string why;
  ASSERT_TRUE(parseBinary(serializeBinary(object), parsed, why)) << why;
  EXPECT_TRUE(parsed.arch.empty());
  EXPECT_EQ(parsed.units[1].cuda_source, object.units[1].cuda_source);
}

TEST(ProgramBinary, RandomBytesAreRejected) {
  std::mt19937 random(5);
  for (int round = 0; round < 2000; ++round) {
    std::string bytes(random() % 200, '\0');
    for (char &byte : bytes)
      byte = char(random());
    if (round % 2)
      bytes.replace(0, std::min<std::size_t>(8, bytes.size()), "CLCUDAPB");
    ProgramBinary parsed;
    std::string why;
    EXPECT_FALSE(parseBinary(bytes, parsed, why));
  }
}

TEST(Sha256, KnownDigests) {
  EXPECT_EQ(Sha256::hex(Sha256().finish()),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(Sha256::hex(Sha256().add("abc").finish()),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(Sha256::hex(
                Sha256().add("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq").finish()),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  Sha256 million;
  const std::string chunk(1000, 'a');
  for (int i = 0; i < 1000; ++i)
    million.add(chunk);
  EXPECT_EQ(Sha256::hex(million.finish()),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, FieldsAreDelimited) {
  EXPECT_NE(Sha256().addField("ab").addField("c").finish(),
            Sha256().addField("a").addField("bc").finish());
}

} // namespace
