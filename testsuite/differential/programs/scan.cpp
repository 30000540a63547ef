// Prefix sums: a multi-level Blelloch exclusive scan of a length that is not
// a multiple of the block, and per-group Hillis-Steele inclusive scans.
#include "host_reference.h"
#include "program.h"

namespace differential {
namespace {

using namespace clexample;

constexpr size_t kGroupSize = 256;
constexpr size_t kBlock = 2 * kGroupSize; // elements a scan_blocks group covers
constexpr size_t kCount = 30000;          // 59 blocks, the last one partial
constexpr size_t kHillisSteeleGroups = 16;

// Scans `count` elements of `data` in place on the device (exclusive), with
// one level of block totals (count <= kBlock * kBlock).
void exclusiveScan(const Device &device, cl_program program, cl_command_queue queue,
                   const Memory &data, size_t count) {
  const size_t blocks = (count + kBlock - 1) / kBlock;
  Memory blockSums = device.createBuffer(CL_MEM_READ_WRITE, blocks * sizeof(cl_uint));
  Memory total = device.createBuffer(CL_MEM_READ_WRITE, sizeof(cl_uint));
  Kernel scanBlocks = createKernel(program, "scan_blocks");
  setKernelArgs(scanBlocks, data, data, blockSums, LocalMemory{kBlock * sizeof(cl_uint)},
                static_cast<cl_uint>(count));
  enqueueKernel(queue, scanBlocks, NDRange(blocks * kGroupSize), NDRange(kGroupSize));
  setKernelArgs(scanBlocks, blockSums, blockSums, total, LocalMemory{kBlock * sizeof(cl_uint)},
                static_cast<cl_uint>(blocks));
  enqueueKernel(queue, scanBlocks, NDRange(kGroupSize), NDRange(kGroupSize));
  Kernel addOffsets = createKernel(program, "add_block_offsets");
  setKernelArgs(addOffsets, data, blockSums, static_cast<cl_uint>(kBlock),
                static_cast<cl_uint>(count));
  enqueueKernel(queue, addOffsets, NDRange(roundUp(count, kGroupSize)), NDRange(kGroupSize));
}

RunResult runScan(const Device &device) {
  Program program = device.buildProgram(programPath("scan.cl"));
  Queue queue = device.createQueue();
  RunResult result;

  const std::vector<uint32_t> values = randomIntegers<uint32_t>(kCount, 21, 0, 1000);
  Memory data = device.createBuffer(CL_MEM_READ_WRITE, values);
  exclusiveScan(device, program, queue, data, kCount);
  std::vector<uint32_t> scanned = readBuffer<uint32_t>(queue, data, kCount);
  std::vector<uint32_t> expected(kCount);
  uint32_t running = 0;
  for (size_t i = 0; i < kCount; ++i) {
    expected[i] = running;
    running += values[i];
  }
  checkAndKeep(result, "exclusive_scan", scanned, expected);

  const size_t count = kHillisSteeleGroups * kGroupSize;
  const std::vector<int32_t> signedValues = randomIntegers<int32_t>(count, 22, -100, 100);
  Memory in = device.createBuffer(CL_MEM_READ_ONLY, signedValues);
  Memory out = device.createBuffer(CL_MEM_WRITE_ONLY, count * sizeof(int32_t));
  Kernel hillisSteele = createKernel(program, "scan_hillis_steele");
  setKernelArgs(hillisSteele, in, out);
  enqueueKernel(queue, hillisSteele, NDRange(count), NDRange(kGroupSize));
  std::vector<int32_t> inclusive = readBuffer<int32_t>(queue, out, count);
  std::vector<int32_t> expectedInclusive(count);
  for (size_t i = 0; i < count; ++i)
    expectedInclusive[i] = signedValues[i] + (i % kGroupSize ? expectedInclusive[i - 1] : 0);
  checkAndKeep(result, "scan_hillis_steele", inclusive, expectedInclusive);
  return result;
}

} // namespace

std::vector<DifferentialProgram> scanPrograms() { return {{"scan", "exact (integers)", runScan}}; }

} // namespace differential
