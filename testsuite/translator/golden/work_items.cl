// Work-item functions: those needing the NDRange read the hidden parameter,
// threaded through every helper that (transitively) calls one.
// CHECK: __device__ size_t row(const clc::ndrange &clc_ndrange)
size_t row(void) { return get_global_id(1); }
// CHECK: __device__ size_t flat(size_t width, const clc::ndrange &clc_ndrange) { return row(clc_ndrange) * width + clc::get_global_id(clc_ndrange, 0); }
size_t flat(size_t width) { return row() * width + get_global_id(0); }
// COMPILE: __device__ size_t lane(void) { return clc::get_local_id(0); }
// READABLE: __device__ size_t lane(void) { return threadIdx.x; }
size_t lane(void) { return get_local_id(0); }

// CHECK: extern "C" __global__ void ids(ulong *out, const __grid_constant__ clc::ndrange clc_ndrange)
__kernel void ids(__global ulong *out) {
  // CHECK: size_t i = flat(clc::get_global_size(clc_ndrange, 0), clc_ndrange);
  size_t i = flat(get_global_size(0));
  // CHECK: out[i * 10 + 0] = clc::get_work_dim(clc_ndrange);
  out[i * 10 + 0] = get_work_dim();
  // CHECK: out[i * 10 + 1] = clc::get_global_offset(clc_ndrange, 0);
  out[i * 10 + 1] = get_global_offset(0);
  // COMPILE: out[i * 10 + 2] = clc::get_local_size(0) + lane();
  // READABLE: out[i * 10 + 2] = blockDim.x + lane();
  out[i * 10 + 2] = get_local_size(0) + lane();
  // CHECK: out[i * 10 + 3] = clc::get_num_groups(clc_ndrange, 1);
  out[i * 10 + 3] = get_num_groups(1);
  // CHECK: out[i * 10 + 4] = clc::get_group_id(clc_ndrange, 0);
  out[i * 10 + 4] = get_group_id(0);
  // COMPILE: clc::barrier(
  // READABLE: __syncthreads();
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  // CHECK: clc::mem_fence(
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  read_mem_fence(CLK_LOCAL_MEM_FENCE);
  write_mem_fence(CLK_LOCAL_MEM_FENCE);
}
