#include "settings.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace clcuda::core {
namespace {

constexpr SettingDescription kDescriptions[] = {
#define CLCUDA_SETTING(variable, field, default_value, description)                                \
  {#variable, #default_value, description},
#define CLCUDA_TEXT_SETTING(variable, field, default_text, description)                            \
  {#variable, default_text, description},
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

void readVariable(const char *variable, std::string &field) {
  if (const char *text = std::getenv(variable))
    field = text;
}

Settings readSettings() {
  Settings settings;
#define CLCUDA_SETTING(variable, field, default_value, description)                                \
  readVariable(#variable, settings.field);
#define CLCUDA_TEXT_SETTING(variable, field, default_text, description)                            \
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

void logLine(const std::string &message) {
  const std::string line = "clcuda: " + message + "\n";
  // Opened for each line: rare, and a file removed or replaced meanwhile is made again.
  const std::string &path = settings().log_file;
  const int file = path.empty()
                       ? STDERR_FILENO
                       : open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (file < 0)
    return; // a log must not fail what it describes
  for (std::size_t written = 0; written < line.size();) {
    const ssize_t result = write(file, line.data() + written, line.size() - written);
    if (result < 0 && errno == EINTR)
      continue;
    if (result <= 0)
      break;
    written += std::size_t(result);
  }
  if (file != STDERR_FILENO)
    close(file);
}

bool logs(const char *topic) {
  const std::string &list = settings().log;
  const std::size_t length = std::strlen(topic);
  for (std::size_t start = 0; start <= list.size();) {
    std::size_t end = list.find(',', start);
    if (end == std::string::npos)
      end = list.size();
    if (end - start == length && list.compare(start, length, topic) == 0)
      return true;
    start = end + 1;
  }
  return false;
}

const SettingDescription *settingDescriptions(std::uint64_t *count) {
  *count = sizeof(kDescriptions) / sizeof(kDescriptions[0]);
  return kDescriptions;
}

} // namespace clcuda::core
