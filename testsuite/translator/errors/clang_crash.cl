// EXPECT-STATUS: 1
// Clang 16 itself crashes on this program: the translator recovers and the
// build fails with a message instead of taking the application down.
  size_t i = flat(get_global_size(0));
  out[i * 10 + 3] = get_num_groups(1);
  out[i * 10 + 4] = get_group_id(0);
// LOG: clang_crash.cl:4:14: error: {{.*}}
// LOG: {{crashed|error}}
