#include "common/command_line.h"

#include <algorithm>
#include <iomanip>
#include <ostream>
#include <sstream>

namespace clexample {
namespace {

template <class T> T parseNumber(const std::string &name, const std::string &text) {
  std::istringstream stream(text);
  T value{};
  stream >> value;
  bool negative = !text.empty() && text[0] == '-';
  if (!stream || !stream.eof() || (std::is_unsigned_v<T> && negative))
    throw UsageError("option " + name + ": \"" + text + "\" is not a valid " +
                     (std::is_integral_v<T> ? "count" : "number"));
  return value;
}

template <class T> std::string show(const T &value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

} // namespace

CommandLine::CommandLine(std::string program, std::string summary)
    : program_(std::move(program)), summary_(std::move(summary)) {}

void CommandLine::addOption(Option option) {
  auto same = [&](const Option &other) { return other.name == option.name; };
  if (std::any_of(options_.begin(), options_.end(), same))
    throw std::logic_error("option " + option.name + " declared twice");
  options_.push_back(std::move(option));
}

void CommandLine::add(const std::string &name, std::string &target, const std::string &help) {
  addOption({name, "TEXT", help, target, [&target](const std::string &text) { target = text; }});
}

void CommandLine::add(const std::string &name, size_t &target, const std::string &help) {
  addOption({name, "N", help, show(target), [&target, name](const std::string &text) {
               target = parseNumber<size_t>(name, text);
             }});
}

void CommandLine::add(const std::string &name, double &target, const std::string &help) {
  addOption({name, "X", help, show(target), [&target, name](const std::string &text) {
               target = parseNumber<double>(name, text);
             }});
}

void CommandLine::addFlag(const std::string &name, bool &target, const std::string &help) {
  addOption({name, "", help, "", [&target](const std::string &) { target = true; }});
}

void CommandLine::parse(int argc, char **argv) const {
  for (int i = 1; i < argc; ++i) {
    std::string argument = argv[i];
    std::string value;
    bool hasValue = false;
    if (size_t equals = argument.find('=');
        argument.rfind("--", 0) == 0 && equals != std::string::npos) {
      value = argument.substr(equals + 1);
      argument.resize(equals);
      hasValue = true;
    }
    auto option = std::find_if(options_.begin(), options_.end(),
                               [&](const Option &o) { return o.name == argument; });
    if (option == options_.end())
      throw UsageError("unknown option " + argument + " (--help lists the options)");
    if (option->valueName.empty()) {
      if (hasValue)
        throw UsageError("option " + argument + " takes no value");
    } else if (!hasValue) {
      if (i + 1 >= argc)
        throw UsageError("option " + argument + " needs a value");
      value = argv[++i];
    }
    option->set(value);
  }
}

void CommandLine::printHelp(std::ostream &out) const {
  out << "usage: " << program_ << " [options]\n" << summary_ << "\n\noptions:\n";
  for (const Option &option : options_) {
    std::string left = option.name + (option.valueName.empty() ? "" : " " + option.valueName);
    out << "  " << std::left << std::setw(26) << left << " " << option.help;
    if (!option.defaultText.empty())
      out << " (default " << option.defaultText << ")";
    out << "\n";
  }
}

} // namespace clexample
