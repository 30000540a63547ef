// The OpenCL C twin of spirv/atomics.spvasm (exec_spirv_test.cpp): results
// that do not depend on the order of the atomics.
// COMPILE: clc::atomic_inc(&bins[v & 15]);
__kernel void atomics(__global const int *values, __global uint *bins, __global int *maximum) {
  size_t i = get_global_id(0);
  int v = values[i];
  atomic_inc(&bins[v & 15]);
  atomic_max(maximum, v);
  atomic_cmpxchg(&bins[16], 0u, 1u);
}
