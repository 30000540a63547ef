// SPIR-V modules on the GPU (labels translator and gpu): each module of
// testsuite/translator/spirv, translated by the SPIR-V front end, runs as the
// shim launches it, against the same kernel written in OpenCL C run on the
// reference platform (exec/spirv_*.cl, exec/reduction.cl).
#include "ExecChecks.h"

#include <gtest/gtest.h>

#include <random>

namespace cl2cuda::testing {
namespace {

template <typename T> std::vector<T> randomValues(size_t count, T low, T high, unsigned seed) {
  std::mt19937 generator(seed);
  std::vector<T> values(count);
  for (T &value : values) {
    if constexpr (std::is_floating_point_v<T>)
      value = std::uniform_real_distribution<T>(low, high)(generator);
    else
      value = static_cast<T>(std::uniform_int_distribution<long long>(low, high)(generator));
  }
  return values;
}

// A partial work-group past n: the branch skips it.
TEST(SpirvExecution, SaxpyWithABranch) {
  const uint32_t n = 1000;
  ExecCase test("spirv_saxpy.cl", "saxpy");
  test.spirv = "spirv/saxpy.spv";
  test.global_size[0] = 1024;
  test.local_size[0] = 128;
  test.args = {ExecArg::value(2.5f),
               ExecArg::buffer(randomValues<float>(1024, -1.0f, 1.0f, 11), Element::Float),
               ExecArg::buffer(randomValues<float>(1024, -1.0f, 1.0f, 12), Element::Float, true, 1),
               ExecArg::value(n)};
  runAndCompare(test);
}

// The loop's counter is an OpPhi; the sum is reordered by the tree as in
// OpenCL C, so the results agree to the bit.
TEST(SpirvExecution, ReductionWithLocalMemory) {
  const uint32_t n = 1000, local = 64, groups = (n + local - 1) / local;
  ExecCase test("reduction.cl", "reduce");
  test.spirv = "spirv/reduction.spv";
  test.global_size[0] = groups * local;
  test.local_size[0] = local;
  test.args = {ExecArg::buffer(randomValues<float>(n, 0.0f, 1.0f, 1), Element::Float),
               ExecArg::buffer(std::vector<float>(groups), Element::Float, true),
               ExecArg::local(local * sizeof(float)), ExecArg::value(n)};
  runAndCompare(test);
}

// Signed operations on SPIR-V's sign-less integers, with negative values and
// zero divisors, and OpenCL.std on a float4.
TEST(SpirvExecution, SignedIntegersSwitchAndExtendedInstructions) {
  const size_t n = 4096;
  ExecCase test("spirv_integer_ops.cl", "integer_ops");
  test.spirv = "spirv/integer_ops.spv";
  test.global_size[0] = n;
  test.local_size[0] = 256;
  test.args = {
      ExecArg::buffer(randomValues<int32_t>(n, -100000, 100000, 21), Element::Int32),
      ExecArg::buffer(randomValues<int32_t>(n, -50, 50, 22), Element::Int32),
      ExecArg::buffer(std::vector<int32_t>(n), Element::Int32, true),
      // sqrt is correctly rounded in both (OpenCL C's 3 ulp at most).
      ExecArg::buffer(randomValues<float>(4 * n, -1.0f, 100.0f, 23), Element::Float, true, 3)};
  runAndCompare(test);
}

// Atomics whose results do not depend on their order: counts, a signed
// maximum of values of both signs, a flag set once.
TEST(SpirvExecution, AtomicsWithScopesAndSemantics) {
  const size_t n = 8192;
  ExecCase test("spirv_atomics.cl", "atomics");
  test.spirv = "spirv/atomics.spv";
  test.global_size[0] = n;
  test.local_size[0] = 256;
  test.args = {ExecArg::buffer(randomValues<int32_t>(n, -1000000, 1000000, 31), Element::Int32),
               ExecArg::buffer(std::vector<uint32_t>(17), Element::UInt32, true),
               ExecArg::buffer(std::vector<int32_t>{-2000000}, Element::Int32, true)};
  runAndCompare(test);
}

// OpFMod on values and divisors of both signs, a vector times a scalar, and
// a vector comparison stored as OpenCL C's -1 and 0.
TEST(SpirvExecution, RemaindersVectorsAndComparisons) {
  const size_t n = 2048;
  ExecCase test("spirv_misc.cl", "misc");
  test.spirv = "spirv/misc.spv";
  test.global_size[0] = n;
  test.local_size[0] = 128;
  test.args = {ExecArg::buffer(randomValues<float>(n, -100.0f, 100.0f, 41), Element::Float),
               ExecArg::buffer(randomValues<float>(n, -7.0f, 7.0f, 42), Element::Float),
               ExecArg::buffer(std::vector<float>(n), Element::Float, true),
               ExecArg::buffer(randomValues<float>(4 * n, -1.0f, 1.0f, 43), Element::Float, true),
               ExecArg::buffer(std::vector<int32_t>(4 * n), Element::Int32, true)};
  runAndCompare(test);
}

// OpenCL.std's vector loads and stores, whose width and rounding mode are
// literals in SPIR-V; the halves compared bit for bit.
TEST(SpirvExecution, VectorLoadsAndStoresWithARoundingMode) {
  const size_t n = 1024;
  ExecCase test("spirv_vector_memory.cl", "vector_memory");
  test.spirv = "spirv/vector_memory.spv";
  test.global_size[0] = n;
  test.local_size[0] = 64;
  test.args = {ExecArg::buffer(randomValues<float>(4 * n, -70000.0f, 70000.0f, 51), Element::Float),
               ExecArg::buffer(std::vector<float>(4 * n), Element::Float, true),
               ExecArg::buffer(std::vector<uint16_t>(n), Element::UInt16, true)};
  runAndCompare(test);
}

} // namespace
} // namespace cl2cuda::testing
