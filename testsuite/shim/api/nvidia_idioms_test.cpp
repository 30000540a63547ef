// The code paths applications write for NVIDIA's OpenCL: inline PTX
// (`asm("..." : outputs : inputs)`, CLBlast and hashcat), which the
// translator carries through to CUDA, whose syntax it is; and the
// warp-synchronous idiom (OpenMM), which synchronises a warp with
// mem_fence(CLK_LOCAL_MEM_FENCE) alone (docs/device-library.md). On the GPU
// the results are checked; on the CPU stand-in the programs must build
// (NVRTC runs there too).
#include "program_fixture.h"

#include <cstdint>

namespace clcuda::test {
namespace {

const char kInlinePtx[] = R"(
uint lane_id(void) {
  uint id;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
  return id;
}
float shuffle(float value, int source) {
  float result;
  asm volatile("shfl.sync.idx.b32 %0, %1, %2, 0x1f, 0xffffffff;"
               : "=f"(result) : "f"(value), "r"(source));
  return result;
}
uint xor3(uint a, uint b, uint c) {
  uint result;
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(result) : "r"(a), "r"(b), "r"(c));
  return result;
}
__kernel void inline_ptx(__global const uint *in, __global uint *words, __global float *shuffled,
                         __global ulong *wide) {
  size_t i = get_global_id(0);
  uint4 v = vload4(i, in);
  words[2 * i] = lane_id();
  words[2 * i + 1] = xor3(v.x, v.y, v.z);
  shuffled[i] = shuffle((float)v.w, 31 - (int)lane_id());
  ulong sum;
  __asm__("add.u64 %0, %1, %2;" : "=l"(sum) : "l"((ulong)v.x << 32), "l"((ulong)v.s1));
  wide[i] = sum;
}
)";

using NvidiaIdioms = ProgramTest;

TEST_F(NvidiaIdioms, RunsWithItsOperandsMapped) {
  cl_kernel kernel = this->kernel(build(kInlinePtx), "inline_ptx");
  const size_t n = 256, group = 64;
  std::vector<std::uint32_t> input(4 * n);
  for (size_t i = 0; i < input.size(); ++i)
    input[i] = std::uint32_t(i * 2654435761u);
  cl_mem in = makeBuffer(CL_MEM_COPY_HOST_PTR, input.size() * 4, input.data());
  cl_mem words = makeBuffer(CL_MEM_READ_WRITE, 2 * n * 4);
  cl_mem shuffled = makeBuffer(CL_MEM_READ_WRITE, n * 4);
  cl_mem wide = makeBuffer(CL_MEM_READ_WRITE, n * 8);
  setArg(kernel, 0, in);
  setArg(kernel, 1, words);
  setArg(kernel, 2, shuffled);
  setArg(kernel, 3, wide);
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &n, &group, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  if (fakeDevice())
    return;
  const auto word = read<std::uint32_t>(words, 2 * n);
  const auto shuffle = read<float>(shuffled, n);
  const auto sum = read<std::uint64_t>(wide, n);
  for (size_t i = 0; i < n; ++i) {
    const size_t lane = i % 32, source = i - lane + (31 - lane);
    ASSERT_EQ(word[2 * i], lane) << i;
    ASSERT_EQ(word[2 * i + 1], input[4 * i] ^ input[4 * i + 1] ^ input[4 * i + 2]) << i;
    ASSERT_EQ(shuffle[i], float(input[4 * source + 3])) << i;
    ASSERT_EQ(sum[i], (std::uint64_t(input[4 * i]) << 32) + input[4 * i + 1]) << i;
  }
}

// John the Ripper's lut3 on NVIDIA: a function that hands its parameter to
// lop3.b32 as an immediate ("i"), through a prototype, a macro and directly,
// with the table first or last; and a constant immediate (docs/translator.md).
const char kImmediateOperands[] = R"(
uint lut3(uint a, uint b, uint c, uint imm);
#define MAJ(x, y, z) lut3(x, y, z, 0xe8)
inline uint select_bits(uint table, uint a, uint b, uint c) {
  uint r;
  asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(a), "r"(b), "r"(c), "i"(table));
  return r;
}
inline uint lut3(uint a, uint b, uint c, uint imm) {
  uint r;
  asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(a), "r"(b), "r"(c), "i"(imm));
  return r;
}
__kernel void immediates(__global const uint *in, __global uint *out) {
  size_t i = get_global_id(0);
  uint a = in[3 * i], b = in[3 * i + 1], c = in[3 * i + 2];
  out[4 * i] = lut3(a, b, c, 0x96);
  out[4 * i + 1] = MAJ(a, b, c);
  out[4 * i + 2] = select_bits(0xca, a, b, c);
  uint rotated;
  asm("shf.l.wrap.b32 %0, %1, %1, %2;" : "=r"(rotated) : "r"(a), "i"(8));
  out[4 * i + 3] = rotated;
}
)";

TEST_F(NvidiaIdioms, ImmediateOperandsOfFunctionParameters) {
  cl_kernel kernel = this->kernel(build(kImmediateOperands), "immediates");
  const size_t n = 256;
  std::vector<std::uint32_t> input(3 * n);
  for (size_t i = 0; i < input.size(); ++i)
    input[i] = std::uint32_t(i * 2654435761u + 12345u);
  cl_mem in = makeBuffer(CL_MEM_COPY_HOST_PTR, input.size() * 4, input.data());
  cl_mem out = makeBuffer(CL_MEM_READ_WRITE, 4 * n * 4);
  setArg(kernel, 0, in);
  setArg(kernel, 1, out);
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &n, nullptr, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  if (fakeDevice())
    return;
  const auto result = read<std::uint32_t>(out, 4 * n);
  for (size_t i = 0; i < n; ++i) {
    const std::uint32_t a = input[3 * i], b = input[3 * i + 1], c = input[3 * i + 2];
    ASSERT_EQ(result[4 * i], a ^ b ^ c) << i;
    ASSERT_EQ(result[4 * i + 1], (a & b) | (a & c) | (b & c)) << i;
    ASSERT_EQ(result[4 * i + 2], (a & b) | (~a & c)) << i;
    ASSERT_EQ(result[4 * i + 3], (a << 8) | (a >> 24)) << i;
  }
}

// OpenMM's reductions on NVIDIA: the last 32 work-items add through volatile
// __local memory with only mem_fence between the steps. NVIDIA's OpenCL
// compiles the fence to membar.cta, as clcuda does; a warp that lost lockstep
// would read a partner's value before it is written.
const char kWarpSynchronous[] = R"(
__kernel void warp_reduce(__global const int *in, __global int *out) {
  __local volatile int sums[256];
  int l = get_local_id(0);
  sums[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int stride = 128; stride > 32; stride /= 2) {
    if (l < stride)
      sums[l] += sums[l + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l < 32) {
    sums[l] += sums[l + 32]; mem_fence(CLK_LOCAL_MEM_FENCE);
    sums[l] += sums[l + 16]; mem_fence(CLK_LOCAL_MEM_FENCE);
    sums[l] += sums[l + 8]; mem_fence(CLK_LOCAL_MEM_FENCE);
    sums[l] += sums[l + 4]; mem_fence(CLK_LOCAL_MEM_FENCE);
    sums[l] += sums[l + 2]; mem_fence(CLK_LOCAL_MEM_FENCE);
    sums[l] += sums[l + 1]; mem_fence(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0)
    out[get_group_id(0)] = sums[0];
}
)";

TEST_F(NvidiaIdioms, WarpSynchronousReductionWithMemFence) {
  cl_kernel kernel = this->kernel(build(kWarpSynchronous), "warp_reduce");
  const size_t groups = 8192, group = 256, n = groups * group;
  std::vector<int> input(n);
  std::vector<long long> expected(groups);
  for (size_t i = 0; i < n; ++i) {
    input[i] = int(i * 7919 % 1000);
    expected[i / group] += input[i];
  }
  cl_mem in = makeBuffer(CL_MEM_COPY_HOST_PTR, n * sizeof(int), input.data());
  cl_mem out = makeBuffer(CL_MEM_READ_WRITE, groups * sizeof(int));
  setArg(kernel, 0, in);
  setArg(kernel, 1, out);
  for (int run = 0; run < 10; ++run) {
    ASSERT_CL(CL_SUCCESS,
              clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &n, &group, 0, nullptr, nullptr));
    if (fakeDevice())
      continue;
    const std::vector<int> sums = read<int>(out, groups);
    for (size_t g = 0; g < groups; ++g)
      ASSERT_EQ(sums[g], expected[g]) << "group " << g << ", run " << run;
  }
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
}

} // namespace
} // namespace clcuda::test
