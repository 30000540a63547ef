// Vector sizes and alignments equal OpenCL's (a 3-vector takes 4 slots,
// alignment = size), vectors work as __shared__ arrays and in constant
// initializers (program-scope __constant), and so do scalar as_type and the
// INFINITY/NAN/HUGE_VAL constants.
#include <clc/core.h>

#define EXPECT_LAYOUT(type, scalar, n)                                                             \
  static_assert(sizeof(clc::type) == sizeof(scalar) * (n == 3 ? 4 : n), #type " size");            \
  static_assert(alignof(clc::type) == sizeof(clc::type), #type " alignment")
#define EXPECT_LAYOUTS(name, scalar)                                                               \
  EXPECT_LAYOUT(name##2, scalar, 2);                                                               \
  EXPECT_LAYOUT(name##3, scalar, 3);                                                               \
  EXPECT_LAYOUT(name##4, scalar, 4);                                                               \
  EXPECT_LAYOUT(name##8, scalar, 8);                                                               \
  EXPECT_LAYOUT(name##16, scalar, 16)
EXPECT_LAYOUTS(char, char);
EXPECT_LAYOUTS(uchar, uchar);
EXPECT_LAYOUTS(short, short);
EXPECT_LAYOUTS(ushort, ushort);
EXPECT_LAYOUTS(int, int);
EXPECT_LAYOUTS(uint, uint);
EXPECT_LAYOUTS(long, long);
EXPECT_LAYOUTS(ulong, ulong);
EXPECT_LAYOUTS(float, float);
EXPECT_LAYOUTS(double, double);
EXPECT_LAYOUTS(half, short);
static_assert(sizeof(long) == 8 && sizeof(ulong) == 8 && sizeof(size_t) == 8, "64-bit long");
static_assert(sizeof(clc::ndrange) == 112, "the struct the shim fills");

__constant__ clc::float4 constant_vector = clc::float4(1.0f, 2.0f, 3.0f, 4.0f);
__constant__ clc::int3 constant_vectors[2] = {clc::int3(1), clc::int3(clc::int2(2, 3), 4)};
__constant__ clc::float2 braced_vectors[2] = {{1.0f, 2.0f}, {3, 4}};
__constant__ float constant_infinity = clc::infinity<float>();
__constant__ double constant_huge = clc::infinity<double>();
__constant__ float constant_nan = clc::as<float>(2147483647); // Clang's NAN: as_float(INT_MAX)
__constant__ double constant_double_nan = clc::quiet_nan<double>();
constexpr uint bits = clc::as<uint>(1.0f);
static_assert(bits == 0x3f800000u, "as_type of a scalar is a constant expression");

extern "C" __global__ void use_constants(clc::float4 *out) {
  __shared__ clc::float4 tile[64];
  __shared__ clc::double3 wide[8];
  clc::short4 braced = {1, 2, 3, 4};
  tile[threadIdx.x % 64] =
      constant_vector + float(constant_vectors[1].z) + braced_vectors[1].y + float(braced.w);
  wide[threadIdx.x % 8] = clc::double3(constant_huge);
  __syncthreads();
  out[threadIdx.x] = tile[(threadIdx.x + 1) % 64] * constant_infinity + constant_nan +
                     float(wide[0].x + constant_double_nan) + float(bits);
}
