// clcuda's environment variables (settings.def), parsed once.
#pragma once

#include <cstdint>
#include <string>

namespace clcuda::core {

struct Settings {
#define CLCUDA_SETTING(variable, field, default_value, description)                                \
  std::uint64_t field = default_value;
#define CLCUDA_TEXT_SETTING(variable, field, default_text, description) std::string field;
#include "settings.def"
#undef CLCUDA_SETTING
};

// The settings of this process, read from the environment on first call.
const Settings &settings();

// CLCUDA_LOG names `topic` ("build", ...).
bool logs(const char *topic);

// Writes one line of clcuda's own messages (the logs, CLCUDA_LOG_ERRORS',
// a lost context) with "clcuda: " before it: appended to CLCUDA_LOG_FILE
// when it is set, else to stderr. A line is one write, so processes and
// threads sharing the file do not cut into each other's lines.
void logLine(const std::string &message);

struct SettingDescription {
  const char *variable;
  const char *default_text;
  const char *description;
};

// Every row of settings.def, for documentation checks.
const SettingDescription *settingDescriptions(std::uint64_t *count);

} // namespace clcuda::core
