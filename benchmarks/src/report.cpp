#include "report.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <optional>
#include <sstream>

namespace clcuda::bench {
namespace {

// Three significant digits or so, without exponents for the sizes we see.
std::string formatValue(double value) {
  std::ostringstream text;
  const double magnitude = std::fabs(value);
  if (magnitude >= 100)
    text << std::fixed << std::setprecision(0) << value;
  else if (magnitude >= 10)
    text << std::fixed << std::setprecision(1) << value;
  else if (magnitude >= 1)
    text << std::fixed << std::setprecision(2) << value;
  else
    text << std::setprecision(3) << value;
  return text.str();
}

std::string formatRatio(const std::optional<double> &ratio) {
  if (!ratio)
    return "n/a";
  std::ostringstream text;
  text << std::fixed << std::setprecision(2) << *ratio;
  return text.str();
}

// Full precision for the CSV, which scripts read.
std::string exact(double value) {
  std::ostringstream text;
  text << std::setprecision(6) << value;
  return text.str();
}

std::string markdownCell(const Cell &cell) {
  if (!cell.summary)
    return "n/a";
  const Summary &s = *cell.summary;
  if (s.samples == 1)
    return formatValue(s.median);
  return formatValue(s.median) + " (" + formatValue(s.min) + "\u2013" + formatValue(s.max) + ")";
}

std::string escapeMarkdown(const std::string &text) {
  std::string escaped;
  for (char c : text)
    escaped += c == '|' ? std::string("\\|") : std::string(1, c);
  return escaped;
}

std::string csvField(const std::string &text) {
  if (text.find_first_of(",\"\n") == std::string::npos)
    return text;
  std::string quoted = "\"";
  for (char c : text)
    quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

// The ten columns of the table, shared by the markdown and the CSV.
std::vector<std::string> tableHeader() {
  return {"measure",
          "size/param",
          "unit",
          columnTitle(kNvidiaSlot),
          columnTitle(kClcudaSlot),
          columnTitle(kRawSlot),
          "clcuda/raw",
          "clcuda/NVIDIA",
          "goal",
          "met?"};
}

std::vector<std::string> tableLine(const Row &row, std::string (*cell)(const Cell &)) {
  return {measureInfo(row.measure).title,
          row.param,
          row.unit,
          cell(row.cells[kNvidiaSlot]),
          cell(row.cells[kClcudaSlot]),
          cell(row.cells[kRawSlot]),
          formatRatio(clcudaRatio(row, kRawSlot)),
          formatRatio(clcudaRatio(row, kNvidiaSlot)),
          goalText(row.measure, row.param, row.unit),
          goalMet(row)};
}

std::string markdownLine(const std::vector<std::string> &cells) {
  std::string line = "|";
  for (const std::string &cell : cells)
    line += " " + escapeMarkdown(cell) + " |";
  return line + "\n";
}

std::string markdownSeparator(std::size_t columns) {
  std::string line = "|";
  for (std::size_t i = 0; i < columns; ++i)
    line += "---|";
  return line + "\n";
}

} // namespace

std::string markdownReport(const ReportHeader &header, const RunResult &result) {
  std::ostringstream out;
  out << "# clcuda benchmarks\n\n";
  out << "| | |\n|---|---|\n";
  out << "| date | " << header.date << " |\n";
  out << "| host | " << escapeMarkdown(header.host) << " |\n";
  out << "| command | `" << escapeMarkdown(header.command_line) << "` |\n";
  out << "| samples | " << header.repetitions
      << " per cell, the columns interleaved (their order rotates every repetition); a cell "
         "is median (min\u2013max) |\n";
  for (std::size_t slot = 0; slot < kColumnCount; ++slot)
    out << "| " << columnTitle(slot) << " | " << escapeMarkdown(header.columns[slot]) << " |\n";
  out << "\n";
  for (const std::string &note : header.setup_notes)
    out << "- " << note << "\n";
  out << "\n" << markdownLine(tableHeader()) << markdownSeparator(tableHeader().size());
  for (const Row &row : result.rows)
    out << markdownLine(tableLine(row, markdownCell));

  // Problems, each told once with the rows it hit.
  std::map<std::pair<std::size_t, std::string>, std::vector<std::string>> problems;
  for (const Row &row : result.rows)
    for (std::size_t slot = 0; slot < kColumnCount; ++slot)
      if (!row.cells[slot].problem.empty())
        problems[{slot, (row.cells[slot].failed ? "FAILED: " : "n/a: ") + row.cells[slot].problem}]
            .push_back(std::string(measureInfo(row.measure).title) + " " + row.param);
  if (!result.notes.empty() || !problems.empty())
    out << "\n## Notes\n\n";
  for (const std::string &note : result.notes)
    out << "- " << note << "\n";
  for (const auto &[key, rows] : problems) {
    out << "- " << columnTitle(key.first) << ", " << key.second << " (";
    for (std::size_t i = 0; i < rows.size(); ++i)
      out << (i ? "; " : "") << rows[i];
    out << ")\n";
  }
  return out.str();
}

std::string csvReport(const RunResult &result) {
  auto median = [](const Cell &cell) {
    return cell.summary ? exact(cell.summary->median) : std::string("n/a");
  };
  std::vector<std::string> header = tableHeader();
  for (std::size_t slot = 0; slot < kColumnCount; ++slot) {
    header.push_back(std::string(columnTitle(slot)) + " min");
    header.push_back(std::string(columnTitle(slot)) + " max");
  }
  std::ostringstream out;
  auto write = [&out](const std::vector<std::string> &fields) {
    for (std::size_t i = 0; i < fields.size(); ++i)
      out << (i ? "," : "") << csvField(fields[i]);
    out << "\n";
  };
  write(header);
  for (const Row &row : result.rows) {
    std::vector<std::string> fields = tableLine(row, +median);
    for (const Cell &cell : row.cells) {
      fields.push_back(cell.summary ? exact(cell.summary->min) : "n/a");
      fields.push_back(cell.summary ? exact(cell.summary->max) : "n/a");
    }
    write(fields);
  }
  return out.str();
}

std::string goalsMarkdown() {
  std::ostringstream out;
  out << "| measure | goal |\n|---|---|\n";
  for (const MeasureInfo &info : allMeasures()) {
    const std::string unit = info.measure == Measure::KernelThroughput ? "GB/s" : info.unit;
    // A line for the goals of every row, then one per row a goal names.
    std::vector<std::string> rows;
    for (const Goal &goal : allGoals())
      if (goal.measure == info.measure &&
          std::find(rows.begin(), rows.end(), goal.row) == rows.end())
        rows.emplace_back(goal.row);
    std::stable_sort(rows.begin(), rows.end(), [](const std::string &a, const std::string &b) {
      return a.empty() && !b.empty();
    });
    for (const std::string &row : rows)
      out << "| " << info.title << (row.empty() ? "" : ", " + row) << " | "
          << goalText(info.measure, row, unit) << " |\n";
  }
  return out.str();
}

} // namespace clcuda::bench
