// What a launch costs when the GPU has nothing to do.
__kernel void empty(void) {}
