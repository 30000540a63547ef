// A compute-bound integer transform: `rounds` xorshift-multiply steps per element.
__kernel void mix_rounds(__global const uint *in, __global uint *out, uint rounds) {
  size_t i = get_global_id(0);
  uint x = in[i];
  for (uint r = 0; r < rounds; ++r) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    x = x * 2654435761u + r;
  }
  out[i] = x;
}
