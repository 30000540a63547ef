#include "runner.h"

#include "bench_error.h"
#include "host_support.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <iostream>
#include <optional>
#include <sstream>
#include <utility>

namespace clcuda::bench {
namespace {

using Prepare = std::function<std::unique_ptr<Trial>(Column &)>;
using ToValue = std::function<double(double)>;

constexpr unsigned kPipelineMaxQueues = 3;
constexpr unsigned kCalibrationRuns = 3;
constexpr unsigned kMaxTransfersPerSample = 100;

// The order in which the pipeline and the wait pick the column that sizes
// their kernel: the reference first.
constexpr std::size_t kCalibrationOrder[] = {kRawSlot, kNvidiaSlot, kClcudaSlot};

class Runner {
public:
  Runner(const Options &options, const std::array<Column *, kColumnCount> &columns)
      : options_(options), columns_(columns) {}

  RunResult run() {
    // Builds first: "first in process" must be the first build of each column.
    if (wants(options_, "build"))
      builds();
    if (wants(options_, "launch"))
      launches(Measure::AsyncLaunch, LaunchCase{options_.launches, false},
               std::to_string(options_.launches) + " launches, no wait");
    if (wants(options_, "roundtrip"))
      launches(Measure::RoundTrip, LaunchCase{options_.round_trips, true},
               std::to_string(options_.round_trips) + " \u00d7 (launch, wait)");
    if (wants(options_, "cmdbuf"))
      commandBuffers();
    if (wants(options_, "transfer"))
      transfers();
    if (wants(options_, "kernel"))
      kernels();
    if (wants(options_, "pipeline"))
      pipeline();
    if (wants(options_, "wait"))
      waits();
    return std::move(result_);
  }

private:
  // One row: every present column prepares, then samples round-robin.
  // Returns the row's index in result_.rows.
  std::size_t measureRow(Measure measure, const std::string &param, const std::string &unit,
                         unsigned repetitions, const Prepare &prepare, const ToValue &to_value) {
    Row row{measure, param, unit.empty() ? measureInfo(measure).unit : unit, {}};
    std::cerr << "clcuda-bench: " << measureInfo(measure).title << ", " << param << "\n";
    std::array<std::unique_ptr<Trial>, kColumnCount> trials;
    std::array<std::vector<double>, kColumnCount> samples;
    for (std::size_t slot = 0; slot < kColumnCount; ++slot)
      if (columns_[slot])
        guard(row.cells[slot], [&] { trials[slot] = prepare(*columns_[slot]); });
    for (unsigned repetition = 0; repetition < repetitions; ++repetition)
      for (std::size_t k = 0; k < kColumnCount; ++k) {
        const std::size_t slot = (repetition + k) % kColumnCount;
        if (trials[slot] && !guard(row.cells[slot],
                                   [&] { samples[slot].push_back(to_value(trials[slot]->run())); }))
          trials[slot].reset();
      }
    for (std::size_t slot = 0; slot < kColumnCount; ++slot) {
      trials[slot].reset(); // frees the column's buffers before the next row
      if (!samples[slot].empty() && row.cells[slot].problem.empty())
        row.cells[slot].summary = summarize(samples[slot]);
    }
    return addRow(std::move(row));
  }

  // Adds a row and prints its medians, so that a run cut short (a time
  // limit) still shows what it measured.
  std::size_t addRow(Row row) {
    std::cerr << "clcuda-bench:   " << measureInfo(row.measure).title << ", " << row.param;
    for (std::size_t slot = 0; slot < kColumnCount; ++slot)
      if (row.cells[slot].summary)
        std::cerr << "; " << columnTitle(slot) << " " << row.cells[slot].summary->median << " "
                  << row.unit;
    std::cerr << "\n";
    result_.rows.push_back(std::move(row));
    return result_.rows.size() - 1;
  }

  // Runs `body`; an exception becomes the cell's problem. False if it threw.
  template <typename Body> bool guard(Cell &cell, Body &&body) {
    try {
      body();
      return true;
    } catch (const Unavailable &e) {
      cell.problem = e.what();
    } catch (const std::exception &e) {
      cell.problem = e.what();
      cell.failed = true;
      result_.failed = true;
    }
    return false;
  }

  // A row whose cells all say why it could not be measured.
  void unmeasurable(Measure measure, const std::string &param, const std::string &why) {
    Row row{measure, param, measureInfo(measure).unit, {}};
    for (std::size_t slot = 0; slot < kColumnCount; ++slot)
      if (columns_[slot]) {
        row.cells[slot].problem = why;
        row.cells[slot].failed = true;
        result_.failed = true;
      }
    result_.rows.push_back(std::move(row));
  }

  void builds() {
    const ToValue ms = [](double s) { return s * 1e3; };
    const std::string &root = options_.packages_root;
    bool first = true; // the process's first build
    for (const BuildProgram &program : buildMeasurePrograms()) {
      const std::vector<std::string> &chosen = options_.programs;
      if (std::find(chosen.begin(), chosen.end(), program.name) == chosen.end())
        continue;
      if (const std::string missing = buildMeasureMissing(program, root); !missing.empty()) {
        result_.notes.push_back("build: " + program.label + " left out, " + missing);
        continue;
      }
      if (std::exchange(first, false))
        measureRow(
            Measure::BuildFirst, program.label, "", 1,
            [&](Column &c) {
              return c.build(BuildCase{true, &program, root});
            },
            ms);
      std::array<std::vector<double>, kColumnCount> ready;
      const std::size_t cold = measureRow(
          Measure::BuildCold, program.label, "", options_.repetitions,
          [&](Column &c) {
            return c.build(BuildCase{true, &program, root, nullptr, &ready[slotOf(c)]});
          },
          ms);
      addRow(readyRow(result_.rows[cold], ready));
      measureRow(
          Measure::BuildWarm, program.label, "", options_.repetitions,
          [&](Column &c) {
            return c.build(BuildCase{false, &program, root});
          },
          ms);
      buildProfile(program);
    }
  }

  // "program build and its kernels, cold" from the cold row's own builds:
  // each sample's build plus its kernels, where the cold row measured.
  static Row readyRow(const Row &cold, const std::array<std::vector<double>, kColumnCount> &ready) {
    Row row{Measure::BuildReady, cold.param, measureInfo(Measure::BuildReady).unit, {}};
    for (std::size_t slot = 0; slot < kColumnCount; ++slot) {
      row.cells[slot] = cold.cells[slot];
      if (row.cells[slot].summary) {
        std::vector<double> ms;
        for (double seconds : ready[slot])
          ms.push_back(seconds * 1e3);
        row.cells[slot].summary = summarize(ms);
      }
    }
    return row;
  }

  std::size_t slotOf(const Column &column) const {
    for (std::size_t slot = 0; slot < kColumnCount; ++slot)
      if (columns_[slot] && &*columns_[slot] == &column)
        return slot;
    throw std::logic_error("a column the runner does not hold");
  }

  // Rows "LABEL: PHASE" from verbose cold builds, in the order the first
  // build's log names the phases; a column without phase times says why.
  void buildProfile(const BuildProgram &program) {
    std::array<std::vector<BuildPhases>, kColumnCount> builds;
    std::array<Cell, kColumnCount> outcome;
    for (std::size_t slot = 0; slot < kColumnCount; ++slot) {
      if (!columns_[slot])
        continue;
      std::unique_ptr<Trial> trial;
      if (!guard(outcome[slot], [&] {
            trial = columns_[slot]->build(
                BuildCase{true, &program, options_.packages_root, &builds[slot]});
          }))
        continue;
      for (unsigned repetition = 0; repetition < options_.repetitions; ++repetition)
        if (!guard(outcome[slot], [&] { trial->run(); }))
          break;
    }
    std::vector<std::string> names;
    for (const auto &slot_builds : builds)
      for (const BuildPhases &phases : slot_builds)
        for (const auto &phase : phases)
          if (std::find(names.begin(), names.end(), phase.first) == names.end())
            names.push_back(phase.first);
    for (const std::string &name : names) {
      Row row{Measure::BuildPhase, program.label + ": " + name, "ms", {}};
      for (std::size_t slot = 0; slot < kColumnCount; ++slot) {
        if (!columns_[slot])
          continue;
        std::vector<double> samples;
        for (const BuildPhases &phases : builds[slot])
          for (const auto &phase : phases)
            if (phase.first == name)
              samples.push_back(phase.second);
        if (!samples.empty() && outcome[slot].problem.empty())
          row.cells[slot].summary = summarize(samples);
        else
          row.cells[slot] = outcome[slot];
      }
      addRow(std::move(row));
    }
  }

  void launches(Measure measure, const LaunchCase &c, const std::string &param) {
    measureRow(
        measure, param, "", options_.repetitions,
        [c](Column &column) { return column.launches(c); }, [](double s) { return s * 1e6; });
  }

  // Per kernel count, the small kernels one by one, then replayed from a
  // command buffer (raw: a CUDA graph). NVIDIA's OpenCL, which has no
  // command buffers, enqueues them one by one in the replay row too: the
  // issue's goal holds clcuda's replay against that; a note says so.
  void commandBuffers() {
    const ToValue us = [](double s) { return s * 1e6; };
    std::array<std::vector<std::string>, kColumnCount> reasons; // of falling back, each once
    for (unsigned kernels : options_.small_kernel_counts) {
      const unsigned rounds = std::max(1u, options_.small_kernels_per_sample / kernels);
      const std::string param = smallKernelsParam(kernels);
      measureRow(
          Measure::KernelsOneByOne, param, "", options_.repetitions,
          [=](Column &column) {
            return column.smallKernels(CommandBufferCase{kernels, rounds, false});
          },
          us);
      std::array<std::string, kColumnCount> reason;
      measureRow(
          Measure::CommandBufferReplay, param, "", options_.repetitions,
          [&](Column &column) {
            const std::size_t slot = slotOf(column);
            return column.smallKernels(
                CommandBufferCase{kernels, rounds, true, slot == kNvidiaSlot, &reason[slot]});
          },
          us);
      for (std::size_t slot = 0; slot < kColumnCount; ++slot)
        if (!reason[slot].empty() && std::find(reasons[slot].begin(), reasons[slot].end(),
                                               reason[slot]) == reasons[slot].end())
          reasons[slot].push_back(reason[slot]);
    }
    for (std::size_t slot = 0; slot < kColumnCount; ++slot)
      for (const std::string &why : reasons[slot])
        result_.notes.push_back(std::string(measureInfo(Measure::CommandBufferReplay).title) +
                                ": the " + columnTitle(slot) +
                                " column enqueues the kernels one by one, as in its one-by-one "
                                "rows (" +
                                why + "); the goal holds clcuda's replay against that.");
  }

  void transfers() {
    struct Kind {
      Measure measure;
      Direction direction;
      HostMemory memory;
    };
    const Kind kinds[] = {
        {Measure::H2dPageable, Direction::HostToDevice, HostMemory::Pageable},
        {Measure::H2dPinned, Direction::HostToDevice, HostMemory::Pinned},
        {Measure::D2hPageable, Direction::DeviceToHost, HostMemory::Pageable},
        {Measure::D2hPinned, Direction::DeviceToHost, HostMemory::Pinned},
    };
    for (const Kind &kind : kinds)
      for (std::size_t bytes : options_.transfer_sizes) {
        const unsigned count = static_cast<unsigned>(
            std::clamp<std::size_t>(options_.transfer_budget / bytes, 1, kMaxTransfersPerSample));
        const TransferCase c{kind.direction, kind.memory, bytes, count};
        measureRow(
            kind.measure, formatBytes(bytes), "", options_.repetitions,
            [c](Column &column) { return column.transfers(c); },
            [bytes](double s) { return double(bytes) / s / 1e9; });
      }
  }

  void kernels() {
    for (const std::string &name : options_.kernels) {
      KernelPlan plan;
      try {
        plan = makeKernelPlan(name, options_.problem);
      } catch (const BenchError &e) {
        unmeasurable(Measure::KernelThroughput, name, e.what());
        continue;
      }
      const double work = plan.work;
      measureRow(
          Measure::KernelThroughput, plan.name + ", " + plan.param, plan.unit, options_.repetitions,
          [&plan](Column &c) { return c.kernel(plan); },
          [work](double s) { return work / s / 1e9; });
    }
  }

  // Median of a few samples of one trial, in seconds.
  static double medianSeconds(Trial &trial) {
    std::vector<double> samples;
    for (unsigned i = 0; i < kCalibrationRuns; ++i)
      samples.push_back(trial.run());
    return summarize(samples).median;
  }

  // fma_chain iterations for which one launch of `shape` takes about
  // `target` seconds on `column`. Its time is linear in the iterations: a
  // probe, a second probe at `second_probe_share` of the first estimate,
  // then the estimate from the second.
  static std::uint32_t fmaIterationsFor(Column &column, FmaCase shape, double target,
                                        double second_probe_share) {
    auto scaled = [&](double share) {
      const double took = medianSeconds(*column.fmaChain(shape));
      const double iterations = double(shape.iterations) * target * share / took;
      return static_cast<std::uint32_t>(std::clamp(iterations, 1.0, 4.0e9));
    };
    shape.iterations = scaled(second_probe_share);
    return scaled(1.0);
  }

  // Runs `calibrate` on the first present column of kCalibrationOrder that
  // manages it; the note says which, or why none did.
  std::optional<std::uint32_t> calibrated(const std::string &what,
                                          const std::function<std::uint32_t(Column &)> &calibrate) {
    std::string problems;
    for (std::size_t slot : kCalibrationOrder) {
      if (!columns_[slot])
        continue;
      try {
        const std::uint32_t iterations = calibrate(*columns_[slot]);
        result_.notes.push_back(what + ": fma_chain of " + std::to_string(iterations) +
                                " iterations, sized on the " + columnTitle(slot) + " column.");
        return iterations;
      } catch (const std::exception &e) {
        problems += std::string(problems.empty() ? "" : "; ") + columnTitle(slot) + ": " + e.what();
      }
    }
    result_.notes.push_back(what + ": no column could size the kernel (" +
                            (problems.empty() ? std::string("no column present") : problems) +
                            ").");
    return std::nullopt;
  }

  void pipeline() {
    // The profiles keep the batch a multiple of kPipelineWorkGroupSize.
    const std::size_t elements = options_.pipeline_batch_elements;
    const std::size_t bytes = elements * sizeof(float);
    const unsigned batches = options_.pipeline_batches;
    const std::optional<std::uint32_t> iterations = calibrated("pipeline", [&](Column &column) {
      // The kernel takes as long as one batch's copy in: with one queue
      // the three stages add up; with three they can all overlap.
      const double copy = medianSeconds(
          *column.transfers(TransferCase{Direction::HostToDevice, HostMemory::Pinned, bytes, 4}));
      return fmaIterationsFor(column, FmaCase{elements, kPipelineWorkGroupSize, 64, 8}, copy, 1.0);
    });
    const std::string shape =
        std::to_string(batches) + " \u00d7 " + formatBytes(bytes) + " in and out, pinned";
    std::array<std::optional<std::size_t>, kPipelineMaxQueues + 1> by_queues; // row indices
    for (unsigned queues = 1; queues <= kPipelineMaxQueues; ++queues) {
      const std::string param =
          std::to_string(queues) + (queues == 1 ? " queue, " : " queues, ") + shape;
      if (!iterations) {
        unmeasurable(Measure::Pipeline, param, "the pipeline's kernel could not be sized");
        continue;
      }
      const PipelineCase c{queues, batches, elements, *iterations};
      by_queues[queues] = measureRow(
          Measure::Pipeline, param, "", options_.repetitions,
          [c](Column &column) { return column.pipeline(c); }, [](double s) { return s * 1e3; });
    }
    // The speedup of three queues over one, from the two rows' samples.
    Row speedup{Measure::PipelineSpeedup,
                std::to_string(kPipelineMaxQueues) + " queues vs 1",
                measureInfo(Measure::PipelineSpeedup).unit,
                {}};
    for (std::size_t slot = 0; slot < kColumnCount && by_queues[1] && by_queues.back(); ++slot) {
      const auto &a = result_.rows[*by_queues[1]].cells[slot].summary;
      const auto &b = result_.rows[*by_queues.back()].cells[slot].summary;
      if (a && b)
        speedup.cells[slot].summary = Summary{a->median / b->median, a->min / b->max,
                                              a->max / b->min, std::min(a->samples, b->samples)};
    }
    result_.rows.push_back(std::move(speedup));
  }

  void waits() {
    const double target = options_.wait_seconds;
    const std::optional<std::uint32_t> iterations =
        calibrated("blocking wait", [&](Column &column) {
          // One work-item, so the kernel's length does not depend on the GPU's width.
          return fmaIterationsFor(column, FmaCase{1, 1, 1u << 16, 1}, target, 0.125);
        });
    std::ostringstream length;
    length << target << " s kernel";
    struct Kind {
      WaitKind kind;
      const char *calls;
    };
    const Kind kinds[] = {
        {WaitKind::Queue, "clFinish / cuStreamSynchronize"},
        {WaitKind::Event, "clWaitForEvents / cuEventSynchronize (blocking-sync event)"},
    };
    for (const Kind &kind : kinds) {
      const std::string param = std::string(kind.calls) + ", " + length.str();
      if (!iterations) {
        unmeasurable(Measure::BlockingWait, param, "the wait's kernel could not be sized");
        continue;
      }
      const WaitCase c{kind.kind, *iterations};
      measureRow(
          Measure::BlockingWait, param, "", options_.repetitions,
          [c](Column &column) { return column.blockingWait(c); },
          [](double fraction) { return fraction * 100.0; });
    }
  }

  const Options &options_;
  std::array<Column *, kColumnCount> columns_;
  RunResult result_;
};

} // namespace

std::string smallKernelsParam(unsigned kernels) { return std::to_string(kernels) + " kernels"; }

RunResult runBenchmarks(const Options &options, const std::array<Column *, kColumnCount> &columns) {
  return Runner(options, columns).run();
}

} // namespace clcuda::bench
