// Tiled matrix multiplication with float4 arithmetic and local-memory tiles.
// Each element is a K-term dot product: within gamma(K) sum |a b| of the exact
// value on each platform (a multiply-add may or may not be fused), so two
// platforms may differ by twice that.
#include "host_reference.h"
#include "program.h"

namespace differential {
namespace {

using namespace clexample;

constexpr size_t kTile = 16; // TILE in matmul.cl
constexpr size_t kM = 64, kN = 128, kK = 96;

RunResult runMatmul(const Device &device) {
  const std::vector<float> a = randomFloats(kM * kK, 31, -1.0f, 1.0f);
  const std::vector<float> b = randomFloats(kK * kN, 32, -1.0f, 1.0f);
  Program program = device.buildProgram(programPath("matmul.cl"));
  Kernel kernel = createKernel(program, "matmul_float4");
  Queue queue = device.createQueue();
  Memory aBuffer = device.createBuffer(CL_MEM_READ_ONLY, a);
  Memory bBuffer = device.createBuffer(CL_MEM_READ_ONLY, b);
  Memory cBuffer = device.createBuffer(CL_MEM_WRITE_ONLY, kM * kN * sizeof(float));
  setKernelArgs(kernel, aBuffer, bBuffer, cBuffer, cl_uint{kM}, cl_uint{kN}, cl_uint{kK});
  enqueueKernel(queue, kernel, NDRange(kN / 4, kM), NDRange(kTile, kTile));
  std::vector<float> c = readBuffer<float>(queue, cBuffer, kM * kN);

  std::vector<double> expected(kM * kN), bounds(kM * kN), crossBounds(kM * kN);
  for (size_t row = 0; row < kM; ++row)
    for (size_t column = 0; column < kN; ++column) {
      double sum = 0, magnitude = 0;
      for (size_t k = 0; k < kK; ++k) {
        const double product = double(a[row * kK + k]) * b[k * kN + column];
        sum += product;
        magnitude += std::fabs(product);
      }
      const size_t i = row * kN + column;
      expected[i] = sum;
      bounds[i] = gamma(kK) * magnitude;
      crossBounds[i] = 2 * bounds[i];
    }
  RunResult result;
  expectWithin(result, "C", c, expected, bounds, "gamma(K) sum |a b|");
  result.buffers.push_back(
      resultBuffer("C", c, Agreement::within(crossBounds, "2 gamma(K) sum |a b|")));
  return result;
}

} // namespace

std::vector<DifferentialProgram> matmulPrograms() {
  return {{"matmul float4", "2 gamma(K) sum |a b| (K = 96)", runMatmul}};
}

} // namespace differential
