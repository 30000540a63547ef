// Readable mode writes kernels as a CUDA programmer would: work-item
// functions as CUDA's built-in variables, exact in their context, and no
// NDRange parameter unless a work-item call needs more than those carry.
// RUN-OPTIONS: -cl-std=CL2.0
#define DIMENSION 1

// A 32-bit context keeps the 32-bit arithmetic; a size_t one takes the
// widening cast; a small value read as it is needs no cast.
// READABLE: extern "C" __global__ void plain(float *out, long *wide, uint n) {
// COMPILE: extern "C" __global__ void plain(float *out, long *wide, uint n, const __grid_constant__ clc::ndrange clc_ndrange) {
kernel void plain(global float *out, global long *wide, uint n) {
  // READABLE: int i = blockIdx.x * blockDim.x + threadIdx.x;
  int i = get_global_id(0);
  // READABLE: size_t j = (size_t)blockIdx.y * blockDim.y + threadIdx.y;
  size_t j = get_global_id(DIMENSION);
  // READABLE: size_t lid = threadIdx.x;
  size_t lid = get_local_id(0);
  // READABLE: if (((size_t)blockIdx.x * blockDim.x + threadIdx.x) >= n)
  if (get_global_id(0) >= n)
    return;
  // A wrapping difference is 64-bit in OpenCL: the cast keeps it so.
  // READABLE: wide[i] = (size_t)threadIdx.x - 1;
  wide[i] = get_local_id(0) - 1;
  // READABLE: uint row = blockIdx.y * 16 + threadIdx.y;
  uint row = get_group_id(1) * 16 + get_local_id(1);
  // A builtin's overloads see the argument's type: size_t stays.
  // READABLE: out[i] = clc::min((size_t)threadIdx.x, j) + blockDim.x / 2 + gridDim.z;
  out[i] = min(get_local_id(0), j) + get_local_size(0) / 2 + get_num_groups(2);
  // READABLE: out[row] = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  out[row] = get_local_linear_id();
}

// A helper reads the launch's shape: plain where its callers are.
// READABLE: __device__ size_t flat(void) { return (size_t)blockIdx.x * blockDim.x + threadIdx.x; }
size_t flat(void) { return get_global_id(0); }
// READABLE: extern "C" __global__ void uses_flat(float *out) {
kernel void uses_flat(global float *out) { out[flat()] = 1.0f; }

// get_global_offset needs the NDRange; so does everything that kernel calls
// that reads the launch's shape, and every other caller of those.
// READABLE: __device__ size_t shared_row(const clc::ndrange &clc_ndrange) { return clc::get_global_id(clc_ndrange, 1); }
size_t shared_row(void) { return get_global_id(1); }
// READABLE: // cl2cuda: clc_ndrange, the last parameter, is the NDRange OpenCL launches: get_global_offset needs more than CUDA's built-in variables carry
// READABLE-NEXT: extern "C" __global__ void offset(float *out, const __grid_constant__ clc::ndrange clc_ndrange) {
kernel void offset(global float *out) {
  // READABLE: out[shared_row(clc_ndrange)] = clc::get_global_offset(clc_ndrange, 0) + threadIdx.x;
  out[shared_row()] = get_global_offset(0) + get_local_id(0);
}
// READABLE: // cl2cuda: clc_ndrange, the last parameter, is the NDRange OpenCL launches: get_global_offset needs
// READABLE-NEXT: extern "C" __global__ void row_only(float *out, const __grid_constant__ clc::ndrange clc_ndrange) {
kernel void row_only(global float *out) { out[shared_row()] = 0.0f; }

// A dimension that is no constant: the library's function, and the NDRange.
// READABLE: // cl2cuda: clc_ndrange, the last parameter, is the NDRange OpenCL launches: get_global_id needs
// READABLE-NEXT: extern "C" __global__ void any_dimension(float *out, uint d, const __grid_constant__ clc::ndrange clc_ndrange) {
kernel void any_dimension(global float *out, uint d) {
  // READABLE: out[clc::get_global_id(clc_ndrange, d)] = clc::get_local_size(d);
  out[get_global_id(d)] = get_local_size(d);
}
