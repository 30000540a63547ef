// A kernel whose __local variables take more than CUDA's static shared memory
// (46 KiB here, 48 KiB less the device library's scratch) declares them as
// references into dynamic shared memory, laid out in declaration order at
// their alignments; the metadata's local_variable_bytes tells the shim to put
// the __local arguments after them. Smaller kernels keep __shared__.
#define TILE 16384
// COMPILE: extern "C" __global__ void scan(float *data, unsigned int partial_local_offset, const __grid_constant__ clc::ndrange clc_ndrange) {
// READABLE: extern "C" __global__ void scan(float *data, size_t partial_bytes) {
// READABLE-NEXT: extern __shared__ __align__(128) unsigned char shared_memory[];
// READABLE-NEXT: float *partial = reinterpret_cast<float *>(shared_memory + 65568);
kernel void scan(global float *data, local float *partial) {
  // READABLE: float (&buffer)[TILE] = clc::local_variable<decltype(buffer)>(0);
  // COMPILE: float (&buffer)[16384] = clc::local_variable<decltype(buffer)>(0);
  __local float buffer[TILE];
  // CHECK: int (&count) = clc::local_variable<decltype(count)>(65536), (&flags)[3] = clc::local_variable<decltype(flags)>(65540);
  __local int count, flags[3];
  // CHECK: clc::double2 (&pair) = clc::local_variable<decltype(pair)>(65552);
  __local double2 pair;
  size_t l = get_local_id(0);
  buffer[l] = data[l];
  if (l == 0) {
    count = 1;
    flags[2] = 2;
    pair = (double2)(0.5);
  }
  partial[l] = buffer[l];
  barrier(CLK_LOCAL_MEM_FENCE);
  data[l] = buffer[TILE - 1 - l] + count + flags[2] + (float)pair.y + partial[0];
}
// METADATA: kernel "scan" "scan"
// METADATA-NEXT: local_variable_bytes 65568

// CHECK: __shared__ float small_tile[46 * 256];
kernel void fits(global float *data) {
  __local float small_tile[46 * 256];
  small_tile[get_local_id(0)] = data[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  data[1] = small_tile[3];
}
// METADATA: kernel "fits" "fits"
// METADATA-NEXT: arg name="data"

// A __local parameter written as an array is the pointer it decays to.
// COMPILE: extern "C" __global__ void array_parameter(float *out, unsigned int scratch_local_offset, const __grid_constant__ clc::ndrange clc_ndrange) {
// READABLE: extern "C" __global__ void array_parameter(float *out, size_t scratch_bytes) {
kernel void array_parameter(global float *out, local float scratch[100]) {
  // READABLE-NEXT: extern __shared__ __align__(128) unsigned char shared_memory[];
  // READABLE-NEXT: float *scratch = reinterpret_cast<float *>(shared_memory);
  // COMPILE-SAME: float *scratch = clc::local_arg<float>(scratch_local_offset);
  scratch[get_local_id(0)] = out[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[1] = scratch[3];
}
// (No kernel calls it: compile mode leaves it out, linkage.cl.)
// READABLE: __device__ float helper(float scratch[4]) {
float helper(local float scratch[4]) { return scratch[1]; }
