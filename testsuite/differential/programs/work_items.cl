// Every work-item function, recorded by each work-item at its linear position
// counted from the global offset: RECORD values per work-item. Built with
// -cl-std=CL1.2 for uniform NDRanges, and with -cl-std=CL3.0 for non-uniform
// ones, where the 2.0 functions are recorded too. Dimensions from work_dim to
// 2 give the defaults (ids 0, sizes 1); indices of 3 and more are not asked:
// PoCL 3.1 returns 0 for their sizes where the specification says 1.
#if __OPENCL_C_VERSION__ >= 200
#define RECORD 27
#else
#define RECORD 22
#endif

// A helper that needs the NDRange: where this work-item's record starts.
size_t record_index(void) {
  size_t x = get_global_id(0) - get_global_offset(0);
  size_t y = get_global_id(1) - get_global_offset(1);
  size_t z = get_global_id(2) - get_global_offset(2);
  return ((z * get_global_size(1) + y) * get_global_size(0) + x) * RECORD;
}

__kernel void work_items(__global uint *out) {
  __global uint *record = out + record_index();
  uint k = 0;
  record[k++] = get_work_dim();
  for (uint d = 0; d < 3; ++d) {
    record[k++] = get_global_id(d);
    record[k++] = get_local_id(d);
    record[k++] = get_group_id(d);
    record[k++] = get_global_size(d);
    record[k++] = get_local_size(d);
    record[k++] = get_num_groups(d);
    record[k++] = get_global_offset(d);
  }
#if __OPENCL_C_VERSION__ >= 200
  for (uint d = 0; d < 3; ++d)
    record[k++] = get_enqueued_local_size(d);
  record[k++] = get_global_linear_id();
  record[k++] = get_local_linear_id();
#endif
}
