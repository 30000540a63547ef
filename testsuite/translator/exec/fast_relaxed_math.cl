// Built with -cl-fast-relaxed-math (NVRTC's --use_fast_math): pow is still
// defined for a negative base and an integer exponent (OpenCL C 3.0, 7.4),
// which Rodinia's particlefilter relies on to square differences.
kernel void relaxed_pow(global const float *x, global float *powers) {
  size_t i = get_global_id(0);
  float v = x[i];
  powers[8 * i] = pow(v, 2.0f);
  powers[8 * i + 1] = pow(v, 3.0f);
  powers[8 * i + 2] = pow(v, -2.0f);
  powers[8 * i + 3] = pown(v, 3);
  powers[8 * i + 4] = pow(fabs(v) + 0.5f, 1.7f);
  float2 pair = pow((float2)(v, -v), (float2)(2.0f, 5.0f));
  powers[8 * i + 5] = pair.x;
  powers[8 * i + 6] = pair.y;
  powers[8 * i + 7] = pow((float)((int)(v * 10.0f) - 100), 2) - pow((float)((int)(v * 10.0f) - 228), 2);
}
