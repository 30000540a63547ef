// Volatile vectors, as cl2cuda translates them: the pattern of the CTS's
// test_basic progvar_prog_scope_init (a program-scope volatile pointer to a
// vector, assigned through), for every type and width, plus copies from a
// volatile vector, component access, swizzle reads and compound assignment.
// vec must stay trivially copyable: kernel arguments and as_type need it.
#include <clc/core.h>

template <class T, int N> __device__ void volatileVectors(void *buffer, unsigned int idx) {
  typedef clc::vec<T, N> V;
  static_assert(__is_trivially_copyable(V), "vec stays trivially copyable");
  V *values = static_cast<V *>(buffer);
  volatile V *p = values + idx;
  *p = values[0]; // volatile V = V
  *p = T(1);      // volatile V = scalar
  V copy = *p;    // V from volatile V
  volatile V local_copy = values[1];
  local_copy = *p;   // volatile V = volatile V
  copy = local_copy; // V = volatile V
  *p += copy;        // compound assignment of a volatile V
  *p *= T(2);
  clc::swizzle_ref<0>(*p) = T(3); // p->x = 3
  (*p)[1] = T(4);
  T first = clc::swizzle<0>(*p);                // p->x
  clc::vec<T, 2> pair = clc::swizzle<1, 0>(*p); // p->yx
  values[2] = copy + V(first) + V(pair.y) + V(local_copy[1]);
}

template <class T> __device__ void allWidths(void *buffer, unsigned int idx) {
  volatileVectors<T, 2>(buffer, idx);
  volatileVectors<T, 3>(buffer, idx);
  volatileVectors<T, 4>(buffer, idx);
  volatileVectors<T, 8>(buffer, idx);
  volatileVectors<T, 16>(buffer, idx);
}

extern "C" __global__ void volatile_all_types(void *buffer, unsigned int idx) {
  allWidths<char>(buffer, idx);
  allWidths<uchar>(buffer, idx);
  allWidths<short>(buffer, idx);
  allWidths<ushort>(buffer, idx);
  allWidths<int>(buffer, idx);
  allWidths<uint>(buffer, idx);
  allWidths<long>(buffer, idx);
  allWidths<ulong>(buffer, idx);
  allWidths<float>(buffer, idx);
  allWidths<double>(buffer, idx);
}

// The CTS kernels themselves, translated (long8 shown; the CTS builds every
// type and width).
__device__ clc::long8 from_buf(clc::long8 a) { return a; }
__device__ clc::long8 g_var = clc::long8(1);
__device__ clc::long8 a_var[2] = {clc::long8(1), clc::long8(1)};
__device__ volatile clc::long8 *p_var = &a_var[1];

extern "C" __global__ void writer(clc::long8 *src, uint idx) {
  g_var = from_buf(src[1]);
  a_var[0] = from_buf(src[2]);
  a_var[1] = from_buf(src[3]);
  p_var = a_var + idx;
}

extern "C" __global__ void reader(clc::long8 *dest, clc::long8 ptr_write_val) {
  *p_var = from_buf(ptr_write_val);
  dest[0] = g_var;
  dest[1] = a_var[0];
  dest[2] = a_var[1];
}
