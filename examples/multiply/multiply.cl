// C[i] = A[i] * B[0]: one scalar factor per run, read from a buffer.
__kernel void multiply(__global float *A, __global float *B, __global float *C) {
  size_t i = get_global_id(0);
  C[i] = A[i] * B[0];
}
