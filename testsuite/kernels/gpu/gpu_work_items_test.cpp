// Work-item functions and __local arguments on the GPU, with the NDRange split
// into launches as docs/design.md specifies for the shim.
#include "gpu_harness.h"

#include <clc/ndrange.h>

#include <sstream>

namespace clcuda::test {
namespace {

constexpr size_t recordWords = 36; // RECORD_WORDS in sources/gpu/work_items.cu

struct NDRange {
  unsigned dims;
  size_t global[3], local[3], offset[3];
  // Groups per launch along x, as when a dimension has more groups than one
  // launch allows (0: all in one launch).
  size_t chunk_x = 0;
};

struct Launch {
  Extent grid, block;
  unsigned group_offset[3];
};

// The launches covering the NDRange: per dimension the full groups and the
// remainder group, each part of x cut into chunks when asked.
std::vector<Launch> split(const NDRange &range) {
  struct Part {
    size_t first_group, groups, block;
  };
  std::vector<Part> parts[3];
  for (unsigned d = 0; d < 3; ++d) {
    size_t global = d < range.dims ? range.global[d] : 1,
           local = d < range.dims ? range.local[d] : 1;
    size_t full = global / local, remainder = global % local;
    size_t chunk = d == 0 && range.chunk_x ? range.chunk_x : (full ? full : 1);
    for (size_t first = 0; first < full; first += chunk)
      parts[d].push_back({first, std::min(chunk, full - first), local});
    if (remainder)
      parts[d].push_back({full, 1, remainder});
  }
  std::vector<Launch> launches;
  for (const Part &x : parts[0])
    for (const Part &y : parts[1])
      for (const Part &z : parts[2])
        launches.push_back(
            {{unsigned(x.groups), unsigned(y.groups), unsigned(z.groups)},
             {unsigned(x.block), unsigned(y.block), unsigned(z.block)},
             {unsigned(x.first_group), unsigned(y.first_group), unsigned(z.first_group)}});
  return launches;
}

clc::ndrange hiddenParameter(const NDRange &range) {
  clc::ndrange r{};
  for (unsigned d = 0; d < 3; ++d) {
    bool used = d < range.dims;
    r.global_size[d] = used ? range.global[d] : 1;
    r.global_offset[d] = used ? range.offset[d] : 0;
    r.enqueued_local_size[d] = used ? range.local[d] : 1;
    r.num_groups[d] = used ? (range.global[d] + range.local[d] - 1) / range.local[d] : 1;
  }
  r.work_dim = range.dims;
  return r;
}

// The OpenCL values of the work-item functions for the work-item at `g`
// (its global id minus the offset), in the kernel's record layout.
std::vector<unsigned long long> expectedRecord(const NDRange &range, const size_t g[3]) {
  std::vector<unsigned long long> r(recordWords, 0);
  size_t global[3], local[3], offset[3], size[3], id[3];
  for (unsigned d = 0; d < 3; ++d) {
    bool used = d < range.dims;
    global[d] = used ? range.global[d] : 1;
    local[d] = used ? range.local[d] : 1;
    offset[d] = used ? range.offset[d] : 0;
    size_t group = g[d] / local[d];
    size_t full = global[d] / local[d];
    size[d] = group < full ? local[d] : global[d] % local[d];
    id[d] = g[d] % local[d];
    r[0 + d] = g[d] + offset[d];
    r[4 + d] = id[d];
    r[8 + d] = group;
    r[12 + d] = size[d];
    r[16 + d] = global[d];
    r[20 + d] = local[d];
    r[24 + d] = (global[d] + local[d] - 1) / local[d];
    r[28 + d] = offset[d];
  }
  // Dimension 3: ids 0, sizes 1.
  r[12 + 3] = r[16 + 3] = r[20 + 3] = r[24 + 3] = 1;
  r[32] = range.dims;
  r[33] = (g[2] * global[1] + g[1]) * global[0] + g[0];
  r[34] = (id[2] * size[1] + id[1]) * size[0] + id[0];
  r[35] = 1;
  return r;
}

const char *const fieldNames[] = {"get_global_id",  "get_local_id",     "get_group_id",
                                  "get_local_size", "get_global_size",  "get_enqueued_local_size",
                                  "get_num_groups", "get_global_offset"};

std::string fieldName(size_t word) {
  if (word < 32)
    return std::string(fieldNames[word / 4]) + "(" + std::to_string(word % 4) + ")";
  const char *tail[] = {"get_work_dim", "get_global_linear_id", "get_local_linear_id",
                        "times written"};
  return tail[word - 32];
}

void checkNDRange(const NDRange &range) {
  CUfunction function = kernel(loadTestModule("work_items.cu"), "work_items");
  size_t total = 1;
  for (unsigned d = 0; d < range.dims; ++d)
    total *= range.global[d];
  DeviceBuffer out(total * recordWords * sizeof(unsigned long long));
  out.fill(0);
  clc::ndrange hidden = hiddenParameter(range);
  std::vector<Launch> launches = split(range);
  for (Launch &l : launches) {
    for (unsigned d = 0; d < 3; ++d)
      hidden.group_offset[d] = l.group_offset[d];
    launch(function, l.grid, l.block, 0, {out.parameter(), &hidden});
  }
  std::vector<unsigned long long> records = hostCopy<unsigned long long>(out, total * recordWords);

  size_t global[3] = {range.global[0], range.dims > 1 ? range.global[1] : 1,
                      range.dims > 2 ? range.global[2] : 1};
  int failures = 0;
  for (size_t z = 0; z < global[2]; ++z)
    for (size_t y = 0; y < global[1]; ++y)
      for (size_t x = 0; x < global[0]; ++x) {
        size_t g[3] = {x, y, z};
        std::vector<unsigned long long> expected = expectedRecord(range, g);
        size_t linear = expected[33];
        for (size_t w = 0; w < recordWords && failures < 20; ++w)
          if (records[linear * recordWords + w] != expected[w]) {
            ++failures;
            ADD_FAILURE() << "work-item (" << x << "," << y << "," << z << ") in "
                          << launches.size() << " launches: " << fieldName(w) << " = "
                          << records[linear * recordWords + w] << ", expected " << expected[w];
          }
      }
}

class WorkItems : public GpuTest {};

TEST_F(WorkItems, OneDimensionUniform) { checkNDRange({1, {256}, {64}, {0}}); }

TEST_F(WorkItems, OneDimensionRemainderAndOffset) { checkNDRange({1, {1000}, {128}, {7}}); }

TEST_F(WorkItems, TwoDimensionsRemainders) { checkNDRange({2, {37, 19}, {8, 4}, {3, 5}}); }

TEST_F(WorkItems, ThreeDimensionsRemaindersAndChunks) {
  checkNDRange({3, {50, 9, 7}, {4, 4, 2}, {1, 2, 3}, 5});
}

TEST_F(WorkItems, LocalArgumentsAreOffsetsIntoDynamicSharedMemory) {
  CUfunction function = kernel(loadTestModule("work_items.cu"), "local_arguments");
  const unsigned groups = 4, size = 96;
  // As the shim lays them out: ints first, then double2s at their alignment.
  unsigned intsOffset = 0, doublesOffset = (size * sizeof(int) + 15) / 16 * 16;
  unsigned shared = doublesOffset + size * 16;
  DeviceBuffer out(groups * size * sizeof(int));
  launch(function, {groups}, {size}, shared, {out.parameter(), &intsOffset, &doublesOffset});
  std::vector<int> values = hostCopy<int>(out, groups * size);
  for (unsigned i = 0; i < groups * size; ++i) {
    int other = int(size - 1 - i % size);
    ASSERT_EQ(values[i], other * 3 + other + other) << "work-item " << i;
  }
}

} // namespace
} // namespace clcuda::test
