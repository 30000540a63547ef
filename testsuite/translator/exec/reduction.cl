// Sum per work-group through local memory (a __local argument).
// COMPILE: extern "C" __global__ void reduce(const float *input, float *partial, unsigned int scratch_local_offset,
// COMPILE-NEXT: uint n, const __grid_constant__ clc::ndrange clc_ndrange) {
// COMPILE: float *scratch = clc::local_arg<float>(scratch_local_offset);
// COMPILE: partial[clc::get_group_id(clc_ndrange, 0)] = scratch[0];
// READABLE: extern "C" __global__ void reduce(const float *input, float *partial, size_t scratch_bytes,
// READABLE-NEXT: uint n) {
// READABLE: float *scratch = reinterpret_cast<float *>(shared_memory);
// READABLE: uint gid = blockIdx.x * blockDim.x + threadIdx.x, lid = threadIdx.x;
// READABLE: for (uint stride = blockDim.x / 2; stride > 0; stride >>= 1) {
// READABLE: partial[blockIdx.x] = scratch[0];
__kernel void reduce(__global const float *input, __global float *partial, __local float *scratch,
                     uint n) {
  uint gid = get_global_id(0), lid = get_local_id(0);
  scratch[lid] = gid < n ? input[gid] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint stride = get_local_size(0) / 2; stride > 0; stride >>= 1) {
    if (lid < stride)
      scratch[lid] += scratch[lid + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    partial[get_group_id(0)] = scratch[0];
}
