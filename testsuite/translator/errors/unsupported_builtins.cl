// EXPECT-STATUS: 1
// RUN-OPTIONS: -cl-std=CL2.0
// Builtins clcuda does not implement are errors where they are called.
kernel void seq_cst_atomics(global int *p, global atomic_int *a) {
  atomic_store(a, p[1]);
  p[1] = atomic_load(a);
}
// LOG: unsupported_builtins.cl:5:3: error: 'atomic_store' is not supported by clcuda: The forms without _explicit
// LOG: unsupported_builtins.cl:6:10: error: 'atomic_load' is not supported by clcuda: The forms without _explicit
