// RUN-OPTIONS: -cl-std=CL3.0
// Sub-group functions (OpenCL C 3.0 with __opencl_c_subgroups, and the
// cl_khr_subgroup_* extensions), whose sub-groups are warps. Every result is
// checked against a host reference (exec_collectives_test.cpp); a result the
// specification leaves undefined (a shuffle from a work-item that does not
// exist) is replaced by -1.
// CHECK: #include <clc/subgroup.h>
// CHECK: out[6 * i + 1] = clc::get_max_sub_group_size(clc_ndrange);
// CHECK: out[6 * i + 3] = clc::get_enqueued_num_sub_groups(clc_ndrange);
// CHECK: out[10 * i] = clc::sub_group_reduce_add(v);
// CHECK: out[6 * i + 5] = clc::sub_group_clustered_reduce_logical_xor(v, cluster);
// CHECK: out[20 * i + 9] = clc::sub_group_ballot_find_msb(clc_ndrange, all);
// CHECK: out[20 * i + 15] = clc::get_sub_group_ge_mask(clc_ndrange).x;
// CHECK: int rotated_back = clc::sub_group_rotate(clc_ndrange, v, -5);

kernel void work_items(global uint *out) {
  size_t i = get_global_linear_id();
  out[6 * i] = get_sub_group_size();
  out[6 * i + 1] = get_max_sub_group_size();
  out[6 * i + 2] = get_num_sub_groups();
  out[6 * i + 3] = get_enqueued_num_sub_groups();
  out[6 * i + 4] = get_sub_group_id();
  out[6 * i + 5] = get_sub_group_local_id();
}

// The layout of work_group_collectives.cl's kernels, over sub-groups.
#define UNIFORM(T)                                                                                 \
  kernel void uniform_##T(global const T *in, global T *out) {                                     \
    size_t i = get_global_linear_id();                                                             \
    T v = in[i];                                                                                   \
    out[10 * i] = sub_group_reduce_add(v);                                                         \
    out[10 * i + 1] = sub_group_reduce_min(v);                                                     \
    out[10 * i + 2] = sub_group_reduce_max(v);                                                     \
    out[10 * i + 3] = sub_group_scan_inclusive_add(v);                                             \
    out[10 * i + 4] = sub_group_scan_exclusive_add(v);                                             \
    out[10 * i + 5] = sub_group_scan_inclusive_min(v);                                             \
    out[10 * i + 6] = sub_group_scan_exclusive_min(v);                                             \
    out[10 * i + 7] = sub_group_scan_inclusive_max(v);                                             \
    out[10 * i + 8] = sub_group_scan_exclusive_max(v);                                             \
    out[10 * i + 9] = sub_group_broadcast(v, get_sub_group_size() - 1);                            \
  }
UNIFORM(char)
UNIFORM(uchar)
UNIFORM(short)
UNIFORM(ushort)
UNIFORM(int)
UNIFORM(uint)
UNIFORM(long)
UNIFORM(ulong)
UNIFORM(float)
UNIFORM(double)

kernel void votes(global const int *in, global int *out) {
  size_t i = get_global_linear_id();
  int v = in[i];
  out[2 * i] = sub_group_all(v >= 0);
  out[2 * i + 1] = sub_group_any(v == 7);
}

// The non-uniform functions run on the work-items whose sub-group local id is
// a bit of `active`; the others leave their results alone.
#define ACTIVE (active & (1u << get_sub_group_local_id()))
#define NON_UNIFORM_SCANS(op, slot)                                                                \
  out[stride * i + slot] = sub_group_non_uniform_reduce_##op(v);                                   \
  out[stride * i + slot + 1] = sub_group_non_uniform_scan_inclusive_##op(v);                       \
  out[stride * i + slot + 2] = sub_group_non_uniform_scan_exclusive_##op(v);
#define NON_UNIFORM_ARITHMETIC(T)                                                                  \
  kernel void non_uniform_##T(global const T *in, global T *out, uint active) {                    \
    size_t i = get_global_linear_id(), stride = 12;                                                \
    T v = in[i];                                                                                   \
    if (ACTIVE) {                                                                                  \
      NON_UNIFORM_SCANS(add, 0)                                                                    \
      NON_UNIFORM_SCANS(mul, 3)                                                                    \
      NON_UNIFORM_SCANS(min, 6)                                                                    \
      NON_UNIFORM_SCANS(max, 9)                                                                    \
    }                                                                                              \
  }
#define NON_UNIFORM_BITS(T)                                                                        \
  kernel void non_uniform_bits_##T(global const T *in, global T *out, uint active) {               \
    size_t i = get_global_linear_id(), stride = 9;                                                 \
    T v = in[i];                                                                                   \
    if (ACTIVE) {                                                                                  \
      NON_UNIFORM_SCANS(and, 0)                                                                    \
      NON_UNIFORM_SCANS(or, 3)                                                                     \
      NON_UNIFORM_SCANS(xor, 6)                                                                    \
    }                                                                                              \
  }
NON_UNIFORM_ARITHMETIC(char)
NON_UNIFORM_ARITHMETIC(int)
NON_UNIFORM_ARITHMETIC(ulong)
NON_UNIFORM_ARITHMETIC(float)
NON_UNIFORM_ARITHMETIC(double)
NON_UNIFORM_BITS(uchar)
NON_UNIFORM_BITS(uint)
NON_UNIFORM_BITS(long)

kernel void non_uniform_logical(global const int *in, global int *out, uint active) {
  size_t i = get_global_linear_id(), stride = 9;
  int v = in[i];
  if (ACTIVE) {
    NON_UNIFORM_SCANS(logical_and, 0)
    NON_UNIFORM_SCANS(logical_or, 3)
    NON_UNIFORM_SCANS(logical_xor, 6)
  }
}

// Reductions over clusters of `cluster` work-items.
#define CLUSTERED(T)                                                                               \
  kernel void clustered_##T(global const T *in, global T *out, uint cluster) {                     \
    size_t i = get_global_linear_id();                                                             \
    T v = in[i];                                                                                   \
    out[4 * i] = sub_group_clustered_reduce_add(v, cluster);                                       \
    out[4 * i + 1] = sub_group_clustered_reduce_mul(v, cluster);                                   \
    out[4 * i + 2] = sub_group_clustered_reduce_min(v, cluster);                                   \
    out[4 * i + 3] = sub_group_clustered_reduce_max(v, cluster);                                   \
  }
CLUSTERED(ushort)
CLUSTERED(int)
CLUSTERED(double)

kernel void clustered_bits(global const int *in, global int *out, uint cluster) {
  size_t i = get_global_linear_id();
  int v = in[i];
  out[6 * i] = sub_group_clustered_reduce_and(v, cluster);
  out[6 * i + 1] = sub_group_clustered_reduce_or(v, cluster);
  out[6 * i + 2] = sub_group_clustered_reduce_xor(v, cluster);
  out[6 * i + 3] = sub_group_clustered_reduce_logical_and(v, cluster);
  out[6 * i + 4] = sub_group_clustered_reduce_logical_or(v, cluster);
  out[6 * i + 5] = sub_group_clustered_reduce_logical_xor(v, cluster);
}

// Votes and ballots among the active work-items, then the masks.
kernel void ballots(global const int *in, global uint *out, uint active) {
  size_t i = get_global_linear_id();
  int v = in[i];
  if (ACTIVE) {
    out[20 * i] = sub_group_elect();
    out[20 * i + 1] = sub_group_non_uniform_all(v > 0);
    out[20 * i + 2] = sub_group_non_uniform_any(v == 7);
    out[20 * i + 3] = sub_group_non_uniform_all_equal(v);
    uint4 odd = sub_group_ballot(v & 1);
    out[20 * i + 4] = odd.x;
    out[20 * i + 5] = sub_group_ballot_bit_count(odd);
    out[20 * i + 6] = sub_group_ballot_inclusive_scan(odd);
    out[20 * i + 7] = sub_group_ballot_exclusive_scan(odd);
    uint4 all = sub_group_ballot(1);
    out[20 * i + 8] = sub_group_ballot_find_lsb(all);
    out[20 * i + 9] = sub_group_ballot_find_msb(all);
    out[20 * i + 10] = sub_group_inverse_ballot(odd);
    out[20 * i + 11] = sub_group_ballot_bit_extract(odd, v & 31);
    out[20 * i + 12] = sub_group_broadcast_first(v);
    out[20 * i + 13] = sub_group_non_uniform_broadcast(v, sub_group_ballot_find_msb(all));
  }
  out[20 * i + 14] = get_sub_group_eq_mask().x;
  out[20 * i + 15] = get_sub_group_ge_mask().x;
  out[20 * i + 16] = get_sub_group_gt_mask().x;
  out[20 * i + 17] = get_sub_group_le_mask().x;
  out[20 * i + 18] = get_sub_group_lt_mask().x;
  out[20 * i + 19] = sub_group_ballot_bit_count((uint4)(~0u, ~0u, 0u, 0u));
}

// Shuffles and rotations over the whole sub-group; -1 where the work-item
// read from does not exist.
kernel void shuffles(global const int *in, global int *out) {
  size_t i = get_global_linear_id();
  int v = in[i];
  uint lane = get_sub_group_local_id(), size = get_sub_group_size();
  uint width = get_max_sub_group_size();
  int picked = sub_group_shuffle(v, (lane * 7 + 3) % size);
  int flipped = sub_group_shuffle_xor(v, 5);
  int up = sub_group_shuffle_up(v, 3);
  int down = sub_group_shuffle_down(v, 3);
  int rotated = sub_group_rotate(v, 3);
  int rotated_back = sub_group_rotate(v, -5);
  int in_cluster = sub_group_clustered_rotate(v, 3, 8);
  out[7 * i] = picked;
  out[7 * i + 1] = (lane ^ 5) < size ? flipped : -1;
  out[7 * i + 2] = lane >= 3 ? up : -1;
  out[7 * i + 3] = lane + 3 < size ? down : -1;
  out[7 * i + 4] = (lane + 3) % width < size ? rotated : -1;
  out[7 * i + 5] = (lane + width - 5 % width) % width < size ? rotated_back : -1;
  out[7 * i + 6] = (lane & ~7u) + ((lane + 3) & 7) < size ? in_cluster : -1;
}

// Broadcasts of vectors (cl_khr_subgroup_extended_types, cl_khr_subgroup_ballot).
kernel void vector_broadcasts(global const uchar *a, global uchar *a_out, global const double *b,
                              global double *b_out, global const short *c, global short *c_out) {
  size_t i = get_global_linear_id();
  vstore3(sub_group_broadcast(vload3(i, a), get_sub_group_size() - 1), i, a_out);
  vstore16(sub_group_broadcast(vload16(i, b), 1), i, b_out);
  vstore8(sub_group_non_uniform_broadcast(vload8(i, c), 0), i, c_out);
}
