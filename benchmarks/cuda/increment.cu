// A small kernel for the command-buffer measure: what a launch costs when
// the work is tiny. Each thread adds 1 to its own element, so the buffer
// counts the launches that ran.
extern "C" __global__ void increment(unsigned *counts) {
  counts[blockIdx.x * blockDim.x + threadIdx.x] += 1u;
}
