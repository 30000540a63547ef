#include "replay/replay.h"

#include "common/parallel.h"
#include "common/random.h"
#include "common/timing.h"

#include <cstdint>
#include <cstring>
#include <iomanip>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace replay {
namespace {

using namespace clexample;

// cl_khr_command_buffer 0.9.8, declared here. The system's CL/cl_ext.h may
// declare an older draft of the extension with other signatures (Debian
// 12's: no `properties` argument in the commands), so this program names
// the 0.9.8 types and entry points it calls itself, gets the functions from
// clGetExtensionFunctionAddressForPlatform, and calls them only on a device
// that lists the extension at exactly this version.
struct CommandBufferObject; // the structure behind cl_command_buffer_khr, opaque
using CommandBuffer = CommandBufferObject *;
struct MutableCommandObject; // behind cl_mutable_command_khr
using MutableCommand = MutableCommandObject *;
using SyncPoint = cl_uint;                     // cl_sync_point_khr
using CommandBufferProperties = cl_properties; // cl_command_buffer_properties_khr
using CommandProperties = cl_properties;       // cl_command_properties_khr

constexpr cl_version kCommandBufferVersion = CL_MAKE_VERSION(0, 9, 8);
// CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR
constexpr cl_device_info kDeviceCommandBufferRequiredQueueProperties = 0x12AA;

using CreateCommandBufferFn =
    CommandBuffer(CL_API_CALL *)(cl_uint num_queues, const cl_command_queue *queues,
                                 const CommandBufferProperties *properties, cl_int *errcode_ret);
using FinalizeCommandBufferFn = cl_int(CL_API_CALL *)(CommandBuffer command_buffer);
using ReleaseCommandBufferFn = cl_int(CL_API_CALL *)(CommandBuffer command_buffer);
using EnqueueCommandBufferFn = cl_int(CL_API_CALL *)(cl_uint num_queues, cl_command_queue *queues,
                                                     CommandBuffer command_buffer,
                                                     cl_uint num_events_in_wait_list,
                                                     const cl_event *event_wait_list,
                                                     cl_event *event);
using CommandNDRangeKernelFn = cl_int(CL_API_CALL *)(
    CommandBuffer command_buffer, cl_command_queue command_queue,
    const CommandProperties *properties, cl_kernel kernel, cl_uint work_dim,
    const size_t *global_work_offset, const size_t *global_work_size, const size_t *local_work_size,
    cl_uint num_sync_points_in_wait_list, const SyncPoint *sync_point_wait_list,
    SyncPoint *sync_point, MutableCommand *mutable_handle);

struct CommandBufferApi {
  CreateCommandBufferFn create = nullptr;
  CommandNDRangeKernelFn commandNDRangeKernel = nullptr;
  FinalizeCommandBufferFn finalize = nullptr;
  EnqueueCommandBufferFn enqueue = nullptr;
  ReleaseCommandBufferFn release = nullptr;
};

using OwnedCommandBuffer = std::unique_ptr<CommandBufferObject, ReleaseCommandBufferFn>;

std::string versionText(cl_version version) {
  return std::to_string(CL_VERSION_MAJOR(version)) + "." +
         std::to_string(CL_VERSION_MINOR(version)) + "." +
         std::to_string(CL_VERSION_PATCH(version));
}

// The version at which the device lists `extension`, if it does.
std::optional<cl_version> extensionVersion(cl_device_id device, const std::string &extension) {
  size_t bytes = 0;
  if (clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS_WITH_VERSION, 0, nullptr, &bytes) != CL_SUCCESS)
    return std::nullopt; // not an OpenCL 3.0 device
  std::vector<cl_name_version> extensions(bytes / sizeof(cl_name_version));
  check(
      clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS_WITH_VERSION, bytes, extensions.data(), nullptr),
      "clGetDeviceInfo(CL_DEVICE_EXTENSIONS_WITH_VERSION)");
  for (const cl_name_version &entry : extensions)
    if (std::string(entry.name, strnlen(entry.name, CL_NAME_VERSION_MAX_NAME_SIZE)) == extension)
      return entry.version;
  return std::nullopt;
}

template <class Function>
bool loadFunction(cl_platform_id platform, const char *name, Function &function) {
  function = reinterpret_cast<Function>(clGetExtensionFunctionAddressForPlatform(platform, name));
  return function != nullptr;
}

// Fills `api` and `queueProperties` (those the device requires of a command
// buffer's queue) and returns "", or returns why this program does not use
// command buffers on the device.
std::string loadCommandBufferApi(const Device &device, CommandBufferApi &api,
                                 cl_command_queue_properties &queueProperties) {
  const std::optional<cl_version> version = extensionVersion(device.id(), "cl_khr_command_buffer");
  if (!version)
    return "the device does not list cl_khr_command_buffer";
  if (*version != kCommandBufferVersion)
    return "the device lists cl_khr_command_buffer " + versionText(*version) +
           ", this program calls " + versionText(kCommandBufferVersion);
  const struct {
    const char *name;
    bool loaded;
  } functions[] = {
      {"clCreateCommandBufferKHR",
       loadFunction(device.platform(), "clCreateCommandBufferKHR", api.create)},
      {"clCommandNDRangeKernelKHR",
       loadFunction(device.platform(), "clCommandNDRangeKernelKHR", api.commandNDRangeKernel)},
      {"clFinalizeCommandBufferKHR",
       loadFunction(device.platform(), "clFinalizeCommandBufferKHR", api.finalize)},
      {"clEnqueueCommandBufferKHR",
       loadFunction(device.platform(), "clEnqueueCommandBufferKHR", api.enqueue)},
      {"clReleaseCommandBufferKHR",
       loadFunction(device.platform(), "clReleaseCommandBufferKHR", api.release)},
  };
  for (const auto &function : functions)
    if (!function.loaded)
      return std::string("the platform returns no ") + function.name;
  check(clGetDeviceInfo(device.id(), kDeviceCommandBufferRequiredQueueProperties,
                        sizeof(queueProperties), &queueProperties, nullptr),
        "clGetDeviceInfo(CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR)");
  if (queueProperties & ~cl_command_queue_properties{CL_QUEUE_PROFILING_ENABLE}) {
    std::ostringstream reason;
    reason << "the device requires queue properties 0x" << std::hex << queueProperties
           << " of a command buffer's queue";
    return reason.str();
  }
  return "";
}

// Temperatures in fixed point: 1/65536 degree.
constexpr int32_t kOneDegree = 1 << 16;
constexpr int32_t kHot = 100 * kOneDegree;    // the heater
constexpr int32_t kAmbient = 20 * kOneDegree; // the left edge beyond the heater
constexpr size_t kGroupSide = 16;             // relax: 16 x 16 work-groups
constexpr size_t kBoundaryGroup = 64;

double degrees(int32_t value) { return static_cast<double>(value) / kOneDegree; }

size_t centre(size_t n) { return (n / 2) * n + n / 2; }

// The host's versions of the kernels in replay.cl.
void relaxOnHost(const std::vector<int32_t> &from, std::vector<int32_t> &to, size_t n) {
  parallelFor((n - 2) * n, [&](size_t begin, size_t end) {
    for (size_t cell = n + begin; cell < n + end; ++cell) {
      const size_t x = cell % n;
      if (x == 0 || x == n - 1)
        continue;
      const int32_t sum =
          4 * from[cell] + from[cell - 1] + from[cell + 1] + from[cell - n] + from[cell + n];
      to[cell] = (sum + 4) >> 3;
    }
  });
}

void boundaryOnHost(std::vector<int32_t> &grid, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    grid[i * n] = (i >= n / 4 && i < n - n / 4) ? kHot : kAmbient;
    grid[i * n + n - 1] = 0;
    if (i >= 1 && i < n - 1) {
      grid[i] = grid[n + i];
      grid[(n - 1) * n + i] = grid[(n - 2) * n + i];
    }
  }
}

// The grid and the centre's temperature after each step.
struct Simulation {
  std::vector<int32_t> grid;
  std::vector<int32_t> centre;
  std::vector<uint32_t> probes; // how many the probe counted (one value)
};

Simulation simulateOnHost(const std::vector<int32_t> &initial, const Config &config) {
  const size_t n = config.size;
  std::vector<int32_t> a = initial, b = initial;
  Simulation simulation;
  for (size_t step = 0; step < config.steps; ++step) {
    for (size_t k = 0; k < config.iterations; k += 2) {
      relaxOnHost(a, b, n);
      boundaryOnHost(b, n);
      relaxOnHost(b, a, n);
      boundaryOnHost(a, n);
    }
    simulation.centre.push_back(a[centre(n)]);
  }
  simulation.grid = std::move(a);
  simulation.probes = {static_cast<uint32_t>(config.steps)};
  return simulation;
}

// The device's side: two grids, the probe's history and count, and one
// kernel object for each buffer order, whose arguments are set once, so a
// step is the same list of commands every time.
struct Solver {
  Memory grids[2];
  Memory history;
  Memory count;
  Kernel relax[2];    // relax[b]: grid b -> grid 1 - b
  Kernel boundary[2]; // boundary[b]: on grid b
  Kernel probe;       // the centre of grid 0
};

struct Launch {
  cl_kernel kernel;
  NDRange global;
  NDRange local;
};

// One step: K relaxations, grid 0 -> 1 and back, each followed by its
// boundary, then the probe; it ends in grid 0, where it began.
std::vector<Launch> stepCommands(const Solver &solver, const Config &config) {
  const size_t n = config.size;
  const NDRange cells(roundUp(n, kGroupSide), roundUp(n, kGroupSide));
  const NDRange group(kGroupSide, kGroupSide);
  const NDRange edges(roundUp(n, kBoundaryGroup));
  std::vector<Launch> step;
  for (size_t k = 0; k < config.iterations; ++k) {
    const size_t from = k % 2;
    step.push_back({solver.relax[from], cells, group});
    step.push_back({solver.boundary[1 - from], edges, NDRange(kBoundaryGroup)});
  }
  step.push_back({solver.probe, NDRange(1), NDRange(1)});
  return step;
}

void enqueueOneByOne(cl_command_queue queue, const std::vector<Launch> &step) {
  for (const Launch &launch : step)
    enqueueKernel(queue, launch.kernel, launch.global, launch.local);
}

// The step recorded into a new command buffer on `queue`, finalized.
OwnedCommandBuffer record(const CommandBufferApi &api, cl_command_queue queue,
                          const std::vector<Launch> &step) {
  cl_int status = CL_SUCCESS;
  OwnedCommandBuffer buffer(api.create(1, &queue, nullptr, &status), api.release);
  check(status, "clCreateCommandBufferKHR");
  // An in-order queue's command buffer runs its commands in the order
  // recorded: no sync points needed.
  for (const Launch &launch : step)
    check(api.commandNDRangeKernel(buffer.get(), nullptr, nullptr, launch.kernel,
                                   launch.global.dimensions, nullptr, launch.global.pointer(),
                                   launch.local.pointer(), 0, nullptr, nullptr, nullptr),
          "clCommandNDRangeKernelKHR");
  check(api.finalize(buffer.get()), "clFinalizeCommandBufferKHR");
  return buffer;
}

void reset(cl_command_queue queue, const Solver &solver, const std::vector<int32_t> &initial,
           size_t steps) {
  writeBuffer(queue, solver.grids[0], initial);
  writeBuffer(queue, solver.grids[1], initial);
  writeBuffer(queue, solver.history, std::vector<int32_t>(steps, 0));
  writeBuffer(queue, solver.count, std::vector<uint32_t>{0});
}

struct Timed {
  double seconds = 0;
  Simulation simulation;
};

// `steps` steps from the initial state, each by `enqueueStep`, and nothing
// waited for until they are all enqueued; after one untimed step, because
// some platforms compile or load a kernel, or prepare a command buffer, on
// its first use.
template <class EnqueueStep>
Timed runSteps(cl_command_queue queue, const Solver &solver, const std::vector<int32_t> &initial,
               const Config &config, const EnqueueStep &enqueueStep) {
  reset(queue, solver, initial, config.steps);
  enqueueStep();
  check(clFinish(queue), "clFinish");
  reset(queue, solver, initial, config.steps);

  Timed timed;
  Stopwatch stopwatch;
  for (size_t step = 0; step < config.steps; ++step)
    enqueueStep();
  check(clFinish(queue), "clFinish");
  timed.seconds = stopwatch.seconds();

  const size_t n = config.size;
  timed.simulation.grid = readBuffer<int32_t>(queue, solver.grids[0], n * n);
  timed.simulation.centre = readBuffer<int32_t>(queue, solver.history, config.steps);
  timed.simulation.probes = readBuffer<uint32_t>(queue, solver.count, 1);
  return timed;
}

void expectSimulation(RunResult &result, const std::string &how, const Simulation &got,
                      const Simulation &expected) {
  expectEqual(result, "grid (" + how + ")", got.grid, expected.grid);
  expectEqual(result, "centre (" + how + ")", got.centre, expected.centre);
  expectEqual(result, "probes (" + how + ")", got.probes, expected.probes);
}

std::string stepTime(const char *label, double seconds, const Config &config, size_t commands) {
  const double steps = static_cast<double>(config.steps);
  std::ostringstream line;
  line << std::fixed << std::setprecision(2) << label << config.steps << " steps in "
       << seconds * 1e3 << " ms, " << seconds / steps * 1e6 << " us a step ("
       << seconds / steps / static_cast<double>(commands) * 1e6 << " us a kernel)";
  return line.str();
}

} // namespace

RunResult run(const Device &device, const Config &config) {
  const size_t n = config.size;
  if (n < 3 || n > 46340) // n * n cells indexed by int
    throw std::invalid_argument("--size must be 3 to 46340");
  if (config.iterations == 0 || config.iterations % 2)
    throw std::invalid_argument("--iterations must be even and positive (a step ends in the "
                                "buffer where it began)");
  if (config.steps == 0 || config.steps > UINT32_MAX)
    throw std::invalid_argument("--steps must be positive and fit in 32 bits");

  // A random interior from 0 to 40 degrees inside the boundary.
  Random random(11);
  std::vector<int32_t> initial(n * n);
  for (int32_t &cell : initial)
    cell = static_cast<int32_t>(random.integer(0, 40 * kOneDegree));
  boundaryOnHost(initial, n);
  const Simulation expected = simulateOnHost(initial, config);

  CommandBufferApi api;
  cl_command_queue_properties queueProperties = 0;
  const std::string notUsed = loadCommandBufferApi(device, api, queueProperties);
  Queue queue = device.createQueue(queueProperties & CL_QUEUE_PROFILING_ENABLE);

  Program program =
      device.buildProgram(kernelPath(config.kernelDirectory, KERNEL_DIR, "replay.cl"));
  Solver solver;
  for (Memory &grid : solver.grids)
    grid = device.createBuffer(CL_MEM_READ_WRITE, n * n * sizeof(int32_t));
  solver.history = device.createBuffer(CL_MEM_READ_WRITE, config.steps * sizeof(int32_t));
  solver.count = device.createBuffer(CL_MEM_READ_WRITE, sizeof(uint32_t));
  const cl_int side = static_cast<cl_int>(n);
  for (size_t b = 0; b < 2; ++b) {
    solver.relax[b] = createKernel(program, "relax");
    setKernelArgs(solver.relax[b], solver.grids[b], solver.grids[1 - b], side);
    solver.boundary[b] = createKernel(program, "boundary");
    setKernelArgs(solver.boundary[b], solver.grids[b], side, kHot, kAmbient);
  }
  solver.probe = createKernel(program, "probe");
  setKernelArgs(solver.probe, solver.grids[0], side, solver.history, solver.count,
                static_cast<cl_uint>(config.steps));
  const std::vector<Launch> step = stepCommands(solver, config);

  RunResult result;
  result.report.push_back("grid: " + std::to_string(n) + " x " + std::to_string(n) + ", " +
                          std::to_string(config.steps) + " steps of " +
                          std::to_string(config.iterations) + " iterations (" +
                          std::to_string(step.size()) + " kernels a step)");

  const Timed oneByOne =
      runSteps(queue, solver, initial, config, [&] { enqueueOneByOne(queue, step); });
  expectSimulation(result, "one by one", oneByOne.simulation, expected);

  // The results kept: the replay's where there is one, else the one by one's.
  Timed replayed;
  if (notUsed.empty()) {
    Stopwatch recording;
    OwnedCommandBuffer buffer = record(api, queue, step);
    const double recordSeconds = recording.seconds();
    cl_command_queue queues[] = {queue.get()};
    replayed = runSteps(queue, solver, initial, config, [&] {
      check(api.enqueue(1, queues, buffer.get(), 0, nullptr, nullptr), "clEnqueueCommandBufferKHR");
    });
    expectSimulation(result, "replayed", replayed.simulation, expected);

    std::ostringstream line;
    line << std::fixed << std::setprecision(2) << "command buffer: cl_khr_command_buffer "
         << versionText(kCommandBufferVersion) << ", the step recorded once (" << step.size()
         << " commands, " << recordSeconds * 1e3 << " ms with finalize), enqueued " << config.steps
         << " times";
    result.report.push_back(line.str());
    result.report.push_back(stepTime("one by one: ", oneByOne.seconds, config, step.size()));
    std::ostringstream speedUp;
    speedUp << std::fixed << std::setprecision(2) << ", " << oneByOne.seconds / replayed.seconds
            << "x the speed of one by one";
    result.report.push_back(stepTime("replay: ", replayed.seconds, config, step.size()) +
                            speedUp.str());
  } else {
    result.report.push_back("command buffer: not used (" + notUsed +
                            "): each step enqueued command by command");
    result.report.push_back(stepTime("one by one: ", oneByOne.seconds, config, step.size()));
  }
  std::ostringstream heat;
  heat << std::fixed << std::setprecision(2) << "centre: " << degrees(initial[centre(n)])
       << " degrees at first, " << degrees(expected.centre.back()) << " after "
       << config.steps * config.iterations << " iterations";
  result.report.push_back(heat.str());

  const Simulation &kept = notUsed.empty() ? replayed.simulation : oneByOne.simulation;
  result.buffers.push_back(resultBuffer("grid", kept.grid));
  result.buffers.push_back(resultBuffer("centre", kept.centre));
  return result;
}

} // namespace replay
