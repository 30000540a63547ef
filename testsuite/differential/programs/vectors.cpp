// Vector types and swizzles: every kernel of vectors.cl replayed lane by lane
// on the host.
#include "host_reference.h"
#include "program.h"

#include <algorithm>
#include <array>

namespace differential {
namespace {

using namespace clexample;

constexpr size_t kCount = 256; // vectors per kernel

uint32_t rotateLeft(uint32_t x, unsigned count) {
  count &= 31;
  return count ? (x << count) | (x >> (32 - count)) : x;
}

std::vector<float> swizzleFloat4(const std::vector<float> &in) {
  std::vector<float> out(3 * in.size());
  for (size_t i = 0; i < in.size() / 4; ++i) {
    const float *v = &in[4 * i];
    std::array<float, 4> r = {v[1] + v[2], v[2] + v[3], v[3] - 2.0f * v[0], v[0] - 2.0f * v[2]};
    r = {r[0] + v[0], r[1] + v[1], r[2] + v[2], r[3] + 1.5f};
    const std::array<float, 4> otherwise = {v[0], v[1], r[2], r[3]};
    for (int c = 0; c < 4; ++c) {
      out[12 * i + c] = r[c];
      out[12 * i + 4 + c] = v[c] > r[c] ? r[c] : v[c];
      out[12 * i + 8 + c] = v[c] < r[c] ? v[3 - c] : otherwise[c];
    }
  }
  return out;
}

void swizzleInt8(const std::vector<int32_t> &in, std::vector<int32_t> &out,
                 std::vector<int32_t> &flags) {
  const unsigned counts[4] = {1, 2, 33, 35};
  for (size_t i = 0; i < in.size() / 8; ++i) {
    const int32_t *v = &in[8 * i];
    int32_t r[8];
    for (int k = 0; k < 8; ++k)
      r[k] = v[7 - k];
    for (int k = 0; k < 4; ++k)
      r[k] = v[k + 4] + v[k];
    for (int k = 0; k < 8; k += 2)
      r[k + 1] = r[k] * 3;
    r[7] = v[0] - v[7];
    for (int k = 0; k < 4; ++k) {
      r[k] += std::max(v[k + 4], v[k]);
      r[k + 4] += static_cast<int32_t>(static_cast<uint32_t>(v[k]) << (counts[k] & 31));
    }
    bool anyNegative = false, allAbove = true;
    for (int k = 0; k < 8; ++k) {
      out[8 * i + k] =
          static_cast<int32_t>(rotateLeft(static_cast<uint32_t>(r[k]), 3)) ^ (v[k] >> 2);
      anyNegative |= v[k] < 0;
      allAbove &= v[k] > -1000000;
    }
    flags[i] = int(anyNegative) + 2 * int(allAbove) + 4 * int(v[3] == v[5]);
  }
}

std::vector<uint8_t> bytesUchar16(const std::vector<uint8_t> &in) {
  const uint8_t mask[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};
  std::vector<uint8_t> out(2 * in.size());
  for (size_t i = 0; i < in.size() / 16; ++i) {
    const uint8_t *v = &in[16 * i];
    uint8_t w[16], shuffled[16];
    for (int k = 0; k < 16; ++k) {
      w[k] = static_cast<uint8_t>(v[15 - k] + 200);
      shuffled[k] = v[mask[k]];
    }
    w[9] = v[0];
    w[10] = v[1];
    w[11] = v[2];
    for (int k = 0; k < 16; ++k) {
      out[32 * i + k] = static_cast<uint8_t>((w[k] + shuffled[k]) >> 1);
      out[32 * i + 16 + k] =
          static_cast<uint8_t>((v[k] >> ((v[k] & 15) & 7)) | (shuffled[k] << (9 & 7)));
    }
  }
  return out;
}

void vectorsOfThree(const std::vector<int32_t> &in, std::vector<int32_t> &out,
                    std::vector<float> &halves) {
  for (size_t i = 0; i < in.size() / 3; ++i) {
    const int32_t *a = &in[3 * i];
    const int32_t b[3] = {2 * a[2] - a[0], 3 * a[0] - a[1], 4 * a[1] - a[2]};
    for (int k = 0; k < 3; ++k) {
      out[3 * i + k] = std::clamp(b[k], -100000, 100000) + a[0];
      halves[3 * i + k] = static_cast<float>(a[2 - k]) * 0.5f;
    }
  }
}

RunResult runVectors(const Device &device) {
  Program program = device.buildProgram(programPath("vectors.cl"));
  Queue queue = device.createQueue();
  RunResult result;
  auto launch = [&](const char *name, auto &&...arguments) {
    Kernel kernel = createKernel(program, name);
    setKernelArgs(kernel, arguments...);
    enqueueKernel(queue, kernel, NDRange(kCount));
  };

  const std::vector<float> floats = randomFloats(4 * kCount, 71, -4.0f, 4.0f);
  Memory floatIn = device.createBuffer(CL_MEM_READ_ONLY, floats);
  Memory floatOut = device.createBuffer(CL_MEM_WRITE_ONLY, 3 * floats.size() * sizeof(float));
  launch("swizzle_float4", floatIn, floatOut);
  std::vector<float> float4Result = readBuffer<float>(queue, floatOut, 3 * floats.size());
  checkAndKeep(result, "swizzle_float4", float4Result, swizzleFloat4(floats));

  const std::vector<int32_t> ints = randomIntegers<int32_t>(8 * kCount, 72, -1000000, 1000000);
  Memory intIn = device.createBuffer(CL_MEM_READ_ONLY, ints);
  Memory intOut = device.createBuffer(CL_MEM_WRITE_ONLY, ints.size() * sizeof(int32_t));
  Memory flagOut = device.createBuffer(CL_MEM_WRITE_ONLY, kCount * sizeof(int32_t));
  launch("swizzle_int8", intIn, intOut, flagOut);
  std::vector<int32_t> expectedInts(ints.size()), expectedFlags(kCount);
  swizzleInt8(ints, expectedInts, expectedFlags);
  std::vector<int32_t> int8Result = readBuffer<int32_t>(queue, intOut, ints.size());
  std::vector<int32_t> flags = readBuffer<int32_t>(queue, flagOut, kCount);
  checkAndKeep(result, "swizzle_int8", int8Result, expectedInts);
  checkAndKeep(result, "any_all", flags, expectedFlags);

  const std::vector<uint8_t> bytes = randomIntegers<uint8_t>(16 * kCount, 73, 0, 255);
  Memory byteIn = device.createBuffer(CL_MEM_READ_ONLY, bytes);
  Memory byteOut = device.createBuffer(CL_MEM_WRITE_ONLY, 2 * bytes.size());
  launch("bytes_uchar16", byteIn, byteOut);
  std::vector<uint8_t> byteResult = readBuffer<uint8_t>(queue, byteOut, 2 * bytes.size());
  checkAndKeep(result, "bytes_uchar16", byteResult, bytesUchar16(bytes));

  const std::vector<int32_t> triples = randomIntegers<int32_t>(3 * kCount, 74, -100000, 100000);
  Memory tripleIn = device.createBuffer(CL_MEM_READ_ONLY, triples);
  Memory tripleOut = device.createBuffer(CL_MEM_WRITE_ONLY, triples.size() * sizeof(int32_t));
  Memory halfOut = device.createBuffer(CL_MEM_WRITE_ONLY, triples.size() * sizeof(float));
  launch("vectors_of_three", tripleIn, tripleOut, halfOut);
  std::vector<int32_t> expectedTriples(triples.size());
  std::vector<float> expectedHalves(triples.size());
  vectorsOfThree(triples, expectedTriples, expectedHalves);
  std::vector<int32_t> tripleResult = readBuffer<int32_t>(queue, tripleOut, triples.size());
  std::vector<float> halfResult = readBuffer<float>(queue, halfOut, triples.size());
  checkAndKeep(result, "vectors_of_three", tripleResult, expectedTriples);
  checkAndKeep(result, "halves", halfResult, expectedHalves);
  return result;
}

} // namespace

std::vector<DifferentialProgram> vectorPrograms() {
  return {{"vectors and swizzles", "exact (exact operations)", runVectors}};
}

} // namespace differential
