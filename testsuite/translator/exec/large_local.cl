// __local arrays past CUDA's 48 KiB of static shared memory, in two kernels
// of one program: each kernel's go into dynamic shared memory, before its
// __local argument. Compilers make them module-scope Workgroup variables,
// which the SPIR-V front end lays out per kernel the same way.
#define WIDE 16384 /* floats: 64 KiB */
kernel void reverse_wide(global float *data, local float *scratch) {
  local float tile[WIDE];
  const size_t i = get_local_id(0), n = get_local_size(0);
  for (size_t k = i; k < WIDE; k += n)
    tile[k] = data[k];
  barrier(CLK_LOCAL_MEM_FENCE);
  scratch[i] = tile[WIDE - 1 - i];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t k = i; k < WIDE; k += n)
    data[k] = tile[WIDE - 1 - k] + scratch[(i + 1) % n];
}
kernel void sum_small(global float *data, local float *scratch) {
  local float partial[256];
  const size_t i = get_local_id(0);
  partial[i] = data[i];
  scratch[i] = 1.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  data[i] = partial[(i + 1) % get_local_size(0)] + scratch[i];
}
