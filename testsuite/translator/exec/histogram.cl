// A histogram with local atomics, merged into global memory with atomics.
#define BINS 256
// READABLE: __shared__ uint local_bins[BINS];
// COMPILE: __shared__ uint local_bins[256];
// CHECK: clc::atomic_inc(&local_bins[data[i]]);
// CHECK: clc::atomic_add(&bins[i], local_bins[i]);
kernel void histogram(global const uchar *data, uint n, global uint *bins) {
  local uint local_bins[BINS];
  for (uint i = get_local_id(0); i < BINS; i += get_local_size(0))
    local_bins[i] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_inc(&local_bins[data[i]]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_local_id(0); i < BINS; i += get_local_size(0))
    atomic_add(&bins[i], local_bins[i]);
}
