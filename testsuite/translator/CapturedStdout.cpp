#include "CapturedStdout.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include <unistd.h>

namespace cl2cuda::testing {

CapturedStdout::CapturedStdout() {
  std::fflush(stdout);
  char path[] = "/tmp/clcuda_stdout_XXXXXX";
  int file = mkstemp(path);
  if (file < 0)
    return;
  path_ = path;
  saved_ = dup(STDOUT_FILENO);
  dup2(file, STDOUT_FILENO);
  close(file);
}

CapturedStdout::~CapturedStdout() {
  restore();
  if (!path_.empty())
    unlink(path_.c_str());
}

std::string CapturedStdout::text() {
  restore();
  std::ifstream in(path_);
  std::stringstream contents;
  contents << in.rdbuf();
  return contents.str();
}

void CapturedStdout::restore() {
  if (saved_ < 0)
    return;
  // What the C library buffered belongs to the capture.
  std::fflush(stdout);
  dup2(saved_, STDOUT_FILENO);
  close(saved_);
  saved_ = -1;
}

} // namespace cl2cuda::testing
