// GPU execution tests of the collective functions (labels translator and
// gpu): the work-group collectives (exec/work_group_collectives.cl) and the
// sub-group functions (exec/sub_groups.cl), on NDRanges whose work-groups are
// no multiple of a warp, checked against host references computed here from
// the work-items' order (the reference platform is not asked: PoCL's
// sub-groups are not warps). A sub-group is 32 consecutive work-items of a
// work-group in local linear order, the last one possibly smaller.
#include "ExecChecks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace cl2cuda::testing {
namespace {

constexpr size_t kWarp = 32;

struct CollectiveRange {
  unsigned dims;
  size_t global[3], local[3];
};

// Remainder groups, the largest group (1024), groups smaller than a warp.
const CollectiveRange kCollectiveRanges[] = {
    {1, {2500, 1, 1}, {1024, 1, 1}},
    {2, {70, 9, 1}, {33, 7, 1}},
    {3, {10, 6, 5}, {5, 3, 2}},
    {1, {90, 1, 1}, {20, 1, 1}},
};

size_t itemsOf(const CollectiveRange &range) {
  return range.global[0] * range.global[1] * range.global[2];
}
size_t enqueuedGroupItems(const CollectiveRange &range) {
  return range.local[0] * range.local[1] * range.local[2];
}

ExecCase rangeCase(const std::string &file, const std::string &kernel,
                   const CollectiveRange &range) {
  ExecCase test(file, kernel, "-cl-std=CL3.0");
  test.work_dim = range.dims;
  for (int d = 0; d < 3; ++d) {
    test.global_size[d] = range.global[d];
    test.local_size[d] = range.local[d];
  }
  return test;
}

// The work-items a collective function spans, by global linear id, in order.
using Segment = std::vector<size_t>;
using SegmentsOf = std::vector<Segment> (*)(const CollectiveRange &);

// Each work-group, in local linear order.
std::vector<Segment> workGroups(const CollectiveRange &range) {
  size_t groups[3], sizes[3];
  for (int d = 0; d < 3; ++d)
    groups[d] = (range.global[d] + range.local[d] - 1) / range.local[d];
  std::vector<Segment> result;
  for (size_t gz = 0; gz < groups[2]; ++gz)
    for (size_t gy = 0; gy < groups[1]; ++gy)
      for (size_t gx = 0; gx < groups[0]; ++gx) {
        const size_t group[3] = {gx, gy, gz};
        for (int d = 0; d < 3; ++d)
          sizes[d] = std::min(range.local[d], range.global[d] - group[d] * range.local[d]);
        Segment items;
        for (size_t z = 0; z < sizes[2]; ++z)
          for (size_t y = 0; y < sizes[1]; ++y)
            for (size_t x = 0; x < sizes[0]; ++x) {
              size_t id[3] = {gx * range.local[0] + x, gy * range.local[1] + y,
                              gz * range.local[2] + z};
              items.push_back((id[2] * range.global[1] + id[1]) * range.global[0] + id[0]);
            }
        result.push_back(items);
      }
  return result;
}

// Each segment cut into pieces of `width` (the last one possibly smaller).
std::vector<Segment> cut(const std::vector<Segment> &segments, size_t width) {
  std::vector<Segment> pieces;
  for (const Segment &segment : segments)
    for (size_t first = 0; first < segment.size(); first += width)
      pieces.emplace_back(segment.begin() + first,
                          segment.begin() + std::min(first + width, segment.size()));
  return pieces;
}

std::vector<Segment> subGroups(const CollectiveRange &range) {
  return cut(workGroups(range), kWarp);
}

// The work-items of each sub-group whose sub-group local id is a bit of `active`.
std::vector<Segment> activeSubGroups(const CollectiveRange &range, uint32_t active) {
  std::vector<Segment> result;
  for (const Segment &sub_group : subGroups(range)) {
    Segment items;
    for (size_t lane = 0; lane < sub_group.size(); ++lane)
      if (active >> lane & 1)
        items.push_back(sub_group[lane]);
    if (!items.empty())
      result.push_back(items);
  }
  return result;
}

// An operation of the reductions and scans in T's own arithmetic (char sums
// wrap as on the device); a logical one counts each value as 0 or 1.
template <typename T> struct Operation {
  T (*apply)(T, T);
  T identity;
  bool logical = false;
};

template <typename T> Operation<T> operation(const std::string &name) {
  constexpr bool floating = std::numeric_limits<T>::has_infinity;
  if (name == "add")
    return {[](T a, T b) { return T(a + b); }, T(0)};
  if (name == "mul")
    return {[](T a, T b) { return T(a * b); }, T(1)};
  if (name == "min")
    return {[](T a, T b) { return std::min(a, b); },
            floating ? std::numeric_limits<T>::infinity() : std::numeric_limits<T>::max()};
  if (name == "max")
    return {[](T a, T b) { return std::max(a, b); },
            floating ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::lowest()};
  if constexpr (std::is_integral_v<T>) {
    if (name == "and")
      return {[](T a, T b) { return T(a & b); }, T(~T(0))};
    if (name == "or")
      return {[](T a, T b) { return T(a | b); }, T(0)};
    if (name == "xor")
      return {[](T a, T b) { return T(a ^ b); }, T(0)};
    if (name == "logical_and")
      return {[](T a, T b) { return T(a && b); }, T(1), true};
    if (name == "logical_or")
      return {[](T a, T b) { return T(a || b); }, T(0), true};
    if (name == "logical_xor")
      return {[](T a, T b) { return T((a != 0) != (b != 0)); }, T(0), true};
  }
  throw std::invalid_argument("no operation " + name); // gtest reports it as the test's failure
}

// Where a kernel writes an operation's results: out[stride * i + slot]; a
// negative slot is a result it does not write.
struct Slots {
  size_t stride;
  int reduce, inclusive = -1, exclusive = -1;
};

template <typename T>
void expectScans(const std::vector<Segment> &segments, const std::vector<T> &in,
                 const Operation<T> &op, const Slots &slots, std::vector<T> &expected) {
  auto value = [&](size_t i) { return op.logical ? T(in[i] != 0) : in[i]; };
  auto at = [&](size_t i, int slot) -> T * {
    return slot < 0 ? nullptr : &expected[slots.stride * i + size_t(slot)];
  };
  for (const Segment &segment : segments) {
    T total = op.identity, running = op.identity;
    for (size_t i : segment)
      total = op.apply(total, value(i));
    for (size_t i : segment) {
      if (T *out = at(i, slots.reduce))
        *out = total;
      if (T *out = at(i, slots.exclusive))
        *out = running;
      running = op.apply(running, value(i));
      if (T *out = at(i, slots.inclusive))
        *out = running;
    }
  }
}

template <typename T> std::vector<T> smallIntegers(size_t count, long low, long high) {
  std::vector<T> values(count);
  std::mt19937 generator{static_cast<unsigned>(count)};
  std::uniform_int_distribution<long> distribution(low, high);
  for (T &value : values)
    value = T(distribution(generator));
  return values;
}

// --- Reductions, scans and broadcasts of whole work-groups and sub-groups.

// The ten results of work_group_collectives.cl's collectives_T and of
// sub_groups.cl's uniform_T: add, min and max reduced and scanned, and the
// segment's last item broadcast. Inputs are small integers (floats too, so
// that every order of additions gives the same sum), negative ones only for
// signed types.
template <typename T>
void checkCollectives(const std::string &file, const std::string &kernel, Element element,
                      SegmentsOf segmentsOf) {
  for (const CollectiveRange &range : kCollectiveRanges) {
    SCOPED_TRACE(kernel + " on a " + std::to_string(range.dims) + "D range");
    std::vector<T> in = smallIntegers<T>(itemsOf(range), std::is_signed_v<T> ? -50 : 0, 50);
    std::vector<T> expected(in.size() * 10);
    const std::vector<Segment> segments = segmentsOf(range);
    expectScans(segments, in, operation<T>("add"), {10, 0, 3, 4}, expected);
    expectScans(segments, in, operation<T>("min"), {10, 1, 5, 6}, expected);
    expectScans(segments, in, operation<T>("max"), {10, 2, 7, 8}, expected);
    for (const Segment &segment : segments)
      for (size_t i : segment)
        expected[10 * i + 9] = in[segment.back()];
    ExecCase test = rangeCase(file, kernel, range);
    test.args = {ExecArg::buffer(in, element),
                 ExecArg::buffer(std::vector<T>(in.size() * 10), element, true)};
    Outputs want = {bytesOf(expected)};
    runAndCompare(test, &want, false);
  }
}

template <typename T> void checkWorkGroupCollectives(const std::string &type, Element element) {
  checkCollectives<T>("work_group_collectives.cl", "collectives_" + type, element, workGroups);
}
TEST(Execution, WorkGroupCollectivesInt) {
  checkWorkGroupCollectives<int32_t>("int", Element::Int32);
}
TEST(Execution, WorkGroupCollectivesUint) {
  checkWorkGroupCollectives<uint32_t>("uint", Element::UInt32);
}
TEST(Execution, WorkGroupCollectivesLong) {
  checkWorkGroupCollectives<int64_t>("long", Element::Int64);
}
TEST(Execution, WorkGroupCollectivesUlong) {
  checkWorkGroupCollectives<uint64_t>("ulong", Element::UInt64);
}
TEST(Execution, WorkGroupCollectivesFloat) {
  checkWorkGroupCollectives<float>("float", Element::Float);
}
TEST(Execution, WorkGroupCollectivesDouble) {
  checkWorkGroupCollectives<double>("double", Element::Double);
}

template <typename T> void checkSubGroupCollectives(const std::string &type, Element element) {
  checkCollectives<T>("sub_groups.cl", "uniform_" + type, element, subGroups);
}
// char to ushort: cl_khr_subgroup_extended_types.
TEST(Execution, SubGroupCollectivesSmallIntegers) {
  checkSubGroupCollectives<int8_t>("char", Element::Int8);
  checkSubGroupCollectives<uint8_t>("uchar", Element::UInt8);
  checkSubGroupCollectives<int16_t>("short", Element::Int16);
  checkSubGroupCollectives<uint16_t>("ushort", Element::UInt16);
}
TEST(Execution, SubGroupCollectivesInt) {
  checkSubGroupCollectives<int32_t>("int", Element::Int32);
  checkSubGroupCollectives<uint32_t>("uint", Element::UInt32);
}
TEST(Execution, SubGroupCollectivesLong) {
  checkSubGroupCollectives<int64_t>("long", Element::Int64);
  checkSubGroupCollectives<uint64_t>("ulong", Element::UInt64);
}
TEST(Execution, SubGroupCollectivesFloat) {
  checkSubGroupCollectives<float>("float", Element::Float);
  checkSubGroupCollectives<double>("double", Element::Double);
}

// work_group_all/any and sub_group_all/any, on segments where they hold and
// where not: segment s gets a negative value when s % 3 == 1 (in its last
// item: the last, maybe partial, warp) and a 7 when s % 2 == 1.
void checkVotes(const std::string &file, SegmentsOf segmentsOf) {
  for (const CollectiveRange &range : kCollectiveRanges) {
    SCOPED_TRACE(file + " on a " + std::to_string(range.dims) + "D range");
    std::vector<Segment> segments = segmentsOf(range);
    std::vector<int32_t> in(itemsOf(range), 1), expected(in.size() * 2);
    for (size_t s = 0; s < segments.size(); ++s) {
      if (s % 2 == 1)
        in[segments[s].front()] = 7;
      if (s % 3 == 1)
        in[segments[s].back()] = -1;
      const auto &items = segments[s];
      const bool none_negative =
          std::all_of(items.begin(), items.end(), [&](size_t i) { return in[i] >= 0; });
      const bool some_seven =
          std::any_of(items.begin(), items.end(), [&](size_t i) { return in[i] == 7; });
      for (size_t i : items) {
        expected[2 * i] = none_negative;
        expected[2 * i + 1] = some_seven;
      }
    }
    ExecCase test = rangeCase(file, "votes", range);
    test.args = {ExecArg::buffer(in, Element::Int32),
                 ExecArg::buffer(std::vector<int32_t>(in.size() * 2), Element::Int32, true)};
    Outputs want = {bytesOf(expected)};
    runAndCompare(test, &want, false);
  }
}
TEST(Execution, WorkGroupVotes) { checkVotes("work_group_collectives.cl", workGroups); }
TEST(Execution, SubGroupVotes) { checkVotes("sub_groups.cl", subGroups); }

// --- Sub-groups only.

TEST(Execution, SubGroupWorkItemFunctions) {
  for (const CollectiveRange &range : kCollectiveRanges) {
    SCOPED_TRACE(std::to_string(range.dims) + "D range");
    const size_t enqueued = enqueuedGroupItems(range);
    std::vector<uint32_t> expected(itemsOf(range) * 6);
    for (const Segment &group : workGroups(range))
      for (size_t k = 0; k < group.size(); ++k) {
        uint32_t *out = &expected[6 * group[k]];
        out[0] = uint32_t(std::min(kWarp, group.size() - k / kWarp * kWarp));
        out[1] = uint32_t(std::min(kWarp, enqueued));
        out[2] = uint32_t((group.size() + kWarp - 1) / kWarp);
        out[3] = uint32_t((enqueued + kWarp - 1) / kWarp);
        out[4] = uint32_t(k / kWarp);
        out[5] = uint32_t(k % kWarp);
      }
    ExecCase test = rangeCase("sub_groups.cl", "work_items", range);
    test.args = {ExecArg::buffer(std::vector<uint32_t>(expected.size()), Element::UInt32, true)};
    Outputs want = {bytesOf(expected)};
    runAndCompare(test, &want, false);
  }
}

// Sets of active work-items: all (and half) of a sub-group, which are
// contiguous, and scattered ones.
const uint32_t kActiveSets[] = {0xffffffffu, 0x0000ffffu, 0xf0f0f0f0u, 0xaaaa5555u, 0x80000001u};

// Inputs no product of a sub-group overflows: 1, some 2, some -1 (3 when
// unsigned).
template <typename T> std::vector<T> productSafeValues(size_t count) {
  std::vector<T> values(count, T(1));
  for (size_t i = 0; i < count; ++i)
    values[i] = i % 7 == 3 ? T(2) : i % 11 == 5 ? T(std::is_signed_v<T> ? -1 : 3) : T(1);
  return values;
}

// Runs a sub_groups.cl kernel of (in, out, a uint parameter) and checks out.
template <typename T>
void runSubGroupCase(const std::string &kernel, Element element, const CollectiveRange &range,
                     const std::vector<T> &in, uint32_t parameter, const std::vector<T> &expected) {
  ExecCase test = rangeCase("sub_groups.cl", kernel, range);
  test.args = {ExecArg::buffer(in, element),
               ExecArg::buffer(std::vector<T>(expected.size()), element, true),
               ExecArg::value(parameter)};
  Outputs want = {bytesOf(expected)};
  runAndCompare(test, &want, false);
}

// A kernel of the non-uniform reductions and scans (reduce, inclusive,
// exclusive, three slots each), for each set of active work-items.
template <typename T>
void checkNonUniform(const std::string &kernel, Element element,
                     const std::vector<std::string> &operations, const std::vector<T> &in) {
  const size_t stride = 3 * operations.size();
  for (const CollectiveRange &range : kCollectiveRanges)
    for (uint32_t active : kActiveSets) {
      SCOPED_TRACE(kernel + " on a " + std::to_string(range.dims) + "D range, active " +
                   std::to_string(active));
      std::vector<T> values(in.begin(), in.begin() + itemsOf(range)),
          expected(stride * values.size());
      for (size_t k = 0; k < operations.size(); ++k) {
        const int slot = int(3 * k);
        expectScans(activeSubGroups(range, active), values, operation<T>(operations[k]),
                    {stride, slot, slot + 1, slot + 2}, expected);
      }
      runSubGroupCase(kernel, element, range, values, active, expected);
    }
}

constexpr size_t kMostItems = 2500;
const std::vector<std::string> kArithmetic = {"add", "mul", "min", "max"};
const std::vector<std::string> kBitwise = {"and", "or", "xor"};

TEST(Execution, SubGroupNonUniformArithmetic) {
  checkNonUniform("non_uniform_char", Element::Int8, kArithmetic,
                  productSafeValues<int8_t>(kMostItems));
  checkNonUniform("non_uniform_int", Element::Int32, kArithmetic,
                  productSafeValues<int32_t>(kMostItems));
  checkNonUniform("non_uniform_ulong", Element::UInt64, kArithmetic,
                  productSafeValues<uint64_t>(kMostItems));
  checkNonUniform("non_uniform_float", Element::Float, kArithmetic,
                  productSafeValues<float>(kMostItems));
  checkNonUniform("non_uniform_double", Element::Double, kArithmetic,
                  productSafeValues<double>(kMostItems));
}

TEST(Execution, SubGroupNonUniformBitwise) {
  checkNonUniform("non_uniform_bits_uchar", Element::UInt8, kBitwise,
                  smallIntegers<uint8_t>(kMostItems, 0, 255));
  checkNonUniform("non_uniform_bits_uint", Element::UInt32, kBitwise,
                  smallIntegers<uint32_t>(kMostItems, 0, 0xffffffffL));
  checkNonUniform("non_uniform_bits_long", Element::Int64, kBitwise,
                  smallIntegers<int64_t>(kMostItems, std::numeric_limits<long>::min(),
                                         std::numeric_limits<long>::max()));
  // Mostly true predicates, so that logical and holds in some sub-groups.
  std::vector<int32_t> predicates = smallIntegers<int32_t>(kMostItems, -3, 60);
  for (int32_t &predicate : predicates)
    predicate = predicate > 50 ? 0 : predicate;
  checkNonUniform("non_uniform_logical", Element::Int32,
                  {"logical_and", "logical_or", "logical_xor"}, predicates);
}

// Clustered reductions: each sub-group cut into clusters of 1 to 32.
template <typename T>
void checkClustered(const std::string &kernel, Element element,
                    const std::vector<std::string> &operations, const std::vector<T> &in) {
  for (const CollectiveRange &range : kCollectiveRanges)
    for (uint32_t cluster = 1; cluster <= kWarp; cluster *= 2) {
      SCOPED_TRACE(kernel + " on a " + std::to_string(range.dims) + "D range, clusters of " +
                   std::to_string(cluster));
      std::vector<T> values(in.begin(), in.begin() + itemsOf(range));
      std::vector<T> expected(operations.size() * values.size());
      for (size_t k = 0; k < operations.size(); ++k)
        expectScans(cut(subGroups(range), cluster), values, operation<T>(operations[k]),
                    {operations.size(), int(k)}, expected);
      runSubGroupCase(kernel, element, range, values, cluster, expected);
    }
}

TEST(Execution, SubGroupClusteredReductions) {
  checkClustered("clustered_ushort", Element::UInt16, kArithmetic,
                 productSafeValues<uint16_t>(kMostItems));
  checkClustered("clustered_int", Element::Int32, kArithmetic,
                 productSafeValues<int32_t>(kMostItems));
  checkClustered("clustered_double", Element::Double, kArithmetic,
                 productSafeValues<double>(kMostItems));
  std::vector<int32_t> bits = smallIntegers<int32_t>(kMostItems, -1000, 1000);
  for (size_t i = 0; i < bits.size(); i += 5)
    bits[i] = 0; // some false predicates
  checkClustered("clustered_bits", Element::Int32,
                 {"and", "or", "xor", "logical_and", "logical_or", "logical_xor"}, bits);
}

uint32_t lanesBelow(size_t n) { return n >= kWarp ? ~0u : (1u << n) - 1; }

// Votes, ballots and broadcasts among the active work-items, and the masks.
TEST(Execution, SubGroupBallots) {
  for (const CollectiveRange &range : kCollectiveRanges)
    for (uint32_t active : kActiveSets) {
      SCOPED_TRACE(std::to_string(range.dims) + "D range, active " + std::to_string(active));
      const uint32_t widest = std::min<uint32_t>(kWarp, uint32_t(enqueuedGroupItems(range)));
      std::vector<int32_t> in = smallIntegers<int32_t>(itemsOf(range), -3, 8);
      std::vector<Segment> sub_groups = subGroups(range);
      for (size_t s = 2; s < sub_groups.size(); s += 4) // all equal, all positive
        for (size_t i : sub_groups[s])
          in[i] = 5;
      std::vector<uint32_t> expected(20 * in.size());
      for (const Segment &sub_group : sub_groups) {
        std::vector<size_t> lanes; // the active ones
        uint32_t odd = 0;
        for (size_t lane = 0; lane < sub_group.size(); ++lane)
          if (active >> lane & 1) {
            lanes.push_back(lane);
            odd |= uint32_t(in[sub_group[lane]] & 1) << lane;
          }
        auto every = [&](auto holds) {
          return std::all_of(lanes.begin(), lanes.end(),
                             [&](size_t l) { return holds(in[sub_group[l]]); });
        };
        const bool all_positive = every([](int32_t v) { return v > 0; });
        const bool no_seven = every([](int32_t v) { return v != 7; });
        const bool all_equal =
            lanes.empty() || every([&](int32_t v) { return v == in[sub_group[lanes[0]]]; });
        for (size_t lane : lanes) {
          uint32_t *out = &expected[20 * sub_group[lane]];
          const int32_t v = in[sub_group[lane]];
          out[0] = lane == lanes.front();
          out[1] = all_positive;
          out[2] = !no_seven;
          out[3] = all_equal;
          out[4] = odd;
          out[5] = uint32_t(__builtin_popcount(odd));
          out[6] = uint32_t(__builtin_popcount(odd & lanesBelow(lane + 1)));
          out[7] = uint32_t(__builtin_popcount(odd & lanesBelow(lane)));
          out[8] = uint32_t(lanes.front());
          out[9] = uint32_t(lanes.back());
          out[10] = odd >> lane & 1;
          out[11] = odd >> (v & 31) & 1;
          out[12] = uint32_t(in[sub_group[lanes.front()]]);
          out[13] = uint32_t(in[sub_group[lanes.back()]]);
        }
        for (size_t lane = 0; lane < sub_group.size(); ++lane) {
          uint32_t *out = &expected[20 * sub_group[lane]];
          out[14] = 1u << lane;
          out[15] = lanesBelow(widest) & ~lanesBelow(lane);
          out[16] = lanesBelow(widest) & ~lanesBelow(lane + 1);
          out[17] = lanesBelow(lane + 1);
          out[18] = lanesBelow(lane);
          out[19] = widest; // the bits a count considers
        }
      }
      ExecCase test = rangeCase("sub_groups.cl", "ballots", range);
      test.args = {ExecArg::buffer(in, Element::Int32),
                   ExecArg::buffer(std::vector<uint32_t>(expected.size()), Element::UInt32, true),
                   ExecArg::value(active)};
      Outputs want = {bytesOf(expected)};
      runAndCompare(test, &want, false);
    }
}

// Shuffles and rotations; -1 where the work-item read from does not exist.
TEST(Execution, SubGroupShufflesAndRotations) {
  for (const CollectiveRange &range : kCollectiveRanges) {
    SCOPED_TRACE(std::to_string(range.dims) + "D range");
    const size_t width = std::min(kWarp, enqueuedGroupItems(range));
    std::vector<int32_t> in = smallIntegers<int32_t>(itemsOf(range), 0, 1000000);
    std::vector<int32_t> expected(7 * in.size());
    for (const Segment &sub_group : subGroups(range)) {
      const size_t size = sub_group.size();
      auto from = [&](size_t lane) { return lane < size ? in[sub_group[lane]] : -1; };
      for (size_t lane = 0; lane < size; ++lane) {
        int32_t *out = &expected[7 * sub_group[lane]];
        out[0] = from((lane * 7 + 3) % size);
        out[1] = from(lane ^ 5);
        out[2] = lane >= 3 ? from(lane - 3) : -1;
        out[3] = from(lane + 3);
        out[4] = from((lane + 3) % width);
        out[5] = from((lane + width - 5) % width);
        out[6] = from((lane & ~size_t(7)) + ((lane + 3) & 7));
      }
    }
    ExecCase test = rangeCase("sub_groups.cl", "shuffles", range);
    test.args = {ExecArg::buffer(in, Element::Int32),
                 ExecArg::buffer(std::vector<int32_t>(expected.size()), Element::Int32, true)};
    Outputs want = {bytesOf(expected)};
    runAndCompare(test, &want, false);
  }
}

// uchar3 from the sub-group's last work-item, double16 from its second,
// short8 from its first (non-uniform broadcast, every work-item active).
TEST(Execution, SubGroupVectorBroadcasts) {
  for (const CollectiveRange &range : kCollectiveRanges) {
    SCOPED_TRACE(std::to_string(range.dims) + "D range");
    const size_t items = itemsOf(range);
    std::vector<uint8_t> a = smallIntegers<uint8_t>(3 * items, 0, 255), a_out(a.size());
    std::vector<double> b = smallIntegers<double>(16 * items, -1000, 1000), b_out(b.size());
    std::vector<int16_t> c = smallIntegers<int16_t>(8 * items, -30000, 30000), c_out(c.size());
    for (const Segment &sub_group : subGroups(range))
      for (size_t i : sub_group) {
        std::copy_n(&a[3 * sub_group.back()], 3, &a_out[3 * i]);
        std::copy_n(&b[16 * sub_group[1]], 16, &b_out[16 * i]);
        std::copy_n(&c[8 * sub_group[0]], 8, &c_out[8 * i]);
      }
    ExecCase test = rangeCase("sub_groups.cl", "vector_broadcasts", range);
    test.args = {ExecArg::buffer(a, Element::UInt8),
                 ExecArg::buffer(std::vector<uint8_t>(a.size()), Element::UInt8, true),
                 ExecArg::buffer(b, Element::Double),
                 ExecArg::buffer(std::vector<double>(b.size()), Element::Double, true),
                 ExecArg::buffer(c, Element::Int16),
                 ExecArg::buffer(std::vector<int16_t>(c.size()), Element::Int16, true)};
    Outputs want = {bytesOf(a_out), bytesOf(b_out), bytesOf(c_out)};
    runAndCompare(test, &want, false);
  }
}

} // namespace
} // namespace cl2cuda::testing
