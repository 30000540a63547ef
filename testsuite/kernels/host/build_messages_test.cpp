// clcuda's own build-log messages (kernels/host/build_messages.def): one ID
// a meaning, each documented.
#include "build_messages.h"
#include "test_sources.h"

#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>

namespace {

// A build-log message's ID is what users look up: one meaning each, and
// each listed in docs/programs.md.
TEST(BuildMessages, AreNumberedOnceAndDocumented) {
  std::uint64_t count = 0;
  const clcuda::BuildMessageInfo *rows = clcuda::buildMessageTable(&count);
  ASSERT_GT(count, 5u);
  const std::string page =
      clcuda::test::readFile(std::string(CLCUDA_SOURCE_DIR) + "/docs/programs.md");
  std::set<std::string> seen;
  for (std::uint64_t i = 0; i < count; ++i) {
    EXPECT_TRUE(std::regex_match(rows[i].id, std::regex("CLC5[0-9]{3}"))) << rows[i].id;
    EXPECT_TRUE(seen.insert(rows[i].id).second) << rows[i].id << " is used twice";
    EXPECT_NE(page.find(std::string("`") + rows[i].id + "`"), std::string::npos)
        << rows[i].id << " is missing from docs/programs.md";
  }
  using clcuda::BuildMessage;
  EXPECT_EQ(clcuda::buildMessage(BuildMessage::KernelDefinedTwice, {"k"}),
            "error: kernel 'k' is defined in more than one unit [CLC5008]\n");
  EXPECT_EQ(clcuda::buildMessage(BuildMessage::DoesNotLoad, {"sm_80", "H100", "sm_90", "X"}),
            "error: the program (built for sm_80) does not load on H100 (sm_90): X [CLC5011]\n");
}

} // namespace
