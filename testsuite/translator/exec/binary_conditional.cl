// GNU's binary conditional, against the reference: a zero and a nonzero
// first operand, one with a side effect, evaluated once (each counter ends
// one higher), and a vector one (per component, by its most significant
// bit, as OpenCL's vector ?: chooses).
int bump(global int *counter) { return (*counter)++; }
kernel void binary_conditional(global int *out, global const int *in, global int *counters) {
  size_t i = get_global_id(0);
  int value = in[i];
  out[4 * i] = value ?: -7;
  out[4 * i + 1] = (value & 1) ?: (int)i;
  out[4 * i + 2] = bump(&counters[i]) ?: 100;
  int4 chosen = (int4)(value, -value, value & 1, -(int)i) ?: (int4)(5, 6, 7, 8);
  out[4 * i + 3] = chosen.x + 3 * chosen.y + 5 * chosen.z + 7 * chosen.w;
}
