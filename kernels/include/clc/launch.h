// Launches of translated kernels as clEnqueueNDRangeKernel does them, in the
// CUDA runtime API: what the host functions of cl2cuda --launch-helpers call
// (docs/translator.md, "Launch helpers"). The NDRange logic is the shim's
// own, clc/launch_plan.h. Host code: it is not handed to NVRTC
// (kernels/CMakeLists.txt), and generated code includes it under
// #ifndef __CUDACC_RTC__.
#pragma once

#ifdef __CUDACC_RTC__
#error "clc/launch.h is host code: include it under #ifndef __CUDACC_RTC__"
#endif

#include <clc/launch_plan.h>
#include <clc/ndrange.h>

#include <cuda_runtime.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace clc {

// Which NDRanges a translated kernel takes. A kernel without the clc::ndrange
// parameter reads blockIdx/blockDim directly: one launch of full work-groups
// with no global offset (launch_groups::uniform). A kernel with it takes any
// NDRange OpenCL allows: offsets, non-uniform groups, grids split into
// several launches (launch_groups::any).
enum class launch_groups { uniform, any };

namespace detail {

// What a block of `kernel` may be on the current device, and what the
// local-size choice uses: the limits but `preferred` and `uniform`.
template <class Kernel> cudaError_t blockLimits(Kernel *kernel, LocalSizeLimits &limits) {
  int device = 0;
  if (const cudaError_t status = cudaGetDevice(&device); status != cudaSuccess)
    return status;
  cudaFuncAttributes function{};
  if (const cudaError_t status = cudaFuncGetAttributes(&function, kernel); status != cudaSuccess)
    return status;
  limits.max_work_group = std::size_t(function.maxThreadsPerBlock);
  const std::pair<cudaDeviceAttr, std::size_t *> attributes[] = {
      {cudaDevAttrMaxBlockDimX, &limits.max_work_item_sizes[0]},
      {cudaDevAttrMaxBlockDimY, &limits.max_work_item_sizes[1]},
      {cudaDevAttrMaxBlockDimZ, &limits.max_work_item_sizes[2]},
      {cudaDevAttrWarpSize, &limits.warp},
      {cudaDevAttrMultiProcessorCount, &limits.multiprocessors}};
  for (const auto &[attribute, field] : attributes) {
    int value = 0;
    if (const cudaError_t status = cudaDeviceGetAttribute(&value, attribute, device);
        status != cudaSuccess)
      return status;
    *field = std::size_t(value);
  }
  return cudaSuccess;
}

// Whether a block of `local` (unused dimensions 1) keeps `limits` and is
// `required` where that is nonzero.
inline bool blockAllowed(const Size3 &local, const std::array<unsigned, 3> &required,
                         const LocalSizeLimits &limits) {
  std::size_t work_items = 1;
  for (int d = 0; d < 3; ++d) {
    if (local[d] == 0 || local[d] > limits.max_work_item_sizes[d] ||
        (required[0] && local[d] != required[d]))
      return false;
    work_items *= local[d];
  }
  return work_items <= limits.max_work_group;
}

} // namespace detail

// What clEnqueueNDRangeKernel(queue, kernel, work_dim, global_work_offset,
// global_work_size, local_work_size, ...) does, for a kernel translated by
// cl2cuda: checks the sizes, picks the local size when local_work_size is
// NULL (`required`, the kernel's reqd_work_group_size when nonzero, else
// chooseLocalSize with the occupancy API's block size for `kernel`, the
// device's limits and multiprocessor count, uniform groups for
// launch_groups::uniform), plans the launches (clc::LaunchPlan), and calls
// launch_one(dim3 grid, dim3 block, const clc::ndrange &range) once per
// launch, range.group_offset set for that launch. After each call it reads
// cudaGetLastError(); returns the first error.
// Errors: cudaErrorInvalidValue: work_dim not 1..3, global_work_size NULL or
// a zero size, an offset plus size past SIZE_MAX, a nonzero offset with
// launch_groups::uniform; cudaErrorInvalidConfiguration: a local size of 0,
// over the device's limits (maxThreadsDim, the kernel's maxThreadsPerBlock),
// not equal to `required` when that is nonzero, 2^32 - 1 groups or more in a
// dimension, or (launch_groups::uniform) not dividing the global size or
// needing more than one launch; the CUDA runtime's own errors.
// The occupancy API is asked without dynamic shared memory, which
// launch_one alone knows.
template <class Kernel, class LaunchOne>
cudaError_t launch_ndrange(Kernel *kernel, launch_groups groups,
                           const std::array<unsigned, 3> &required, unsigned work_dim,
                           const std::size_t *global_work_offset,
                           const std::size_t *global_work_size, const std::size_t *local_work_size,
                           LaunchOne &&launch_one) {
  if (work_dim < 1 || work_dim > 3 || !global_work_size)
    return cudaErrorInvalidValue;
  const bool uniform = groups == launch_groups::uniform;
  Size3 global{1, 1, 1}, offset{0, 0, 0}, local{1, 1, 1};
  for (unsigned d = 0; d < work_dim; ++d) {
    global[d] = global_work_size[d];
    offset[d] = global_work_offset ? global_work_offset[d] : 0;
    if (global[d] == 0 || global[d] > SIZE_MAX - offset[d] || (uniform && offset[d]))
      return cudaErrorInvalidValue;
  }
  LocalSizeLimits limits;
  if (const cudaError_t status = detail::blockLimits(kernel, limits); status != cudaSuccess)
    return status;
  if (local_work_size) {
    std::copy(local_work_size, local_work_size + work_dim, local.begin());
  } else if (required[0]) {
    local = {required[0], required[1], required[2]};
  } else {
    int min_grid = 0, block = 0;
    if (const cudaError_t status = cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, kernel);
        status != cudaSuccess)
      return status;
    limits.preferred = std::size_t(block);
    limits.uniform = uniform;
    local = chooseLocalSize(work_dim, global, limits);
  }
  if (!detail::blockAllowed(local, required, limits))
    return cudaErrorInvalidConfiguration;
  for (unsigned d = 0; d < work_dim; ++d)
    if (!groupCountFits(global[d], local[d]) || (uniform && global[d] % local[d]))
      return cudaErrorInvalidConfiguration;
  const LaunchPlan plan(work_dim, global, offset, local);
  // A kernel that reads blockIdx directly cannot be told a group offset.
  if (uniform && plan.split())
    return cudaErrorInvalidConfiguration;
  return plan.forEach([&](const SubLaunch &piece) {
    ndrange range = plan.range();
    std::copy(piece.group_offset.begin(), piece.group_offset.end(), range.group_offset);
    launch_one(dim3(piece.grid[0], piece.grid[1], piece.grid[2]),
               dim3(piece.block[0], piece.block[1], piece.block[2]), range);
    return cudaGetLastError();
  });
}

// Lets `kernel` launch with `bytes` of dynamic shared memory. Unasked, a
// function may use 48 KiB less its static shared memory (a kernel's own
// __local variables); past that, up to the device's opt-in limit, it needs
// cudaFuncSetAttribute first, which is called only then.
template <class Kernel> cudaError_t allow_shared_memory(Kernel *kernel, std::size_t bytes) {
  cudaFuncAttributes function{};
  if (const cudaError_t status = cudaFuncGetAttributes(&function, kernel); status != cudaSuccess)
    return status;
  if (bytes <= std::size_t(function.maxDynamicSharedSizeBytes))
    return cudaSuccess;
  if (bytes > std::size_t(INT_MAX))
    return cudaErrorInvalidValue;
  return cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes));
}

} // namespace clc
