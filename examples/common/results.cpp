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
  case ElementType::Int8:
  case ElementType::UInt8:
    return 1;
  case ElementType::Int16:
  case ElementType::UInt16:
    return 2;
  case ElementType::Int32:
  case ElementType::UInt32:
  case ElementType::Float32:
    return 4;
  case ElementType::Int64:
  case ElementType::UInt64:
    return 8;
  }
  return 1;
}

const char *elementTypeName(ElementType type) {
  switch (type) {
  case ElementType::Int8:
    return "int8";
  case ElementType::UInt8:
    return "uint8";
  case ElementType::Int16:
    return "int16";
  case ElementType::UInt16:
    return "uint16";
  case ElementType::Int32:
    return "int32";
  case ElementType::UInt32:
    return "uint32";
  case ElementType::Int64:
    return "int64";
  case ElementType::UInt64:
    return "uint64";
  case ElementType::Float32:
    return "float32";
  }
  return "?";
}

double ResultBuffer::value(size_t i) const {
  const unsigned char *data = bytes.data();
  switch (type) {
  case ElementType::Int8:
    return load<int8_t>(data, i);
  case ElementType::UInt8:
    return load<uint8_t>(data, i);
  case ElementType::Int16:
    return load<int16_t>(data, i);
  case ElementType::UInt16:
    return load<uint16_t>(data, i);
  case ElementType::Int32:
    return load<int32_t>(data, i);
  case ElementType::UInt32:
    return load<uint32_t>(data, i);
  case ElementType::Int64:
    return static_cast<double>(load<int64_t>(data, i));
  case ElementType::UInt64:
    return static_cast<double>(load<uint64_t>(data, i));
  case ElementType::Float32:
    return load<float>(data, i);
  }
  return 0;
}

std::string ResultBuffer::format(size_t i) const {
  switch (type) {
  case ElementType::Int64:
    return std::to_string(load<int64_t>(bytes.data(), i));
  case ElementType::UInt64:
    return std::to_string(load<uint64_t>(bytes.data(), i));
  case ElementType::Float32:
    return formatValue(value(i));
  default:
    return std::to_string(static_cast<int64_t>(value(i)));
  }
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
  std::frexp(x, &exponent); // |x| in [2^(exponent-1), 2^exponent)
  // A float has 24 significant bits; below FLT_MIN's exponent the spacing stays 2^-149.
  return std::ldexp(1.0, std::max(exponent - 1, FLT_MIN_EXP - 1) - 23);
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
