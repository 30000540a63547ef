// Inline PTX in OpenCL C (`asm("..." : outputs : inputs)`), as NVIDIA's
// OpenCL takes it and as CLBlast and hashcat write it on NVIDIA devices:
// the translator carries the statement through to CUDA, whose syntax it is.
// On the GPU the results are checked; on the CPU stand-in the program must
// build (NVRTC runs there too).
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

using InlinePtx = ProgramTest;

TEST_F(InlinePtx, RunsWithItsOperandsMapped) {
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

} // namespace
} // namespace clcuda::test
