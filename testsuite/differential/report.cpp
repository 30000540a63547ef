#include "report.h"

#include <cstdio>
#include <ostream>
#include <sstream>

namespace differential {
namespace {

constexpr size_t kBuildLogLines = 30;

std::string stateCell(const SideRun &run) {
  switch (run.state) {
  case SideRun::State::NotRun:
    return run.sideUnavailable ? "unavailable" : "skipped";
  case SideRun::State::Error:
    return "error";
  case SideRun::State::Ran:
    return run.result.valid() ? "ok" : "wrong";
  }
  return "?";
}

// "reference: NVIDIA CUDA", "clcuda: clcuda", or the role alone.
std::string columnTitle(const Side &side) {
  return side.device ? side.role + ": " + side.device->platformName() : side.role;
}

std::string timeCell(const SideRun &run) {
  if (run.state == SideRun::State::NotRun)
    return "-";
  char text[64];
  std::snprintf(text, sizeof(text), "%.1f ms (build %.1f)", run.seconds * 1e3,
                run.buildSeconds * 1e3);
  return text;
}

// Markdown cells must not break the table.
std::string cell(std::string text) {
  for (size_t at = 0; (at = text.find('|', at)) != std::string::npos; at += 2)
    text.replace(at, 1, "\\|");
  for (char &c : text)
    if (c == '\n')
      c = ' ';
  return text;
}

void printBuildLog(std::ostream &out, const char *role, const std::string &log) {
  if (log.empty())
    return;
  out << "  " << role << " build log:\n\n  ```\n";
  std::istringstream lines(log);
  std::string line;
  size_t count = 0;
  while (std::getline(lines, line) && count++ < kBuildLogLines)
    out << "  " << line << "\n";
  if (count > kBuildLogLines)
    out << "  ...\n";
  out << "  ```\n";
}

} // namespace

void printReport(std::ostream &out, const Side &reference, const Side &clcuda,
                 const std::vector<Row> &rows) {
  out << "reference: " << reference.description << "\n"
      << "clcuda: " << clcuda.description << "\n\n";
  out << "| program | " << columnTitle(reference) << " | " << columnTitle(clcuda)
      << " | max error | bound | verdict | reference time | clcuda time |\n"
      << "|---|---|---|---|---|---|---|---|\n";
  size_t counts[4] = {}; // per Verdict
  for (const Row &row : rows) {
    ++counts[static_cast<int>(row.verdict)];
    const bool compared =
        row.reference.state == SideRun::State::Ran && row.clcuda.state == SideRun::State::Ran;
    out << "| " << cell(row.program->name) << " | " << stateCell(row.reference) << " | "
        << stateCell(row.clcuda) << " | "
        << (compared ? row.comparison.maxErrorText() : std::string("-")) << " | "
        << cell(row.program->bound) << " | " << verdictName(row.verdict) << " | "
        << timeCell(row.reference) << " | " << timeCell(row.clcuda) << " |\n";
  }
  out << "\n"
      << counts[static_cast<int>(Verdict::Pass)] << " passed, "
      << counts[static_cast<int>(Verdict::Fail)] << " failed, "
      << counts[static_cast<int>(Verdict::Skipped)] << " skipped, "
      << counts[static_cast<int>(Verdict::ReferenceOffSpec)] << " reference off-spec\n";
  for (const Side *side : {&reference, &clcuda})
    if (!side->device)
      out << "\nNothing was compared: " << side->role << " is unavailable (" << side->unavailable
          << "). The other side's runs were checked against the host.\n";

  // A side without a device is said once, above the table, not per program.
  auto onlySideUnavailable = [](const Row &row) {
    return row.verdict == Verdict::Skipped &&
           (row.reference.state != SideRun::State::NotRun || row.reference.sideUnavailable) &&
           (row.clcuda.state != SideRun::State::NotRun || row.clcuda.sideUnavailable);
  };
  bool notes = false;
  for (const Row &row : rows) {
    if (row.reason.empty() || onlySideUnavailable(row))
      continue;
    if (!notes)
      out << "\nNotes:\n\n";
    notes = true;
    out << "- " << row.program->name << " (" << verdictName(row.verdict) << "): " << row.reason
        << "\n";
    printBuildLog(out, "reference", row.reference.buildLog);
    printBuildLog(out, "clcuda", row.clcuda.buildLog);
    for (const auto *run : {&row.reference, &row.clcuda})
      for (size_t f = 1; f < run->result.failures.size(); ++f)
        out << "  " << (run == &row.reference ? "reference: " : "clcuda: ")
            << run->result.failures[f] << "\n";
  }
}

} // namespace differential
