// RUN-OPTIONS: -cl-std=CL3.0
// Work-group collectives (OpenCL C 3.0 with
// __opencl_c_work_group_collective_functions), one kernel per type. Each
// work-item writes ten results, the collectives called back to back so that
// one call's scratch must not leak into the next.
// CHECK: #include <clc/workgroup.h>
// CHECK: out[10 * i] = clc::work_group_reduce_add(v);
// CHECK: clc::work_group_scan_exclusive_max(v);
// CHECK: clc::work_group_broadcast(v, clc::get_local_size(0) - 1, clc::get_local_size(1) - 1, clc::get_local_size(2) - 1);
// CHECK: out[2 * i] = clc::work_group_all(v >= 0);
#define COLLECTIVES(T)                                                                             \
  kernel void collectives_##T(global const T *in, global T *out) {                                 \
    size_t i = get_global_linear_id();                                                             \
    T v = in[i];                                                                                   \
    out[10 * i] = work_group_reduce_add(v);                                                        \
    out[10 * i + 1] = work_group_reduce_min(v);                                                    \
    out[10 * i + 2] = work_group_reduce_max(v);                                                    \
    out[10 * i + 3] = work_group_scan_inclusive_add(v);                                            \
    out[10 * i + 4] = work_group_scan_exclusive_add(v);                                            \
    out[10 * i + 5] = work_group_scan_inclusive_min(v);                                            \
    out[10 * i + 6] = work_group_scan_exclusive_min(v);                                            \
    out[10 * i + 7] = work_group_scan_inclusive_max(v);                                            \
    out[10 * i + 8] = work_group_scan_exclusive_max(v);                                            \
    if (get_work_dim() == 1)                                                                       \
      out[10 * i + 9] = work_group_broadcast(v, get_local_size(0) - 1);                            \
    else if (get_work_dim() == 2)                                                                  \
      out[10 * i + 9] = work_group_broadcast(v, get_local_size(0) - 1, get_local_size(1) - 1);     \
    else                                                                                           \
      out[10 * i + 9] = work_group_broadcast(v, get_local_size(0) - 1, get_local_size(1) - 1,      \
                                             get_local_size(2) - 1);                               \
  }
COLLECTIVES(int)
COLLECTIVES(uint)
COLLECTIVES(long)
COLLECTIVES(ulong)
COLLECTIVES(float)
COLLECTIVES(double)

kernel void votes(global const int *in, global int *out) {
  size_t i = get_global_linear_id();
  int v = in[i];
  out[2 * i] = work_group_all(v >= 0);
  out[2 * i + 1] = work_group_any(v == 7);
}
