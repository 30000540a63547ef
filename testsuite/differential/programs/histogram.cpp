// Histograms with local atomics (atomic_inc and the 1.0 atom_inc), over
// skewed data so that many work-items hit the same bins.
#include "host_reference.h"
#include "program.h"

#include "common/platforms.h"

namespace differential {
namespace {

using namespace clexample;

constexpr size_t kBins = 256;
constexpr size_t kCount = 200003;
constexpr size_t kGroupSize = 128;
constexpr size_t kGroups = 32;

RunResult runHistogram(const Device &device) {
  // Half the bytes fall in 8 bins.
  Random random(41);
  std::vector<uint8_t> data(kCount);
  for (uint8_t &byte : data)
    byte = static_cast<uint8_t>(random.next32() % 2 ? random.next32() % 8 : random.next32());
  std::vector<uint32_t> expected(kBins);
  for (uint8_t byte : data)
    ++expected[byte];

  Program program = device.buildProgram(programPath("histogram.cl"));
  Queue queue = device.createQueue();
  Memory input = device.createBuffer(CL_MEM_READ_ONLY, data);
  RunResult result;
  for (const char *name : {"histogram_atomic", "histogram_atom"}) {
    Memory histogram = device.createBuffer(CL_MEM_READ_WRITE, std::vector<uint32_t>(kBins));
    Kernel kernel = createKernel(program, name);
    setKernelArgs(kernel, input, cl_uint{kCount}, histogram);
    enqueueKernel(queue, kernel, NDRange(kGroupSize * kGroups), NDRange(kGroupSize));
    std::vector<uint32_t> counts = readBuffer<uint32_t>(queue, histogram, kBins);
    checkAndKeep(result, name, counts, expected);
  }
  return result;
}

std::string withoutBaseAtomics(const Device &device) {
  const std::string extensions = deviceString(device.id(), CL_DEVICE_EXTENSIONS);
  for (const char *needed : {"cl_khr_local_int32_base_atomics", "cl_khr_global_int32_base_atomics"})
    if (extensions.find(needed) == std::string::npos)
      return std::string("no ") + needed;
  return {};
}

} // namespace

std::vector<DifferentialProgram> histogramPrograms() {
  return {{"histogram", "exact (integers)", runHistogram, withoutBaseAtomics}};
}

} // namespace differential
