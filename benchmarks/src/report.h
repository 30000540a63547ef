// The report: a markdown page (header, table, notes) and the same table as CSV.
#pragma once

#include "runner.h"

#include <array>
#include <string>
#include <vector>

namespace clcuda::bench {

struct ReportHeader {
  std::string date; // UTC, ISO 8601
  std::string host; // host name and CPU model
  std::string command_line;
  unsigned repetitions = 0;
  // Per column: what it ran on, or why it is absent ("n/a: ...").
  std::array<std::string, kColumnCount> columns;
  std::vector<std::string> setup_notes; // ICD vendors, cache directories
};

std::string markdownReport(const ReportHeader &header, const RunResult &result);

// The CSV header, then one line per row; the column cells hold medians, and
// each column's min and max follow the goal columns.
std::string csvReport(const RunResult &result);

// The goals as a markdown table (measure, goal), the one docs/performance.md shows.
std::string goalsMarkdown();

} // namespace clcuda::bench
