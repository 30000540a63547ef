// Vector constructors of several scalars and vectors (the forms of the CTS's
// vector_creation): each argument lands at its offset, converted to the
// element type, in constant expressions and at run time.
#include <clc/core.h>
#include <clc/vload.h>

constexpr clc::int8 mixed = clc::int8(1, clc::int2(2, 3), clc::int3(4, 5, 6), 7, 8);
static_assert(mixed.elem[0] == 1 && mixed.elem[1] == 2 && mixed.elem[2] == 3, "offsets");
static_assert(mixed.elem[3] == 4 && mixed.elem[5] == 6 && mixed.elem[6] == 7 && mixed.elem[7] == 8,
              "offsets");
constexpr clc::float4 converted = clc::float4(clc::int2(1, 2), 3u, 4.5);
static_assert(converted.elem[1] == 2.0f && converted.elem[3] == 4.5f, "conversions");
constexpr clc::char16 halves = clc::char16(clc::char8(0, 1, 2, 3, 4, 5, 6, 7),
                                           clc::char4(8, 9, 10, 11), clc::char3(12, 13, 14), 15);
static_assert(halves.elem[8] == 8 && halves.elem[14] == 14 && halves.elem[15] == 15, "16-wide");
__constant__ clc::short3 constant_parts = clc::short3(clc::short2(1, 2), 3);

extern "C" __global__ void vector_creation(const char *src, clc::char16 *result,
                                           volatile clc::char2 *shared_pair) {
  result[0] =
      clc::char16(clc::vload<3>(0, src + 0), clc::vload<3>(0, src + 3), clc::vload<3>(0, src + 6),
                  clc::vload<4>(0, src + 9), src[13], clc::vload<2>(0, src + 14));
  result[1] = clc::char16(clc::vload<8>(0, src), clc::vload<4>(0, src + 8), *shared_pair, src[14],
                          char(constant_parts.z));
}
