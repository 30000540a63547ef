// vload_half/vstore_half: the conversions to half in every rounding mode from
// float and double, the vector and aligned (vloada/vstorea) forms and their
// offsets, and half to float for every half.
#include <clc/vload.h>

// Five halves per input: default, rte, rtz, rtp, rtn.
template <class T> __device__ void store_every_rounding(const T *in, clc::half *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  clc::vstore_half(in[i], 5 * i, out);
  clc::vstore_half<1, clc::rte>(in[i], 5 * i + 1, out);
  clc::vstore_half<1, clc::rtz>(in[i], 5 * i + 2, out);
  clc::vstore_half<1, clc::rtp>(in[i], 5 * i + 3, out);
  clc::vstore_half<1, clc::rtn>(in[i], 5 * i + 4, out);
}
extern "C" __global__ void store_float(const float *in, clc::half *out, int n) {
  store_every_rounding(in, out, n);
}
extern "C" __global__ void store_double(const double *in, clc::half *out, int n) {
  store_every_rounding(in, out, n);
}

// Every half pattern (one per work-item) to float.
extern "C" __global__ void load_every_half(const clc::half *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = clc::vload_half(i, in);
}

// Vector forms: vstore_half4_rtz at offset 1 (halves 4..7), vstorea_half3 at
// offset 2 (halves 8..10 of an aligned 4), vstore_half3 at offset 3 (halves
// 9..11: packed), then the loads of the same places.
extern "C" __global__ void vector_forms(const clc::float4 *in, clc::half *out4, clc::half *outa3,
                                        clc::half *out3, clc::float4 *loaded) {
  clc::float4 v = in[0];
  clc::vstore_half<4, clc::rtz>(v, 1, out4);
  clc::vstorea_half<3>(clc::swizzle<0, 1, 2>(v), 2, outa3);
  clc::vstore_half<3, clc::rtp>(clc::double3(clc::swizzle<3, 2, 1>(v)), 3, out3);
  loaded[0] = clc::vload_half<4>(1, out4);
  loaded[1] = clc::float4(clc::vloada_half<3>(2, outa3), 0.0f);
  loaded[2] = clc::float4(clc::vload_half<3>(3, out3), 0.0f);
  loaded[3] = clc::float4(clc::vload_half<2>(4, out4), clc::vloada_half<2>(5, outa3));
}

// vloadN/vstoreN on element-aligned addresses.
extern "C" __global__ void vector_loads(const int *in, int *out) {
  clc::int3 a = clc::vload<3>(1, in + 1);           // in[4..6]
  clc::int16 b = clc::vload<16>(0, in + 3);         // in[3..18]
  clc::vstore<3>(a, 2, out + 1);                    // out[7..9]
  clc::vstore<16>(b, 1, out + 4);                   // out[20..35]
  clc::vstore<2>(clc::vload<2>(3, in), 0, out + 1); // in[6..7] -> out[1..2]
}
