// GNU's binary conditional, against the reference: a zero and a nonzero
// first operand, and one with a side effect, evaluated once (each counter
// ends one higher).
int bump(global int *counter) { return (*counter)++; }
kernel void binary_conditional(global int *out, global const int *in, global int *counters) {
  size_t i = get_global_id(0);
  int value = in[i];
  out[3 * i] = value ?: -7;
  out[3 * i + 1] = (value & 1) ?: (int)i;
  out[3 * i + 2] = bump(&counters[i]) ?: 100;
}
