// 256-bin histograms of bytes: each work-group counts into a local histogram
// with local atomics, then adds it to the global one with global atomics.
#define BINS 256

#define HISTOGRAM_KERNEL(name, increment, add)                                                     \
  __kernel void name(__global const uchar *data, uint count, __global uint *histogram) {           \
    __local uint bins[BINS];                                                                       \
    for (uint b = get_local_id(0); b < BINS; b += get_local_size(0))                               \
      bins[b] = 0;                                                                                 \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                  \
    for (size_t i = get_global_id(0); i < count; i += get_global_size(0))                          \
      increment(&bins[data[i]]);                                                                   \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                  \
    for (uint b = get_local_id(0); b < BINS; b += get_local_size(0))                               \
      if (bins[b] != 0)                                                                            \
        add(&histogram[b], bins[b]);                                                               \
  }

HISTOGRAM_KERNEL(histogram_atomic, atomic_inc, atomic_add)

// The same with the OpenCL 1.0 extension functions.
#pragma OPENCL EXTENSION cl_khr_local_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
HISTOGRAM_KERNEL(histogram_atom, atom_inc, atom_add)
