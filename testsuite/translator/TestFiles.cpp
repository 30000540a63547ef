#include "TestFiles.h"

#include "FileChecker.h"

#include <algorithm>
#include <cctype>
#include <dirent.h>
#include <fstream>
#include <sstream>

namespace cl2cuda::testing {

std::string testDirectory() { return CL2CUDA_TEST_DIR; }

std::string readFile(const std::string &path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

std::vector<std::string> listTestFiles(const std::string &subdirectory,
                                       const std::string &extension) {
  std::vector<std::string> files;
  std::string directory = testDirectory() + "/" + subdirectory;
  if (DIR *handle = opendir(directory.c_str())) {
    while (dirent *entry = readdir(handle)) {
      std::string name = entry->d_name;
      if (name.size() > extension.size() &&
          name.compare(name.size() - extension.size(), extension.size(), extension) == 0)
        files.push_back(directory + "/" + name);
    }
    closedir(handle);
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string stemOf(const std::string &path) {
  size_t slash = path.find_last_of('/');
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  return name.substr(0, name.find_last_of('.'));
}

TestCase loadTestCase(const std::string &path) {
  TestCase test;
  test.path = path;
  test.text = readFile(path);
  test.build_options = directiveValue(test.text, "RUN-OPTIONS");
  std::string directory = path.substr(0, path.find_last_of('/'));
  for (size_t at = test.build_options.find("%S"); at != std::string::npos;
       at = test.build_options.find("%S"))
    test.build_options.replace(at, 2, directory);
  std::string modes = directiveValue(test.text, "MODES");
  if (modes.empty() || modes.find("compile") != std::string::npos)
    test.modes.push_back(OutputMode::Compile);
  if (modes.empty() || modes.find("readable") != std::string::npos)
    test.modes.push_back(OutputMode::Readable);
  return test;
}

TranslateResult translateTestCase(const TestCase &test, OutputMode mode) {
  TranslateOptions options;
  options.mode = mode;
  options.build_options = test.build_options;
  options.file_name = stemOf(test.path) + ".cl";
  return translate(test.text, options);
}

const char *modeName(OutputMode mode) {
  return mode == OutputMode::Compile ? "compile" : "readable";
}

std::string testParamName(std::initializer_list<std::string> parts) {
  std::string name;
  for (const std::string &part : parts)
    name += (name.empty() ? "" : "_") + part;
  for (char &c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return name;
}

} // namespace cl2cuda::testing
