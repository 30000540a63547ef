// A pointer cast to a narrower integer truncates in C; C++ rejects it, so the
// pointer goes through a 64-bit integer first (test_vectors vec_align_*).
typedef struct { char pre[5]; char2 vec; } padded;

kernel void addresses(global char2 *source, global uint *dest, global padded *records) {
  int tid = get_global_id(0);
  // CHECK: dest[tid] = (uint)(unsigned long long)((uchar *)(source+tid));
  dest[tid] = (uint)((global uchar *)(source+tid));
  // CHECK: dest[tid] += (uint)(unsigned long long)((uchar *)&(records[tid].vec));
  dest[tid] += (uint)((global uchar *)&(records[tid].vec));
  private padded local_copy;
  // CHECK: dest[tid] += (uint)(unsigned long long)(&local_copy.vec);
  dest[tid] += (uint)(&local_copy.vec);
  // A cast to a 64-bit integer is valid C++ as written.
  // CHECK: dest[tid] += (ulong)(source + 1) - (ulong)source;
  dest[tid] += (ulong)(source + 1) - (ulong)source;
  // CHECK: dest[tid] += (uint)((uchar *)&local_copy.vec - (uchar *)&local_copy);
  dest[tid] += (uint)((uchar *)&local_copy.vec - (uchar *)&local_copy);
  // A pointer to a string literal, an array of __constant chars, converted
  // (the translator hung on it: found by its fuzz target).
  // CHECK: const char *text = (char *)&"abc";
  constant char *text = &"abc";
  dest[tid] += text[tid % 4];
}
