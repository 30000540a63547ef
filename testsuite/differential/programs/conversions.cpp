// Conversions with saturation and rounding modes, scalar and vector, for
// float <-> integer and integer <-> integer, with the edge cases (NaN,
// infinities, halves, the destination's limits and one beyond) and random
// values; the host computes each result exactly in long double.
#include "host_reference.h"
#include "program.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

namespace differential {
namespace {

using namespace clexample;

constexpr size_t kCount = 1024;

enum class Rounding { Default, NearestEven, TowardZero, TowardPositive, TowardNegative };

Rounding parseRounding(const char *suffix) {
  const std::string text = suffix;
  if (text == "_rte")
    return Rounding::NearestEven;
  if (text == "_rtz")
    return Rounding::TowardZero;
  if (text == "_rtp")
    return Rounding::TowardPositive;
  if (text == "_rtn")
    return Rounding::TowardNegative;
  return Rounding::Default;
}

long double roundToInteger(long double value, Rounding rounding) {
  switch (rounding) {
  case Rounding::NearestEven:
    return std::nearbyint(value); // the default environment rounds to nearest even
  case Rounding::TowardPositive:
    return std::ceil(value);
  case Rounding::TowardNegative:
    return std::floor(value);
  case Rounding::Default: // to an integer type: toward zero
  case Rounding::TowardZero:
    break;
  }
  return std::trunc(value);
}

float roundToFloat(long double value, Rounding rounding) {
  float nearest = static_cast<float>(value); // to nearest even
  const long double error = static_cast<long double>(nearest) - value;
  switch (rounding) {
  case Rounding::TowardZero:
    if ((value > 0 && error > 0) || (value < 0 && error < 0))
      return std::nextafter(nearest, 0.0f);
    break;
  case Rounding::TowardPositive:
    if (error < 0)
      return std::nextafter(nearest, INFINITY);
    break;
  case Rounding::TowardNegative:
    if (error > 0)
      return std::nextafter(nearest, -INFINITY);
    break;
  case Rounding::Default:
  case Rounding::NearestEven:
    break;
  }
  return nearest;
}

// What convert_<Dst><sat><rounding>(value) gives, value being a source value.
template <class Dst> Dst convertOnHost(long double value, bool saturate, Rounding rounding) {
  if constexpr (std::is_floating_point_v<Dst>) {
    return roundToFloat(value, rounding);
  } else {
    using Limits = std::numeric_limits<Dst>;
    if (std::isnan(value))
      return 0; // saturated conversions turn NaN into 0
    const long double rounded = roundToInteger(value, rounding);
    if (saturate) {
      if (rounded <= static_cast<long double>(Limits::min()))
        return Limits::min();
      if (rounded >= static_cast<long double>(Limits::max()))
        return Limits::max();
    }
    // In range, or an integer source that wraps around.
    return static_cast<Dst>(static_cast<std::make_unsigned_t<Dst>>(
        static_cast<unsigned __int128>(static_cast<__int128>(rounded))));
  }
}

template <class Dst, class Src>
std::vector<Src> makeInputs(bool saturate, Rounding rounding, uint64_t seed) {
  using DstLimits = std::numeric_limits<Dst>;
  using SrcLimits = std::numeric_limits<Src>;
  const long double low = static_cast<long double>(DstLimits::lowest());
  const long double high = static_cast<long double>(DstLimits::max());
  std::vector<long double> candidates = {
      0, 1, -1, 2, low, high, low - 1, high + 1, 16777217, 16777219, 9007199254740993.0L};
  Random random(seed);
  if constexpr (std::is_floating_point_v<Src>) {
    for (long double edge : {0.5L, 1.5L, 2.5L, 126.5L, 127.5L, 128.5L, 254.5L, 255.5L, 1e30L})
      candidates.insert(candidates.end(), {edge, -edge});
    candidates.insert(candidates.end(), {-0.0L, high + 0.5L, low - 0.5L, INFINITY, -INFINITY,
                                         static_cast<long double>(NAN)});
  } else {
    candidates.insert(candidates.end(), {static_cast<long double>(SrcLimits::min()),
                                         static_cast<long double>(SrcLimits::max())});
  }
  auto draw = [&]() -> long double {
    if constexpr (std::is_floating_point_v<Src>)
      return random.next32() % 2 ? random.uniform(-300.0, 300.0)
                                 : random.uniform(1.25 * double(low) - 8, 1.25 * double(high) + 8);
    else
      return static_cast<long double>(static_cast<Src>(random.next64()));
  };
  std::vector<Src> inputs;
  for (size_t attempt = 0; inputs.size() < kCount; ++attempt) {
    const long double value = attempt < candidates.size() ? candidates[attempt] : draw();
    Src input;
    if constexpr (std::is_floating_point_v<Src>) {
      input = static_cast<Src>(value);
      // Without saturation a result out of range is undefined: leave it out.
      const long double rounded = roundToInteger(input, rounding);
      if (!saturate && std::is_integral_v<Dst> &&
          (!std::isfinite(input) || rounded < low || rounded > high))
        continue;
    } else {
      if (value < static_cast<long double>(SrcLimits::min()) ||
          value > static_cast<long double>(SrcLimits::max()))
        continue;
      input = static_cast<Src>(value);
    }
    inputs.push_back(input);
  }
  return inputs;
}

template <class Dst, class Src>
void checkConversion(const Device &device, cl_program program, cl_command_queue queue,
                     RunResult &result, const std::string &dst, const std::string &src,
                     const char *saturation, const char *roundingSuffix) {
  const bool saturate = std::string(saturation) == "_sat";
  const Rounding rounding = parseRounding(roundingSuffix);
  const std::vector<Src> inputs =
      makeInputs<Dst, Src>(saturate, rounding, 90 + result.buffers.size());
  std::vector<Dst> expected(kCount);
  for (size_t i = 0; i < kCount; ++i)
    expected[i] = convertOnHost<Dst>(static_cast<long double>(inputs[i]), saturate, rounding);

  Memory in = device.createBuffer(CL_MEM_READ_ONLY, inputs);
  Memory out = device.createBuffer(CL_MEM_WRITE_ONLY, kCount * sizeof(Dst));
  const std::string modifiers = std::string(saturation) + roundingSuffix;
  for (const char *width : {"", "4"}) {
    const std::string function = "convert_" + dst + width + modifiers;
    Kernel kernel = createKernel(program, (function + "_from_" + src).c_str());
    setKernelArgs(kernel, in, out);
    enqueueKernel(queue, kernel, NDRange(*width ? kCount / 4 : kCount));
    std::vector<Dst> got = readBuffer<Dst>(queue, out, kCount);
    const std::string name = function + "(" + src + width + ")";
    checkAndKeep(result, name, got, expected);
  }
}

RunResult runConversions(const Device &device) {
  Program program = device.buildProgram(programPath("conversions.cl"), "-I " + programPath(""));
  Queue queue = device.createQueue();
  RunResult result;
#define CONVERSION(dst, src, sat, round)                                                           \
  checkConversion<cl_##dst, cl_##src>(device, program, queue, result, #dst, #src, #sat, #round);
#include "conversions.def"
#undef CONVERSION
  return result;
}

} // namespace

std::vector<DifferentialProgram> conversionPrograms() {
  return {{"conversions", "exact (fully specified)", runConversions}};
}

} // namespace differential
