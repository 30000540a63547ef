// A small deterministic random generator (SplitMix64): the same inputs on
// every platform, compiler and run, so two runs' outputs can be compared.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace clexample {

class Random {
public:
  explicit Random(uint64_t seed) : state_(seed) {}

  uint64_t next64() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint32_t next32() { return static_cast<uint32_t>(next64() >> 32); }

  // Uniform in [low, high).
  float uniform(float low, float high) {
    return low + (high - low) * static_cast<float>(next32() >> 8) * (1.0f / 16777216.0f);
  }
  double uniform(double low, double high) {
    return low + (high - low) * static_cast<double>(next64() >> 11) * (1.0 / 9007199254740992.0);
  }
  // Uniform in [low, high].
  int64_t integer(int64_t low, int64_t high) {
    return low + static_cast<int64_t>(next64() % static_cast<uint64_t>(high - low + 1));
  }

private:
  uint64_t state_;
};

// `count` floats uniform in [low, high), from `seed`.
inline std::vector<float> randomFloats(size_t count, uint64_t seed, float low, float high) {
  Random random(seed);
  std::vector<float> values(count);
  for (float &value : values)
    value = random.uniform(low, high);
  return values;
}

// `count` integers uniform in [low, high], from `seed`.
template <class T>
std::vector<T> randomIntegers(size_t count, uint64_t seed, int64_t low, int64_t high) {
  Random random(seed);
  std::vector<T> values(count);
  for (T &value : values)
    value = static_cast<T>(random.integer(low, high));
  return values;
}

} // namespace clexample
