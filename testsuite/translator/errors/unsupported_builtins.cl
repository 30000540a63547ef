// EXPECT-STATUS: 1
// RUN-OPTIONS: -cl-std=CL2.0
// Builtins clcuda does not implement are errors where they are called.
kernel void collectives(global int *p, global atomic_int *a) {
  p[0] = work_group_reduce_add(p[1]);
  p[1] = atomic_load(a);
}
// LOG: unsupported_builtins.cl:5:10: error: 'work_group_reduce_add' is not supported by clcuda: __opencl_c_work_group_collective_functions is not claimed.
// LOG: unsupported_builtins.cl:6:10: error: 'atomic_load' is not supported by clcuda: The forms without _explicit
