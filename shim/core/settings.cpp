#include "settings.h"

#include <cerrno>
#include <cstdlib>

namespace clcuda::core {
namespace {

constexpr SettingDescription kDescriptions[] = {
#define CLCUDA_SETTING(variable, field, default_value, description)                                \
  {#variable, default_value, description},
#include "settings.def"
#undef CLCUDA_SETTING
};

void readVariable(const char *variable, std::uint64_t &field) {
  const char *text = std::getenv(variable);
  if (!text || !*text)
    return;
  char *end = nullptr;
  errno = 0;
  unsigned long long value = std::strtoull(text, &end, 0);
  if (errno == 0 && end && *end == '\0')
    field = value;
}

Settings readSettings() {
  Settings settings;
#define CLCUDA_SETTING(variable, field, default_value, description)                                \
  readVariable(#variable, settings.field);
#include "settings.def"
#undef CLCUDA_SETTING
  if (settings.out_of_order_streams == 0)
    settings.out_of_order_streams = 1;
  if (settings.staging_chunk_bytes < 65536)
    settings.staging_chunk_bytes = 65536;
  if (settings.staging_threads == 0)
    settings.staging_threads = 1;
  return settings;
}

} // namespace

const Settings &settings() {
  static const Settings instance = readSettings();
  return instance;
}

const SettingDescription *settingDescriptions(std::uint64_t *count) {
  *count = sizeof(kDescriptions) / sizeof(kDescriptions[0]);
  return kDescriptions;
}

} // namespace clcuda::core
