// RUN-OPTIONS: -cl-std=CL2.0
// The OpenCL C 2.0 atomics without _explicit (memory_order_seq_cst,
// memory_scope_device), on global and local memory under contention: the
// results do not depend on the order.
// CHECK: clc::atomic_init(group_count, 0);
// CHECK: clc::atomic_fetch_add(&counters[0], id);
// CHECK: clc::atomic_compare_exchange_strong(&counters[7], &expected, 1);
kernel void plain_atomics(global atomic_int *counters, global atomic_long *wide,
                          global atomic_flag *flag, global int *per_group,
                          local atomic_int *group_count) {
  int id = (int)get_global_id(0);
  if (get_local_id(0) == 0)
    atomic_init(group_count, 0);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  atomic_fetch_add(&counters[0], id);
  atomic_fetch_sub(&counters[1], 2);
  atomic_fetch_min(&counters[2], 1000 - id);
  atomic_fetch_max(&counters[3], id * 3);
  atomic_fetch_or(&counters[4], 1 << (id & 30));
  atomic_fetch_xor(&counters[5], id);
  atomic_fetch_and(&counters[6], ~(1 << (id & 30)));
  int expected = 0;
  atomic_compare_exchange_strong(&counters[7], &expected, 1); // one winner
  atomic_store(&counters[8], 5);
  atomic_exchange(&counters[9], 7);
  if (!atomic_flag_test_and_set(flag))
    atomic_fetch_add(&counters[10], 1); // the one that found it clear
  atomic_fetch_add(&wide[0], (long)id << 33);
  atomic_fetch_add(group_count, 1);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    per_group[get_group_id(0)] = atomic_load(group_count);
}
