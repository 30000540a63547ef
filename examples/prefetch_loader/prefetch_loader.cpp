#include "prefetch_loader/prefetch_loader.h"

#include "prefetch_loader/bounded_queue.h"

#include "common/parallel.h"
#include "common/pinned.h"
#include "common/timing.h"

#include <iomanip>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace prefetch_loader {
namespace {

using namespace clexample;

// The "loading" of a batch: element i of batch b, at a CPU cost of `work` steps.
uint32_t loadElement(size_t batch, size_t i, size_t work) {
  uint64_t x = (static_cast<uint64_t>(batch) << 32) ^ i;
  for (size_t step = 0; step <= work; ++step) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x ^= x >> 31;
  }
  return static_cast<uint32_t>(x);
}

void loadBatch(uint32_t *slot, size_t batch, const Config &config) {
  for (size_t i = 0; i < config.batchSize; ++i)
    slot[i] = loadElement(batch, i, config.loadWork);
}

uint32_t processOnHost(uint32_t x, size_t rounds) {
  for (size_t r = 0; r < rounds; ++r)
    x = ((x << 7) | (x >> 25)) ^ (x * 0x9e3779b1u) ^ static_cast<uint32_t>(__builtin_popcount(x));
  return x;
}

// The device side: one in-order queue; results land in `results`.
class Processor {
public:
  Processor(const Device &device, cl_program program, const Config &config,
            std::vector<uint32_t> &results)
      : config_(config), results_(results), queue_(device.createQueue()),
        kernel_(createKernel(program, "process_batch")),
        input_(device.createBuffer(CL_MEM_READ_ONLY, bytes())),
        output_(device.createBuffer(CL_MEM_WRITE_ONLY, bytes())) {
    setKernelArgs(kernel_, input_, output_, static_cast<cl_uint>(config.rounds));
  }

  // Enqueues batch `batch` from `slot` and waits until the slot has been
  // copied (the kernel and the read back go on without the host).
  void submit(const uint32_t *slot, size_t batch) {
    Event copied;
    check(clEnqueueWriteBuffer(queue_, input_, CL_FALSE, 0, bytes(), slot, 0, nullptr,
                               copied.receive()),
          "clEnqueueWriteBuffer");
    enqueueKernel(queue_, kernel_, NDRange(config_.batchSize));
    check(clEnqueueReadBuffer(queue_, output_, CL_FALSE, 0, bytes(),
                              results_.data() + batch * config_.batchSize, 0, nullptr, nullptr),
          "clEnqueueReadBuffer");
    check(clFlush(queue_), "clFlush");
    cl_event wait = copied.get();
    check(clWaitForEvents(1, &wait), "clWaitForEvents");
  }

  void finish() { check(clFinish(queue_), "clFinish"); }

private:
  size_t bytes() const { return config_.batchSize * sizeof(uint32_t); }

  const Config &config_;
  std::vector<uint32_t> &results_;
  Queue queue_;
  Kernel kernel_;
  Memory input_;
  Memory output_;
};

// Loads each batch on this thread, then processes it and waits for it.
void runInline(const Device &device, cl_program program, const Config &config,
               std::vector<uint32_t> &results) {
  Processor processor(device, program, config, results);
  PinnedHostMemory slot(device, config.batchSize * sizeof(uint32_t));
  for (size_t b = 0; b < config.batches; ++b) {
    loadBatch(slot.as<uint32_t>(), b, config);
    processor.submit(slot.as<uint32_t>(), b);
    processor.finish();
  }
}

struct Loaded {
  size_t slot;
  size_t batch;
};

// A worker thread fills free slots ahead of the device; the main thread
// submits each filled slot and hands it back once it has been copied.
void runPrefetching(const Device &device, cl_program program, const Config &config,
                    std::vector<uint32_t> &results) {
  Processor processor(device, program, config, results);
  std::vector<std::unique_ptr<PinnedHostMemory>> slots;
  BoundedQueue<size_t> free;
  BoundedQueue<Loaded> loaded;
  for (size_t s = 0; s < config.slots; ++s) {
    slots.push_back(
        std::make_unique<PinnedHostMemory>(device, config.batchSize * sizeof(uint32_t)));
    free.push(s);
  }
  std::thread loader([&] {
    for (size_t b = 0; b < config.batches; ++b) {
      std::optional<size_t> slot = free.pop();
      if (!slot)
        return; // the main thread stopped
      loadBatch(slots[*slot]->as<uint32_t>(), b, config);
      loaded.push({*slot, b});
    }
  });
  // Stops and joins the loader however this function is left.
  struct Join {
    std::thread &thread;
    BoundedQueue<size_t> &free;
    ~Join() {
      free.close();
      thread.join();
    }
  } join{loader, free};

  for (size_t b = 0; b < config.batches; ++b) {
    Loaded next = *loaded.pop(); // never closed: the loader produces every batch
    processor.submit(slots[next.slot]->as<uint32_t>(), next.batch);
    free.push(next.slot);
  }
  processor.finish();
}

std::string throughputLine(const char *what, const Config &config, double seconds) {
  const double megabytes =
      static_cast<double>(config.batches * config.batchSize * sizeof(uint32_t)) / 1e6;
  std::ostringstream line;
  line << std::fixed << std::setprecision(1) << what << ": " << config.batches << " batches in "
       << seconds * 1e3 << " ms, " << megabytes / seconds << " MB/s, "
       << static_cast<double>(config.batches) / seconds << " batches/s";
  return line.str();
}

} // namespace

RunResult run(const Device &device, const Config &config) {
  if (config.batches == 0 || config.batchSize == 0 || config.slots == 0)
    throw std::invalid_argument("--batches, --batch-size and --slots must be positive");
  const size_t total = config.batches * config.batchSize;
  std::vector<uint32_t> expected(total);
  parallelFor(total, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
      expected[i] = processOnHost(
          loadElement(i / config.batchSize, i % config.batchSize, config.loadWork), config.rounds);
  });

  Program program =
      device.buildProgram(kernelPath(config.kernelDirectory, KERNEL_DIR, "prefetch_loader.cl"));
  std::vector<uint32_t> inlineResults(total), prefetchedResults(total);
  {
    // Untimed: some platforms compile or load a kernel on its first launch.
    Config warmUp = config;
    warmUp.batches = 1;
    runInline(device, program, warmUp, inlineResults);
  }
  RunResult result;
  Stopwatch stopwatch;
  runInline(device, program, config, inlineResults);
  const double inlineSeconds = stopwatch.seconds();
  stopwatch.restart();
  runPrefetching(device, program, config, prefetchedResults);
  const double prefetchSeconds = stopwatch.seconds();

  result.report.push_back(throughputLine("loading on the main thread", config, inlineSeconds));
  result.report.push_back(
      throughputLine(("prefetching into " + std::to_string(config.slots) + " pinned slots").c_str(),
                     config, prefetchSeconds));
  std::ostringstream speedUp;
  speedUp << std::fixed << std::setprecision(2)
          << "prefetch speed-up: " << inlineSeconds / prefetchSeconds << "x";
  result.report.push_back(speedUp.str());
  expectEqual(result, "inline", inlineResults, expected);
  expectEqual(result, "prefetched", prefetchedResults, expected);
  result.buffers.push_back(resultBuffer("output", prefetchedResults));
  return result;
}

} // namespace prefetch_loader
