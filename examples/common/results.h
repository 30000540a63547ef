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

enum class ElementType { Int8, UInt8, Int16, UInt16, Int32, UInt32, Int64, UInt64, Float32 };

template <class T> constexpr ElementType elementTypeOf();
template <> constexpr ElementType elementTypeOf<int8_t>() { return ElementType::Int8; }
template <> constexpr ElementType elementTypeOf<uint8_t>() { return ElementType::UInt8; }
template <> constexpr ElementType elementTypeOf<int16_t>() { return ElementType::Int16; }
template <> constexpr ElementType elementTypeOf<uint16_t>() { return ElementType::UInt16; }
template <> constexpr ElementType elementTypeOf<int32_t>() { return ElementType::Int32; }
template <> constexpr ElementType elementTypeOf<uint32_t>() { return ElementType::UInt32; }
template <> constexpr ElementType elementTypeOf<int64_t>() { return ElementType::Int64; }
template <> constexpr ElementType elementTypeOf<uint64_t>() { return ElementType::UInt64; }
template <> constexpr ElementType elementTypeOf<float>() { return ElementType::Float32; }

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

// The size of one unit in the last place of a float of magnitude |x|
// (2^-149 at and below the smallest normal's exponent).
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

} // namespace clexample
