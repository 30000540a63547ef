// Kernels and launch helpers as cl2cuda --launch-helpers writes them
// (docs/translator.md, "Launch helpers"): a kernel that reads CUDA's
// built-in variables, one that takes the NDRange, one with a __local
// argument. launch_helpers_build_with_nvcc compiles this file with nvcc;
// gpu/launch_helpers_test.cu runs it. Left as generated code is laid out:
// clang-format off
#include <clc/core.h>
extern "C" __global__ void twice(float *data, unsigned count) { size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; if (i < count) data[i] *= 2.0f; }
extern "C" __global__ void scaled(float *data, const __grid_constant__ clc::ndrange clc_ndrange) { data[clc::get_global_id(clc_ndrange, 0)] += clc::get_global_offset(clc_ndrange, 0); }
// Reverses each work-group's elements through __local memory: a kernel-scope
// array (static shared memory) and a __local argument (dynamic).
extern "C" __global__ void reverse_groups(float *data, size_t scratch_bytes) {
  __shared__ float staged[10240]; // 40 KiB
  extern __shared__ __align__(128) unsigned char shared_memory[];
  float *scratch = reinterpret_cast<float *>(shared_memory);
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  staged[threadIdx.x] = data[i];
  __syncthreads();
  scratch[blockDim.x - 1 - threadIdx.x] = staged[threadIdx.x];
  __syncthreads();
  data[i] = scratch[threadIdx.x];
}
#ifndef __CUDACC_RTC__
#include <clc/launch.h>
inline cudaError_t launch_twice(cudaStream_t stream, unsigned int work_dim, const size_t *global_work_offset,
    const size_t *global_work_size, const size_t *local_work_size, float *data, unsigned count) {
  return clc::launch_ndrange(twice, clc::launch_groups::uniform, {0, 0, 0}, work_dim, global_work_offset, global_work_size, local_work_size,
      [&](dim3 grid, dim3 block, const clc::ndrange &) { twice<<<grid, block, 0, stream>>>(data, count); });
}
inline cudaError_t launch_scaled(cudaStream_t stream, unsigned int work_dim, const size_t *global_work_offset,
    const size_t *global_work_size, const size_t *local_work_size, float *data) {
  return clc::launch_ndrange(scaled, clc::launch_groups::any, {0, 0, 0}, work_dim, global_work_offset, global_work_size, local_work_size,
      [&](dim3 grid, dim3 block, const clc::ndrange &range) { scaled<<<grid, block, 0, stream>>>(data, range); });
}
inline cudaError_t launch_reverse_groups(cudaStream_t stream, unsigned int work_dim, const size_t *global_work_offset,
    const size_t *global_work_size, const size_t *local_work_size, float *data, size_t scratch_bytes) {
  const size_t shared_bytes = clc::local_arguments_end(0, {{scratch_bytes, alignof(float)}});
  const cudaError_t allowed = clc::allow_shared_memory(reverse_groups, shared_bytes);
  if (allowed != cudaSuccess)
    return allowed;
  return clc::launch_ndrange(reverse_groups, clc::launch_groups::uniform, {0, 0, 0}, work_dim, global_work_offset, global_work_size, local_work_size,
      [&](dim3 grid, dim3 block, const clc::ndrange &) { reverse_groups<<<grid, block, shared_bytes, stream>>>(data, scratch_bytes); });
}
#endif
