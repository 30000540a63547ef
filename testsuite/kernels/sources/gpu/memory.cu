// Atomics under contention (every work-item of many work-groups on the same
// words, global and local, 32 and 64 bits, the 1.x and the C11-style
// functions) and the async work-group copies.
#include <clc/async.h>
#include <clc/atomic.h>

// counters: 16 ints; wide: 8 longs; olds: one int per work-item (the values
// atomic_add returned, which must be a permutation); per_group: one int per
// group (the local atomic count).
extern "C" __global__ void atomic_contention(int *counters, long *wide, float *f, int *olds,
                                             int *per_group) {
  __shared__ int local_counter;
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    local_counter = 0;
  __syncthreads();
  olds[id] = clc::atomic_add(&counters[0], 1);
  clc::atomic_sub(&counters[1], 2);
  clc::atomic_inc(&counters[2]);
  clc::atomic_dec(&counters[3]);
  clc::atomic_max(&counters[4], id);
  clc::atomic_min(&counters[5], -id);
  clc::atomic_or(&counters[6], int(1u << (id % 32)));
  clc::atomic_and(&counters[7], ~int(1u << (id % 31)));
  clc::atomic_xor(&counters[8], id);
  // Exchanges conserve the sum: every value ends in an old value or the word.
  clc::atomic_add(&counters[9], clc::atomic_xchg(&counters[10], id));
  int seen = counters[11];
  for (int old; (old = clc::atomic_cmpxchg(&counters[11], seen, seen + 1)) != seen;)
    seen = old;
  clc::atomic_max((unsigned int *)&counters[12], 0x80000000u + unsigned(id)); // unsigned order
  clc::atomic_add(&local_counter, 1);
  clc::atomic_add(&wide[0], long(1) << 33); // carries beyond 32 bits
  clc::atomic_sub(&wide[1], 3);
  clc::atomic_min(&wide[2], -(long(id) << 40));        // signed 64-bit order
  clc::atomic_max((ulong *)&wide[3], ulong(id) << 40); // unsigned 64-bit order
  clc::atomic_inc(&wide[4]);
  clc::atomic_xor(&wide[5], long(id) << 32);
  clc::atomic_xchg(&f[0], float(id));
  __syncthreads();
  if (threadIdx.x == 0)
    per_group[blockIdx.x] = local_counter;
}

// The 2.0/3.0 functions: fetch-add with each ordering, a compare-exchange
// loop, a spin lock from an atomic_flag guarding a plain increment, and
// release/acquire message passing between work-groups.
extern "C" __global__ void atomic_orderings(int *counters, long *wide, int *flag, int *guarded,
                                            int *failures) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  clc::atomic_fetch_add_explicit(&counters[0], 1, clc::memory_order_relaxed);
  clc::atomic_fetch_add_explicit(&counters[1], 1, clc::memory_order_acq_rel,
                                 clc::memory_scope_device);
  clc::atomic_fetch_sub_explicit(&counters[2], 1, clc::memory_order_seq_cst,
                                 clc::memory_scope_device);
  clc::atomic_fetch_or_explicit(&counters[3], int(1u << (id % 32)), clc::memory_order_release,
                                clc::memory_scope_work_group);
  clc::atomic_fetch_max_explicit(&wide[0], long(id) * 1000000007, clc::memory_order_relaxed,
                                 clc::memory_scope_device);
  int expected = clc::atomic_load_explicit(&counters[4], clc::memory_order_relaxed);
  while (!clc::atomic_compare_exchange_weak_explicit(
      &counters[4], &expected, expected + 2, clc::memory_order_acq_rel, clc::memory_order_relaxed))
    ;
  if (threadIdx.x % 32 == 0) { // one work-item per warp takes the lock
    while (clc::atomic_flag_test_and_set_explicit(flag, clc::memory_order_acquire,
                                                  clc::memory_scope_device))
      ;
    *(volatile int *)guarded += 1;
    clc::atomic_flag_clear_explicit(flag, clc::memory_order_release, clc::memory_scope_device);
  }
  // Group 0 publishes data with a release store; the others wait for it with
  // acquire loads and must then see the data.
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    counters[8] = 12345;
    clc::atomic_store_explicit(&counters[9], 1, clc::memory_order_release);
  } else if (threadIdx.x == 0) {
    while (clc::atomic_load_explicit(&counters[9], clc::memory_order_acquire) == 0)
      ;
    if (((volatile int *)counters)[8] != 12345)
      clc::atomic_add(failures, 1);
  }
  clc::atomic_work_item_fence(2, clc::memory_order_seq_cst, clc::memory_scope_device);
}

// Work-group copies between global and local memory: contiguous, then
// strided in each direction, each waited for with wait_group_events.
extern "C" __global__ void async_copies(const int *src, int *dst, int *strided_dst, int count,
                                        int stride) {
  __shared__ int tile[512];
  const int *group_src = src + blockIdx.x * count;
  clc::event_t e = clc::async_work_group_copy(tile, group_src, count, 0);
  clc::wait_group_events(1, &e);
  for (size_t i = clc::get_local_id(0); i < size_t(count); i += clc::get_local_size(0))
    tile[i] = tile[i] * 2 + 1;
  clc::barrier(1);
  clc::event_t events[2];
  events[0] = clc::async_work_group_copy(dst + blockIdx.x * count, tile, count, 0);
  // Also local to global with a stride, sharing the event.
  events[1] = clc::async_work_group_strided_copy(strided_dst + blockIdx.x * count * stride, tile,
                                                 count, stride, events[0]);
  clc::wait_group_events(2, events);
  // Global to local with a stride: every stride-th element of this group's src.
  e = clc::async_work_group_strided_copy(tile, group_src, count / stride, stride, 0);
  clc::wait_group_events(1, &e);
  for (size_t i = clc::get_local_id(0); i < size_t(count / stride); i += clc::get_local_size(0))
    dst[gridDim.x * count + blockIdx.x * (count / stride) + i] = tile[i];
  clc::prefetch(src, count);
}

// The generic address space's qualifier functions on global, local and
// private pointers: 1 for each expectation met.
#include <clc/addrspace.h>
extern "C" __global__ void address_spaces(int *global_pointer, int *out) {
  __shared__ int local_value;
  int private_value = int(threadIdx.x);
  int *local_pointer = &local_value, *private_pointer = &private_value;
  int k = 0;
  out[k++] = clc::to_global(global_pointer) == global_pointer;
  out[k++] = clc::to_global(local_pointer) == nullptr;
  out[k++] = clc::to_global(private_pointer) == nullptr;
  out[k++] = clc::to_local(local_pointer) == local_pointer;
  out[k++] = clc::to_local(global_pointer) == nullptr;
  out[k++] = clc::to_private(private_pointer) == private_pointer;
  out[k++] = clc::to_private(global_pointer) == nullptr;
  out[k++] = clc::get_fence(local_pointer) == 1;  // CLK_LOCAL_MEM_FENCE
  out[k++] = clc::get_fence(global_pointer) == 2; // CLK_GLOBAL_MEM_FENCE
  out[k++] = *private_pointer == int(threadIdx.x);
}
