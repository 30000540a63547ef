#include "test_sources.h"

#include <fstream>
#include <sstream>

namespace clcuda::test {

std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

} // namespace clcuda::test
