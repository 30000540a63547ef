// Bitonic sort with local-memory stages and global steps; keys with many
// duplicates carry their original index. The network is fixed, so where equal
// keys' values end up is determined, and the host replays the same network.
#include "host_reference.h"
#include "program.h"

namespace differential {
namespace {

using namespace clexample;

constexpr size_t kCount = 1 << 13;
constexpr size_t kGroupSize = 128;
constexpr size_t kBlock = 2 * kGroupSize;

// The same compare-exchanges, on the host.
void sortOnHost(std::vector<uint32_t> &keys, std::vector<uint32_t> &values) {
  for (size_t k = 2; k <= keys.size(); k *= 2)
    for (size_t j = k / 2; j > 0; j /= 2)
      for (size_t index = 0; index < keys.size() / 2; ++index) {
        const size_t pos = 2 * index - (index & (j - 1)), partner = pos + j;
        const bool ascending = (pos & k) == 0;
        if (ascending ? keys[pos] > keys[partner] : keys[pos] < keys[partner]) {
          std::swap(keys[pos], keys[partner]);
          std::swap(values[pos], values[partner]);
        }
      }
}

RunResult runBitonicSort(const Device &device) {
  std::vector<uint32_t> keys = randomIntegers<uint32_t>(kCount, 61, 0, 999);
  std::vector<uint32_t> values(kCount);
  for (size_t i = 0; i < kCount; ++i)
    values[i] = static_cast<uint32_t>(i);

  Program program = device.buildProgram(programPath("bitonic_sort.cl"));
  Queue queue = device.createQueue();
  Memory keyBuffer = device.createBuffer(CL_MEM_READ_WRITE, keys);
  Memory valueBuffer = device.createBuffer(CL_MEM_READ_WRITE, values);
  const LocalMemory blockMemory{kBlock * sizeof(cl_uint)};

  Kernel sortBlocks = createKernel(program, "bitonic_sort_blocks");
  setKernelArgs(sortBlocks, keyBuffer, valueBuffer, blockMemory, blockMemory);
  enqueueKernel(queue, sortBlocks, NDRange(kCount / 2), NDRange(kGroupSize));
  Kernel step = createKernel(program, "bitonic_step");
  Kernel mergeBlocks = createKernel(program, "bitonic_merge_blocks");
  for (size_t k = 2 * kBlock; k <= kCount; k *= 2) {
    for (size_t j = k / 2; j >= kBlock; j /= 2) {
      setKernelArgs(step, keyBuffer, valueBuffer, static_cast<cl_uint>(j), static_cast<cl_uint>(k));
      enqueueKernel(queue, step, NDRange(kCount / 2), NDRange(kGroupSize));
    }
    setKernelArgs(mergeBlocks, keyBuffer, valueBuffer, static_cast<cl_uint>(k), blockMemory,
                  blockMemory);
    enqueueKernel(queue, mergeBlocks, NDRange(kCount / 2), NDRange(kGroupSize));
  }
  std::vector<uint32_t> sortedKeys = readBuffer<uint32_t>(queue, keyBuffer, kCount);
  std::vector<uint32_t> carriedValues = readBuffer<uint32_t>(queue, valueBuffer, kCount);

  sortOnHost(keys, values);
  RunResult result;
  checkAndKeep(result, "keys", sortedKeys, keys);
  checkAndKeep(result, "values", carriedValues, values);
  return result;
}

} // namespace

std::vector<DifferentialProgram> sortPrograms() {
  return {{"bitonic sort", "exact (integers)", runBitonicSort}};
}

} // namespace differential
