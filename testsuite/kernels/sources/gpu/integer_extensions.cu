// cl_khr_extended_bit_ops and cl_khr_integer_dot_product
// (gpu_integer_extensions_test.cpp compares every result with a host
// reference).
#include <clc/geometric.h>
#include <clc/integer.h>
#include <clc/vload.h>

// bit_ops_<type><N>: work-item i applies the four bit operations to the i-th
// N-component value of base (and insert), with offset[i] and count[i]; N = 1
// is the scalar form.
template <class T, int N>
__device__ void bit_ops(const T *base, const T *insert, const uint *offset, const uint *count,
                        T *inserted, clc::detail::signed_t<T> *extracted_signed,
                        clc::detail::unsigned_t<T> *extracted_unsigned, T *reversed, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if constexpr (N == 1) {
    inserted[i] = clc::bitfield_insert(base[i], insert[i], offset[i], count[i]);
    extracted_signed[i] = clc::bitfield_extract_signed(base[i], offset[i], count[i]);
    extracted_unsigned[i] = clc::bitfield_extract_unsigned(base[i], offset[i], count[i]);
    reversed[i] = clc::bit_reverse(base[i]);
  } else {
    clc::vec<T, N> b = clc::vload<N>(i, base), s = clc::vload<N>(i, insert);
    clc::vstore<N>(clc::bitfield_insert(b, s, offset[i], count[i]), i, inserted);
    clc::vstore<N>(clc::bitfield_extract_signed(b, offset[i], count[i]), i, extracted_signed);
    clc::vstore<N>(clc::bitfield_extract_unsigned(b, offset[i], count[i]), i, extracted_unsigned);
    clc::vstore<N>(clc::bit_reverse(b), i, reversed);
  }
}

#define BIT_OPS(T, N, suffix)                                                                      \
  extern "C" __global__ void bit_ops_##T##suffix(                                                  \
      const T *base, const T *insert, const uint *offset, const uint *count, T *inserted,          \
      clc::detail::signed_t<T> *extracted_signed, clc::detail::unsigned_t<T> *extracted_unsigned,  \
      T *reversed, int n) {                                                                        \
    bit_ops<T, N>(base, insert, offset, count, inserted, extracted_signed, extracted_unsigned,     \
                  reversed, n);                                                                    \
  }
#define BIT_OPS_EVERY_WIDTH(T)                                                                     \
  BIT_OPS(T, 1, )                                                                                  \
  BIT_OPS(T, 2, 2) BIT_OPS(T, 3, 3) BIT_OPS(T, 4, 4) BIT_OPS(T, 8, 8) BIT_OPS(T, 16, 16)

BIT_OPS_EVERY_WIDTH(char)
BIT_OPS_EVERY_WIDTH(uchar)
BIT_OPS_EVERY_WIDTH(short)
BIT_OPS_EVERY_WIDTH(ushort)
BIT_OPS_EVERY_WIDTH(int)
BIT_OPS_EVERY_WIDTH(uint)
BIT_OPS_EVERY_WIDTH(long)
BIT_OPS_EVERY_WIDTH(ulong)

// Work-item i: the sixteen integer dot products of a[i] and b[i] (as uchar4,
// char4 and packed uint), accumulating acc[i] (as int or uint), in the order
// of gpu_integer_extensions_test.cpp's kDotForms.
extern "C" __global__ void integer_dot(const uint *a, const uint *b, const uint *acc, uint *r,
                                       int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const uint x = a[i], y = b[i], u = acc[i];
  const int s = int(u);
  const clc::uchar4 ux = clc::as<clc::uchar4>(x), uy = clc::as<clc::uchar4>(y);
  const clc::char4 sx = clc::as<clc::char4>(x), sy = clc::as<clc::char4>(y);
  uint *out = r + 16 * i;
  out[0] = clc::dot(ux, uy);
  out[1] = uint(clc::dot(sx, sy));
  out[2] = uint(clc::dot(ux, sy));
  out[3] = uint(clc::dot(sx, uy));
  out[4] = clc::dot_acc_sat(ux, uy, u);
  out[5] = uint(clc::dot_acc_sat(sx, sy, s));
  out[6] = uint(clc::dot_acc_sat(ux, sy, s));
  out[7] = uint(clc::dot_acc_sat(sx, uy, s));
  out[8] = clc::dot_4x8packed_uu_uint(x, y);
  out[9] = uint(clc::dot_4x8packed_ss_int(x, y));
  out[10] = uint(clc::dot_4x8packed_us_int(x, y));
  out[11] = uint(clc::dot_4x8packed_su_int(x, y));
  out[12] = clc::dot_acc_sat_4x8packed_uu_uint(x, y, u);
  out[13] = uint(clc::dot_acc_sat_4x8packed_ss_int(x, y, s));
  out[14] = uint(clc::dot_acc_sat_4x8packed_us_int(x, y, s));
  out[15] = uint(clc::dot_acc_sat_4x8packed_su_int(x, y, s));
}
