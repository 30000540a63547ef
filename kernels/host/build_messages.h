// clcuda's own build-log messages, from build_messages.def: one place for
// their words and their stable IDs.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>

namespace clcuda {

enum class BuildMessage {
#define CLCUDA_BUILD_MESSAGE(name, id, text) name,
#include "build_messages.def"
};

struct BuildMessageInfo {
  const char *id;   // "CLC5008"
  const char *text; // %0, %1... the arguments
};
// Every row, in the enum's order.
const BuildMessageInfo *buildMessageTable(std::uint64_t *count);

// "error: TEXT [ID]\n", the arguments in place of %0, %1...
std::string buildMessage(BuildMessage message, std::initializer_list<std::string> arguments = {});

} // namespace clcuda
