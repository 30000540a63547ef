#include "child_process.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

extern char **environ;

namespace clcuda::test {

const char *childRole() { return std::getenv("CLCUDA_TEST_CHILD_ROLE"); }

ChildProcess startChild(const std::string &role, const std::vector<std::string> &environment,
                        const std::vector<std::string> &arguments) {
  const ::testing::TestInfo *test = ::testing::UnitTest::GetInstance()->current_test_info();
  std::vector<std::string> argv = {"/proc/self/exe", std::string("--gtest_filter=") +
                                                         test->test_suite_name() + "." +
                                                         test->name()};
  argv.insert(argv.end(), arguments.begin(), arguments.end());
  // The parent's environment, but for the variables the child gets anew.
  std::vector<std::string> env = environment;
  env.push_back("CLCUDA_TEST_CHILD_ROLE=" + role);
  const std::vector<std::string> overridden = env;
  for (char **variable = environ; *variable; ++variable) {
    const std::string entry = *variable;
    const std::string name = entry.substr(0, entry.find('=') + 1);
    bool replaced = false;
    for (const std::string &mine : overridden)
      replaced = replaced || mine.rfind(name, 0) == 0;
    if (!replaced)
      env.push_back(entry);
  }
  std::vector<char *> argv_pointers, env_pointers;
  for (std::string &text : argv)
    argv_pointers.push_back(text.data());
  argv_pointers.push_back(nullptr);
  for (std::string &text : env)
    env_pointers.push_back(text.data());
  env_pointers.push_back(nullptr);

  ChildProcess child;
  child.output_path = temporaryDirectory() + "/output.txt";
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, child.output_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  pid_t pid = -1;
  if (posix_spawn(&pid, "/proc/self/exe", &actions, nullptr, argv_pointers.data(),
                  env_pointers.data()) == 0)
    child.pid = pid;
  posix_spawn_file_actions_destroy(&actions);
  return child;
}

ChildResult waitForChild(const ChildProcess &child) {
  ChildResult result;
  if (child.pid < 0) {
    result.output = "the child process could not be started";
    return result;
  }
  int status = 0;
  while (waitpid(child.pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status))
    result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status))
    result.signal = WTERMSIG(status);
  std::ifstream file(child.output_path);
  std::stringstream text;
  text << file.rdbuf();
  result.output = text.str();
  return result;
}

ChildResult runChild(const std::string &role, const std::vector<std::string> &environment,
                     const std::vector<std::string> &arguments) {
  return waitForChild(startChild(role, environment, arguments));
}

std::string temporaryDirectory() {
  namespace fs = std::filesystem;
  static const fs::path root = [] {
    const char *base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/clcuda-test-XXXXXX";
    if (!mkdtemp(pattern.data()))
      throw std::runtime_error("cannot make a temporary directory from " + pattern);
    return fs::path(pattern);
  }();
  // Registered once `root` is made, so that it runs before `root` is
  // destroyed (a handler registered inside root's initializer ran after,
  // on a destroyed path, and left every directory behind).
  static const bool removed_at_exit = std::atexit([] {
                                        std::error_code ignored;
                                        fs::remove_all(root, ignored);
                                      }) == 0;
  (void)removed_at_exit;
  static int counter = 0;
  const fs::path directory = root / std::to_string(++counter);
  fs::create_directories(directory);
  return directory.string();
}

} // namespace clcuda::test
