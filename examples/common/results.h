// What a run of a program on one device produced: its result buffers (the
// bytes `--output` writes and the differential harness compares), how two
// platforms' values may differ, and the checks against the host's results.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace clexample {

enum class ElementType {
#define ELEMENT_TYPE(enumerator, type, name) enumerator,
#include "common/element_types.def"
#undef ELEMENT_TYPE
};

template <class T> constexpr ElementType elementTypeOf();
#define ELEMENT_TYPE(enumerator, type, name)                                                       \
  template <> constexpr ElementType elementTypeOf<type>() { return ElementType::enumerator; }
#include "common/element_types.def"
#undef ELEMENT_TYPE

size_t elementSize(ElementType type);
const char *elementTypeName(ElementType type);

// How far two conforming platforms' values of a buffer may be apart.
struct Agreement {
  // Bit for bit: integers, and floats that are fully determined by
  // correctly rounded operations in an order the program fixes.
  static Agreement exact() { return {}; }
  // |a - b| <= bounds[i] for element i; `rule` says where the bounds come
  // from (for the harness's table), e.g. "2 x 4 ulp".
  static Agreement within(std::vector<double> bounds, std::string rule) {
    return {false, std::move(bounds), std::move(rule)};
  }

  bool isExact = true;
  std::vector<double> bounds;
  std::string rule = "exact";
};

struct ResultBuffer {
  std::string name;
  ElementType type = ElementType::UInt8;
  std::vector<unsigned char> bytes;
  Agreement agreement;

  size_t count() const { return bytes.size() / elementSize(type); }
  // Element i as a double (exact for every type but 64-bit integers beyond 2^53).
  double value(size_t i) const;
  // Element i as text: integers exactly, floats with 9 significant digits.
  std::string format(size_t i) const;
};

template <class T>
ResultBuffer resultBuffer(std::string name, const std::vector<T> &values,
                          Agreement agreement = Agreement::exact()) {
  ResultBuffer buffer{std::move(name), elementTypeOf<T>(),
                      std::vector<unsigned char>(values.size() * sizeof(T)), std::move(agreement)};
  if (!values.empty())
    std::memcpy(buffer.bytes.data(), values.data(), buffer.bytes.size());
  return buffer;
}

struct RunResult {
  std::vector<ResultBuffer> buffers;
  // Where the device's results differ from the host's (empty: all match).
  std::vector<std::string> failures;
  // Lines for the user: timings, bandwidth, speed-ups.
  std::vector<std::string> report;

  bool valid() const { return failures.empty(); }
};

// FNV-1a, 64 bits, over every buffer's bytes in order (what --output writes).
std::string digest(const std::vector<ResultBuffer> &buffers);

// OpenCL's ulp of a real x in float: the gap between the two floats around
// x, or, where x is a float, between x and its nearest neighbour (so at a
// power of two, the smaller gap below it).
double floatUlp(double x);

// Formats a value of any element type for messages.
std::string formatValue(double value);

namespace detail {
std::string mismatchMessage(const std::string &what, size_t wrong, size_t total, size_t first,
                            const std::string &got, const std::string &expected);

template <class T> bool sameElement(T a, T b) {
  if constexpr (std::is_floating_point_v<T>)
    return (a != a && b != b) || std::memcmp(&a, &b, sizeof(T)) == 0; // any NaN matches
  else
    return a == b;
}

template <class T> std::string formatElement(T value) {
  if constexpr (std::is_floating_point_v<T>)
    return formatValue(value);
  else
    return std::to_string(value);
}
} // namespace detail

// Integers equal, floats bit for bit (any NaN matches any NaN).
template <class T>
void expectEqual(RunResult &result, const std::string &what, const std::vector<T> &got,
                 const std::vector<T> &expected) {
  if (got.size() != expected.size()) {
    result.failures.push_back(what + ": " + std::to_string(got.size()) + " values, expected " +
                              std::to_string(expected.size()));
    return;
  }
  size_t wrong = 0, first = 0;
  for (size_t i = 0; i < got.size(); ++i)
    if (!detail::sameElement(got[i], expected[i]) && wrong++ == 0)
      first = i;
  if (wrong)
    result.failures.push_back(detail::mismatchMessage(what, wrong, got.size(), first,
                                                      detail::formatElement(got[first]),
                                                      detail::formatElement(expected[first])));
}

// |got[i] - expected[i]| <= bounds[i]; a non-finite expected value must be
// matched exactly (same infinity, or NaN). `rule` names the bound.
void expectWithin(RunResult &result, const std::string &what, const std::vector<float> &got,
                  const std::vector<double> &expected, const std::vector<double> &bounds,
                  const std::string &rule);

// expectEqual, then keeps `got` as the result buffer `name`, which
// platforms must agree on bit for bit.
template <class T>
void checkAndKeep(RunResult &result, const std::string &name, const std::vector<T> &got,
                  const std::vector<T> &expected) {
  expectEqual(result, name, got, expected);
  result.buffers.push_back(resultBuffer(name, got));
}

} // namespace clexample
