#include "common/results.h"

#include <cfloat>
#include <cmath>
#include <cstdio>

namespace clexample {
namespace {

template <class T> T load(const unsigned char *bytes, size_t i) {
  T value;
  std::memcpy(&value, bytes + i * sizeof(T), sizeof(T));
  return value;
}

} // namespace

std::string detail::mismatchMessage(const std::string &what, size_t wrong, size_t total,
                                    size_t first, const std::string &got,
                                    const std::string &expected) {
  return what + ": " + std::to_string(wrong) + " of " + std::to_string(total) +
         " values differ from the host's; first at [" + std::to_string(first) + "]: got " + got +
         ", expected " + expected;
}

size_t elementSize(ElementType type) {
  switch (type) {
#define ELEMENT_TYPE(enumerator, type, name)                                                       \
  case ElementType::enumerator:                                                                    \
    return sizeof(type);
#include "common/element_types.def"
#undef ELEMENT_TYPE
  }
  return 1;
}

const char *elementTypeName(ElementType type) {
  switch (type) {
#define ELEMENT_TYPE(enumerator, type, name)                                                       \
  case ElementType::enumerator:                                                                    \
    return name;
#include "common/element_types.def"
#undef ELEMENT_TYPE
  }
  return "?";
}

double ResultBuffer::value(size_t i) const {
  switch (type) {
#define ELEMENT_TYPE(enumerator, type, name)                                                       \
  case ElementType::enumerator:                                                                    \
    return static_cast<double>(load<type>(bytes.data(), i));
#include "common/element_types.def"
#undef ELEMENT_TYPE
  }
  return 0;
}

std::string ResultBuffer::format(size_t i) const {
  switch (type) {
#define ELEMENT_TYPE(enumerator, type, name)                                                       \
  case ElementType::enumerator:                                                                    \
    return detail::formatElement(load<type>(bytes.data(), i));
#include "common/element_types.def"
#undef ELEMENT_TYPE
  }
  return "?";
}

std::string digest(const std::vector<ResultBuffer> &buffers) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (const ResultBuffer &buffer : buffers)
    for (unsigned char byte : buffer.bytes)
      hash = (hash ^ byte) * 0x100000001b3ull;
  char text[17];
  std::snprintf(text, sizeof(text), "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

double floatUlp(double x) {
  if (!std::isfinite(x))
    return INFINITY;
  int exponent = 0;
  const double mantissa =
      std::fabs(std::frexp(x, &exponent)); // |x| in [2^(exponent-1), 2^exponent)
  // 24 significant bits; below FLT_MIN's exponent the spacing stays 2^-149.
  const int unitExponent = std::max(exponent - 1, FLT_MIN_EXP - 1) - 23;
  // At a power of two the nearest other float is below it, half a unit away.
  if (mantissa == 0.5 && exponent - 1 > FLT_MIN_EXP - 1)
    return std::ldexp(0.5, unitExponent);
  return std::ldexp(1.0, unitExponent);
}

std::string formatValue(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.9g", value);
  return text;
}

void expectWithin(RunResult &result, const std::string &what, const std::vector<float> &got,
                  const std::vector<double> &expected, const std::vector<double> &bounds,
                  const std::string &rule) {
  if (got.size() != expected.size() || bounds.size() != expected.size()) {
    result.failures.push_back(what + ": " + std::to_string(got.size()) + " values, expected " +
                              std::to_string(expected.size()));
    return;
  }
  size_t wrong = 0, first = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    bool ok;
    if (!std::isfinite(expected[i]))
      ok = std::isnan(expected[i]) ? std::isnan(got[i]) : got[i] == expected[i];
    else
      // A device may flush a subnormal result to zero (no CL_FP_DENORM).
      ok = std::fabs(got[i] - expected[i]) <=
           (std::fabs(expected[i]) < FLT_MIN ? std::max(bounds[i], double(FLT_MIN)) : bounds[i]);
    if (!ok && wrong++ == 0)
      first = i;
  }
  if (wrong)
    result.failures.push_back(
        detail::mismatchMessage(what, wrong, got.size(), first, formatValue(got[first]),
                                formatValue(expected[first]) + " within " + rule + " (" +
                                    formatValue(bounds[first]) + ")"));
}

} // namespace clexample
