// Every operator of clc::vec for every OpenCL element type and width, with
// the result types OpenCL gives (OpenCL C 6.3): component-wise arithmetic with
// scalar widening on either side, comparisons and logical operators giving
// -1/0 in the signed integer type of the component's size.
#include <clc/core.h>

template <class T, class U> struct same_type { static constexpr bool value = false; };
template <class T> struct same_type<T, T> { static constexpr bool value = true; };
#define EXPECT_TYPE(type, ...)                                                                     \
  static_assert(same_type<decltype(__VA_ARGS__), type>::value, #__VA_ARGS__)

// The component type of a comparison's result (OpenCL C 6.3.d).
template <class T> struct mask_of;
template <> struct mask_of<char> { typedef char type; };
template <> struct mask_of<uchar> { typedef char type; };
template <> struct mask_of<short> { typedef short type; };
template <> struct mask_of<ushort> { typedef short type; };
template <> struct mask_of<int> { typedef int type; };
template <> struct mask_of<uint> { typedef int type; };
template <> struct mask_of<long> { typedef long type; };
template <> struct mask_of<ulong> { typedef long type; };
template <> struct mask_of<float> { typedef int type; };
template <> struct mask_of<double> { typedef long type; };

template <class T, int N> __device__ void arithmetic(void *buffer, T s) {
  typedef clc::vec<T, N> V;
  V *out = static_cast<V *>(buffer);
  typedef clc::vec<typename mask_of<T>::type, N> M;
  V a = out[0], b = out[1];
  EXPECT_TYPE(V, a + b);
  EXPECT_TYPE(V, a - s);
  EXPECT_TYPE(V, s * a);
  EXPECT_TYPE(V, a / b);
  EXPECT_TYPE(V, a + 1);
  EXPECT_TYPE(V, 2 * a);
  EXPECT_TYPE(V, -a);
  EXPECT_TYPE(V, +a);
  EXPECT_TYPE(M, a == b);
  EXPECT_TYPE(M, a != s);
  EXPECT_TYPE(M, s < a);
  EXPECT_TYPE(M, a > b);
  EXPECT_TYPE(M, a <= b);
  EXPECT_TYPE(M, a >= 1);
  EXPECT_TYPE(M, a && b);
  EXPECT_TYPE(M, a || s);
  EXPECT_TYPE(M, !a);
  EXPECT_TYPE(V &, a += b);
  EXPECT_TYPE(V &, ++a);
  EXPECT_TYPE(V, a++);
  a += b;
  a -= s;
  a *= 2;
  a /= b;
  ++a;
  a--;
  a = s;
  out[2] = a;
  out[3] = V(s) + V(a == b);
  M m = (a < b) && (a != b);
  out[4] = a[0] == b[0] ? a : V(m);
}

template <class T, int N> __device__ void integer(void *buffer, T s, int count) {
  typedef clc::vec<T, N> V;
  V *out = static_cast<V *>(buffer);
  V a = out[0], b = out[1];
  EXPECT_TYPE(V, a % b);
  EXPECT_TYPE(V, a & s);
  EXPECT_TYPE(V, s | a);
  EXPECT_TYPE(V, a ^ b);
  EXPECT_TYPE(V, ~a);
  EXPECT_TYPE(V, a << b);
  EXPECT_TYPE(V, a >> count);
  typedef clc::vec<int, N> Counts;
  EXPECT_TYPE(V, a << Counts(count));
  a %= b;
  a &= s;
  a |= b;
  a ^= 3;
  a <<= count;
  a >>= b;
  out[5] = a;
}

#define FOR_WIDTHS(T, test, ...)                                                                   \
  test<T, 2>(__VA_ARGS__);                                                                         \
  test<T, 3>(__VA_ARGS__);                                                                         \
  test<T, 4>(__VA_ARGS__);                                                                         \
  test<T, 8>(__VA_ARGS__);                                                                         \
  test<T, 16>(__VA_ARGS__)

template <class T> __device__ void integers(void *out, T s, int count) {
  FOR_WIDTHS(T, arithmetic, out, s);
  FOR_WIDTHS(T, integer, out, s, count);
}

extern "C" __global__ void operators(void *out, int count) {
  integers<char>(out, 1, count);
  integers<uchar>(out, 1, count);
  integers<short>(out, 1, count);
  integers<ushort>(out, 1, count);
  integers<int>(out, 1, count);
  integers<uint>(out, 1, count);
  integers<long>(out, 1, count);
  integers<ulong>(out, 1, count);
  FOR_WIDTHS(float, arithmetic, out, 1.5f);
  FOR_WIDTHS(double, arithmetic, out, 1.5);
}
