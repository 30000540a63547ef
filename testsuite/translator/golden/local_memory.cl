// __local arguments become offsets into dynamic shared memory (compile mode)
// or sizes in bytes, the pointers laid out one after another in `extern
// __shared__` memory (readable mode); __local variables become __shared__.
// COMPILE: extern "C" __global__ void local_memory(float *out, unsigned int scratch_local_offset, unsigned int counts_local_offset, const __grid_constant__ clc::ndrange clc_ndrange) {
// READABLE: extern "C" __global__ void local_memory(float *out, size_t scratch_bytes, size_t counts_bytes) {
kernel void local_memory(global float *out, local float *scratch, __local uint4 *counts) {
  // READABLE-NEXT: extern __shared__ __align__(128) unsigned char shared_memory[];
  // READABLE-NEXT: float *scratch = reinterpret_cast<float *>(shared_memory);
  // READABLE-NEXT: size_t counts_offset = (scratch_bytes + alignof(clc::uint4) - 1) / alignof(clc::uint4) * alignof(clc::uint4);
  // READABLE-NEXT: clc::uint4 *counts = reinterpret_cast<clc::uint4 *>(shared_memory + counts_offset);
  // COMPILE-SAME: float *scratch = clc::local_arg<float>(scratch_local_offset); clc::uint4 *counts = clc::local_arg<clc::uint4>(counts_local_offset);
  // CHECK: __shared__ float tile[16][16];
  __local float tile[16][16];
  // CHECK: __shared__ int flag;
  local int flag;
  size_t l = get_local_id(0);
  scratch[l] = out[l];
  counts[l] = (uint4)(1);
  tile[l][0] = scratch[l];
  // CHECK: float *p = &tile[l][0];
  __local float *p = &tile[l][0];
  if (l == 0)
    flag = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[l] = *p + counts[0].x + flag;
}
// METADATA: arg name="scratch" type="float*" kind=local_pointer address=local access=none qualifiers=none size=4 align=4
// METADATA-NEXT: arg name="counts" type="uint4*" kind=local_pointer address=local access=none qualifiers=none size=4 align=16
