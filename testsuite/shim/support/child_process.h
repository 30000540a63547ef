// Runs the current test again in a fresh process of the same test binary:
// for what a process may only do once (a kernel fault poisons its CUDA
// context; "a cache hit never loads the translator" needs a process that
// never built) or what needs two processes at once (the cache's writers).
// The child runs the same test with CLCUDA_TEST_CHILD_ROLE set; the test
// reads childRole() to know which part to play.
#pragma once

#include <string>
#include <vector>

namespace clcuda::test {

struct ChildProcess {
  int pid = -1;
  std::string output_path; // stdout and stderr
};

struct ChildResult {
  int exit_code = -1; // the test binary's: 0 when the child's test passed
  int signal = 0;     // non-zero when the child died of a signal
  std::string output; // what it printed, for failure messages
};

// The role this process plays, or nullptr in the parent.
const char *childRole();

// Starts the current test in a child with CLCUDA_TEST_CHILD_ROLE=role and
// `environment` ("NAME=value") added; `arguments` are passed on (e.g.
// --loading=MODE).
ChildProcess startChild(const std::string &role, const std::vector<std::string> &environment = {},
                        const std::vector<std::string> &arguments = {});
ChildResult waitForChild(const ChildProcess &child);
ChildResult runChild(const std::string &role, const std::vector<std::string> &environment = {},
                     const std::vector<std::string> &arguments = {});

// A new empty directory under $TMPDIR (or /tmp), removed at exit.
std::string temporaryDirectory();

} // namespace clcuda::test
