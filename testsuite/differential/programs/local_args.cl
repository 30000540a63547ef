// __local pointer arguments of several types and sizes (the host sets each
// size at launch), next to a kernel-scope __local array. Each work-item
// writes its slots, then reads its mirror's (size - 1 - lid) after a barrier.
__kernel void local_arguments(__global const float *in, __global float *floats_out,
                              __global int *ints_out, __local float *floats,
                              __local int4 *quads, __local char *bytes) {
  __local int squares[64];
  uint lid = get_local_id(0);
  uint size = get_local_size(0);
  size_t gid = get_global_id(0);
  floats[lid] = in[gid];
  quads[lid] = (int4)((int)lid, (int)gid, (int)get_group_id(0), -(int)lid);
  bytes[lid] = (char)(lid * 7);
  if (lid < 64)
    squares[lid] = (int)(lid * lid);
  barrier(CLK_LOCAL_MEM_FENCE);

  uint mirror = size - 1 - lid;
  floats_out[gid] = floats[mirror] * 2.0f;
  int4 q = quads[mirror];
  ints_out[gid] = q.x + q.y * 3 + q.z * 5 + q.w * 7 + bytes[mirror] + squares[mirror % 64];
}
