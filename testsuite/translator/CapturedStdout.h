// Standard output captured into a temporary file, as the Khronos CTS's printf
// tests capture it: device printf output (the reference platform's, and the
// CUDA driver's) goes to file descriptor 1, whatever FILE * it uses.
#pragma once

#include <string>

namespace cl2cuda::testing {

// File descriptor 1 goes to a temporary file while one of these lives;
// text() restores it and returns what was written.
class CapturedStdout {
public:
  CapturedStdout();
  CapturedStdout(const CapturedStdout &) = delete;
  CapturedStdout &operator=(const CapturedStdout &) = delete;
  ~CapturedStdout();
  std::string text();

private:
  void restore();
  std::string path_;
  int saved_ = -1;
};

} // namespace cl2cuda::testing
