#include "comparison.h"

#include <cfloat>
#include <cmath>
#include <cstdio>

namespace differential {
namespace {

using clexample::ElementType;
using clexample::ResultBuffer;

bool sameBits(const ResultBuffer &a, const ResultBuffer &b, size_t i) {
  const size_t size = clexample::elementSize(a.type);
  return std::memcmp(a.bytes.data() + i * size, b.bytes.data() + i * size, size) == 0;
}

// Whether float values a and b agree within `bound`: NaN matches NaN, an
// infinity itself, and a subnormal may have been flushed to zero.
bool floatsAgree(double a, double b, double bound) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b))
    return a == b;
  if (std::fabs(a) < FLT_MIN || std::fabs(b) < FLT_MIN)
    bound = std::max(bound, double(FLT_MIN));
  return std::fabs(a - b) <= bound;
}

void compareBuffer(const ResultBuffer &reference, const ResultBuffer &clcuda,
                   Comparison &comparison) {
  const bool isFloat = reference.type == ElementType::Float32;
  const clexample::Agreement &agreement = reference.agreement;
  if (!agreement.isExact && agreement.bounds.size() != reference.count()) {
    comparison.problem = reference.name + ": " + std::to_string(agreement.bounds.size()) +
                         " bounds for " + std::to_string(reference.count()) + " values";
    return;
  }
  comparison.hasFloats |= isFloat;
  for (size_t i = 0; i < reference.count(); ++i) {
    if (sameBits(reference, clcuda, i))
      continue;
    ++comparison.unequal;
    const double a = reference.value(i), b = clcuda.value(i);
    bool inside;
    if (isFloat) {
      if (std::isfinite(a) && std::isfinite(b))
        comparison.maxUlp = std::max(comparison.maxUlp, std::fabs(a - b) / clexample::floatUlp(a));
      else
        comparison.maxUlp = INFINITY;
      inside = agreement.isExact ? (std::isnan(a) && std::isnan(b))
                                 : floatsAgree(a, b, agreement.bounds[i]);
    } else {
      // 64-bit values differ here even when their doubles round alike.
      comparison.maxIntegerDifference =
          std::max(comparison.maxIntegerDifference, std::max(std::fabs(a - b), 1.0));
      inside = false;
    }
    if (!inside && comparison.outside++ == 0)
      comparison.firstOutside =
          reference.name + "[" + std::to_string(i) + "]: reference " + reference.format(i) +
          ", clcuda " + clcuda.format(i) + ", allowed " +
          (agreement.isExact ? std::string("none") : clexample::formatValue(agreement.bounds[i]));
  }
}

} // namespace

std::string Comparison::maxErrorText() const {
  if (!problem.empty())
    return "-";
  char text[96];
  if (unequal == 0)
    return "0";
  if (maxIntegerDifference > 0 && (maxUlp == 0 || !hasFloats))
    std::snprintf(text, sizeof(text), "%zu values differ by up to %.0f", unequal,
                  maxIntegerDifference);
  else if (maxIntegerDifference > 0)
    std::snprintf(text, sizeof(text), "%.3g ulp; integers differ by up to %.0f", maxUlp,
                  maxIntegerDifference);
  else
    std::snprintf(text, sizeof(text), "%.3g ulp", maxUlp);
  return text;
}

Comparison compareResults(const clexample::RunResult &reference,
                          const clexample::RunResult &clcuda) {
  Comparison comparison;
  if (reference.buffers.size() != clcuda.buffers.size()) {
    comparison.problem = "the runs returned " + std::to_string(reference.buffers.size()) + " and " +
                         std::to_string(clcuda.buffers.size()) + " buffers";
    return comparison;
  }
  for (size_t b = 0; b < reference.buffers.size() && comparison.problem.empty(); ++b) {
    const ResultBuffer &expected = reference.buffers[b], &got = clcuda.buffers[b];
    if (expected.name != got.name || expected.type != got.type ||
        expected.bytes.size() != got.bytes.size()) {
      comparison.problem =
          "buffer " + std::to_string(b) + " differs in name, type or size: " + expected.name +
          " (" + std::to_string(expected.count()) + " x " +
          clexample::elementTypeName(expected.type) + ") vs " + got.name + " (" +
          std::to_string(got.count()) + " x " + clexample::elementTypeName(got.type) + ")";
      break;
    }
    compareBuffer(expected, got, comparison);
  }
  return comparison;
}

} // namespace differential
