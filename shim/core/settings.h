// clcuda's environment variables (settings.def), parsed once.
#pragma once

#include <cstdint>

namespace clcuda::core {

struct Settings {
#define CLCUDA_SETTING(variable, field, default_value, description)                                \
  std::uint64_t field = default_value;
#include "settings.def"
#undef CLCUDA_SETTING
};

// The settings of this process, read from the environment on first call.
const Settings &settings();

struct SettingDescription {
  const char *variable;
  std::uint64_t default_value;
  const char *description;
};

// Every row of settings.def, for documentation checks.
const SettingDescription *settingDescriptions(std::uint64_t *count);

} // namespace clcuda::core
