// A whole program's helper functions get internal linkage in compile mode,
// and those no kernel calls, directly or not, are left out, so NVRTC never
// parses them (hashcat includes hundreds); readable mode keeps every
// function with the linkage written. A function some declaration of which
// says `extern`, or that is `static` already, keeps its storage class.
// (clCompileProgram units keep everything, with external linkage:
// api_test's OnlyWholeProgramsGiveHelpersInternalLinkage.)
// READABLE: {{^}}__device__ int unused_leaf(int x);
// READABLE: {{^}}__device__ int unused(int x);
// COMPILE-NOT: unused
int unused_leaf(int x);
int unused(int x);
// READABLE: {{^}}__device__ int unused(int x) { return unused_leaf(x) + 1; }
int unused(int x) { return unused_leaf(x) + 1; }
// COMPILE: static __device__ inline float twice(float x) { return 2.0f * x; }
// READABLE: {{^}}__device__ inline float twice(float x) { return 2.0f * x; }
inline float twice(float x) { return 2.0f * x; }
// CHECK: {{^}}__device__ static float half_of(float x) { return 0.5f * x; }
static float half_of(float x) { return 0.5f * x; }
// CHECK: {{^}}__device__ extern float thrice(float x);
extern float thrice(float x);
// CHECK: {{^}}__device__ float thrice(float x) { return 3.0f * x; }
float thrice(float x) { return 3.0f * x; }
// READABLE: {{^}}__device__ int unused_leaf(int x) { return x; }
int unused_leaf(int x) { return x; }
// COMPILE-NOT: unused

// COMPILE: extern "C" __global__ void scale(float *data, const __grid_constant__ clc::ndrange clc_ndrange) {
// READABLE: extern "C" __global__ void scale(float *data) {
kernel void scale(global float *data) {
  size_t i = get_global_id(0);
  data[i] = twice(half_of(thrice(data[i])));
}
