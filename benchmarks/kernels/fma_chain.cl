// A kernel whose run time is set by its arguments: each work-item applies a
// dependent chain of `iterations` fused multiply-adds to its element. The
// pipeline balances it against a copy; the blocking-wait measure runs it
// for about a second.
__kernel void fma_chain(__global float *data, uint iterations, float scale, float offset) {
  uint i = get_global_id(0);
  float x = data[i];
  for (uint k = 0; k < iterations; ++k)
    x = fma(x, scale, offset);
  data[i] = x;
}
