#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
// Global atomics under contention: the results do not depend on the order.
kernel void atomics(global int *counters, global uint *bits, global long *wide) {
  int id = (int)get_global_id(0);
  atomic_add(&counters[0], id);
  atomic_inc(&counters[1]);
  atomic_sub(&counters[2], 2);
  atomic_min(&counters[3], 1000 - id);
  atomic_max(&counters[4], id * 3);
  atom_dec(&counters[5]);
  atomic_or(&bits[0], 1u << (id & 31));
  atomic_and(&bits[1], ~(1u << (id & 31)));
  atomic_xor(&bits[2], (uint)id);
  atomic_cmpxchg(&counters[6], 0, 1); // the first one wins, whichever it is
  atom_add(&wide[0], (long)id << 33);
}
