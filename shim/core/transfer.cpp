#include "transfer.h"

#include "settings.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <thread>

namespace clcuda::core {

using cuda::api;

namespace {

// Helper threads for parallelCopy. One copy at a time uses them; a copy that
// finds them busy runs on its own thread alone.
class CopyThreads {
public:
  explicit CopyThreads(std::size_t helpers) {
    for (std::size_t i = 0; i < helpers; ++i)
      std::thread([this] { run(); }).detach();
  }

  bool copy(char *destination, const char *source, std::size_t size, std::size_t parts) {
    std::unique_lock<std::mutex> busy(job_mutex_, std::try_to_lock);
    if (!busy)
      return false;
    auto job = std::make_shared<Job>();
    job->destination = destination;
    job->source = source;
    job->size = size;
    job->parts = parts;
    job->part_bytes = ((size + parts - 1) / parts + 4095) & ~std::size_t(4095);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      job_ = job;
      ++generation_;
    }
    start_.notify_all();
    work(*job);
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [&] { return job->finished.load() == job->parts; });
    return true;
  }

private:
  struct Job {
    char *destination;
    const char *source;
    std::size_t size, parts, part_bytes;
    std::atomic<std::size_t> next{0}, finished{0};
  };

  void work(Job &job) {
    for (;;) {
      std::size_t part = job.next.fetch_add(1);
      if (part >= job.parts)
        return;
      std::size_t begin = std::min(part * job.part_bytes, job.size);
      std::size_t end = std::min(begin + job.part_bytes, job.size);
      std::memcpy(job.destination + begin, job.source + begin, end - begin);
      if (job.finished.fetch_add(1) + 1 == job.parts) {
        std::lock_guard<std::mutex> lock(mutex_);
        done_.notify_all();
      }
    }
  }

  [[noreturn]] void run() {
    std::uint64_t seen = 0;
    for (;;) {
      std::shared_ptr<Job> job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        start_.wait(lock, [&] { return generation_ != seen; });
        seen = generation_;
        job = job_;
      }
      work(*job);
    }
  }

  std::mutex job_mutex_;
  std::mutex mutex_;
  std::condition_variable start_, done_;
  std::shared_ptr<Job> job_;
  std::uint64_t generation_ = 0;
};

CopyThreads *copyThreads() {
  // Never destroyed: its threads run until the process ends.
  static CopyThreads *threads =
      settings().staging_threads > 1 ? new CopyThreads(settings().staging_threads - 1) : nullptr;
  return threads;
}

// Large copies between pageable host memory and the device.
bool shouldStage(const void *host, std::size_t size) {
  const std::uint64_t threshold = settings().staging_min_bytes;
  return threshold != 0 && size >= threshold && !isCudaMemory(host);
}

// One pipelined transfer's hold on a staging ring; the ring goes back to
// the pool on every exit path.
class Staging {
public:
  Staging(DeviceRuntime &runtime, CUstream stream)
      : runtime_(runtime), stream_(stream), chunk_(runtime.staging().chunkBytes()),
        status_(runtime.staging().acquire(ring_)) {}
  Staging(const Staging &) = delete;
  Staging &operator=(const Staging &) = delete;
  ~Staging() {
    if (ring_)
      runtime_.staging().giveBack(std::move(ring_));
  }

  CUresult status() const { return status_; }
  std::size_t chunk() const { return chunk_; }
  // The ring slot of the index-th chunk of the transfer.
  void *buffer(std::size_t index) const { return ring_->chunks[slot(index)].get(); }
  // Waits until the slot's previous copy is done.
  CUresult wait(std::size_t index) {
    const int at = slot(index);
    if (!ring_->busy[at])
      return CUDA_SUCCESS;
    ring_->busy[at] = false;
    return waitForEvent(ring_->done[at].get(), runtime_.context());
  }
  // A copy to or from the slot, on the stream; the slot is busy until done.
  CUresult copy(std::size_t index, CUdeviceptr destination, CUdeviceptr source, std::size_t bytes) {
    const int at = slot(index);
    CUresult result = api().cuMemcpyAsync(destination, source, bytes, stream_);
    if (result == CUDA_SUCCESS)
      result = api().cuEventRecord(ring_->done[at].get(), stream_);
    ring_->busy[at] = result == CUDA_SUCCESS;
    return result;
  }

private:
  static int slot(std::size_t index) { return int(index % StagingRing::kChunks); }

  DeviceRuntime &runtime_;
  CUstream stream_;
  std::size_t chunk_;
  std::unique_ptr<StagingRing> ring_;
  CUresult status_;
};

CUresult stagedToDevice(DeviceRuntime &runtime, CUstream stream, CUdeviceptr destination,
                        const char *source, std::size_t size) {
  Staging staging(runtime, stream);
  CUresult result = staging.status();
  const std::size_t chunk = staging.chunk();
  for (std::size_t offset = 0, index = 0; offset < size && result == CUDA_SUCCESS;
       offset += chunk, ++index) {
    const std::size_t bytes = std::min(chunk, size - offset);
    if ((result = staging.wait(index)) != CUDA_SUCCESS)
      break;
    parallelCopy(staging.buffer(index), source + offset, bytes);
    result = staging.copy(index, destination + offset, CUdeviceptr(staging.buffer(index)), bytes);
  }
  return result;
}

CUresult stagedToHost(DeviceRuntime &runtime, CUstream stream, char *destination,
                      CUdeviceptr source, std::size_t size) {
  Staging staging(runtime, stream);
  CUresult result = staging.status();
  const std::size_t chunk = staging.chunk();
  const std::size_t count = (size + chunk - 1) / chunk;
  auto issue = [&](std::size_t index) {
    const std::size_t offset = index * chunk;
    CUresult issued = staging.wait(index);
    return issued == CUDA_SUCCESS ? staging.copy(index, CUdeviceptr(staging.buffer(index)),
                                                 source + offset, std::min(chunk, size - offset))
                                  : issued;
  };
  // Keep every chunk of the ring in flight while the host drains the oldest.
  for (std::size_t index = 0;
       index < std::min<std::size_t>(count, StagingRing::kChunks) && result == CUDA_SUCCESS;
       ++index)
    result = issue(index);
  for (std::size_t index = 0; index < count && result == CUDA_SUCCESS; ++index) {
    const std::size_t offset = index * chunk;
    if ((result = staging.wait(index)) != CUDA_SUCCESS)
      break;
    parallelCopy(destination + offset, staging.buffer(index), std::min(chunk, size - offset));
    if (index + StagingRing::kChunks < count)
      result = issue(index + StagingRing::kChunks);
  }
  return result;
}

// For work done on the host in stream order: waits for what the stream
// already holds.
CUresult drainStream(DeviceRuntime &runtime, CUstream stream) {
  PooledEvent drained;
  CUresult result = runtime.events().record(stream, false, drained);
  return result == CUDA_SUCCESS ? waitForEvent(drained.get(), drained.context()) : result;
}

CUresult hostCopy(DeviceRuntime &runtime, CUstream stream, void *destination, const void *source,
                  std::size_t size) {
  CUresult result = drainStream(runtime, stream);
  if (result == CUDA_SUCCESS)
    parallelCopy(destination, source, size);
  return result;
}

bool periodic(const unsigned char *pattern, std::size_t size, std::size_t period) {
  for (std::size_t i = period; i < size; ++i)
    if (pattern[i] != pattern[i % period])
      return false;
  return true;
}

} // namespace

bool isCudaMemory(const void *pointer) {
  unsigned int type = 0;
  return api().cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                     CUdeviceptr(pointer)) == CUDA_SUCCESS;
}

bool isDeviceMemory(CUdeviceptr pointer) {
  unsigned int type = 0;
  return api().cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, pointer) ==
             CUDA_SUCCESS &&
         type != CU_MEMORYTYPE_HOST;
}

void parallelCopy(void *destination, const void *source, std::size_t size) {
  constexpr std::size_t kParallelMinBytes = 1 << 20;
  CopyThreads *threads = size >= kParallelMinBytes ? copyThreads() : nullptr;
  if (!threads ||
      !threads->copy(static_cast<char *>(destination), static_cast<const char *>(source), size,
                     settings().staging_threads))
    std::memcpy(destination, source, size);
}

CUresult copyToDevice(DeviceRuntime &runtime, CUstream stream, CUdeviceptr destination,
                      const void *source, std::size_t size) {
  if (size == 0) // a valid empty command (OpenCL 2.1 and later): nothing to move
    return CUDA_SUCCESS;
  if (!isDeviceMemory(destination))
    return hostCopy(runtime, stream, reinterpret_cast<void *>(destination), source, size);
  if (shouldStage(source, size))
    return stagedToDevice(runtime, stream, destination, static_cast<const char *>(source), size);
  return api().cuMemcpyAsync(destination, CUdeviceptr(source), size, stream);
}

CUresult copyToHost(DeviceRuntime &runtime, CUstream stream, void *destination, CUdeviceptr source,
                    std::size_t size) {
  if (size == 0)
    return CUDA_SUCCESS;
  if (!isDeviceMemory(source))
    return hostCopy(runtime, stream, destination, reinterpret_cast<const void *>(source), size);
  if (shouldStage(destination, size))
    return stagedToHost(runtime, stream, static_cast<char *>(destination), source, size);
  if (!isCudaMemory(destination)) {
    // CUDA completes a copy into pageable memory before returning, waiting
    // for the stream the primary context's way, which may spin a core: wait
    // for the stream first, asleep.
    CUresult result = drainStream(runtime, stream);
    if (result != CUDA_SUCCESS)
      return result;
  }
  return api().cuMemcpyAsync(CUdeviceptr(destination), source, size, stream);
}

CUresult copyBuffer(DeviceRuntime &runtime, CUstream stream, CUdeviceptr destination,
                    CUdeviceptr source, std::size_t size) {
  if (size == 0)
    return CUDA_SUCCESS;
  if (!isDeviceMemory(destination) && !isDeviceMemory(source))
    return hostCopy(runtime, stream, reinterpret_cast<void *>(destination),
                    reinterpret_cast<const void *>(source), size);
  return api().cuMemcpyAsync(destination, source, size, stream);
}

CUresult copyRect(DeviceRuntime &runtime, CUstream stream, const RectSide &source,
                  const RectSide &destination, const std::array<std::size_t, 3> &region) {
  auto address = [](const RectSide &side, std::size_t row, std::size_t slice) {
    return side.base + side.origin[0] + (side.origin[1] + row) * side.row_pitch +
           (side.origin[2] + slice) * side.slice_pitch;
  };
  if (!isDeviceMemory(source.base) && !isDeviceMemory(destination.base)) {
    CUresult result = drainStream(runtime, stream);
    for (std::size_t slice = 0; slice < region[2] && result == CUDA_SUCCESS; ++slice)
      for (std::size_t row = 0; row < region[1]; ++row)
        std::memcpy(reinterpret_cast<void *>(address(destination, row, slice)),
                    reinterpret_cast<const void *>(address(source, row, slice)), region[0]);
    return result;
  }
  if (!isCudaMemory(reinterpret_cast<const void *>(destination.base))) {
    CUresult result = drainStream(runtime, stream); // pageable destination: as copyToHost
    if (result != CUDA_SUCCESS)
      return result;
  }
  if (source.slice_pitch % source.row_pitch == 0 &&
      destination.slice_pitch % destination.row_pitch == 0) {
    CUDA_MEMCPY3D copy{};
    copy.srcMemoryType = CU_MEMORYTYPE_UNIFIED;
    copy.srcDevice = address(source, 0, 0);
    copy.srcPitch = source.row_pitch;
    copy.srcHeight = source.slice_pitch / source.row_pitch;
    copy.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
    copy.dstDevice = address(destination, 0, 0);
    copy.dstPitch = destination.row_pitch;
    copy.dstHeight = destination.slice_pitch / destination.row_pitch;
    copy.WidthInBytes = region[0];
    copy.Height = region[1];
    copy.Depth = region[2];
    CUresult result = api().cuMemcpy3DAsync(&copy, stream);
    // CUDA caps pitches (CU_DEVICE_ATTRIBUTE_MAX_PITCH); rows always work.
    if (result != CUDA_ERROR_INVALID_VALUE)
      return result;
  }
  for (std::size_t slice = 0; slice < region[2]; ++slice)
    for (std::size_t row = 0; row < region[1]; ++row) {
      CUresult result = api().cuMemcpyAsync(address(destination, row, slice),
                                            address(source, row, slice), region[0], stream);
      if (result != CUDA_SUCCESS)
        return result;
    }
  return CUDA_SUCCESS;
}

CUresult fill(DeviceRuntime &runtime, CUstream stream, CUdeviceptr destination,
              const unsigned char *pattern, std::size_t pattern_size, std::size_t size) {
  if (size == 0)
    return CUDA_SUCCESS;
  if (!isDeviceMemory(destination)) {
    CUresult result = drainStream(runtime, stream);
    auto *bytes = reinterpret_cast<unsigned char *>(destination);
    for (std::size_t offset = 0; offset < size && result == CUDA_SUCCESS; offset += pattern_size)
      std::memcpy(bytes + offset, pattern, pattern_size);
    return result;
  }
  std::size_t period = pattern_size;
  for (std::size_t candidate : {1, 2, 4})
    if (candidate <= pattern_size && periodic(pattern, pattern_size, candidate)) {
      period = candidate;
      break;
    }
  if (period == 1)
    return api().cuMemsetD8Async(destination, pattern[0], size, stream);
  if (period == 2) {
    std::uint16_t value;
    std::memcpy(&value, pattern, sizeof(value));
    return api().cuMemsetD16Async(destination, value, size / 2, stream);
  }
  if (period == 4) {
    std::uint32_t value;
    std::memcpy(&value, pattern, sizeof(value));
    return api().cuMemsetD32Async(destination, value, size / 4, stream);
  }
  // 8 to 128 bytes: write the first block word column by word column
  // (strided 32-bit memsets), then double the filled prefix with copies.
  constexpr std::size_t kFirstBlock = 4096; // a multiple of every pattern size
  const std::size_t first = std::min(size, kFirstBlock);
  CUresult result = CUDA_SUCCESS;
  for (std::size_t word = 0; word < pattern_size / 4 && result == CUDA_SUCCESS; ++word) {
    std::uint32_t value;
    std::memcpy(&value, pattern + 4 * word, sizeof(value));
    result = api().cuMemsetD2D32Async(destination + 4 * word, pattern_size, value, 1,
                                      first / pattern_size, stream);
  }
  for (std::size_t filled = first; filled < size && result == CUDA_SUCCESS;) {
    const std::size_t bytes = std::min(filled, size - filled);
    result = api().cuMemcpyAsync(destination + filled, destination, bytes, stream);
    filled += bytes;
  }
  return result;
}

} // namespace clcuda::core
