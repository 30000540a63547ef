// 256-bin histogram of the low byte of n values: each work-group counts into
// local memory with atomics, then adds its counts to the global bins.
#define BINS 256

__kernel void histogram(__global const uint *data, __global uint *bins, uint n) {
  __local uint local_bins[BINS];
  uint lid = get_local_id(0);
  for (uint b = lid; b < BINS; b += get_local_size(0))
    local_bins[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_inc(&local_bins[data[i] & (BINS - 1)]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = lid; b < BINS; b += get_local_size(0))
    atomic_add(&bins[b], local_bins[b]);
}
