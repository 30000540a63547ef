// Rectangles, fills, maps (device, pinned and host_ptr storage), migration,
// and large pageable transfers through the staging buffers.
#include "gpu_fixture.h"

#include <cstring>

namespace {

using namespace clcuda::test;
using Triple = std::array<size_t, 3>;

struct Side {
  Triple origin;
  size_t row_pitch, slice_pitch;
  size_t at(size_t x, size_t y, size_t z) const {
    return (origin[2] + z) * slice_pitch + (origin[1] + y) * row_pitch + origin[0] + x;
  }
};

void copyRectReference(const std::vector<unsigned char> &from, const Side &source,
                       std::vector<unsigned char> &to, const Side &target, const Triple &region) {
  for (size_t z = 0; z < region[2]; ++z)
    for (size_t y = 0; y < region[1]; ++y)
      for (size_t x = 0; x < region[0]; ++x)
        to[target.at(x, y, z)] = from[source.at(x, y, z)];
}

TEST_F(GpuTest, RectanglesWithOddPitches) {
  const Triple region = {13, 7, 3};
  const Side buffer_side = {{5, 2, 1}, 29, 29 * 11};   // row pitch 29, slice 319
  const Side host_side = {{3, 1, 0}, 37, 37 * 9 + 37}; // row pitch 37, slice 370
  const size_t buffer_size = buffer_side.slice_pitch * 5;
  const size_t host_size = host_side.slice_pitch * 4;

  // Write: host rectangle into a zeroed buffer.
  std::vector<unsigned char> host = patternBytes(host_size, 21);
  std::vector<unsigned char> zeros(buffer_size, 0);
  cl_mem buffer = makeBuffer(CL_MEM_COPY_HOST_PTR, buffer_size, zeros.data());
  ASSERT_CL(CL_SUCCESS,
            clEnqueueWriteBufferRect(queue, buffer, CL_TRUE, buffer_side.origin.data(),
                                     host_side.origin.data(), region.data(), buffer_side.row_pitch,
                                     buffer_side.slice_pitch, host_side.row_pitch,
                                     host_side.slice_pitch, host.data(), 0, nullptr, nullptr));
  std::vector<unsigned char> expected = zeros;
  copyRectReference(host, host_side, expected, buffer_side, region);
  EXPECT_EQ(readAll(buffer, buffer_size), expected);

  // Read: buffer rectangle into a host area that keeps its other bytes.
  std::vector<unsigned char> contents = patternBytes(buffer_size, 22);
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, buffer_size,
                                             contents.data(), 0, nullptr, nullptr));
  std::vector<unsigned char> target(host_size, 0xee), reference(host_size, 0xee);
  ASSERT_CL(CL_SUCCESS,
            clEnqueueReadBufferRect(queue, buffer, CL_TRUE, buffer_side.origin.data(),
                                    host_side.origin.data(), region.data(), buffer_side.row_pitch,
                                    buffer_side.slice_pitch, host_side.row_pitch,
                                    host_side.slice_pitch, target.data(), 0, nullptr, nullptr));
  copyRectReference(contents, buffer_side, reference, host_side, region);
  EXPECT_EQ(target, reference);

  // Copy: buffer to buffer, the destination with its own odd pitches.
  cl_mem other =
      makeBuffer(CL_MEM_COPY_HOST_PTR, host_size, std::vector<unsigned char>(host_size, 1).data());
  ASSERT_CL(CL_SUCCESS,
            clEnqueueCopyBufferRect(queue, buffer, other, buffer_side.origin.data(),
                                    host_side.origin.data(), region.data(), buffer_side.row_pitch,
                                    buffer_side.slice_pitch, host_side.row_pitch,
                                    host_side.slice_pitch, 0, nullptr, nullptr));
  std::vector<unsigned char> copied(host_size, 1);
  copyRectReference(contents, buffer_side, copied, host_side, region);
  EXPECT_EQ(readAll(other, host_size), copied);
}

TEST_F(GpuTest, RectanglesCheckTheirArguments) {
  cl_mem buffer = makeBuffer(0, 4096);
  unsigned char host[4096];
  const size_t origin[3] = {0, 0, 0}, region[3] = {16, 4, 2}, empty[3] = {16, 0, 2};
  auto read = [&](const size_t *o, const size_t *r, size_t row, size_t slice) {
    return clEnqueueReadBufferRect(queue, buffer, CL_TRUE, o, origin, r, row, slice, 0, 0, host, 0,
                                   nullptr, nullptr);
  };
  EXPECT_CL(CL_SUCCESS, read(origin, region, 0, 0));
  EXPECT_CL(CL_INVALID_VALUE, read(origin, empty, 0, 0));
  EXPECT_CL(CL_INVALID_VALUE, read(origin, region, 8, 0)) << "row pitch below the width";
  EXPECT_CL(CL_INVALID_VALUE, read(origin, region, 16, 32)) << "slice pitch below 4 rows";
  EXPECT_CL(CL_INVALID_VALUE, read(nullptr, region, 0, 0));
  const size_t far[3] = {0, 0, 100};
  EXPECT_CL(CL_INVALID_VALUE, read(far, region, 0, 0)) << "out of the buffer";
  const size_t shifted[3] = {8, 0, 0};
  EXPECT_CL(CL_MEM_COPY_OVERLAP,
            clEnqueueCopyBufferRect(queue, buffer, buffer, origin, shifted, region, 32, 128, 32,
                                    128, 0, nullptr, nullptr));
  const size_t beside[3] = {16, 0, 0};
  EXPECT_CL(CL_SUCCESS, clEnqueueCopyBufferRect(queue, buffer, buffer, origin, beside, region, 32,
                                                128, 32, 128, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, clEnqueueCopyBufferRect(queue, buffer, buffer, origin, beside, region,
                                                      32, 128, 48, 192, 0, nullptr, nullptr))
      << "one buffer, two pitches";
}

TEST_F(GpuTest, FillsWithEveryPatternSize) {
  const size_t size = 3 * 4096 + 512;
  for (size_t pattern_size = 1; pattern_size <= 128; pattern_size *= 2)
    for (bool periodic : {false, true}) {
      SCOPED_TRACE("pattern " + std::to_string(pattern_size) + (periodic ? " periodic" : ""));
      std::vector<unsigned char> pattern = patternBytes(pattern_size, unsigned(pattern_size));
      if (periodic) // bytes repeating every 4: clcuda takes the memset path
        for (size_t i = 0; i < pattern_size; ++i)
          pattern[i] = static_cast<unsigned char>(0x40 + i % 4);
      std::vector<unsigned char> expected(size, 0xcd);
      cl_mem buffer = makeBuffer(CL_MEM_COPY_HOST_PTR, size, expected.data());
      const size_t offset = 3 * pattern_size;
      const size_t length = (size - 2 * offset) / pattern_size * pattern_size;
      ASSERT_CL(CL_SUCCESS, clEnqueueFillBuffer(queue, buffer, pattern.data(), pattern_size, offset,
                                                length, 0, nullptr, nullptr));
      for (size_t i = 0; i < length; ++i)
        expected[offset + i] = pattern[i % pattern_size];
      std::vector<unsigned char> back = readAll(buffer, size);
      ASSERT_TRUE(back == expected)
          << "first difference at "
          << (std::mismatch(back.begin(), back.end(), expected.begin()).first - back.begin());
    }
  cl_mem buffer = makeBuffer(0, 1024);
  const unsigned char pattern[4] = {1, 2, 3, 4};
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueFillBuffer(queue, buffer, pattern, 3, 0, 6, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueFillBuffer(queue, buffer, pattern, 4, 2, 8, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueFillBuffer(queue, buffer, nullptr, 4, 0, 8, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueFillBuffer(queue, buffer, pattern, 4, 1020, 8, 0, nullptr, nullptr));
}

TEST_F(GpuTest, MapsOfDeviceBuffers) {
  const size_t size = 1 << 20;
  std::vector<unsigned char> data = patternBytes(size, 31);
  cl_mem buffer = makeBuffer(CL_MEM_COPY_HOST_PTR, size, data.data());
  cl_int error = CL_SUCCESS;
  auto *read = static_cast<unsigned char *>(clEnqueueMapBuffer(
      queue, buffer, CL_TRUE, CL_MAP_READ, 4096, 8192, 0, nullptr, nullptr, &error));
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_TRUE(std::equal(read, read + 8192, data.begin() + 4096));
  cl_uint maps = 0;
  clGetMemObjectInfo(buffer, CL_MEM_MAP_COUNT, sizeof(maps), &maps, nullptr);
  EXPECT_EQ(maps, 1u);
  ASSERT_CL(CL_SUCCESS, clEnqueueUnmapMemObject(queue, buffer, read, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE, clEnqueueUnmapMemObject(queue, buffer, read, 0, nullptr, nullptr))
      << "unmapped already";

  cl_event mapped = nullptr;
  auto *write = static_cast<unsigned char *>(clEnqueueMapBuffer(
      queue, buffer, CL_FALSE, CL_MAP_WRITE, 100, 200, 0, nullptr, &mapped, &error));
  ASSERT_CL(CL_SUCCESS, error);
  ASSERT_CL(CL_SUCCESS, clWaitForEvents(1, &mapped));
  clReleaseEvent(mapped);
  EXPECT_TRUE(std::equal(write, write + 200, data.begin() + 100)) << "a write map has the data";
  std::memset(write, 0x5a, 200);
  ASSERT_CL(CL_SUCCESS, clEnqueueUnmapMemObject(queue, buffer, write, 0, nullptr, nullptr));
  std::fill(data.begin() + 100, data.begin() + 300, 0x5a);
  EXPECT_EQ(readAll(buffer, size), data);

  auto *invalidate = static_cast<unsigned char *>(
      clEnqueueMapBuffer(queue, buffer, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0, size, 0,
                         nullptr, nullptr, &error));
  ASSERT_CL(CL_SUCCESS, error);
  std::memset(invalidate, 0x33, size);
  ASSERT_CL(CL_SUCCESS, clEnqueueUnmapMemObject(queue, buffer, invalidate, 0, nullptr, nullptr));
  EXPECT_EQ(readAll(buffer, size), std::vector<unsigned char>(size, 0x33));
  EXPECT_EQ(clEnqueueMapBuffer(queue, buffer, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION,
                               0, 16, 0, nullptr, nullptr, &error),
            nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  EXPECT_EQ(clEnqueueMapBuffer(queue, buffer, CL_TRUE, CL_MAP_READ, size, 16, 0, nullptr, nullptr,
                               &error),
            nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
}

TEST_F(GpuTest, PinnedBuffersMapWithoutCopies) {
  const size_t size = 1 << 20;
  cl_mem buffer = makeBuffer(CL_MEM_ALLOC_HOST_PTR, size);
  cl_int error = CL_SUCCESS;
  auto *first = static_cast<unsigned char *>(clEnqueueMapBuffer(
      queue, buffer, CL_TRUE, CL_MAP_READ, 0, size, 0, nullptr, nullptr, &error));
  ASSERT_CL(CL_SUCCESS, error);
  auto *second = static_cast<unsigned char *>(clEnqueueMapBuffer(
      queue, buffer, CL_TRUE, CL_MAP_READ, 4096, 16, 0, nullptr, nullptr, &error));
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_EQ(second, first + 4096) << "both maps are the storage itself";
  ASSERT_CL(CL_SUCCESS, clEnqueueUnmapMemObject(queue, buffer, second, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clEnqueueUnmapMemObject(queue, buffer, first, 0, nullptr, nullptr));
  auto *write = static_cast<unsigned char *>(clEnqueueMapBuffer(
      queue, buffer, CL_TRUE, CL_MAP_WRITE, 0, size, 0, nullptr, nullptr, &error));
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_EQ(write, first);
  std::vector<unsigned char> data = patternBytes(size, 41);
  std::memcpy(write, data.data(), size);
  ASSERT_CL(CL_SUCCESS, clEnqueueUnmapMemObject(queue, buffer, write, 0, nullptr, nullptr));
  EXPECT_EQ(readAll(buffer, size), data);
}

TEST_F(GpuTest, HostPtrSeesTheBufferAfterMapsAndBlockingReads) {
  const size_t size = 256 << 10;
  std::vector<unsigned char> host(size, 0);
  cl_mem buffer = makeBuffer(CL_MEM_USE_HOST_PTR, size, host.data());
  std::vector<unsigned char> data = patternBytes(size, 51);
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, size, data.data(), 0,
                                             nullptr, nullptr));
  cl_int error = CL_SUCCESS;
  auto *mapped = static_cast<unsigned char *>(clEnqueueMapBuffer(
      queue, buffer, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 1024, 2048, 0, nullptr, nullptr, &error));
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_EQ(mapped, host.data() + 1024) << "a map of a USE_HOST_PTR buffer is host_ptr";
  EXPECT_TRUE(std::equal(host.begin() + 1024, host.begin() + 3072, data.begin() + 1024));
  std::memset(mapped, 0x77, 2048);
  ASSERT_CL(CL_SUCCESS, clEnqueueUnmapMemObject(queue, buffer, mapped, 0, nullptr, nullptr));
  std::fill(data.begin() + 1024, data.begin() + 3072, 0x77);
  std::vector<unsigned char> elsewhere(size);
  ASSERT_CL(CL_SUCCESS, clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, size, elsewhere.data(), 0,
                                            nullptr, nullptr));
  EXPECT_EQ(elsewhere, data) << "the unmap wrote host_ptr back";
  std::vector<unsigned char> later = patternBytes(size, 52);
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, size, later.data(), 0,
                                             nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, size, elsewhere.data(), 0,
                                            nullptr, nullptr));
  EXPECT_EQ(host, later) << "a blocking read refreshes host_ptr too";
}

TEST_F(GpuTest, MigrationKeepsContents) {
  const size_t size = 1 << 20;
  std::vector<unsigned char> data = patternBytes(size, 61);
  cl_mem buffer = makeBuffer(CL_MEM_COPY_HOST_PTR, size, data.data());
  EXPECT_CL(CL_SUCCESS, clEnqueueMigrateMemObjects(queue, 1, &buffer, CL_MIGRATE_MEM_OBJECT_HOST, 0,
                                                   nullptr, nullptr));
  EXPECT_CL(CL_SUCCESS, clEnqueueMigrateMemObjects(queue, 1, &buffer, 0, 0, nullptr, nullptr));
  EXPECT_EQ(readAll(buffer, size), data);
  EXPECT_CL(CL_SUCCESS,
            clEnqueueMigrateMemObjects(queue, 1, &buffer, CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED,
                                       0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueMigrateMemObjects(queue, 0, nullptr, 0, 0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_VALUE,
            clEnqueueMigrateMemObjects(queue, 1, &buffer, 0x100, 0, nullptr, nullptr));
  cl_mem none = nullptr;
  EXPECT_CL(CL_INVALID_MEM_OBJECT,
            clEnqueueMigrateMemObjects(queue, 1, &none, 0, 0, nullptr, nullptr));
}

// Pageable transfers larger than the staging buffers go through them in
// pieces; each round trip must bring back what was written, also when the
// staging buffers are reused with other data. Their speed against CUDA's own
// pageable copies is measured by clcuda-bench (docs/performance.md), not here.
TEST_F(GpuTest, LargePageableTransfersRoundTripThroughTheStagingBuffers) {
  const size_t size = 256 << 20;
  cl_mem buffer = makeBuffer(0, size);
  for (unsigned char seed : {71, 72}) {
    const std::vector<unsigned char> host = patternBytes(size, seed);
    std::vector<unsigned char> back(size);
    ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, size, host.data(), 0,
                                               nullptr, nullptr));
    ASSERT_CL(CL_SUCCESS, clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, size, back.data(), 0,
                                              nullptr, nullptr));
    EXPECT_TRUE(back == host) << "seed " << int(seed);
  }
}

} // namespace
