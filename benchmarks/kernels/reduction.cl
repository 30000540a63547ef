// Sum of n floats in two launches of the same kernel: many groups write one
// partial sum each, then one group sums the partials.
#define GROUP_SIZE 256

__kernel void reduce_sum(__global const float *in, __global float *partial, uint n) {
  __local float scratch[GROUP_SIZE];
  uint lid = get_local_id(0);
  float sum = 0.0f;
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    sum += in[i];
  scratch[lid] = sum;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint stride = GROUP_SIZE / 2; stride > 0; stride >>= 1) {
    if (lid < stride)
      scratch[lid] += scratch[lid + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    partial[get_group_id(0)] = scratch[0];
}
