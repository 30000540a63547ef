// A kernel called from another kernel, helpers that need the NDRange, and
// two __local arguments of different alignments.
int index_of(void) { return (int)get_global_id(0); }
kernel void fill(global int *out, int value, local uchar *tag, local int4 *scratch) {
  tag[get_local_id(0)] = (uchar)value;
  scratch[get_local_id(0)] = (int4)(value);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[index_of()] = tag[get_local_id(0)] + scratch[(get_local_id(0) + 1) % get_local_size(0)].w;
}
kernel void twice(global int *out, int value, local uchar *tag, local int4 *scratch) {
  fill(out, value * 2, tag, scratch);
}
