// Atomics (1.1 atomic_ and 1.0 atom_ names, global and local, 32 and 64
// bits), async copies, prefetch, shuffles.
// CHECK: #include <clc/async.h>
// CHECK: #include <clc/atomic.h>
// CHECK: #include <clc/misc.h>
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
// READABLE-NOT: #pragma OPENCL
kernel void atomics(global int *counter, global uint *bins, global long *big, local int *shared,
                    global float *data, global uint4 *perm) {
  // CHECK: int old = clc::atomic_add(counter, 1);
  int old = atomic_add(counter, 1);
  // CHECK: clc::atomic_inc(&bins[old & 7]);
  atomic_inc(&bins[old & 7]);
  // CHECK: clc::atomic_inc(counter);
  atom_inc(counter);
  // CHECK: clc::atomic_cmpxchg(counter, 5, 6);
  atomic_cmpxchg(counter, 5, 6);
  // CHECK: clc::atomic_max(&shared[0], old);
  atomic_max(&shared[0], old);
  // CHECK: clc::atomic_add(big, 1L);
  atom_add(big, 1L);
  // CHECK: float prev = clc::atomic_xchg(data, 2.0f);
  float prev = atomic_xchg(data, 2.0f);
  // CHECK: __shared__ float tile[64];
  __local float tile[64];
  // CHECK: clc::event_t e = clc::async_work_group_copy(tile, data, 64, 0);
  event_t e = async_work_group_copy(tile, data, 64, 0);
  // CHECK: clc::wait_group_events(1, &e);
  wait_group_events(1, &e);
  // CHECK: clc::prefetch(data, 64);
  prefetch(data, 64);
  e = async_work_group_strided_copy(data, tile, 16, 4, 0);
  wait_group_events(1, &e);
  // CHECK: perm[1] = clc::shuffle(perm[0], clc::uint4(3, 2, 1, 0)) + clc::shuffle2(perm[0], perm[2], perm[3]);
  perm[1] = shuffle(perm[0], (uint4)(3, 2, 1, 0)) + shuffle2(perm[0], perm[2], perm[3]);
  data[1] = prev + tile[0];
}
