// What a run produces: rows of the report, one cell per column, and the
// goals each row is held to.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace clcuda::bench {

enum class Measure {
#define CLCUDA_BENCH_MEASURE(id, family, title, unit) id,
#include "measures.def"
#undef CLCUDA_BENCH_MEASURE
};

struct MeasureInfo {
  Measure measure;
  const char *family;
  const char *title;
  const char *unit;
};

const MeasureInfo &measureInfo(Measure measure);
const std::vector<MeasureInfo> &allMeasures();
// The --measures names, in report order, each once.
std::vector<std::string> measureFamilies();

// The report's columns, in report order.
enum ColumnSlot : std::size_t { kNvidiaSlot, kClcudaSlot, kRawSlot, kColumnCount };
const char *columnTitle(std::size_t slot); // "NVIDIA OpenCL", "clcuda", "raw CUDA"
const char *columnKey(std::size_t slot);   // "nvidia", "clcuda", "raw" (--columns)

struct Summary {
  double median;
  double min;
  double max;
  std::size_t samples;
};

// Median, min and max of one or more samples.
Summary summarize(std::vector<double> samples);

struct Cell {
  std::optional<Summary> summary; // absent: n/a
  std::string problem;            // why n/a (empty when the column is absent)
  bool failed = false;            // a fault, not a missing feature
};

struct Row {
  Measure measure;
  std::string param;
  std::string unit;
  std::array<Cell, kColumnCount> cells;
};

enum class Reference { Raw, Nvidia, Absolute };
enum class Relation { AtLeast, AtMost };

struct Goal {
  Measure measure;
  const char *row; // "": every row of the measure; else the size/param of the one it holds
  Reference reference;
  Relation relation;
  double bound;
};

const std::vector<Goal> &allGoals();

// clcuda's median over the raw CUDA or NVIDIA column's median, if both exist.
std::optional<double> clcudaRatio(const Row &row, std::size_t reference_slot);

// Whether `goal` holds the row of `measure` whose size/param is `param`.
bool goalApplies(const Goal &goal, Measure measure, const std::string &param);

// "≥ 0.98× raw CUDA, ≥ 1× NVIDIA OpenCL": the goals of the row of `measure`
// whose size/param is `param`; "" for a row without goals.
std::string goalText(Measure measure, const std::string &param, const std::string &unit);
// "yes", "no", "n/a" (a column it needs is missing); "" without goals.
std::string goalMet(const Row &row);

} // namespace clcuda::bench
