#include "results.h"

#include <algorithm>
#include <sstream>

namespace clcuda::bench {

const std::vector<MeasureInfo> &allMeasures() {
  static const std::vector<MeasureInfo> measures = {
#define CLCUDA_BENCH_MEASURE(id, family, title, unit) {Measure::id, family, title, unit},
#include "measures.def"
#undef CLCUDA_BENCH_MEASURE
  };
  return measures;
}

const MeasureInfo &measureInfo(Measure measure) {
  return allMeasures()[static_cast<std::size_t>(measure)];
}

std::vector<std::string> measureFamilies() {
  std::vector<std::string> families;
  for (const MeasureInfo &info : allMeasures())
    if (std::find(families.begin(), families.end(), info.family) == families.end())
      families.emplace_back(info.family);
  return families;
}

namespace {

struct ColumnNames {
  const char *title;
  const char *key;
};

constexpr ColumnNames kColumnNames[kColumnCount] = {
    {"NVIDIA OpenCL", "nvidia"},
    {"clcuda", "clcuda"},
    {"raw CUDA", "raw"},
};

std::string formatBound(double bound) {
  std::ostringstream text;
  text << bound;
  return text.str();
}

} // namespace

const char *columnTitle(std::size_t slot) { return kColumnNames[slot].title; }
const char *columnKey(std::size_t slot) { return kColumnNames[slot].key; }

Summary summarize(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  const std::size_t n = samples.size();
  const double median = n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2.0;
  return {median, samples.front(), samples.back(), n};
}

const std::vector<Goal> &allGoals() {
  static const std::vector<Goal> goals = {
#define CLCUDA_BENCH_GOAL(measure, row, reference, relation, bound)                                \
  {Measure::measure, row, Reference::reference, Relation::relation, bound},
#include "goals.def"
#undef CLCUDA_BENCH_GOAL
  };
  return goals;
}

std::optional<double> clcudaRatio(const Row &row, std::size_t reference_slot) {
  const Cell &clcuda = row.cells[kClcudaSlot], &reference = row.cells[reference_slot];
  if (!clcuda.summary || !reference.summary || reference.summary->median == 0.0)
    return std::nullopt;
  return clcuda.summary->median / reference.summary->median;
}

bool goalApplies(const Goal &goal, Measure measure, const std::string &param) {
  return goal.measure == measure && (*goal.row == '\0' || param == goal.row);
}

std::string goalText(Measure measure, const std::string &param, const std::string &unit) {
  std::string text;
  for (const Goal &goal : allGoals()) {
    if (!goalApplies(goal, measure, param))
      continue;
    text += text.empty() ? "" : ", ";
    text += goal.relation == Relation::AtLeast ? "\u2265 " : "\u2264 ";
    text += formatBound(goal.bound);
    switch (goal.reference) {
    case Reference::Raw:
      text += std::string("\u00d7 ") + columnTitle(kRawSlot);
      break;
    case Reference::Nvidia:
      text += std::string("\u00d7 ") + columnTitle(kNvidiaSlot);
      break;
    case Reference::Absolute:
      text += unit == "\u00d7" ? unit : " " + unit;
      break;
    }
  }
  return text;
}

std::string goalMet(const Row &row) {
  bool any_goal = false, all_evaluated = true, all_met = true;
  for (const Goal &goal : allGoals()) {
    if (!goalApplies(goal, row.measure, row.param))
      continue;
    any_goal = true;
    std::optional<double> value;
    if (goal.reference == Reference::Absolute) {
      if (row.cells[kClcudaSlot].summary)
        value = row.cells[kClcudaSlot].summary->median;
    } else {
      value = clcudaRatio(row, goal.reference == Reference::Raw ? kRawSlot : kNvidiaSlot);
    }
    if (!value) {
      all_evaluated = false;
      continue;
    }
    all_met = all_met &&
              (goal.relation == Relation::AtLeast ? *value >= goal.bound : *value <= goal.bound);
  }
  if (!any_goal)
    return "";
  if (!all_met)
    return "no";
  return all_evaluated ? "yes" : "n/a";
}

} // namespace clcuda::bench
