// Atomics under contention and async work-group copies on the GPU
// (sources/gpu/memory.cu).
#include "gpu_harness.h"

#include <algorithm>
#include <climits>

namespace clcuda::test {
namespace {

CUmodule memory() { return loadTestModule("memory.cu"); }

class Atomics : public GpuTest {};

TEST_F(Atomics, LegacyFunctionsUnderContention) {
  const unsigned groups = 64, size = 256;
  const long n = groups * size;
  std::vector<int> counters(16, 0);
  counters[4] = -1;
  counters[7] = -1;
  std::vector<long> wide(8, 0);
  DeviceBuffer dc = deviceCopy(counters), dw = deviceCopy(wide), df(sizeof(float)),
               olds(n * sizeof(int)), perGroup(groups * sizeof(int));
  df.fill(0);
  launch(kernel(memory(), "atomic_contention"), {groups}, {size}, 0,
         {dc.parameter(), dw.parameter(), df.parameter(), olds.parameter(), perGroup.parameter()});
  std::vector<int> c = hostCopy<int>(dc, 16);
  std::vector<long> w = hostCopy<long>(dw, 8);
  int xorOfIds = 0;
  long xorOfWide = 0;
  for (long id = 0; id < n; ++id)
    xorOfIds ^= int(id), xorOfWide ^= id << 32;
  EXPECT_EQ(c[0], n) << "atomic_add";
  EXPECT_EQ(c[1], -2 * n) << "atomic_sub";
  EXPECT_EQ(c[2], n) << "atomic_inc (OpenCL's: +1, not CUDA's atomicInc)";
  EXPECT_EQ(c[3], -n) << "atomic_dec (OpenCL's: -1, not CUDA's atomicDec)";
  EXPECT_EQ(c[4], n - 1) << "atomic_max";
  EXPECT_EQ(c[5], -(n - 1)) << "atomic_min";
  EXPECT_EQ(c[6], -1) << "atomic_or";
  EXPECT_EQ(c[7], INT_MIN) << "atomic_and";
  EXPECT_EQ(c[8], xorOfIds) << "atomic_xor";
  EXPECT_EQ(long(c[9]) + c[10], n * (n - 1) / 2) << "atomic_xchg: old values plus the last";
  EXPECT_EQ(c[11], n) << "atomic_cmpxchg loop";
  EXPECT_EQ(unsigned(c[12]), 0x80000000u + unsigned(n - 1)) << "atomic_max on uint";
  EXPECT_EQ(w[0], n << 33) << "atomic_add on long";
  EXPECT_EQ(w[1], -3 * n) << "atomic_sub on long";
  EXPECT_EQ(w[2], -((n - 1) << 40)) << "atomic_min on long";
  EXPECT_EQ(w[3], (n - 1) << 40) << "atomic_max on ulong";
  EXPECT_EQ(w[4], n) << "atomic_inc on long";
  EXPECT_EQ(w[5], xorOfWide) << "atomic_xor on long";
  float last = hostCopy<float>(df, 1)[0];
  EXPECT_TRUE(last >= 0 && last < n && last == float(long(last)))
      << "atomic_xchg on float: " << last;
  std::vector<int> returned = hostCopy<int>(olds, n);
  std::sort(returned.begin(), returned.end());
  for (long i = 0; i < n; ++i)
    ASSERT_EQ(returned[i], i) << "atomic_add must return each old value exactly once";
  for (int count : hostCopy<int>(perGroup, groups))
    EXPECT_EQ(count, int(size)) << "atomic_add on a __local counter";
}

TEST_F(Atomics, ExplicitOrderingsAndScopes) {
  const unsigned groups = 16, size = 256;
  const long n = groups * size;
  std::vector<int> counters(16, 0);
  std::vector<long> wide(4, 0);
  DeviceBuffer dc = deviceCopy(counters), dw = deviceCopy(wide), flag(sizeof(int)),
               guarded(sizeof(int)), failures(sizeof(int));
  flag.fill(0);
  guarded.fill(0);
  failures.fill(0);
  launch(kernel(memory(), "atomic_orderings"), {groups}, {size}, 0,
         {dc.parameter(), dw.parameter(), flag.parameter(), guarded.parameter(),
          failures.parameter()});
  std::vector<int> c = hostCopy<int>(dc, 16);
  EXPECT_EQ(c[0], n) << "atomic_fetch_add_explicit, relaxed";
  EXPECT_EQ(c[1], n) << "atomic_fetch_add_explicit, acq_rel, device scope";
  EXPECT_EQ(c[2], -n) << "atomic_fetch_sub_explicit, seq_cst";
  EXPECT_EQ(c[3], -1) << "atomic_fetch_or_explicit, release, work-group scope";
  EXPECT_EQ(hostCopy<long>(dw, 1)[0], (n - 1) * 1000000007L) << "atomic_fetch_max_explicit on long";
  EXPECT_EQ(c[4], 2 * n) << "atomic_compare_exchange_weak_explicit loop";
  EXPECT_EQ(hostCopy<int>(guarded, 1)[0], int(n / 32)) << "increments under an atomic_flag lock";
  EXPECT_EQ(hostCopy<int>(flag, 1)[0], 0) << "atomic_flag_clear_explicit";
  EXPECT_EQ(hostCopy<int>(failures, 1)[0], 0)
      << "work-groups that saw the release store but not the data before it";
}

TEST_F(GpuTest, AsyncWorkGroupCopies) {
  const unsigned groups = 8, size = 96; // 96 work-items share 500 elements
  const int count = 500, stride = 4;
  std::vector<int> src(groups * count);
  for (size_t i = 0; i < src.size(); ++i)
    src[i] = int(i * 3 - 700);
  DeviceBuffer dsrc = deviceCopy(src), dst((groups * count + groups * (count / stride)) * 4),
               strided(groups * count * stride * 4);
  dst.fill(0xff);
  strided.fill(0xff);
  int c = count, s = stride;
  launch(kernel(memory(), "async_copies"), {groups}, {size}, 0,
         {dsrc.parameter(), dst.parameter(), strided.parameter(), &c, &s});
  std::vector<int> out = hostCopy<int>(dst, groups * count + groups * (count / stride));
  std::vector<int> spread = hostCopy<int>(strided, groups * count * stride);
  for (unsigned g = 0; g < groups; ++g) {
    for (int i = 0; i < count; ++i) {
      int v = src[g * count + i] * 2 + 1;
      ASSERT_EQ(out[g * count + i], v) << "async_work_group_copy round trip, group " << g;
      for (int k = 0; k < stride; ++k)
        ASSERT_EQ(spread[(g * count + i) * stride + k], k ? -1 : v)
            << "async_work_group_strided_copy local to global, group " << g << ", element " << i;
    }
    for (int i = 0; i < count / stride; ++i)
      ASSERT_EQ(out[groups * count + g * (count / stride) + i], src[g * count + i * stride])
          << "async_work_group_strided_copy global to local, group " << g << ", element " << i;
  }
}

TEST_F(GpuTest, AddressSpaceQualifierFunctions) {
  DeviceBuffer global(4), out(16 * 4);
  launch(kernel(memory(), "address_spaces"), {1}, {1}, 0, {global.parameter(), out.parameter()});
  const char *checks[] = {"to_global(global)",          "to_global(local) is NULL",
                          "to_global(private) is NULL", "to_local(local)",
                          "to_local(global) is NULL",   "to_private(private)",
                          "to_private(global) is NULL", "get_fence(local)",
                          "get_fence(global)",          "the private value"};
  std::vector<int> o = hostCopy<int>(out, 10);
  for (int i = 0; i < 10; ++i)
    EXPECT_EQ(o[i], 1) << checks[i];
}

} // namespace
} // namespace clcuda::test
