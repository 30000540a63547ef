// RUN-OPTIONS: -cl-std=CL3.0
// Every work-item function, written per work-item: checks the hidden NDRange
// with global offsets and non-uniform (remainder) work-groups.
kernel void work_items(global ulong *out) {
  size_t i = get_global_linear_id();
  global ulong *w = out + i * 16;
  w[0] = get_work_dim();
  for (uint d = 0; d < 2; ++d) {
    w[1 + d * 7] = get_global_id(d);
    w[2 + d * 7] = get_local_id(d);
    w[3 + d * 7] = get_group_id(d);
    w[4 + d * 7] = get_local_size(d);
    w[5 + d * 7] = get_enqueued_local_size(d);
    w[6 + d * 7] = get_num_groups(d);
    w[7 + d * 7] = get_global_size(d) * 1000 + get_global_offset(d);
  }
  w[15] = get_local_linear_id();
}

// The spec's values for dimensions past get_work_dim() (checked against the
// spec, not the reference: PoCL 5 answers 0 for get_local_size(3)).
kernel void work_item_defaults(global ulong *out) {
  size_t i = get_global_linear_id();
  out[i] = get_global_id(2) + get_local_id(5) * 10 + get_group_id(7) * 100 +
           get_global_offset(4) * 1000 + get_local_size(3) * 10000 + get_global_size(3) * 100000 +
           get_num_groups(9) * 1000000 + get_enqueued_local_size(6) * 10000000;
}
