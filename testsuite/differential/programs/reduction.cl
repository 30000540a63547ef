// Reductions in local memory, several ways. Every kernel runs on work-groups
// of a power-of-two size; `scratch` holds one value per work-item.
//
// The float sums perform the same additions in the same order on every
// platform (the tree is fixed by the code, and float additions may not be
// reassociated), so their results are identical bit for bit.

// A tree sum of scratch[0 .. local size) by halving strides: sequential
// addressing, no bank conflicts. Returns the sum to every work-item.
#define DEFINE_TREE_SUM(T)                                                                         \
  T tree_sum_##T(__local T *scratch) {                                                             \
    uint lid = get_local_id(0);                                                                    \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                  \
    for (uint stride = get_local_size(0) / 2; stride > 0; stride /= 2) {                           \
      if (lid < stride)                                                                            \
        scratch[lid] += scratch[lid + stride];                                                     \
      barrier(CLK_LOCAL_MEM_FENCE);                                                                \
    }                                                                                              \
    return scratch[0];                                                                             \
  }

DEFINE_TREE_SUM(float)
DEFINE_TREE_SUM(int)

// Interleaved addressing: strides double, active work-items spread out.
__kernel void reduce_interleaved(__global const float *in, __global float *partial,
                                 __local float *scratch) {
  uint lid = get_local_id(0);
  // In a variable: PoCL 3.1 miscompiles this barrier loop when its condition
  // calls get_local_size.
  uint size = get_local_size(0);
  scratch[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint stride = 1; stride < size; stride *= 2) {
    if (lid % (2 * stride) == 0)
      scratch[lid] += scratch[lid + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    partial[get_group_id(0)] = scratch[0];
}

// Sequential addressing.
__kernel void reduce_sequential(__global const float *in, __global float *partial,
                                __local float *scratch) {
  scratch[get_local_id(0)] = in[get_global_id(0)];
  float sum = tree_sum_float(scratch);
  if (get_local_id(0) == 0)
    partial[get_group_id(0)] = sum;
}

// The first addition while loading: each work-item adds two elements one
// group size apart, so a group covers twice its size.
__kernel void reduce_first_add(__global const float *in, __global float *partial,
                               __local float *scratch) {
  uint lid = get_local_id(0);
  size_t base = get_group_id(0) * get_local_size(0) * 2 + lid;
  scratch[lid] = in[base] + in[base + get_local_size(0)];
  float sum = tree_sum_float(scratch);
  if (lid == 0)
    partial[get_group_id(0)] = sum;
}

// Vector loads: each work-item sums a float4 first.
__kernel void reduce_float4(__global const float4 *in, __global float *partial,
                            __local float *scratch) {
  float4 v = in[get_global_id(0)];
  scratch[get_local_id(0)] = (v.x + v.y) + (v.z + v.w);
  float sum = tree_sum_float(scratch);
  if (get_local_id(0) == 0)
    partial[get_group_id(0)] = sum;
}

// Integers: a tree per group, then one atomic addition per group.
__kernel void reduce_int_atomic(__global const int *in, __global int *total, __local int *scratch) {
  scratch[get_local_id(0)] = in[get_global_id(0)];
  int sum = tree_sum_int(scratch);
  if (get_local_id(0) == 0)
    atomic_add(total, sum);
}

// Minimum and maximum through local, then global atomics. result[0] starts
// at INT_MAX and result[1] at INT_MIN.
__kernel void min_max_atomic(__global const int *in, __global int *result) {
  __local int group_min, group_max;
  if (get_local_id(0) == 0) {
    group_min = INT_MAX;
    group_max = INT_MIN;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int value = in[get_global_id(0)];
  atomic_min(&group_min, value);
  atomic_max(&group_max, value);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) {
    atomic_min(&result[0], group_min);
    atomic_max(&result[1], group_max);
  }
}
