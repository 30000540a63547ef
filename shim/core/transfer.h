// Moving bytes: host<->device copies (staged through pinned buffers when the
// host memory is pageable), rectangular copies and pattern fills. Every
// function issues its work on `stream` in stream order; the host memory of a
// copy from the host may be reused when the function returns, and a copy to
// pageable host memory has landed when it returns (as CUDA does it).
// When no side is on the device (ALLOC_HOST_PTR storage and host memory),
// the function waits for the stream's earlier work and copies on the host:
// CUDA runs host-to-host copies at once, not in stream order.
#pragma once

#include "device_runtime.h"

#include <array>
#include <cstddef>

namespace clcuda::core {

// True for memory CUDA reaches directly: device, managed or page-locked host.
bool isCudaMemory(const void *pointer);

// True for device and managed memory: what a DMA engine or kernel reaches
// on the GPU side (pageable and pinned host memory are not).
bool isDeviceMemory(CUdeviceptr pointer);

CUresult copyToDevice(DeviceRuntime &runtime, CUstream stream, CUdeviceptr destination,
                      const void *source, std::size_t size);
CUresult copyToHost(DeviceRuntime &runtime, CUstream stream, void *destination, CUdeviceptr source,
                    std::size_t size);
// Buffer to buffer.
CUresult copyBuffer(DeviceRuntime &runtime, CUstream stream, CUdeviceptr destination,
                    CUdeviceptr source, std::size_t size);

// One side of a rectangular copy: base address, origin (bytes, rows,
// slices) and pitches in bytes. Host and device addresses alike (UVA).
struct RectSide {
  CUdeviceptr base;
  std::array<std::size_t, 3> origin;
  std::size_t row_pitch;
  std::size_t slice_pitch;
};
// `region` is (bytes per row, rows, slices).
CUresult copyRect(DeviceRuntime &runtime, CUstream stream, const RectSide &source,
                  const RectSide &destination, const std::array<std::size_t, 3> &region);

// Fills `size` bytes with `pattern` (1 to 128 bytes, a power of two; `size`
// and `destination` multiples of it), all on the device.
CUresult fill(DeviceRuntime &runtime, CUstream stream, CUdeviceptr destination,
              const unsigned char *pattern, std::size_t pattern_size, std::size_t size);

// memcpy on CLCUDA_STAGING_THREADS threads (the caller's among them).
void parallelCopy(void *destination, const void *source, std::size_t size);

} // namespace clcuda::core
