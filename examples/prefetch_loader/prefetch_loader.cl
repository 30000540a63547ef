// Per-element work on a loaded batch: scramble each word `rounds` times.
__kernel void process_batch(__global const uint *in, __global uint *out, uint rounds) {
  size_t i = get_global_id(0);
  uint x = in[i];
  for (uint r = 0; r < rounds; ++r)
    x = rotate(x, 7u) ^ (x * 0x9e3779b1u) ^ popcount(x);
  out[i] = x;
}
