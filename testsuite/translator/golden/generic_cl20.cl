// RUN-OPTIONS: -cl-std=CL2.0
// METADATA: opencl_c_version 200
// OpenCL C 2.0: the generic address space, program-scope global variables
// (qualified or not), and address-space casts.
// CHECK: __device__ int counter = 0;
global int counter = 0;
// CHECK: __device__ float accumulated[4];
float accumulated[4];
// CHECK: static __device__ int hidden;
static global int hidden;

// CHECK: __device__ float first(float *p) { return p[0]; }
float first(float *p) { return p[0]; }

kernel void generic_pointers(global float *out, local float *scratch) {
  // CHECK: float *any = out;
  float *any = out;
  scratch[0] = 1.0f;
  // CHECK: float *back = clc::to_global(any);
  global float *back = to_global(any);
  // CHECK: float *local_again = (float *)(scratch);
  local float *local_again = (local float *)(scratch);
  // CHECK: out[0] = first(any) + first(scratch) + (clc::to_local(scratch) != 0) + counter + hidden;
  out[0] = first(any) + first(scratch) + (to_local(scratch) != 0) + counter + hidden;
  accumulated[0] += *local_again + *back;
  counter++;
}
// METADATA: global_variable "counter" 4
// METADATA-NEXT: global_variable "accumulated" 16
// METADATA-NEXT: global_variable "hidden" 4

