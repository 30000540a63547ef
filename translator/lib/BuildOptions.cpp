#include "BuildOptions.h"

#include "Tables.h"

#include <algorithm>

namespace cl2cuda {
namespace {

// Splits the options string into words: whitespace separates, quotes group
// (and are removed), a backslash escapes the next character inside quotes.
std::optional<std::string> splitWords(std::string_view text, std::vector<std::string> *words) {
  std::string word;
  bool in_word = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (in_word)
        words->push_back(word);
      word.clear();
      in_word = false;
      continue;
    }
    in_word = true;
    if (c != '"' && c != '\'') {
      word += c;
      continue;
    }
    char quote = c;
    size_t start = i;
    for (++i; i < text.size() && text[i] != quote; ++i) {
      if (text[i] == '\\' && i + 1 < text.size() && quote == '"')
        ++i;
      word += text[i];
    }
    if (i >= text.size())
      return "unterminated quote in build options at: " + std::string(text.substr(start));
    in_word = true;
  }
  if (in_word)
    words->push_back(word);
  return std::nullopt;
}

std::optional<unsigned> parseLanguageVersion(std::string_view value) {
  // "CL1.2" -> 120
  if (value.size() != 5 || value.substr(0, 2) != "CL" || value[3] != '.' || value[2] < '0' ||
      value[2] > '9' || value[4] < '0' || value[4] > '9')
    return std::nullopt;
  unsigned version = (value[2] - '0') * 100 + (value[4] - '0') * 10;
  if (!isAcceptedOpenCLCVersion(version))
    return std::nullopt;
  return version;
}

void appendUnique(std::vector<std::string> *list, const std::string &item) {
  if (std::find(list->begin(), list->end(), item) == list->end())
    list->push_back(item);
}

void appendNvrtcFlags(std::string flags, const std::string &value, BuildOptions *out) {
  for (size_t at = flags.find("{}"); at != std::string::npos; at = flags.find("{}"))
    flags.replace(at, 2, value);
  std::vector<std::string> words;
  splitWords(flags, &words);
  for (const std::string &word : words)
    appendUnique(&out->nvrtc_options, word);
}

const BuildOptionInfo *findOption(const std::string &word) {
  // Exact flags first, then the longest prefix for the Joined forms.
  const BuildOptionInfo *best = nullptr;
  for (const BuildOptionInfo &option : buildOptionTable()) {
    std::string_view spelling = option.spelling;
    if (option.form == BuildOptionForm::Flag) {
      if (word == spelling)
        return &option;
      continue;
    }
    // -cl-nv-arch=sm_90 or -cl-nv-arch alone; not -cl-nv-archsm_90.
    if (option.form == BuildOptionForm::EqualsOrSeparate && word.size() > spelling.size() &&
        word[spelling.size()] != '=')
      continue;
    if (word.compare(0, spelling.size(), spelling) == 0 &&
        (!best || spelling.size() > std::string_view(best->spelling).size()))
      best = &option;
  }
  return best;
}

} // namespace

bool isAcceptedOpenCLCVersion(unsigned version) {
  if (version == 200)
    return true;
#define CLCUDA_C_VERSION(major, minor, patch)                                                      \
  if (version == (major)*100 + (minor)*10)                                                         \
    return true;
#include <cl2cuda/capabilities.def>
  return false;
}

std::optional<std::string> parseBuildOptions(std::string_view text, BuildOptions *out) {
  *out = BuildOptions();
  std::vector<std::string> words;
  if (auto error = splitWords(text, &words))
    return error;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string &word = words[i];
    const BuildOptionInfo *option = findOption(word);
    if (!option)
      return "invalid build option '" + word + "'";
    std::string value = word.substr(std::string_view(option->spelling).size());
    const bool equals_or_separate = option->form == BuildOptionForm::EqualsOrSeparate;
    if (equals_or_separate && !value.empty()) {
      value.erase(0, 1); // the '='
    } else if ((option->form == BuildOptionForm::JoinedOrSeparate || equals_or_separate) &&
               value.empty()) {
      if (i + 1 >= words.size())
        return "build option '" + word + "' needs an argument";
      value = words[++i];
    }
    if (option->form != BuildOptionForm::Flag && value.empty())
      return "build option '" + word + "' needs a value";
    // A value that goes into NVRTC's options is a number.
    if (std::string_view(option->nvrtc_flags).find("{}") != std::string_view::npos &&
        value.find_first_not_of("0123456789") != std::string::npos)
      return "invalid build option '" + word + "': the value must be a number";
    switch (option->effect) {
    case BuildOptionEffect::LanguageVersion: {
      std::optional<unsigned> version = parseLanguageVersion(value);
      if (!version)
        return "invalid build option '" + word +
               "': the OpenCL C versions are CL1.0, CL1.1, CL1.2, CL2.0, CL3.0 and CL3.1";
      out->opencl_c_version = *version;
      continue; // the frontend passes the version itself
    }
    case BuildOptionEffect::Define:
    case BuildOptionEffect::IncludePath:
      out->clang_args.push_back(option->clang_flag + value);
      continue;
    case BuildOptionEffect::SinglePrecisionConstant:
      out->single_precision_constant = true;
      break;
    case BuildOptionEffect::KernelArgInfo:
      out->kernel_arg_info = true;
      break;
    case BuildOptionEffect::UniformWorkGroupSize:
      out->uniform_work_group_size = true;
      break;
    case BuildOptionEffect::None:
      break;
    }
    if (*option->clang_flag)
      appendUnique(&out->clang_args,
                   option->clang_flag +
                       (option->form == BuildOptionForm::Flag ? std::string() : value));
    appendNvrtcFlags(option->nvrtc_flags, value, out);
  }
  return std::nullopt;
}

} // namespace cl2cuda
