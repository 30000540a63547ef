// Wall-clock timing of host code and of what it waits for.
#pragma once

#include <chrono>

namespace clexample {

class Stopwatch {
public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  void restart() { start_ = std::chrono::steady_clock::now(); }
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

private:
  std::chrono::steady_clock::time_point start_;
};

} // namespace clexample
