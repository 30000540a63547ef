// Vector data load and store functions (OpenCL C 6.15.10): vloadN/vstoreN as
// clc::vload<N>/clc::vstore<N>, and the half forms, whose float conversions
// use the PTX cvt instructions (no CUDA header needed).
#pragma once

#include <clc/core.h>

namespace clc {

namespace detail {
// The components are read and written one by one (p only needs the alignment
// of T), each at a constant index: NVVM keeps the vector in registers.
template <int N, class T, int... I>
__device__ inline vec<T, N> load_components(const T *first, indices<I...>) {
  return vec<T, N>(first[I]...);
}
template <class T, int N, int... I>
__device__ inline void store_components(const vec<T, N> &data, T *first, indices<I...>) {
  ((first[I] = data.elem[I]), ...);
}
} // namespace detail

template <int N, class T> __device__ inline vec<T, N> vload(size_t offset, const T *p) {
  return detail::load_components<N>(p + offset * N, detail::make_indices<N>());
}
template <int N, class T> __device__ inline void vstore(vec<T, N> data, size_t offset, T *p) {
  detail::store_components(data, p + offset * N, detail::make_indices<N>());
}

namespace detail {
// vload_half reads N halves from offset * N, vloada_half from offset * the
// aligned size (a 3-vector takes 4); the store forms likewise.
template <int N> constexpr size_t aligned_components = N == 3 ? 4 : N;

template <int N> __device__ inline auto load_halves(const half *first) {
  if constexpr (N == 1) {
    return float(first[0]);
  } else {
    vec<float, N> r;
    for (int i = 0; i < N; ++i)
      r.elem[i] = float(first[i]);
    return r;
  }
}
template <int N, class R, class V> __device__ inline void store_halves(V data, half *first) {
  static_assert(vec_size<V> == N && is_floating<element_t<V>>,
                "vstore_halfN stores N floats or doubles");
  for (int i = 0; i < N; ++i)
    first[i] = to_half(component(data, i), rounding_t<R, rte>());
}
} // namespace detail

// vload_half(i, p) is clc::vload_half(i, p); vload_halfN is clc::vload_half<N>.
template <int N = 1> __device__ inline auto vload_half(size_t offset, const half *p) {
  return detail::load_halves<N>(p + offset * N);
}
template <int N> __device__ inline auto vloada_half(size_t offset, const half *p) {
  return detail::load_halves<N>(p + offset * detail::aligned_components<N>);
}
// vstore_half_rtz(v, i, p) is clc::vstore_half<1, clc::rtz>(v, i, p).
template <int N = 1, class R = rdefault, class V>
__device__ inline void vstore_half(V data, size_t offset, half *p) {
  detail::store_halves<N, R>(data, p + offset * N);
}
template <int N, class R = rdefault, class V>
__device__ inline void vstorea_half(V data, size_t offset, half *p) {
  detail::store_halves<N, R>(data, p + offset * detail::aligned_components<N>);
}

} // namespace clc
