// Every explicit conversion from one source type: to each of the ten
// destination types, without and with saturation, in each rounding mode
// (default, rte, rtz, rtp, rtn). Results are widened into 64-bit slots:
// integers sign- or zero-extended, floating-point results as their bits.
#include <clc/convert.h>

template <class D> __device__ unsigned long long slot(D value) {
  if constexpr (clc::detail::is_same<D, float>)
    return clc::as<unsigned int>(value);
  else if constexpr (clc::detail::is_same<D, double>)
    return clc::as<unsigned long long>(value);
  else
    return (unsigned long long)value;
}

template <class D, class Sat, class S>
__device__ void every_rounding(S x, unsigned long long *out) {
  out[0] = slot(clc::convert<D, Sat, clc::rdefault>(x));
  out[1] = slot(clc::convert<D, Sat, clc::rte>(x));
  out[2] = slot(clc::convert<D, Sat, clc::rtz>(x));
  out[3] = slot(clc::convert<D, Sat, clc::rtp>(x));
  out[4] = slot(clc::convert<D, Sat, clc::rtn>(x));
}

template <class D, class S> __device__ void both_saturations(S x, unsigned long long *out) {
  every_rounding<D, clc::nosat>(x, out);
  every_rounding<D, clc::saturate>(x, out + 5);
}

// 100 slots per input: destination (char ... double) x saturation x rounding.
template <class S> __device__ void convert_to_all(S x, unsigned long long *out) {
  both_saturations<char>(x, out + 0);
  both_saturations<uchar>(x, out + 10);
  both_saturations<short>(x, out + 20);
  both_saturations<ushort>(x, out + 30);
  both_saturations<int>(x, out + 40);
  both_saturations<uint>(x, out + 50);
  both_saturations<long>(x, out + 60);
  both_saturations<ulong>(x, out + 70);
  both_saturations<float>(x, out + 80);
  both_saturations<double>(x, out + 90);
}

#define CONVERT_FROM(S)                                                                            \
  extern "C" __global__ void convert_from_##S(const S *in, unsigned long long *out, int n) {       \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                                                 \
    if (i < n)                                                                                     \
      convert_to_all(in[i], out + 100 * i);                                                        \
  }
CONVERT_FROM(char)
CONVERT_FROM(uchar)
CONVERT_FROM(short)
CONVERT_FROM(ushort)
CONVERT_FROM(int)
CONVERT_FROM(uint)
CONVERT_FROM(long)
CONVERT_FROM(ulong)
CONVERT_FROM(float)
CONVERT_FROM(double)

// The vector forms give the scalar results per component: float4 -> int4
// saturated rte, double3 -> float3 rtz, long8 -> uchar8 saturated,
// uint16 -> float16 rtp.
extern "C" __global__ void convert_vectors(const clc::float4 *f, const clc::double3 *d,
                                           const clc::long8 *l, const clc::uint16 *u,
                                           clc::int4 *to_int, clc::float3 *to_float,
                                           clc::uchar8 *to_uchar, clc::float16 *to_float16,
                                           int *scalar_mismatches) {
  int i = threadIdx.x, mismatches = 0;
  to_int[i] = clc::convert<clc::int4, clc::saturate, clc::rte>(f[i]);
  to_float[i] = clc::convert<clc::float3, clc::nosat, clc::rtz>(d[i]);
  to_uchar[i] = clc::convert<clc::uchar8, clc::saturate, clc::rdefault>(l[i]);
  to_float16[i] = clc::convert<clc::float16, clc::nosat, clc::rtp>(u[i]);
  for (int c = 0; c < 4; ++c)
    mismatches += to_int[i][c] != clc::convert<int, clc::saturate, clc::rte>(f[i][c]);
  for (int c = 0; c < 3; ++c)
    mismatches += clc::as<uint>(to_float[i][c]) !=
                  clc::as<uint>(clc::convert<float, clc::nosat, clc::rtz>(d[i][c]));
  for (int c = 0; c < 8; ++c)
    mismatches += to_uchar[i][c] != clc::convert<uchar, clc::saturate, clc::rdefault>(l[i][c]);
  for (int c = 0; c < 16; ++c)
    mismatches += clc::as<uint>(to_float16[i][c]) !=
                  clc::as<uint>(clc::convert<float, clc::nosat, clc::rtp>(u[i][c]));
  scalar_mismatches[i] = mismatches;
}
