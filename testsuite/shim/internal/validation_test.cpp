// The spec's argument rules, one by one.
#include "api/validation.h"
#include "core/device.h"

#include <gtest/gtest.h>

#include <random>

namespace {

using namespace clcuda::api;

int dummy;
void *const kHost = &dummy;

TEST(BufferFlags, AccessFlagsAreExclusive) {
  EXPECT_EQ(checkBufferFlags(0, nullptr), CL_SUCCESS);
  EXPECT_EQ(checkBufferFlags(CL_MEM_READ_WRITE, nullptr), CL_SUCCESS);
  EXPECT_EQ(checkBufferFlags(CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(checkBufferFlags(CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(checkBufferFlags(CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(checkBufferFlags(CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(checkBufferFlags(CL_MEM_HOST_NO_ACCESS | CL_MEM_WRITE_ONLY, nullptr), CL_SUCCESS);
}

TEST(BufferFlags, HostPointerRules) {
  EXPECT_EQ(checkBufferFlags(CL_MEM_USE_HOST_PTR, kHost), CL_SUCCESS);
  EXPECT_EQ(checkBufferFlags(CL_MEM_COPY_HOST_PTR, kHost), CL_SUCCESS);
  EXPECT_EQ(checkBufferFlags(CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR, kHost), CL_SUCCESS);
  EXPECT_EQ(checkBufferFlags(CL_MEM_USE_HOST_PTR, nullptr), CL_INVALID_HOST_PTR);
  EXPECT_EQ(checkBufferFlags(CL_MEM_COPY_HOST_PTR, nullptr), CL_INVALID_HOST_PTR);
  EXPECT_EQ(checkBufferFlags(CL_MEM_ALLOC_HOST_PTR, kHost), CL_INVALID_HOST_PTR);
  EXPECT_EQ(checkBufferFlags(0, kHost), CL_INVALID_HOST_PTR);
  EXPECT_EQ(checkBufferFlags(CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, kHost), CL_INVALID_VALUE);
  EXPECT_EQ(checkBufferFlags(CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, kHost), CL_INVALID_VALUE);
}

TEST(BufferFlags, UnknownAndImageOnlyBitsAreInvalid) {
  EXPECT_EQ(checkBufferFlags(cl_mem_flags(1) << 40, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(checkBufferFlags(CL_MEM_KERNEL_READ_AND_WRITE, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(checkBufferFlags(CL_MEM_SVM_FINE_GRAIN_BUFFER, nullptr), CL_INVALID_VALUE);
}

TEST(SubBufferFlags, InheritAndNeverWiden) {
  cl_mem_flags effective = 0;
  ASSERT_EQ(
      subBufferFlags(CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR | CL_MEM_HOST_READ_ONLY, 0, effective),
      CL_SUCCESS);
  EXPECT_EQ(effective,
            cl_mem_flags(CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR | CL_MEM_HOST_READ_ONLY));
  ASSERT_EQ(subBufferFlags(CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY, effective), CL_SUCCESS);
  EXPECT_EQ(effective, cl_mem_flags(CL_MEM_WRITE_ONLY));
  EXPECT_EQ(subBufferFlags(CL_MEM_WRITE_ONLY, CL_MEM_READ_WRITE, effective), CL_INVALID_VALUE);
  EXPECT_EQ(subBufferFlags(CL_MEM_WRITE_ONLY, CL_MEM_READ_ONLY, effective), CL_INVALID_VALUE);
  EXPECT_EQ(subBufferFlags(CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY, effective), CL_INVALID_VALUE);
  EXPECT_EQ(subBufferFlags(CL_MEM_HOST_WRITE_ONLY, CL_MEM_HOST_READ_ONLY, effective),
            CL_INVALID_VALUE);
  EXPECT_EQ(subBufferFlags(CL_MEM_HOST_READ_ONLY, CL_MEM_HOST_WRITE_ONLY, effective),
            CL_INVALID_VALUE);
  EXPECT_EQ(subBufferFlags(CL_MEM_HOST_NO_ACCESS, CL_MEM_HOST_READ_ONLY, effective),
            CL_INVALID_VALUE);
  EXPECT_EQ(subBufferFlags(0, CL_MEM_USE_HOST_PTR, effective), CL_INVALID_VALUE);
  EXPECT_EQ(subBufferFlags(0, CL_MEM_ALLOC_HOST_PTR, effective), CL_INVALID_VALUE);
  EXPECT_EQ(subBufferFlags(0, CL_MEM_COPY_HOST_PTR, effective), CL_INVALID_VALUE);
  EXPECT_EQ(subBufferFlags(0, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, effective), CL_INVALID_VALUE);
}

TEST(Ranges, InBoundsRejectsEmptyAndOverflow) {
  EXPECT_TRUE(inBounds(0, 16, 16));
  EXPECT_TRUE(inBounds(15, 1, 16));
  // Empty ranges (OpenCL 2.1 on) are inside up to the end.
  EXPECT_TRUE(inBounds(0, 0, 16));
  EXPECT_TRUE(inBounds(16, 0, 16));
  EXPECT_FALSE(inBounds(17, 0, 16));
  EXPECT_FALSE(inBounds(16, 1, 16));
  EXPECT_FALSE(inBounds(8, 9, 16));
  EXPECT_FALSE(inBounds(1, ~std::size_t(0), 16)) << "offset + size wraps around";
  EXPECT_TRUE(rangesOverlap(0, 8, 7, 8));
  EXPECT_FALSE(rangesOverlap(0, 8, 8, 8));
}

TEST(HostAccess, FlagsAndMaps) {
  EXPECT_TRUE(hostAccessAllowed(0, HostAccess::read));
  EXPECT_FALSE(hostAccessAllowed(CL_MEM_HOST_WRITE_ONLY, HostAccess::read));
  EXPECT_TRUE(hostAccessAllowed(CL_MEM_HOST_WRITE_ONLY, HostAccess::write));
  EXPECT_FALSE(hostAccessAllowed(CL_MEM_HOST_READ_ONLY, HostAccess::write));
  EXPECT_FALSE(hostAccessAllowed(CL_MEM_HOST_NO_ACCESS, HostAccess::read));
  EXPECT_FALSE(hostAccessAllowed(CL_MEM_HOST_NO_ACCESS, HostAccess::write));
  EXPECT_EQ(checkMapFlags(CL_MAP_READ | CL_MAP_WRITE, 0), CL_SUCCESS);
  EXPECT_EQ(checkMapFlags(0, 0), CL_SUCCESS);
  EXPECT_EQ(checkMapFlags(CL_MAP_WRITE_INVALIDATE_REGION | CL_MAP_READ, 0), CL_INVALID_VALUE);
  EXPECT_EQ(checkMapFlags(CL_MAP_WRITE_INVALIDATE_REGION | CL_MAP_WRITE, 0), CL_INVALID_VALUE);
  EXPECT_EQ(checkMapFlags(cl_map_flags(1) << 9, 0), CL_INVALID_VALUE);
  EXPECT_EQ(checkMapFlags(CL_MAP_READ, CL_MEM_HOST_WRITE_ONLY), CL_INVALID_OPERATION);
  EXPECT_EQ(checkMapFlags(CL_MAP_WRITE, CL_MEM_HOST_READ_ONLY), CL_INVALID_OPERATION);
  EXPECT_EQ(checkMapFlags(CL_MAP_WRITE_INVALIDATE_REGION, CL_MEM_HOST_NO_ACCESS),
            CL_INVALID_OPERATION);
}

TEST(Fill, PatternSizesAndAlignment) {
  const unsigned char pattern[128] = {};
  for (std::size_t size = 1; size <= 128; size *= 2)
    EXPECT_EQ(checkFill(pattern, size, size, 4 * size, 8 * size), CL_SUCCESS) << size;
  EXPECT_EQ(checkFill(pattern, 3, 0, 6, 12), CL_INVALID_VALUE);
  EXPECT_EQ(checkFill(pattern, 256, 0, 256, 512), CL_INVALID_VALUE);
  EXPECT_EQ(checkFill(pattern, 0, 0, 4, 16), CL_INVALID_VALUE);
  EXPECT_EQ(checkFill(nullptr, 4, 0, 4, 16), CL_INVALID_VALUE);
  EXPECT_EQ(checkFill(pattern, 4, 2, 4, 16), CL_INVALID_VALUE) << "offset not a multiple";
  EXPECT_EQ(checkFill(pattern, 4, 0, 6, 16), CL_INVALID_VALUE) << "size not a multiple";
  EXPECT_EQ(checkFill(pattern, 4, 12, 8, 16), CL_INVALID_VALUE) << "out of bounds";
  EXPECT_EQ(checkFill(pattern, 4, 16, 0, 16), CL_SUCCESS) << "empty";
}

TEST(Rect, PitchDefaultsAndLimits) {
  std::size_t row = 0, slice = 0;
  ASSERT_EQ(resolvePitches({5, 3, 2}, row, slice), CL_SUCCESS);
  EXPECT_EQ(row, 5u);
  EXPECT_EQ(slice, 15u);
  row = 7, slice = 0;
  ASSERT_EQ(resolvePitches({5, 3, 2}, row, slice), CL_SUCCESS);
  EXPECT_EQ(slice, 21u);
  row = 4, slice = 0;
  EXPECT_EQ(resolvePitches({5, 3, 2}, row, slice), CL_INVALID_VALUE) << "row pitch < width";
  row = 7, slice = 14;
  EXPECT_EQ(resolvePitches({5, 3, 2}, row, slice), CL_INVALID_VALUE) << "slice pitch too small";
  row = 7, slice = 22;
  EXPECT_EQ(resolvePitches({5, 3, 2}, row, slice), CL_INVALID_VALUE) << "not a multiple";
  row = 0, slice = 0;
  EXPECT_EQ(resolvePitches({0, 3, 2}, row, slice), CL_INVALID_VALUE);
  EXPECT_EQ(resolvePitches({5, 0, 2}, row, slice), CL_INVALID_VALUE);
  EXPECT_EQ(resolvePitches({5, 3, 0}, row, slice), CL_INVALID_VALUE);
  EXPECT_EQ(rectStart({1, 2, 3}, 10, 100), 321u);
  EXPECT_EQ(rectEnd({1, 2, 3}, {4, 2, 2}, 10, 100), 1u + 3 * 10 + 4 * 100 + 4);
}

TEST(Rect, OverlapTestNeverMissesAnOverlap) {
  // Against byte-by-byte truth on random rectangles within one buffer.
  std::mt19937 random(7);
  auto pick = [&](std::size_t limit) { return std::size_t(random() % limit); };
  int overlapping = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const std::array<std::size_t, 3> region = {1 + pick(6), 1 + pick(4), 1 + pick(3)};
    const std::size_t row = region[0] + pick(5);
    const std::size_t slice = row * (region[1] + pick(3));
    const std::array<std::size_t, 3> a = {pick(5), pick(4), pick(3)};
    const std::array<std::size_t, 3> b = {pick(5), pick(4), pick(3)};
    std::vector<int> bytes(rectEnd({5, 4, 3}, region, row, slice) + 1, 0);
    auto mark = [&](const std::array<std::size_t, 3> &origin, int bit) {
      for (std::size_t z = 0; z < region[2]; ++z)
        for (std::size_t y = 0; y < region[1]; ++y)
          for (std::size_t x = 0; x < region[0]; ++x)
            bytes[(origin[2] + z) * slice + (origin[1] + y) * row + origin[0] + x] |= bit;
    };
    mark(a, 1);
    mark(b, 2);
    const bool truth = std::find(bytes.begin(), bytes.end(), 3) != bytes.end();
    overlapping += truth;
    if (truth) {
      ASSERT_TRUE(rectsOverlap(a, b, region, row, slice))
          << "missed: region " << region[0] << "x" << region[1] << "x" << region[2] << " row "
          << row << " slice " << slice;
    }
  }
  EXPECT_GT(overlapping, 1000) << "the trials must exercise overlaps";
  EXPECT_FALSE(rectsOverlap({0, 0, 0}, {4, 0, 0}, {4, 4, 1}, 8, 32)) << "side by side";
  EXPECT_FALSE(rectsOverlap({0, 0, 0}, {0, 2, 0}, {8, 2, 1}, 8, 32)) << "one above the other";
}

TEST(ContextProperties, PlatformOnceAndKnownNamesOnly) {
  std::vector<cl_context_properties> copy;
  EXPECT_EQ(parseContextProperties(nullptr, copy), CL_SUCCESS);
  EXPECT_TRUE(copy.empty());
  auto platform = reinterpret_cast<cl_context_properties>(
      clcuda::core::toHandle(&clcuda::core::Platform::instance()));
  const cl_context_properties good[] = {CL_CONTEXT_PLATFORM, platform, CL_CONTEXT_INTEROP_USER_SYNC,
                                        CL_TRUE, 0};
  ASSERT_EQ(parseContextProperties(good, copy), CL_SUCCESS);
  EXPECT_EQ(copy, std::vector<cl_context_properties>(std::begin(good), std::end(good)));
  const cl_context_properties twice[] = {CL_CONTEXT_PLATFORM, platform, CL_CONTEXT_PLATFORM,
                                         platform, 0};
  EXPECT_EQ(parseContextProperties(twice, copy), CL_INVALID_PROPERTY);
  const cl_context_properties sync_value[] = {CL_CONTEXT_INTEROP_USER_SYNC, 7, 0};
  EXPECT_EQ(parseContextProperties(sync_value, copy), CL_INVALID_PROPERTY);
  const cl_context_properties unknown[] = {0x7777, 1, 0};
  EXPECT_EQ(parseContextProperties(unknown, copy), CL_INVALID_PROPERTY);
  // Memory that is no platform, as large as an object's header: the check
  // reads the header's tag (AddressSanitizer saw it read past a lone int).
  alignas(16) static const unsigned char not_a_platform[64] = {};
  const cl_context_properties foreign[] = {
      CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(not_a_platform), 0};
  EXPECT_EQ(parseContextProperties(foreign, copy), CL_INVALID_PLATFORM);
}

TEST(QueueProperties, HostQueuesOnly) {
  cl_command_queue_properties bits = 0;
  std::vector<cl_queue_properties> copy;
  EXPECT_EQ(parseQueueProperties(nullptr, bits, copy), CL_SUCCESS);
  EXPECT_TRUE(copy.empty());
  const cl_queue_properties ooo[] = {
      CL_QUEUE_PROPERTIES, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE, 0};
  ASSERT_EQ(parseQueueProperties(ooo, bits, copy), CL_SUCCESS);
  EXPECT_EQ(bits, cl_command_queue_properties(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
                                              CL_QUEUE_PROFILING_ENABLE));
  EXPECT_EQ(copy.size(), 3u);
  const cl_queue_properties device[] = {
      CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
  EXPECT_EQ(parseQueueProperties(device, bits, copy), CL_INVALID_QUEUE_PROPERTIES);
  const cl_queue_properties device_in_order[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE, 0};
  EXPECT_EQ(parseQueueProperties(device_in_order, bits, copy), CL_INVALID_VALUE);
  const cl_queue_properties default_alone[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE_DEFAULT, 0};
  EXPECT_EQ(parseQueueProperties(default_alone, bits, copy), CL_INVALID_VALUE);
  const cl_queue_properties size_alone[] = {CL_QUEUE_SIZE, 1024, 0};
  EXPECT_EQ(parseQueueProperties(size_alone, bits, copy), CL_INVALID_VALUE);
  const cl_queue_properties unknown[] = {0x7777, 1, 0};
  EXPECT_EQ(parseQueueProperties(unknown, bits, copy), CL_INVALID_VALUE);
  const cl_queue_properties bad_bits[] = {CL_QUEUE_PROPERTIES, cl_queue_properties(1) << 20, 0};
  EXPECT_EQ(parseQueueProperties(bad_bits, bits, copy), CL_INVALID_VALUE);
  const cl_queue_properties twice[] = {CL_QUEUE_PROPERTIES, 0, CL_QUEUE_PROPERTIES, 0, 0};
  EXPECT_EQ(parseQueueProperties(twice, bits, copy), CL_INVALID_VALUE);
}

} // namespace
