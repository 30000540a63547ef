// Miscellaneous vector functions (OpenCL C 6.15.13): shuffle and shuffle2.
// vec_step is a compile-time operator the translator resolves.
#pragma once

#include <clc/core.h>

namespace clc {

// Component i of the result is x[mask[i]]; only the low bits of each mask
// component that can index x are used.
template <class T, int N, class M, int K, detail::if_integer<M> = 0>
__device__ inline vec<T, K> shuffle(vec<T, N> x, vec<M, K> mask) {
  vec<T, K> r;
  for (int i = 0; i < K; ++i)
    r.elem[i] = x.elem[mask.elem[i] & (N - 1)];
  return r;
}

// As shuffle, over the 2N components of x followed by y.
template <class T, int N, class M, int K, detail::if_integer<M> = 0>
__device__ inline vec<T, K> shuffle2(vec<T, N> x, vec<T, N> y, vec<M, K> mask) {
  vec<T, K> r;
  for (int i = 0; i < K; ++i) {
    int index = int(mask.elem[i] & (2 * N - 1));
    r.elem[i] = index < N ? x.elem[index] : y.elem[index - N];
  }
  return r;
}

} // namespace clc
