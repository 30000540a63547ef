// __local pointer kernel arguments: three of different element types and
// alignments (float, int4, char) beside a kernel-scope __local array, at two
// work-group sizes, so the argument sizes change between launches.
#include "host_reference.h"
#include "program.h"

#include <string>

namespace differential {
namespace {

using namespace clexample;

constexpr size_t kCount = 4096;

RunResult runLocalArguments(const Device &device) {
  const std::vector<float> input = randomFloats(kCount, 101, -100.0f, 100.0f);
  Program program = device.buildProgram(programPath("local_args.cl"));
  Kernel kernel = createKernel(program, "local_arguments");
  Queue queue = device.createQueue();
  Memory in = device.createBuffer(CL_MEM_READ_ONLY, input);
  Memory floatsOut = device.createBuffer(CL_MEM_WRITE_ONLY, kCount * sizeof(float));
  Memory intsOut = device.createBuffer(CL_MEM_WRITE_ONLY, kCount * sizeof(int32_t));
  RunResult result;
  for (size_t groupSize : {size_t{64}, size_t{256}}) {
    setKernelArgs(kernel, in, floatsOut, intsOut, LocalMemory{groupSize * sizeof(float)},
                  LocalMemory{groupSize * sizeof(cl_int4)}, LocalMemory{groupSize});
    enqueueKernel(queue, kernel, NDRange(kCount), NDRange(groupSize));
    std::vector<float> floats = readBuffer<float>(queue, floatsOut, kCount);
    std::vector<int32_t> ints = readBuffer<int32_t>(queue, intsOut, kCount);

    std::vector<float> expectedFloats(kCount);
    std::vector<int32_t> expectedInts(kCount);
    for (size_t gid = 0; gid < kCount; ++gid) {
      const size_t lid = gid % groupSize, group = gid / groupSize;
      const size_t mirror = groupSize - 1 - lid;
      const size_t mirrorGid = group * groupSize + mirror;
      expectedFloats[gid] = input[mirrorGid] * 2.0f;
      expectedInts[gid] = static_cast<int32_t>(mirror + mirrorGid * 3 + group * 5) -
                          static_cast<int32_t>(mirror * 7) +
                          static_cast<int8_t>(static_cast<uint8_t>(mirror * 7)) +
                          static_cast<int32_t>((mirror % 64) * (mirror % 64));
    }
    const std::string suffix = " (groups of " + std::to_string(groupSize) + ")";
    checkAndKeep(result, "floats" + suffix, floats, expectedFloats);
    checkAndKeep(result, "ints" + suffix, ints, expectedInts);
  }
  return result;
}

} // namespace

std::vector<DifferentialProgram> localArgumentPrograms() {
  return {{"__local arguments", "exact", runLocalArguments}};
}

} // namespace differential
