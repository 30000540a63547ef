// A whole program's helper functions get internal linkage in compile mode,
// so NVRTC generates no code for those no kernel calls (hashcat includes
// thousands); readable mode keeps the linkage as written. A function some
// declaration of which says `extern`, or that is `static` already, keeps
// its storage class. (clCompileProgram units keep external linkage:
// api_test's OnlyWholeProgramsGiveHelpersInternalLinkage.)
// COMPILE: static __device__ int unused(int x);
// READABLE: {{^}}__device__ int unused(int x);
int unused(int x);
// COMPILE: static __device__ int unused(int x) { return x + 1; }
// READABLE: {{^}}__device__ int unused(int x) { return x + 1; }
int unused(int x) { return x + 1; }
// COMPILE: static __device__ inline float twice(float x) { return 2.0f * x; }
// READABLE: {{^}}__device__ inline float twice(float x) { return 2.0f * x; }
inline float twice(float x) { return 2.0f * x; }
// CHECK: {{^}}__device__ static float half_of(float x) { return 0.5f * x; }
static float half_of(float x) { return 0.5f * x; }
// CHECK: {{^}}__device__ extern float thrice(float x);
extern float thrice(float x);
// CHECK: {{^}}__device__ float thrice(float x) { return 3.0f * x; }
float thrice(float x) { return 3.0f * x; }

// CHECK: extern "C" __global__ void scale(float *data, const __grid_constant__ clc::ndrange clc_ndrange) {
kernel void scale(global float *data) {
  size_t i = get_global_id(0);
  data[i] = twice(half_of(thrice(data[i])));
}
