#include "build_messages.h"

#include <vector>

namespace clcuda {
namespace {

constexpr BuildMessageInfo kMessages[] = {
#define CLCUDA_BUILD_MESSAGE(name, id, text) {id, text},
#include "build_messages.def"
};

} // namespace

const BuildMessageInfo *buildMessageTable(std::uint64_t *count) {
  *count = sizeof kMessages / sizeof kMessages[0];
  return kMessages;
}

std::string buildMessage(BuildMessage message, std::initializer_list<std::string> arguments) {
  const BuildMessageInfo &info = kMessages[static_cast<std::size_t>(message)];
  const std::vector<std::string> values(arguments);
  std::string text = "error: ";
  for (const char *c = info.text; *c; ++c) {
    const std::size_t index = c[1] >= '0' && c[1] <= '9' ? std::size_t(c[1] - '0') : values.size();
    if (*c == '%' && index < values.size()) {
      text += values[index];
      ++c;
    } else {
      text += *c;
    }
  }
  return text + " [" + info.id + "]\n";
}

} // namespace clcuda
