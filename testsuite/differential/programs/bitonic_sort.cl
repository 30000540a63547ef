// Bitonic sort of keys (ascending) with a value carried along, for a power-
// of-two count. Each step compare-exchanges pairs (pos, pos + j) within
// stage k; a pair sorts ascending when (pos & k) == 0. Steps with j below the
// block (2 x the work-group size) run in local memory.

// Where work-item `index` compare-exchanges at distance j.
uint pair_position(uint index, uint j) { return 2 * index - (index & (j - 1)); }

// Sorts keys[a], keys[b] (values along) ascending or descending; one per
// address space, as OpenCL C 1.2 has no generic pointers.
#define DEFINE_EXCHANGE_IF(name, space)                                                            \
  void name(space uint *keys, space uint *values, uint a, uint b, bool ascending) {                \
    uint key_a = keys[a], key_b = keys[b];                                                         \
    if (ascending ? key_a > key_b : key_a < key_b) {                                               \
      keys[a] = key_b;                                                                             \
      keys[b] = key_a;                                                                             \
      uint value = values[a];                                                                      \
      values[a] = values[b];                                                                       \
      values[b] = value;                                                                           \
    }                                                                                              \
  }
DEFINE_EXCHANGE_IF(exchange_if_local, __local)
DEFINE_EXCHANGE_IF(exchange_if_global, __global)

void load_block(__global const uint *keys, __global const uint *values, __local uint *local_keys,
                __local uint *local_values, uint base) {
  uint lid = get_local_id(0), half_block = get_local_size(0);
  local_keys[lid] = keys[base + lid];
  local_keys[lid + half_block] = keys[base + lid + half_block];
  local_values[lid] = values[base + lid];
  local_values[lid + half_block] = values[base + lid + half_block];
}

void store_block(__global uint *keys, __global uint *values, __local const uint *local_keys,
                 __local const uint *local_values, uint base) {
  uint lid = get_local_id(0), half_block = get_local_size(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  keys[base + lid] = local_keys[lid];
  keys[base + lid + half_block] = local_keys[lid + half_block];
  values[base + lid] = local_values[lid];
  values[base + lid + half_block] = local_values[lid + half_block];
}

// Every stage up to the block size, in local memory.
__kernel void bitonic_sort_blocks(__global uint *keys, __global uint *values,
                                  __local uint *local_keys, __local uint *local_values) {
  uint lid = get_local_id(0);
  uint block = 2 * get_local_size(0);
  uint base = get_group_id(0) * block;
  load_block(keys, values, local_keys, local_values, base);
  for (uint k = 2; k <= block; k *= 2)
    for (uint j = k / 2; j > 0; j /= 2) {
      barrier(CLK_LOCAL_MEM_FENCE);
      uint pos = pair_position(lid, j);
      exchange_if_local(local_keys, local_values, pos, pos + j, ((base + pos) & k) == 0);
    }
  store_block(keys, values, local_keys, local_values, base);
}

// The steps j < block of stage k, in local memory.
__kernel void bitonic_merge_blocks(__global uint *keys, __global uint *values, uint k,
                                   __local uint *local_keys, __local uint *local_values) {
  uint lid = get_local_id(0);
  uint half_block = get_local_size(0);
  uint base = get_group_id(0) * 2 * half_block;
  load_block(keys, values, local_keys, local_values, base);
  for (uint j = half_block; j > 0; j /= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    uint pos = pair_position(lid, j);
    exchange_if_local(local_keys, local_values, pos, pos + j, ((base + pos) & k) == 0);
  }
  store_block(keys, values, local_keys, local_values, base);
}

// One step j >= block of stage k, in global memory.
__kernel void bitonic_step(__global uint *keys, __global uint *values, uint j, uint k) {
  uint pos = pair_position(get_global_id(0), j);
  exchange_if_global(keys, values, pos, pos + j, (pos & k) == 0);
}
