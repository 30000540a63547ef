// Each thread stores 128 sixteen-float vectors (2,048 floats) in straight-line
// code, as kernels/store_run.cl does: CUDA has no float16, so a vector is
// four float4. Vector k of thread i sits at k * n + i; adding k tells the
// vectors apart. Streams 128 bytes per vector.
struct alignas(64) Float16 {
  float4 part[4];
};

__device__ Float16 twicePlus(const Float16 &v, float k) {
  Float16 r;
  for (int p = 0; p < 4; ++p)
    r.part[p] = make_float4(2.0f * v.part[p].x + k, 2.0f * v.part[p].y + k,
                            2.0f * v.part[p].z + k, 2.0f * v.part[p].w + k);
  return r;
}

extern "C" __global__ void store_run(const Float16 *src, Float16 *dst, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  dst[0u * n + i] = twicePlus(src[0u * n + i], 0.0f);
  dst[1u * n + i] = twicePlus(src[1u * n + i], 1.0f);
  dst[2u * n + i] = twicePlus(src[2u * n + i], 2.0f);
  dst[3u * n + i] = twicePlus(src[3u * n + i], 3.0f);
  dst[4u * n + i] = twicePlus(src[4u * n + i], 4.0f);
  dst[5u * n + i] = twicePlus(src[5u * n + i], 5.0f);
  dst[6u * n + i] = twicePlus(src[6u * n + i], 6.0f);
  dst[7u * n + i] = twicePlus(src[7u * n + i], 7.0f);
  dst[8u * n + i] = twicePlus(src[8u * n + i], 8.0f);
  dst[9u * n + i] = twicePlus(src[9u * n + i], 9.0f);
  dst[10u * n + i] = twicePlus(src[10u * n + i], 10.0f);
  dst[11u * n + i] = twicePlus(src[11u * n + i], 11.0f);
  dst[12u * n + i] = twicePlus(src[12u * n + i], 12.0f);
  dst[13u * n + i] = twicePlus(src[13u * n + i], 13.0f);
  dst[14u * n + i] = twicePlus(src[14u * n + i], 14.0f);
  dst[15u * n + i] = twicePlus(src[15u * n + i], 15.0f);
  dst[16u * n + i] = twicePlus(src[16u * n + i], 16.0f);
  dst[17u * n + i] = twicePlus(src[17u * n + i], 17.0f);
  dst[18u * n + i] = twicePlus(src[18u * n + i], 18.0f);
  dst[19u * n + i] = twicePlus(src[19u * n + i], 19.0f);
  dst[20u * n + i] = twicePlus(src[20u * n + i], 20.0f);
  dst[21u * n + i] = twicePlus(src[21u * n + i], 21.0f);
  dst[22u * n + i] = twicePlus(src[22u * n + i], 22.0f);
  dst[23u * n + i] = twicePlus(src[23u * n + i], 23.0f);
  dst[24u * n + i] = twicePlus(src[24u * n + i], 24.0f);
  dst[25u * n + i] = twicePlus(src[25u * n + i], 25.0f);
  dst[26u * n + i] = twicePlus(src[26u * n + i], 26.0f);
  dst[27u * n + i] = twicePlus(src[27u * n + i], 27.0f);
  dst[28u * n + i] = twicePlus(src[28u * n + i], 28.0f);
  dst[29u * n + i] = twicePlus(src[29u * n + i], 29.0f);
  dst[30u * n + i] = twicePlus(src[30u * n + i], 30.0f);
  dst[31u * n + i] = twicePlus(src[31u * n + i], 31.0f);
  dst[32u * n + i] = twicePlus(src[32u * n + i], 32.0f);
  dst[33u * n + i] = twicePlus(src[33u * n + i], 33.0f);
  dst[34u * n + i] = twicePlus(src[34u * n + i], 34.0f);
  dst[35u * n + i] = twicePlus(src[35u * n + i], 35.0f);
  dst[36u * n + i] = twicePlus(src[36u * n + i], 36.0f);
  dst[37u * n + i] = twicePlus(src[37u * n + i], 37.0f);
  dst[38u * n + i] = twicePlus(src[38u * n + i], 38.0f);
  dst[39u * n + i] = twicePlus(src[39u * n + i], 39.0f);
  dst[40u * n + i] = twicePlus(src[40u * n + i], 40.0f);
  dst[41u * n + i] = twicePlus(src[41u * n + i], 41.0f);
  dst[42u * n + i] = twicePlus(src[42u * n + i], 42.0f);
  dst[43u * n + i] = twicePlus(src[43u * n + i], 43.0f);
  dst[44u * n + i] = twicePlus(src[44u * n + i], 44.0f);
  dst[45u * n + i] = twicePlus(src[45u * n + i], 45.0f);
  dst[46u * n + i] = twicePlus(src[46u * n + i], 46.0f);
  dst[47u * n + i] = twicePlus(src[47u * n + i], 47.0f);
  dst[48u * n + i] = twicePlus(src[48u * n + i], 48.0f);
  dst[49u * n + i] = twicePlus(src[49u * n + i], 49.0f);
  dst[50u * n + i] = twicePlus(src[50u * n + i], 50.0f);
  dst[51u * n + i] = twicePlus(src[51u * n + i], 51.0f);
  dst[52u * n + i] = twicePlus(src[52u * n + i], 52.0f);
  dst[53u * n + i] = twicePlus(src[53u * n + i], 53.0f);
  dst[54u * n + i] = twicePlus(src[54u * n + i], 54.0f);
  dst[55u * n + i] = twicePlus(src[55u * n + i], 55.0f);
  dst[56u * n + i] = twicePlus(src[56u * n + i], 56.0f);
  dst[57u * n + i] = twicePlus(src[57u * n + i], 57.0f);
  dst[58u * n + i] = twicePlus(src[58u * n + i], 58.0f);
  dst[59u * n + i] = twicePlus(src[59u * n + i], 59.0f);
  dst[60u * n + i] = twicePlus(src[60u * n + i], 60.0f);
  dst[61u * n + i] = twicePlus(src[61u * n + i], 61.0f);
  dst[62u * n + i] = twicePlus(src[62u * n + i], 62.0f);
  dst[63u * n + i] = twicePlus(src[63u * n + i], 63.0f);
  dst[64u * n + i] = twicePlus(src[64u * n + i], 64.0f);
  dst[65u * n + i] = twicePlus(src[65u * n + i], 65.0f);
  dst[66u * n + i] = twicePlus(src[66u * n + i], 66.0f);
  dst[67u * n + i] = twicePlus(src[67u * n + i], 67.0f);
  dst[68u * n + i] = twicePlus(src[68u * n + i], 68.0f);
  dst[69u * n + i] = twicePlus(src[69u * n + i], 69.0f);
  dst[70u * n + i] = twicePlus(src[70u * n + i], 70.0f);
  dst[71u * n + i] = twicePlus(src[71u * n + i], 71.0f);
  dst[72u * n + i] = twicePlus(src[72u * n + i], 72.0f);
  dst[73u * n + i] = twicePlus(src[73u * n + i], 73.0f);
  dst[74u * n + i] = twicePlus(src[74u * n + i], 74.0f);
  dst[75u * n + i] = twicePlus(src[75u * n + i], 75.0f);
  dst[76u * n + i] = twicePlus(src[76u * n + i], 76.0f);
  dst[77u * n + i] = twicePlus(src[77u * n + i], 77.0f);
  dst[78u * n + i] = twicePlus(src[78u * n + i], 78.0f);
  dst[79u * n + i] = twicePlus(src[79u * n + i], 79.0f);
  dst[80u * n + i] = twicePlus(src[80u * n + i], 80.0f);
  dst[81u * n + i] = twicePlus(src[81u * n + i], 81.0f);
  dst[82u * n + i] = twicePlus(src[82u * n + i], 82.0f);
  dst[83u * n + i] = twicePlus(src[83u * n + i], 83.0f);
  dst[84u * n + i] = twicePlus(src[84u * n + i], 84.0f);
  dst[85u * n + i] = twicePlus(src[85u * n + i], 85.0f);
  dst[86u * n + i] = twicePlus(src[86u * n + i], 86.0f);
  dst[87u * n + i] = twicePlus(src[87u * n + i], 87.0f);
  dst[88u * n + i] = twicePlus(src[88u * n + i], 88.0f);
  dst[89u * n + i] = twicePlus(src[89u * n + i], 89.0f);
  dst[90u * n + i] = twicePlus(src[90u * n + i], 90.0f);
  dst[91u * n + i] = twicePlus(src[91u * n + i], 91.0f);
  dst[92u * n + i] = twicePlus(src[92u * n + i], 92.0f);
  dst[93u * n + i] = twicePlus(src[93u * n + i], 93.0f);
  dst[94u * n + i] = twicePlus(src[94u * n + i], 94.0f);
  dst[95u * n + i] = twicePlus(src[95u * n + i], 95.0f);
  dst[96u * n + i] = twicePlus(src[96u * n + i], 96.0f);
  dst[97u * n + i] = twicePlus(src[97u * n + i], 97.0f);
  dst[98u * n + i] = twicePlus(src[98u * n + i], 98.0f);
  dst[99u * n + i] = twicePlus(src[99u * n + i], 99.0f);
  dst[100u * n + i] = twicePlus(src[100u * n + i], 100.0f);
  dst[101u * n + i] = twicePlus(src[101u * n + i], 101.0f);
  dst[102u * n + i] = twicePlus(src[102u * n + i], 102.0f);
  dst[103u * n + i] = twicePlus(src[103u * n + i], 103.0f);
  dst[104u * n + i] = twicePlus(src[104u * n + i], 104.0f);
  dst[105u * n + i] = twicePlus(src[105u * n + i], 105.0f);
  dst[106u * n + i] = twicePlus(src[106u * n + i], 106.0f);
  dst[107u * n + i] = twicePlus(src[107u * n + i], 107.0f);
  dst[108u * n + i] = twicePlus(src[108u * n + i], 108.0f);
  dst[109u * n + i] = twicePlus(src[109u * n + i], 109.0f);
  dst[110u * n + i] = twicePlus(src[110u * n + i], 110.0f);
  dst[111u * n + i] = twicePlus(src[111u * n + i], 111.0f);
  dst[112u * n + i] = twicePlus(src[112u * n + i], 112.0f);
  dst[113u * n + i] = twicePlus(src[113u * n + i], 113.0f);
  dst[114u * n + i] = twicePlus(src[114u * n + i], 114.0f);
  dst[115u * n + i] = twicePlus(src[115u * n + i], 115.0f);
  dst[116u * n + i] = twicePlus(src[116u * n + i], 116.0f);
  dst[117u * n + i] = twicePlus(src[117u * n + i], 117.0f);
  dst[118u * n + i] = twicePlus(src[118u * n + i], 118.0f);
  dst[119u * n + i] = twicePlus(src[119u * n + i], 119.0f);
  dst[120u * n + i] = twicePlus(src[120u * n + i], 120.0f);
  dst[121u * n + i] = twicePlus(src[121u * n + i], 121.0f);
  dst[122u * n + i] = twicePlus(src[122u * n + i], 122.0f);
  dst[123u * n + i] = twicePlus(src[123u * n + i], 123.0f);
  dst[124u * n + i] = twicePlus(src[124u * n + i], 124.0f);
  dst[125u * n + i] = twicePlus(src[125u * n + i], 125.0f);
  dst[126u * n + i] = twicePlus(src[126u * n + i], 126.0f);
  dst[127u * n + i] = twicePlus(src[127u * n + i], 127.0f);
}
