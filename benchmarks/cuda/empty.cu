// What a launch costs when the GPU has nothing to do.
extern "C" __global__ void empty() {}
