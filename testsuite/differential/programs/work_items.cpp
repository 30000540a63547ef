// Work-item functions over 1D, 2D and 3D NDRanges with global offsets: every
// work-item records what it sees. Uniform NDRanges run everywhere (OpenCL C
// 1.2); non-uniform ones (global sizes that are not multiples of the local
// size) need OpenCL C 3.0 and non-uniform work-group support.
#include "program.h"

#include "common/platforms.h"

#include <string>

namespace differential {
namespace {

using namespace clexample;

struct Launch {
  cl_uint dimensions;
  size_t global[3];
  size_t local[3];
  size_t offset[3];
};

constexpr Launch kUniform[] = {{1, {64, 1, 1}, {16, 1, 1}, {3, 0, 0}},
                               {2, {24, 10, 1}, {8, 5, 1}, {0, 4, 0}},
                               {3, {16, 6, 4}, {4, 3, 2}, {5, 7, 9}}};
constexpr Launch kNonUniform[] = {{1, {1000, 1, 1}, {64, 1, 1}, {0, 0, 0}},
                                  {2, {37, 19, 1}, {8, 4, 1}, {2, 3, 0}},
                                  {3, {10, 7, 5}, {4, 4, 2}, {1, 0, 2}}};

// What every work-item of `launch` records (work_items.cl), OpenCL C 2.0+
// functions included when `modern`.
std::vector<uint32_t> expectedRecords(const Launch &launch, bool modern) {
  const size_t record = modern ? 27 : 22;
  const size_t *global = launch.global, *local = launch.local, *offset = launch.offset;
  std::vector<uint32_t> records(global[0] * global[1] * global[2] * record);
  for (size_t z = 0; z < global[2]; ++z)
    for (size_t y = 0; y < global[1]; ++y)
      for (size_t x = 0; x < global[0]; ++x) {
        const size_t position[3] = {x, y, z};
        size_t localId[3], localSize[3];
        uint32_t *out = &records[((z * global[1] + y) * global[0] + x) * record];
        size_t k = 0;
        out[k++] = launch.dimensions;
        for (size_t d = 0; d < 3; ++d) {
          const size_t groups = (global[d] + local[d] - 1) / local[d];
          const size_t group = position[d] / local[d];
          localId[d] = position[d] % local[d];
          // The last group of a non-uniform dimension is the remainder.
          localSize[d] =
              group == groups - 1 && global[d] % local[d] ? global[d] % local[d] : local[d];
          for (size_t value : {position[d] + offset[d], localId[d], group, global[d], localSize[d],
                               groups, offset[d]})
            out[k++] = static_cast<uint32_t>(value);
        }
        if (modern) {
          for (size_t d = 0; d < 3; ++d)
            out[k++] = static_cast<uint32_t>(local[d]);
          out[k++] = static_cast<uint32_t>((z * global[1] + y) * global[0] + x);
          out[k++] = static_cast<uint32_t>((localId[2] * localSize[1] + localId[1]) * localSize[0] +
                                           localId[0]);
        }
      }
  return records;
}

template <size_t N>
RunResult runLaunches(const Device &device, const Launch (&launches)[N], const char *options,
                      bool modern) {
  Program program = device.buildProgram(programPath("work_items.cl"), options);
  Kernel kernel = createKernel(program, "work_items");
  Queue queue = device.createQueue();
  RunResult result;
  for (const Launch &launch : launches) {
    const std::vector<uint32_t> expected = expectedRecords(launch, modern);
    Memory out = device.createBuffer(CL_MEM_WRITE_ONLY, expected.size() * sizeof(uint32_t));
    setKernelArgs(kernel, out);
    const auto range = [&](const size_t(&sizes)[3]) {
      return launch.dimensions == 1   ? NDRange(sizes[0])
             : launch.dimensions == 2 ? NDRange(sizes[0], sizes[1])
                                      : NDRange(sizes[0], sizes[1], sizes[2]);
    };
    enqueueKernel(queue, kernel, range(launch.global), range(launch.local), range(launch.offset));
    std::vector<uint32_t> records = readBuffer<uint32_t>(queue, out, expected.size());
    const std::string name = std::to_string(launch.dimensions) + "D";
    checkAndKeep(result, name, records, expected);
  }
  return result;
}

RunResult runUniform(const Device &device) {
  return runLaunches(device, kUniform, "-cl-std=CL1.2", false);
}

RunResult runNonUniform(const Device &device) {
  return runLaunches(device, kNonUniform, "-cl-std=CL3.0", true);
}

std::string withoutNonUniformGroups(const Device &device) {
  if (!supportsOpenClC(device.id(), 3, 0))
    return "no OpenCL C 3.0";
  if (!deviceValue<cl_bool>(device.id(), CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT))
    return "no non-uniform work-groups";
  return {};
}

} // namespace

std::vector<DifferentialProgram> workItemPrograms() {
  return {{"work-items, offsets", "exact (integers)", runUniform},
          {"work-items, non-uniform (CL3.0)", "exact (integers)", runNonUniform,
           withoutNonUniformGroups}};
}

} // namespace differential
