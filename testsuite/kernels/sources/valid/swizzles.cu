// Swizzles as translated code spells them: clc::swizzle<i...>(v) reads (a
// scalar for one component), clc::swizzle_ref<i...>(v) writes through with
// =, op=, ++ and --; the named components x y z w / s0..sf; .lo .hi .even .odd
// of a 3-vector reach its 4th (padding) component. For every element type.
#include <clc/core.h>

template <class T, class U> struct same_type { static constexpr bool value = false; };
template <class T> struct same_type<T, T> { static constexpr bool value = true; };
#define EXPECT_TYPE(type, ...)                                                                     \
  static_assert(same_type<decltype(__VA_ARGS__), type>::value, #__VA_ARGS__)

template <class T> __device__ void swizzles(void *buffer) {
  typedef clc::vec<T, 2> V2;
  typedef clc::vec<T, 3> V3;
  typedef clc::vec<T, 4> V4;
  typedef clc::vec<T, 8> V8;
  typedef clc::vec<T, 16> V16;
  V16 *out = static_cast<V16 *>(buffer);
  V2 v2 = clc::swizzle<1, 0>(out[0]);
  V3 v3 = clc::swizzle<2, 1, 0>(out[1]);
  V4 v4 = clc::swizzle<3, 3, 2, 1>(out[2]);
  V8 v8 = clc::swizzle<0, 2, 4, 6, 8, 10, 12, 14>(out[3]);
  V16 v16 = out[4];

  // Reads.
  EXPECT_TYPE(T, clc::swizzle<0>(v2));
  EXPECT_TYPE(V3, clc::swizzle<0, 0, 1>(v2));
  EXPECT_TYPE(V2, clc::swizzle<2, 3>(v3)); // float3.hi
  EXPECT_TYPE(V2, clc::swizzle<1, 3>(v3)); // float3.odd
  EXPECT_TYPE(V4, clc::swizzle<3, 2, 1, 0>(v4));
  EXPECT_TYPE(V4, clc::swizzle<4, 5, 6, 7>(v8)); // .hi
  EXPECT_TYPE(V16, clc::swizzle<15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0>(v16));
  T sum = v2.x + v2.y + v3.x + v3.y + v3.z + v4.x + v4.y + v4.z + v4.w + v8.s0 + v8.s7 + v16.s9 +
          v16.sa + v16.sf;

  // Writes.
  clc::swizzle_ref<1, 0>(v2) = clc::swizzle<0, 1>(v2);
  clc::swizzle_ref<0, 2>(v3) = V2(sum, T(1));
  clc::swizzle_ref<2, 3>(v3) = V2(T(2)); // float3.hi = ...
  clc::swizzle_ref<3, 1>(v4) += clc::swizzle<0, 2>(v4);
  clc::swizzle_ref<0, 1, 2, 3>(v8) -= T(1);
  clc::swizzle_ref<1, 3, 5, 7, 9, 11, 13, 15>(v16) *= v8;
  clc::swizzle_ref<2>(v4) = T(3);
  clc::swizzle_ref<3>(v16) += T(4);
  clc::swizzle_ref<0, 1>(v4)++;
  --clc::swizzle_ref<2, 3>(v4);
  V2 old = clc::swizzle_ref<1, 0>(v2)--;
  clc::swizzle_ref<1, 0>(v2) = clc::swizzle_ref<0, 1>(v2); // proxy to proxy
  clc::swizzle_ref<0>(clc::swizzle_ref<2, 3>(v4)) = T(5);  // v.zw.x = ...
  EXPECT_TYPE(T, clc::swizzle<1>(clc::swizzle_ref<2, 3>(v4)));
  typedef clc::swizzle_proxy<T, 4, 3, 2> ProxyOfWZ;
  EXPECT_TYPE(ProxyOfWZ &, clc::swizzle_ref<1, 0>(clc::swizzle_ref<2, 3>(v4)) = V2(T(1)));
  V2 assigned = (clc::swizzle_ref<0, 1>(v8) = old);
  v16.sf = v2.x + assigned.y;
  v8.s3 = T(6);

  out[5] = V16(v2, v3, v4.x, v8, v4.w, v2.y);
  out[6] = v16;
}

extern "C" __global__ void swizzle_all_types(void *out) {
  swizzles<char>(out);
  swizzles<uchar>(out);
  swizzles<short>(out);
  swizzles<ushort>(out);
  swizzles<int>(out);
  swizzles<uint>(out);
  swizzles<long>(out);
  swizzles<ulong>(out);
  swizzles<float>(out);
  swizzles<double>(out);
}
