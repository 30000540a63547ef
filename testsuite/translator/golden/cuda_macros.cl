// Readable output is compiled again as CUDA, where __CUDACC__, __CUDA_ARCH__,
// __cplusplus... are defined: a conditional that tests one is written as the
// value it had in OpenCL C, so the same branches are taken (hashcat's
// inc_vendor.h picks its CUDA definitions with #elif defined __CUDACC__).
// MODES: readable
#if defined __METAL__
#define KERNEL_FQ kernel
#elif defined __CUDACC__ /* a comment that
                           goes on */
#define KERNEL_FQ extern "C" __global__
#else
#define KERNEL_FQ __kernel
#endif
// CHECK: #if defined __METAL__
// CHECK: #elif 0 /* cl2cuda: "#elif defined __CUDACC__" is false in OpenCL C; CUDA defines __CUDACC__ */ /* a comment that
// CHECK-NEXT: goes on */
// CHECK: #else
#ifndef __cplusplus
#define SCALE 2
#endif
// CHECK: #if 1 /* cl2cuda: "#ifndef __cplusplus" is true in OpenCL C; CUDA defines __cplusplus */
#ifdef __CUDA_ARCH__
#error compiled as CUDA
#endif
// CHECK: #if 0 /* cl2cuda: "#ifdef __CUDA_ARCH__" is false in OpenCL C; CUDA defines __CUDA_ARCH__ */
#if __CUDA_ARCH__ >= 700 || \
    defined(__NVCC__)
#error compiled as CUDA
#endif
// CHECK: #if 0 /* cl2cuda: "#if __CUDA_ARCH__ >= 700 || \
// CHECK-NEXT: defined(__NVCC__)" is false in OpenCL C; CUDA defines __CUDA_ARCH__ */

// CHECK: KERNEL_FQ extern "C" __global__ void cuda_macros(
KERNEL_FQ void cuda_macros(global int *out) { out[get_global_id(0)] = SCALE; }
