// A small command-line parser: `--name value`, `--name=value` and flags,
// each bound to a variable, with a generated --help.
#pragma once

#include <functional>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

namespace clexample {

// A command line that cannot be understood; the message says why.
class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class CommandLine {
public:
  CommandLine(std::string program, std::string summary);

  // An option with a value, stored into `target` (integers, floating point or strings).
  void add(const std::string &name, std::string &target, const std::string &help);
  void add(const std::string &name, size_t &target, const std::string &help);
  void add(const std::string &name, double &target, const std::string &help);
  // A flag: present means true.
  void addFlag(const std::string &name, bool &target, const std::string &help);

  // Parses argv[1..]; throws UsageError on an unknown option or a bad value.
  void parse(int argc, char **argv) const;
  void printHelp(std::ostream &out) const;

private:
  struct Option {
    std::string name;
    std::string valueName; // empty for a flag
    std::string help;
    std::string defaultText;
    std::function<void(const std::string &)> set;
  };
  void addOption(Option option);

  std::string program_;
  std::string summary_;
  std::vector<Option> options_;
};

} // namespace clexample
