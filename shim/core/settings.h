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

struct SettingDescription {
  const char *variable;
  const char *default_text;
  const char *description;
};

// Every row of settings.def, for documentation checks.
const SettingDescription *settingDescriptions(std::uint64_t *count);

} // namespace clcuda::core
