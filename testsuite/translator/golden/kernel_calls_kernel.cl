// A kernel called from another kernel gets a __device__ body; its entry
// point stays an extern "C" __global__ wrapper under the kernel's name.
// COMPILE: __device__ void fill_body(float *out, float value, float *scratch, const clc::ndrange &clc_ndrange) {
// READABLE: __device__ void fill_body(float *out, float value, float *scratch) {
kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fill(global float *out, float value, local float *scratch) {
  scratch[get_local_id(0)] = value;
  out[get_global_id(0)] = scratch[get_local_id(0)];
}
// COMPILE: extern "C" __global__ __launch_bounds__(64) void fill(float *out, float value, unsigned int scratch_local_offset, const __grid_constant__ clc::ndrange clc_ndrange) {
// COMPILE-NEXT: fill_body(out, value, clc::local_arg<float>(scratch_local_offset), clc_ndrange);
// COMPILE-NEXT: }
// READABLE: extern "C" __global__ __launch_bounds__(64) void fill(float *out, float value, size_t scratch_bytes) {
// READABLE-NEXT: extern __shared__ __align__(128) unsigned char shared_memory[];
// READABLE-NEXT: float *scratch = reinterpret_cast<float *>(shared_memory);
// READABLE-NEXT: fill_body(out, value, scratch);
// READABLE-NEXT: }

// COMPILE: extern "C" __global__ void twice(float *out, unsigned int scratch_local_offset, const __grid_constant__ clc::ndrange clc_ndrange) {
// READABLE: extern "C" __global__ void twice(float *out, size_t scratch_bytes) {
kernel void twice(global float *out, local float *scratch) {
  // COMPILE: fill_body(out, 1.0f, scratch, clc_ndrange);
  // READABLE: fill_body(out, 1.0f, scratch);
  fill(out, 1.0f, scratch);
  fill(out, 2.0f, scratch);
}
// METADATA: kernel "fill" "fill"
// METADATA-NEXT: reqd_work_group_size 64 1 1
// METADATA: kernel "twice" "twice"
