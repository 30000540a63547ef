// GPU execution tests (labels translator and gpu): each kernel of
// testsuite/translator/exec runs on the reference OpenCL platform and, after
// translation and NVRTC, on the CUDA device, launched as the shim launches;
// integer results must be bit-identical, floating-point ones within the
// spec's ULP bounds (both sides' errors). Without a CUDA device the reference
// half still runs and the test reports SKIPPED.
#include "ExecChecks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>

namespace cl2cuda::testing {
namespace {

std::vector<float> randomFloats(size_t count, float low, float high, unsigned seed) {
  std::mt19937 generator(seed);
  std::uniform_real_distribution<float> distribution(low, high);
  std::vector<float> values(count);
  for (float &value : values)
    value = distribution(generator);
  return values;
}

template <typename T> std::vector<T> randomIntegers(size_t count, T low, T high, unsigned seed) {
  std::mt19937 generator(seed);
  std::uniform_int_distribution<long long> distribution(low, high);
  std::vector<T> values(count);
  for (T &value : values)
    value = static_cast<T>(distribution(generator));
  return values;
}

TEST(Execution, ReductionWithLocalMemory) {
  const uint32_t n = 1000, local = 64, groups = (n + local - 1) / local;
  ExecCase test("reduction.cl", "reduce");
  test.global_size[0] = groups * local;
  test.local_size[0] = local;
  test.args = {ExecArg::buffer(randomFloats(n, 0.0f, 1.0f, 1), Element::Float),
               ExecArg::buffer(std::vector<float>(groups), Element::Float, true, 4),
               ExecArg::local(local * sizeof(float)), ExecArg::value(n)};
  runAndCompare(test);
}

TEST(Execution, TiledMatrixMultiplyWithFloat4) {
  const int n = 64;
  ExecCase test("matmul.cl", "matmul");
  test.work_dim = 2;
  test.global_size[0] = n / 4;
  test.global_size[1] = n;
  test.local_size[0] = 4;
  test.local_size[1] = 16;
  test.args = {ExecArg::buffer(randomFloats(n * n, 0.0f, 1.0f, 2), Element::Float),
               ExecArg::buffer(randomFloats(n * n, 0.0f, 1.0f, 3), Element::Float),
               // Sums of 64 positive products: contraction into fma may move
               // each partial sum by an ulp.
               ExecArg::buffer(std::vector<float>(n * n), Element::Float, true, 64),
               ExecArg::value(n)};
  runAndCompare(test);
}

TEST(Execution, StencilWithMacrosAndGlobalOffset) {
  const int width = 37, height = 23;
  ExecCase test("stencil.cl", "stencil");
  test.work_dim = 2;
  test.global_size[0] = 40;
  test.global_size[1] = 24;
  test.local_size[0] = 8;
  test.local_size[1] = 4;
  test.global_offset[0] = 5;
  test.global_offset[1] = 2;
  test.args = {ExecArg::buffer(randomFloats(width * height, -1.0f, 1.0f, 4), Element::Float),
               ExecArg::buffer(std::vector<float>(width * height), Element::Float, true, 4),
               ExecArg::value(width), ExecArg::value(height), ExecArg::value(0.2f)};
  runAndCompare(test);
}

ExecCase histogramCase(const std::vector<uint8_t> &data, size_t global_size,
                       const std::string &options = "") {
  ExecCase test("histogram.cl", "histogram", options);
  test.global_size[0] = global_size;
  test.local_size[0] = 128;
  test.args = {ExecArg::buffer(data, Element::UInt8), ExecArg::value(uint32_t(data.size())),
               ExecArg::buffer(std::vector<uint32_t>(256), Element::UInt32, true)};
  return test;
}

TEST(Execution, HistogramWithLocalAtomics) {
  runAndCompare(histogramCase(randomIntegers<uint8_t>(20000, 0, 255, 5), 1024));
}

// The readable histogram reads CUDA's built-in variables (no clc_ndrange):
// its launch helper must refuse a last work-group of 1000 % 128 work-items
// (cudaErrorInvalidConfiguration), which the translation runs.
TEST(Execution, PartialWorkGroupsRefusedByTheReadableLaunchHelper) {
  const std::vector<uint8_t> data = randomIntegers<uint8_t>(20000, 0, 255, 5);
  std::vector<uint32_t> bins(256);
  for (uint8_t value : data)
    ++bins[value];
  const Outputs expected = {bytesOf(bins)};
  runAndCompare(histogramCase(data, 1000, "-cl-std=CL2.0"), &expected, false);
}

// Every work-item function on a 2D NDRange with a global offset, uniform
// (12 x 6) and not (10 x 5, whose last groups are smaller), in groups of
// 4 x 2: the values each function must return, computed here.
void checkWorkItems(const size_t global[2]) {
  const size_t local[2] = {4, 2}, offset[2] = {3, 1};
  ExecCase test("work_items.cl", "work_items", "-cl-std=CL3.0");
  test.work_dim = 2;
  for (int d = 0; d < 2; ++d) {
    test.global_size[d] = global[d];
    test.local_size[d] = local[d];
    test.global_offset[d] = offset[d];
  }
  const size_t items = global[0] * global[1];
  test.args = {ExecArg::buffer(std::vector<uint64_t>(items * 16), Element::UInt64, true)};
  std::vector<uint64_t> expected(items * 16);
  for (size_t y = 0; y < global[1]; ++y)
    for (size_t x = 0; x < global[0]; ++x) {
      uint64_t *w = &expected[(y * global[0] + x) * 16];
      size_t ids[2] = {x, y}, local_sizes[2];
      w[0] = 2;
      for (int d = 0; d < 2; ++d) {
        size_t group = ids[d] / local[d];
        size_t groups = (global[d] + local[d] - 1) / local[d];
        bool remainder_group = group + 1 == groups && global[d] % local[d] != 0;
        local_sizes[d] = remainder_group ? global[d] % local[d] : local[d];
        w[1 + d * 7] = ids[d] + offset[d];
        w[2 + d * 7] = ids[d] % local[d];
        w[3 + d * 7] = group;
        w[4 + d * 7] = local_sizes[d];
        w[5 + d * 7] = local[d];
        w[6 + d * 7] = groups;
        w[7 + d * 7] = global[d] * 1000 + offset[d];
      }
      w[15] = (y % local[1]) * local_sizes[0] + x % local[0]; // local linear id
    }
  const auto *bytes = reinterpret_cast<const unsigned char *>(expected.data());
  Outputs want = {std::vector<unsigned char>(bytes, bytes + expected.size() * sizeof(uint64_t))};
  runAndCompare(test, &want);
}

TEST(Execution, WorkItemFunctionsWithGlobalOffsets) {
  const size_t global[2] = {12, 6};
  checkWorkItems(global);
}

TEST(Execution, WorkItemFunctionsWithRemainderGroups) {
  const size_t global[2] = {10, 5};
  checkWorkItems(global);
}

TEST(Execution, WorkItemFunctionsPastTheWorkDimension) {
  ExecCase test("work_items.cl", "work_item_defaults", "-cl-std=CL3.0");
  test.global_size[0] = 10;
  test.local_size[0] = 4;
  test.args = {ExecArg::buffer(std::vector<uint64_t>(10), Element::UInt64, true)};
  // ids 0, offsets 0, sizes and group counts 1.
  std::vector<uint64_t> expected(10, 10000 + 100000 + 1000000 + 10000000);
  const auto *bytes = reinterpret_cast<const unsigned char *>(expected.data());
  Outputs want = {std::vector<unsigned char>(bytes, bytes + expected.size() * sizeof(uint64_t))};
  runAndCompare(test, &want, false);
}

TEST(Execution, LongRunOfVectorStores) {
  const size_t items = 64, rows = 48;
  ExecCase test("vector_store_run.cl", "vector_store_run");
  test.global_size[0] = items;
  test.local_size[0] = 32;
  test.args = {
      ExecArg::buffer(randomIntegers<int32_t>(items + rows + 16, -1000, 1000, 17), Element::Int32),
      ExecArg::buffer(std::vector<int32_t>(items * rows * 16), Element::Int32, true)};
  runAndCompare(test);
}

// 64 work-items' vectors; the NDRange covers those from `offset`.
ExecCase vectorsCase(size_t offset) {
  const size_t n = 64;
  ExecCase test("vectors.cl", "vectors");
  test.global_size[0] = n - offset;
  test.global_offset[0] = offset;
  test.local_size[0] = 16;
  test.args = {ExecArg::buffer(randomIntegers<int32_t>(n * 8, -100000, 100000, 6), Element::Int32),
               ExecArg::buffer(std::vector<int32_t>(n * 12), Element::Int32, true),
               ExecArg::buffer(std::vector<uint32_t>(n * 8), Element::UInt32, true),
               ExecArg::buffer(std::vector<uint8_t>(n * 4), Element::UInt8, true)};
  return test;
}

TEST(Execution, IntegerVectorsAndSwizzles) { runAndCompare(vectorsCase(0)); }

// The readable kernel reads CUDA's built-in variables (no clc_ndrange): its
// launch helper must refuse a global offset (cudaErrorInvalidValue), which
// the translation runs.
TEST(Execution, GlobalOffsetRefusedByTheReadableLaunchHelper) { runAndCompare(vectorsCase(16)); }

TEST(Execution, MathWithinUlpBounds) {
  const size_t n = 256;
  std::vector<float> inputs = randomFloats(n, -10.0f, 10.0f, 7);
  ExecCase test("math.cl", "math");
  test.global_size[0] = n;
  test.local_size[0] = 64;
  // Bounds: twice the spec's (sin/cos 4, exp/log 3, pow 16, sqrt 3 ulp),
  // as both sides may err.
  test.args = {ExecArg::buffer(inputs, Element::Float),
               ExecArg::buffer(std::vector<float>(2 * n), Element::Float, true, 8),
               ExecArg::buffer(std::vector<float>(2 * n), Element::Float, true, 6),
               ExecArg::buffer(std::vector<float>(n), Element::Float, true, 32),
               ExecArg::buffer(std::vector<float>(n), Element::Float, true, 6),
               ExecArg::buffer(std::vector<float>(3 * n), Element::Float, true, 0)};
  runAndCompare(test);
}

TEST(Execution, FastRelaxedMathPowOfNegativeBases) {
  const size_t n = 256;
  ExecCase test("fast_relaxed_math.cl", "relaxed_pow", "-cl-fast-relaxed-math");
  test.global_size[0] = n;
  test.local_size[0] = 64;
  // Relaxed pow is exp2(y * log2|x|): its error grows with |y * log2|x||.
  test.args = {ExecArg::buffer(randomFloats(n, -30.0f, 30.0f, 11), Element::Float),
               ExecArg::buffer(std::vector<float>(8 * n), Element::Float, true, 512)};
  runAndCompare(test);
}

TEST(Execution, ConversionsRoundingAndSaturation) {
  std::vector<float> inputs = {0.5f,   1.5f,    2.5f,     -0.5f,     -1.5f, 0.49999997f,
                               1e10f,  -1e10f,  INFINITY, -INFINITY, NAN,   3.7f,
                               -3.7f,  127.5f,  255.49f,  65504.0f,  1e-8f, -0.0f,
                               2.1e9f, -2.2e9f, 0.1f,     0.2f,      0.3f,  1234.5678f};
  const size_t n = inputs.size();
  ExecCase test("conversions.cl", "conversions");
  test.global_size[0] = n;
  test.local_size[0] = 8;
  test.args = {ExecArg::buffer(inputs, Element::Float),
               ExecArg::buffer(std::vector<int32_t>(4 * n), Element::Int32, true),
               ExecArg::buffer(std::vector<uint8_t>(n), Element::UInt8, true),
               ExecArg::buffer(std::vector<uint32_t>(n), Element::UInt32, true),
               ExecArg::buffer(std::vector<uint16_t>(n), Element::UInt16, true),
               ExecArg::buffer(std::vector<float>(n), Element::Float, true, 0)};
  runAndCompare(test);
}

TEST(Execution, GlobalAtomicsUnderContention) {
  ExecCase test("atomics.cl", "atomics");
  test.global_size[0] = 4096;
  test.local_size[0] = 256;
  test.args = {
      ExecArg::buffer(std::vector<int32_t>{0, 0, 0, 1000000, -1, 0, 0}, Element::Int32, true),
      ExecArg::buffer(std::vector<uint32_t>{0, 0xffffffffu, 0}, Element::UInt32, true),
      ExecArg::buffer(std::vector<int64_t>{0}, Element::Int64, true)};
  runAndCompare(test);
}

// The OpenCL C 2.0 atomics without _explicit, checked against values
// computed here (the reference platform may not accept OpenCL C 2.0).
TEST(Execution, PlainAtomicsUnderContention) {
  constexpr int kItems = 4096, kGroup = 256;
  ExecCase test("atomics_seq_cst.cl", "plain_atomics", "-cl-std=CL2.0");
  test.global_size[0] = kItems;
  test.local_size[0] = kGroup;
  const std::vector<int32_t> counters = {0, 0, 100000, -1, 0, 0, -1, 0, 0, 0, 0};
  test.args = {ExecArg::buffer(counters, Element::Int32, true),
               ExecArg::buffer(std::vector<int64_t>{0}, Element::Int64, true),
               ExecArg::buffer(std::vector<int32_t>{0}, Element::Int32, true),
               ExecArg::buffer(std::vector<int32_t>(kItems / kGroup), Element::Int32, true),
               ExecArg::local(sizeof(int32_t))};
  const int32_t sum = kItems * (kItems - 1) / 2, even_bits = 0x55555555;
  Outputs expected = {
      bytesOf(std::vector<int32_t>{sum, -2 * kItems, 1000 - (kItems - 1), 3 * (kItems - 1),
                                   even_bits, 0, ~even_bits, 1, 5, 7, 1}),
      bytesOf(std::vector<int64_t>{int64_t(sum) << 33}), bytesOf(std::vector<int32_t>{1}),
      bytesOf(std::vector<int32_t>(kItems / kGroup, kGroup))};
  runAndCompare(test, &expected);
}

TEST(Execution, KernelCalledFromKernelWithLocalArguments) {
  for (const char *kernel : {"fill", "twice"}) {
    ExecCase test("calls.cl", kernel);
    test.global_size[0] = 96;
    test.local_size[0] = 32;
    test.args = {ExecArg::buffer(std::vector<int32_t>(96), Element::Int32, true),
                 ExecArg::value(21), ExecArg::local(32), ExecArg::local(32 * 16)};
    runAndCompare(test);
  }
}

TEST(Execution, StructureArgumentsByValue) {
  struct Params {
    float scale;
    int32_t offset;
    float pad[2];
    float bias[4];
  } params = {1.5f, 7, {0.0f, 0.0f}, {0.25f, -2.0f, 3.0f, 4.0f}};
  static_assert(sizeof(Params) == 32, "params_t's OpenCL layout: a float4 at 16");
  ExecCase test("struct_arguments.cl", "struct_arguments");
  test.global_size[0] = 64;
  test.local_size[0] = 32;
  test.args = {ExecArg::buffer(std::vector<float>(64), Element::Float, true),
               ExecArg::value(params)};
  runAndCompare(test);
}

TEST(Execution, AsyncCopiesThroughLocalMemory) {
  ExecCase test("async_copies.cl", "async_copies");
  test.global_size[0] = 256;
  test.local_size[0] = 64;
  test.args = {ExecArg::buffer(randomFloats(256, -1.0f, 1.0f, 21), Element::Float),
               ExecArg::buffer(std::vector<float>(256), Element::Float, true),
               ExecArg::local(64 * sizeof(float))};
  runAndCompare(test);
}

TEST(Execution, LocalArraysPastStaticSharedMemory) {
  for (const char *kernel : {"reverse_wide", "sum_small"}) {
    ExecCase test("large_local.cl", kernel);
    test.global_size[0] = 256;
    test.local_size[0] = 256;
    test.args = {ExecArg::buffer(randomFloats(16384, -1.0f, 1.0f, 31), Element::Float, true),
                 ExecArg::local(256 * sizeof(float))};
    runAndCompare(test);
  }
}

TEST(Execution, StatementExpressions) {
  ExecCase test("statement_expressions.cl", "statement_expressions");
  test.global_size[0] = 128;
  test.local_size[0] = 32;
  test.args = {ExecArg::buffer(std::vector<int32_t>(128), Element::Int32, true), ExecArg::value(1)};
  runAndCompare(test);
}

TEST(Execution, BinaryConditionals) {
  ExecCase test("binary_conditional.cl", "binary_conditional");
  test.global_size[0] = 128;
  test.local_size[0] = 32;
  std::vector<int32_t> in(128), counters(128);
  for (int32_t i = 0; i < 128; ++i) {
    in[i] = i % 3 == 0 ? 0 : i * 7 - 300;
    counters[i] = i % 2;
  }
  test.args = {ExecArg::buffer(std::vector<int32_t>(4 * 128), Element::Int32, true),
               ExecArg::buffer(in, Element::Int32),
               ExecArg::buffer(counters, Element::Int32, true)};
  runAndCompare(test);
}

// With -cl-fp32-correctly-rounded-divide-sqrt, a / b and sqrt are the
// host's IEEE results exactly: random operands over the whole range,
// subnormals among them, and a / a over many mantissas (where a 2-ulp
// division such as div.full.f32 misses 1.0 for about one in six).
TEST(Execution, CorrectlyRoundedDivideAndSqrtWhenAsked) {
  constexpr std::size_t n = 4096;
  std::mt19937 random(12);
  std::vector<float> a(n), b(n), quotient(n), root(n);
  for (std::size_t i = 0; i < n; ++i) {
    auto any = [&] {
      uint32_t bits = random() & 0x7fffffffu;
      if (bits >= 0x7f800000u) // no infinity or NaN: finite operands
        bits &= 0x3fffffffu;
      float value;
      std::memcpy(&value, &bits, sizeof value);
      return value;
    };
    a[i] = any();
    b[i] = i % 4 == 0 ? a[i] : (i % 4 == 1 ? 1.0f + float(i) / n : any());
    if (b[i] == 0.0f)
      b[i] = 1.0f;
    quotient[i] = a[i] / b[i];
    root[i] = std::sqrt(a[i]);
  }
  ExecCase test("correctly_rounded_divide_sqrt.cl", "correctly_rounded",
                "-cl-fp32-correctly-rounded-divide-sqrt");
  test.global_size[0] = n;
  test.local_size[0] = 256;
  test.args = {ExecArg::buffer(std::vector<float>(n), Element::Float, true),
               ExecArg::buffer(std::vector<float>(n), Element::Float, true),
               ExecArg::buffer(a, Element::Float), ExecArg::buffer(b, Element::Float)};
  const Outputs expected = {bytesOf(quotient), bytesOf(root)};
  runAndCompare(test, &expected);
}

} // namespace
} // namespace cl2cuda::testing
