// RUN-OPTIONS: -cl-std=CL2.0
// The OpenCL C 2.0 work-item functions and work_group_barrier with a scope.
// CHECK: extern "C" __global__ void linear(ulong *out, const __grid_constant__ clc::ndrange clc_ndrange)
kernel void linear(global ulong *out) {
  // CHECK: size_t i = clc::get_global_linear_id(clc_ndrange);
  size_t i = get_global_linear_id();
  // COMPILE: out[i] = clc::get_local_linear_id() + clc::get_enqueued_local_size(clc_ndrange, 0);
  // READABLE: out[i] = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x + clc::get_enqueued_local_size(clc_ndrange, 0);
  out[i] = get_local_linear_id() + get_enqueued_local_size(0);
  // CHECK: clc::work_group_barrier({{.*}}, clc::memory_scope_work_group);
  work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_work_group);
  // COMPILE: clc::work_group_barrier(
  // READABLE: __syncthreads();
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
}
