// async_work_group_copy into local memory and async_work_group_strided_copy
// back out, each waited for: in the compiler-made SPIR-V, OpGroupAsyncCopy
// and OpGroupWaitEvents.
kernel void async_copies(global const float *in, global float *out, local float *tile) {
  const size_t group = get_group_id(0), size = get_local_size(0);
  event_t copied = async_work_group_copy(tile, in + group * size, size, 0);
  wait_group_events(1, &copied);
  const size_t i = get_local_id(0);
  tile[i] = tile[i] * 2.0f + tile[(i + 1) % size];
  barrier(CLK_LOCAL_MEM_FENCE);
  // Strided: group g's element i lands at i * groups + g.
  event_t written = async_work_group_strided_copy(out + group, tile, size, get_num_groups(0), 0);
  wait_group_events(1, &written);
}
