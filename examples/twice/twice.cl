// Doubles every element in place.
__kernel void twice(__global float *data, uint count) {
  size_t i = get_global_id(0);
  if (i < count)
    data[i] = 2.0f * data[i];
}
