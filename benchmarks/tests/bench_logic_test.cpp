// The parts of clcuda-bench that need no GPU: statistics, goal checks,
// options, and the shape of every kernel workload.
#include "bench_error.h"
#include "host_support.h"
#include "options.h"
#include "report.h"
#include "results.h"
#include "runner.h"
#include "workloads.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <variant>

namespace clcuda::bench {
namespace {

Cell cellWith(double median) { return Cell{Summary{median, median, median, 1}, "", false}; }

Row kernelRow(std::optional<double> nvidia, std::optional<double> clcuda,
              std::optional<double> raw) {
  Row row{Measure::KernelThroughput, "saxpy", "GB/s", {}};
  const std::optional<double> values[kColumnCount] = {nvidia, clcuda, raw};
  for (std::size_t slot = 0; slot < kColumnCount; ++slot)
    if (values[slot])
      row.cells[slot] = cellWith(*values[slot]);
  return row;
}

TEST(Summarize, MedianOfOddAndEvenCounts) {
  Summary odd = summarize({5.0, 1.0, 3.0});
  EXPECT_EQ(odd.median, 3.0);
  EXPECT_EQ(odd.min, 1.0);
  EXPECT_EQ(odd.max, 5.0);
  EXPECT_EQ(odd.samples, 3u);
  EXPECT_EQ(summarize({4.0, 1.0, 2.0, 3.0}).median, 2.5);
}

TEST(Goals, KernelThroughputNeedsBothRatios) {
  EXPECT_EQ(goalMet(kernelRow(90.0, 99.0, 100.0)), "yes"); // 0.99x raw, 1.1x NVIDIA
  EXPECT_EQ(goalMet(kernelRow(90.0, 97.0, 100.0)), "no");  // 0.97x raw
  EXPECT_EQ(goalMet(kernelRow(100.0, 99.0, 100.0)), "no"); // 0.99x NVIDIA
  EXPECT_EQ(goalMet(kernelRow(90.0, 99.0, std::nullopt)), "n/a");
  EXPECT_EQ(goalMet(kernelRow(100.0, 99.0, std::nullopt)), "no"); // a miss shows without raw
  EXPECT_EQ(goalMet(kernelRow(90.0, std::nullopt, 100.0)), "n/a");
}

TEST(Goals, AbsoluteGoalsUseClcudasValue) {
  Row warm{Measure::BuildWarm, "4 kernels", "ms", {}};
  warm.cells[kClcudaSlot] = cellWith(4.9);
  EXPECT_EQ(goalMet(warm), "yes");
  warm.cells[kClcudaSlot] = cellWith(5.1);
  EXPECT_EQ(goalMet(warm), "no");
  Row pipeline{Measure::Pipeline, "1 queue", "ms", {}};
  EXPECT_EQ(goalMet(pipeline), ""); // no goal on the per-queue rows
}

TEST(Goals, TextComesFromTheTable) {
  EXPECT_EQ(goalText(Measure::KernelThroughput, "saxpy", "GB/s"),
            "\u2265 0.98\u00d7 raw CUDA, \u2265 1\u00d7 NVIDIA OpenCL");
  EXPECT_EQ(goalText(Measure::BuildWarm, "", "ms"), "\u2264 5 ms");
  EXPECT_EQ(goalText(Measure::PipelineSpeedup, "", "\u00d7"), "\u2265 2.5\u00d7");
  EXPECT_EQ(goalText(Measure::D2hPageable, "", "GB/s"), "");
}

Row replayRow(unsigned kernels, double nvidia, double clcuda, double raw) {
  Row row{Measure::CommandBufferReplay, smallKernelsParam(kernels), "\u00b5s", {}};
  row.cells[kNvidiaSlot] = cellWith(nvidia);
  row.cells[kClcudaSlot] = cellWith(clcuda);
  row.cells[kRawSlot] = cellWith(raw);
  return row;
}

// The command-buffer goal holds the 100-kernel replay row only: at most a
// third of NVIDIA's OpenCL and 1.1x the hand-written CUDA graph.
TEST(Goals, CommandBufferGoalHoldsTheHundredKernelRow) {
  EXPECT_EQ(goalText(Measure::CommandBufferReplay, smallKernelsParam(100), "\u00b5s"),
            "\u2264 0.333\u00d7 NVIDIA OpenCL, \u2264 1.1\u00d7 raw CUDA");
  EXPECT_EQ(goalMet(replayRow(100, 300.0, 90.0, 85.0)), "yes");
  EXPECT_EQ(goalMet(replayRow(100, 300.0, 101.0, 95.0)), "no"); // 0.337x NVIDIA
  EXPECT_EQ(goalMet(replayRow(100, 300.0, 95.0, 85.0)), "no");  // 1.12x raw
  Row no_raw = replayRow(100, 300.0, 90.0, 85.0);
  no_raw.cells[kRawSlot] = Cell{};
  EXPECT_EQ(goalMet(no_raw), "n/a");
  for (unsigned kernels : {10u, 1000u}) {
    EXPECT_EQ(goalText(Measure::CommandBufferReplay, smallKernelsParam(kernels), "\u00b5s"), "");
    EXPECT_EQ(goalMet(replayRow(kernels, 10.0, 90.0, 10.0)), "");
  }
  Row one_by_one{Measure::KernelsOneByOne, smallKernelsParam(100), "\u00b5s", {}};
  EXPECT_EQ(goalMet(one_by_one), "");
  const std::string table = goalsMarkdown();
  EXPECT_NE(table.find("| small kernels, command buffer replay, 100 kernels | \u2264 0.333\u00d7 "
                       "NVIDIA OpenCL, \u2264 1.1\u00d7 raw CUDA |\n"),
            std::string::npos)
      << table;
}

Options parse(std::vector<std::string> args) {
  args.insert(args.begin(), "clcuda-bench");
  std::vector<char *> argv;
  for (std::string &arg : args)
    argv.push_back(arg.data());
  return parseOptions(static_cast<int>(argv.size()), argv.data());
}

TEST(Options, QuickAndOverrides) {
  Options quick = parse({"--quick", "--sizes", "4K,1M,1GiB", "--repetitions", "7"});
  EXPECT_TRUE(quick.quick);
  EXPECT_EQ(quick.repetitions, 7u);
  EXPECT_EQ(quick.transfer_sizes, (std::vector<std::size_t>{4096, 1 << 20, std::size_t(1) << 30}));
  Options full = parse({});
  EXPECT_EQ(full.transfer_sizes.front(), 4096u);
  EXPECT_EQ(full.transfer_sizes.back(), std::size_t(1) << 30);
  EXPECT_EQ(full.measures, measureFamilies());
}

TEST(Options, SelectionsKeepReportOrder) {
  Options options = parse({"--measures", "wait,build", "--columns", "raw,nvidia"});
  EXPECT_EQ(options.measures, (std::vector<std::string>{"build", "wait"}));
  EXPECT_TRUE(options.columns[kNvidiaSlot]);
  EXPECT_FALSE(options.columns[kClcudaSlot]);
  EXPECT_TRUE(options.columns[kRawSlot]);
}

// --programs picks the build measure's programs by name, in report order;
// by default it builds them all.
TEST(Options, ProgramsPickTheBuildMeasuresPrograms) {
  EXPECT_EQ(parse({}).programs, buildProgramNames());
  EXPECT_EQ(parse({"--programs", "store_run,linked"}).programs,
            (std::vector<std::string>{"linked", "store_run"}));
  EXPECT_THROW(parse({"--programs", "store"}), UsageError);
  const std::vector<std::string> names = buildProgramNames();
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size())
      << "a name picks one program";
}

// A goal that names a row names one the runner makes, in both profiles.
TEST(Options, RowGoalsNameRowsOfBothProfiles) {
  for (bool quick : {true, false}) {
    const Options options =
        parse(quick ? std::vector<std::string>{"--quick"} : std::vector<std::string>{});
    EXPECT_EQ(options.small_kernel_counts, (std::vector<unsigned>{10, 100, 1000}));
    EXPECT_GE(options.small_kernels_per_sample, 1000u);
    for (const Goal &goal : allGoals()) {
      if (*goal.row == '\0')
        continue;
      ASSERT_EQ(goal.measure, Measure::CommandBufferReplay) << goal.row;
      bool made = false;
      for (unsigned kernels : options.small_kernel_counts)
        made = made || smallKernelsParam(kernels) == goal.row;
      EXPECT_TRUE(made) << goal.row << (quick ? " (quick)" : " (full)");
    }
  }
  EXPECT_EQ(parse({"--measures", "cmdbuf"}).measures, std::vector<std::string>{"cmdbuf"});
}

TEST(Options, BadInputIsAUsageError) {
  EXPECT_THROW(parse({"--measures", "launch,nonsense"}), UsageError);
  EXPECT_THROW(parse({"--sizes", "3"}), UsageError);
  EXPECT_THROW(parse({"--sizes", "4Q"}), UsageError);
  EXPECT_THROW(parse({"--repetitions", "0"}), UsageError);
  EXPECT_THROW(parse({"--repetitions"}), UsageError);
  EXPECT_THROW(parse({"--frobnicate"}), UsageError);
}

// Every workload at both profiles: launches whose global size divides into
// work-groups (the raw column computes its grid by division), arguments that
// name existing buffers, and a check that rejects all-zero outputs.
TEST(Workloads, EveryPlanIsWellFormed) {
  for (bool quick : {true, false}) {
    const Options options =
        parse(quick ? std::vector<std::string>{"--quick"} : std::vector<std::string>{});
    for (const std::string &name : kernelPlanNames()) {
      SCOPED_TRACE(name + (quick ? " (quick)" : " (full)"));
      if (!quick && (name == "sgemm" || name == "stencil" || name == "transpose_naive" ||
                     name == "image_bilinear_rgba32f"))
        continue; // full-size inputs of the largest plans take long to generate here
      const KernelPlan plan = makeKernelPlan(name, options.problem);
      EXPECT_GT(plan.work, 0.0);
      EXPECT_GT(plan.repeats, 0u);
      for (const PlanBuffer &buffer : plan.buffers)
        if (buffer.image) {
          EXPECT_EQ(buffer.bytes, buffer.image->pixels() * pixelBytes(buffer.image->format));
        }
      for (const Step &step : plan.steps) {
        if (const auto *launch = std::get_if<Launch>(&step)) {
          for (unsigned d = 0; d < 3; ++d) {
            ASSERT_GT(launch->local[d], 0u);
            EXPECT_EQ(launch->global[d] % launch->local[d], 0u) << "dimension " << d;
          }
          for (const KernelArg &arg : launch->args) {
            if (arg.kind == ArgKind::Buffer || arg.kind == ArgKind::Image ||
                arg.kind == ArgKind::SampledImage) {
              ASSERT_LT(arg.buffer, plan.buffers.size());
              // Buffers are passed as buffers, images as images.
              EXPECT_EQ(plan.buffers[arg.buffer].image.has_value(), arg.kind != ArgKind::Buffer);
            }
          }
        } else {
          const unsigned buffer = std::get<Fill>(step).buffer;
          ASSERT_LT(buffer, plan.buffers.size());
          EXPECT_FALSE(plan.buffers[buffer].image) << "a fill of an image";
        }
      }
      BufferContents zeros;
      for (unsigned output : plan.outputs)
        zeros.emplace_back(plan.buffers.at(output).bytes, 0);
      EXPECT_NE(plan.verify(zeros), "") << "a zero output passes the check";
    }
  }
}

// store_run's check wants vector k of every work-item to be 2 * src + k: the
// host's answer passes; vectors 0 and 1 of a work-item swapped do not.
TEST(Workloads, StoreRunCheckTellsTheVectorsApart) {
  const ProblemSizes sizes = parse({"--quick"}).problem;
  const KernelPlan plan = makeKernelPlan("store_run", sizes);
  const std::size_t n = sizes.store_run_items, lanes = 16;
  const auto *src = reinterpret_cast<const float *>(plan.buffers[0].initial->data());
  Bytes right(plan.buffers[1].bytes);
  auto *dst = reinterpret_cast<float *>(right.data());
  for (std::size_t f = 0; f < right.size() / sizeof(float); ++f)
    dst[f] = 2.0f * src[f] + float(f / (lanes * n));
  EXPECT_EQ(plan.verify({right}), "");
  Bytes swapped = right;
  auto *vectors = reinterpret_cast<float *>(swapped.data());
  std::swap_ranges(vectors, vectors + lanes, vectors + lanes * n); // work-item 0: k = 0 and 1
  EXPECT_NE(plan.verify({swapped}), "");
}

// image_bilinear_*'s and image_array_bilinear_*'s output computed
// independently of the plan's check, layer by layer: a linear filter whose
// weights are rounded to `weight_steps` steps per texel (256: NVIDIA's
// texture units; 0: exact), or a nearest filter. Clamp to edge, normalized
// coordinates as the sampler says; scale and offset are the launch's.
Bytes resampled(const KernelPlan &plan, double weight_steps, bool nearest) {
  const ImageShape shape = *plan.buffers[0].image;
  const Launch &launch = std::get<Launch>(plan.steps.at(0));
  const float scale = launch.args.at(4).float_value, offset = launch.args.at(5).float_value;
  const Bytes &source = *plan.buffers[0].initial;
  const bool rgba8 = shape.format == PixelFormat::Rgba8;
  std::size_t layer = 0;
  auto texel = [&](long x, long y, unsigned c) {
    x = std::clamp<long>(x, 0, long(shape.width) - 1);
    y = std::clamp<long>(y, 0, long(shape.height) - 1);
    const std::size_t index =
        ((layer * shape.height + std::size_t(y)) * shape.width + std::size_t(x)) * 4 + c;
    return rgba8 ? source[index] / 255.0
                 : double(reinterpret_cast<const float *>(source.data())[index]);
  };
  const bool normalized = launch.args.at(0).sampler.normalized_coords;
  Bytes out(plan.buffers[1].bytes);
  for (layer = 0; layer < std::max<std::size_t>(shape.layers, 1); ++layer)
    for (std::size_t y = 0; y < shape.height; ++y)
      for (std::size_t x = 0; x < shape.width; ++x) {
        const float s = (float(x) + 0.5f) * scale + offset, t = (float(y) + 0.5f) * scale + offset;
        const double u = normalized ? s / float(shape.width) * shape.width : s;
        const double v = normalized ? t / float(shape.height) * shape.height : t;
        const long i = long(std::floor(u - 0.5)), j = long(std::floor(v - 0.5));
        double a = u - 0.5 - i, b = v - 0.5 - j;
        if (weight_steps > 0) {
          a = std::round(a * weight_steps) / weight_steps;
          b = std::round(b * weight_steps) / weight_steps;
        }
        for (unsigned c = 0; c < 4; ++c) {
          const double value =
              nearest ? texel(long(std::floor(u)), long(std::floor(v)), c)
                      : (1 - a) * (1 - b) * texel(i, j, c) + a * (1 - b) * texel(i + 1, j, c) +
                            (1 - a) * b * texel(i, j + 1, c) + a * b * texel(i + 1, j + 1, c);
          const std::size_t index = ((layer * shape.height + y) * shape.width + x) * 4 + c;
          if (rgba8)
            out[index] =
                static_cast<unsigned char>(std::nearbyint(std::clamp(value, 0.0, 1.0) * 255));
          else
            reinterpret_cast<float *>(out.data())[index] = static_cast<float>(value);
        }
      }
  return out;
}

// The image check passes an exact filter and NVIDIA's 8-bit filter weights,
// and fails a nearest filter and a single channel off by 5/255, counting
// the wrong values.
TEST(Workloads, ImageBilinearCheckToleratesHardwareWeights) {
  for (const char *name :
       {"image_bilinear_rgba8", "image_bilinear_rgba32f", "image_array_bilinear_rgba8"}) {
    SCOPED_TRACE(name);
    const KernelPlan plan = makeKernelPlan(name, parse({"--quick"}).problem);
    const ImageShape shape = *plan.buffers[1].image;
    EXPECT_EQ(plan.verify({resampled(plan, 0, false)}), "");
    EXPECT_EQ(plan.verify({resampled(plan, 256, false)}), "");
    const std::string nearest = plan.verify({resampled(plan, 0, true)});
    EXPECT_NE(nearest.find("channel values differ"), std::string::npos) << nearest;

    Bytes one_off = resampled(plan, 0, false);
    // Pixel (7, 5) of the last layer, blue.
    const std::size_t last = std::max<std::size_t>(shape.layers, 1) - 1;
    const std::size_t index = ((last * shape.height + 5) * shape.width + 7) * 4 + 2;
    if (shape.format == PixelFormat::Rgba8)
      one_off[index] = static_cast<unsigned char>(one_off[index] < 128 ? one_off[index] + 5
                                                                       : one_off[index] - 5);
    else
      reinterpret_cast<float *>(one_off.data())[index] += 5.0f / 255.0f;
    const std::string message = plan.verify({one_off});
    EXPECT_EQ(message.rfind("1 of " + std::to_string(shape.pixels() * 4), 0), 0u) << message;
    EXPECT_NE(message.find(shape.layers ? "at pixel (7, 5) of layer 3" : "at pixel (7, 5)"),
              std::string::npos)
        << message;
  }
}

// The command-buffer measure's check: every count equals the launches done.
TEST(Workloads, LaunchCountsCheck) {
  std::vector<std::uint32_t> counts(kSmallKernelWorkItems, 300);
  EXPECT_EQ(checkLaunchCounts(counts.data(), counts.size(), 300), "");
  EXPECT_NE(checkLaunchCounts(counts.data(), counts.size(), 301), "");
  counts[17] = 299;
  counts[4000] = 0;
  const std::string message = checkLaunchCounts(counts.data(), counts.size(), 300);
  EXPECT_EQ(message.rfind("2 of 4096 counts differ", 0), 0u) << message;
  EXPECT_NE(message.find("element 17 = 299"), std::string::npos) << message;
}

TEST(Workloads, UnknownNameIsAnError) {
  EXPECT_THROW(makeKernelPlan("nope", parse({"--quick"}).problem), BenchError);
}

TEST(Workloads, FormatBytes) {
  EXPECT_EQ(formatBytes(4096), "4 KiB");
  EXPECT_EQ(formatBytes(std::size_t(1) << 30), "1 GiB");
  EXPECT_EQ(formatBytes(3 << 20), "3 MiB");
  EXPECT_EQ(formatBytes(1000), "1000 B");
}

} // namespace
TEST(BuildMeasure, ParsesClcudasBuildTimes) {
  const std::string log =
      "ptxas info    : Used 8 registers\n"
      "clcuda build times: cache miss; translate 4.5 ms, NVRTC 50.2 ms (precompiled headers, "
      "CUDA C++ Frontend 30 ms, NVVM Optimizer 15 ms, PTX Translation 5 ms), link 0.0 ms, "
      "cache lookup 0.3 ms, load 2.5 ms; total 60.1 ms\n";
  const BuildPhases expected = {{"translate", 4.5},
                                {"CUDA C++ Frontend", 30},
                                {"NVVM Optimizer", 15},
                                {"PTX Translation", 5},
                                {"link", 0},
                                {"load", 2.5},
                                {"total", 60.1}};
  EXPECT_EQ(parseBuildTimes(log), expected);
  EXPECT_TRUE(parseBuildTimes("ptxas info    : Used 8 registers\n").empty());
}

TEST(BuildMeasure, InstalledProgramsSayWhatIsMissing) {
  const BuildProgram *hashcat = nullptr;
  for (const BuildProgram &program : buildMeasurePrograms()) {
    if (!program.installed) {
      EXPECT_EQ(buildMeasureMissing(program, "/nonexistent"), "") << program.label;
      continue;
    }
    hashcat = &program;
    EXPECT_EQ(
        replaceMarker(program.installed->opencl_options, kPackagesRootMarker, "/r").find("@ROOT@"),
        std::string::npos);
  }
  ASSERT_NE(hashcat, nullptr);
  const std::string missing = buildMeasureMissing(*hashcat, "/nonexistent");
  EXPECT_NE(missing.find("/nonexistent/usr/share/hashcat/OpenCL/"), std::string::npos) << missing;
  EXPECT_NE(missing.find("install hashcat-data"), std::string::npos) << missing;
  const clcuda::EmbeddedFileSet no_files{nullptr, 0};
  EXPECT_THROW(buildMeasureInput(no_files, *hashcat, "/nonexistent", "cuda", ".cu", "", 1, true),
               BenchError);
  EXPECT_EQ(replaceMarker("-D A=@ROOT@/x -I @ROOT@", kPackagesRootMarker, "/p"), "-D A=/p/x -I /p");
}

// A program is one source with one salt kernel; a linked one is a unit a
// file, each with a salt kernel of its own, so no unit is a cache hit.
TEST(BuildMeasure, LinkedProgramsSaltEveryUnit) {
  const clcuda::EmbeddedFile files[] = {{"k/a.cl", "A", 1}, {"k/b.cl", "B", 1}};
  const clcuda::EmbeddedFileSet set{files, 2};
  BuildProgram program{"two", "two files", {"a", "b"}, {}};
  const BuildInput whole = buildMeasureInput(set, program, "/", "k", ".cl", "S@SALT@", 7, false);
  EXPECT_EQ(whole.source, "A\nB\nS7");
  EXPECT_TRUE(whole.units.empty());
  program.linked = true;
  const BuildInput linked = buildMeasureInput(set, program, "/", "k", ".cl", "S@SALT@", 7, false);
  EXPECT_EQ(linked.source, "");
  EXPECT_EQ(linked.units, (std::vector<std::string>{"A\nS7", "B\nS8"}));
  bool listed = false;
  for (const BuildProgram &measured : buildMeasurePrograms())
    listed |= measured.linked && measured.files.size() > 1;
  EXPECT_TRUE(listed) << "the build measure links a program of several units";
}

} // namespace clcuda::bench
