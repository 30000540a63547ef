// Prefix sums. A work-efficient (Blelloch) exclusive scan of any length in
// three steps: scan blocks of two elements per work-item in local memory and
// record each block's total; scan those totals the same way; add each
// block's scanned total to its elements. And a Hillis-Steele inclusive scan
// within each work-group, double-buffered in a kernel-scope local array.

__kernel void scan_blocks(__global const uint *in, __global uint *out, __global uint *block_sums,
                          __local uint *temp, uint count) {
  uint lid = get_local_id(0);
  uint n = 2 * get_local_size(0); // elements per block, a power of two
  size_t base = get_group_id(0) * n;
  temp[2 * lid] = base + 2 * lid < count ? in[base + 2 * lid] : 0;
  temp[2 * lid + 1] = base + 2 * lid + 1 < count ? in[base + 2 * lid + 1] : 0;

  // Up-sweep: partial sums in place, up a balanced tree.
  uint offset = 1;
  for (uint d = n / 2; d > 0; d /= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < d)
      temp[offset * (2 * lid + 2) - 1] += temp[offset * (2 * lid + 1) - 1];
    offset *= 2;
  }
  if (lid == 0) {
    block_sums[get_group_id(0)] = temp[n - 1];
    temp[n - 1] = 0;
  }
  // Down-sweep: swap and add back down the tree.
  for (uint d = 1; d < n; d *= 2) {
    offset /= 2;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < d) {
      uint left = offset * (2 * lid + 1) - 1;
      uint right = offset * (2 * lid + 2) - 1;
      uint t = temp[left];
      temp[left] = temp[right];
      temp[right] += t;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (base + 2 * lid < count)
    out[base + 2 * lid] = temp[2 * lid];
  if (base + 2 * lid + 1 < count)
    out[base + 2 * lid + 1] = temp[2 * lid + 1];
}

__kernel void add_block_offsets(__global uint *data, __global const uint *offsets, uint block_size,
                                uint count) {
  size_t i = get_global_id(0);
  if (i < count)
    data[i] += offsets[i / block_size];
}

#define HS_GROUP 256

__kernel __attribute__((reqd_work_group_size(HS_GROUP, 1, 1))) void
scan_hillis_steele(__global const int *in, __global int *out) {
  __local int buffers[2][HS_GROUP];
  uint lid = get_local_id(0);
  int current = 0;
  buffers[current][lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint offset = 1; offset < HS_GROUP; offset *= 2) {
    int next = 1 - current;
    buffers[next][lid] =
        buffers[current][lid] + (lid >= offset ? buffers[current][lid - offset] : 0);
    barrier(CLK_LOCAL_MEM_FENCE);
    current = next;
  }
  out[get_global_id(0)] = buffers[current][lid];
}
