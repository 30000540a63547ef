// A real-world histogram with local atomics and a merge into global memory.
#define BINS 256
kernel void histogram(global const uchar *data, uint n, global uint *bins) {
  // COMPILE: __shared__ uint local_bins[256];
  // READABLE: __shared__ uint local_bins[BINS];
  local uint local_bins[BINS];
  for (uint i = get_local_id(0); i < BINS; i += get_local_size(0))
    local_bins[i] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    // CHECK: clc::atomic_inc(&local_bins[data[i]]);
    atomic_inc(&local_bins[data[i]]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_local_id(0); i < BINS; i += get_local_size(0))
    // CHECK: clc::atomic_add(&bins[i], local_bins[i]);
    atomic_add(&bins[i], local_bins[i]);
}
