// RUN-OPTIONS: -I %S/include -D ROW_ELEMENTS=8
// User headers: compile mode expands them in place (with #line); readable
// mode inlines, translated, a header that needs edits and keeps an #include
// of one that does not.
#include "common.h"
#include "plain.h"
// READABLE: // OpenCL C macros this program uses
// READABLE-NEXT: #ifndef ROW_ELEMENTS
// READABLE-NEXT: #define ROW_ELEMENTS 8
// READABLE: // cl2cuda: "{{.*}}common.h", translated and inlined
// READABLE: typedef clc::float4 vec_t;
// READABLE-NEXT: __device__ inline clc::float4 scaled(clc::float4 v, float s) { return v * s; }
// READABLE: // cl2cuda: end of "{{.*}}common.h"
// READABLE-NEXT: #include "plain.h"
// COMPILE: #line 5 "{{.*}}common.h"
// COMPILE-NEXT: typedef clc::float4 vec_t;
// COMPILE: #line {{[0-9]+}} "includes.cl"
// A name computed by macros (hashcat's #include M2S(INCLUDE_PATH/x.h)): the
// whole directive line is replaced by the header.
#define STRINGIFY(x) #x
#define HEADER(name) STRINGIFY(name)
#include HEADER(computed.h)
// READABLE: #define HEADER(name) STRINGIFY(name)
// READABLE-NEXT: // cl2cuda: "{{.*}}computed.h", translated and inlined
// READABLE-NEXT: // Included through a computed name (includes.cl).
// READABLE-NEXT: typedef clc::float2 pair_t;
// READABLE-NEXT: // cl2cuda: end of "{{.*}}computed.h"
// READABLE-NEXT: extern "C" __global__ void includes(
kernel void includes(global vec_t *out) {
  // COMPILE: out[((0) * 64 + (clc::get_global_id(clc_ndrange, 0)))] = scaled(out[0], 16);
  // READABLE: out[INDEX((size_t)blockIdx.x * blockDim.x + threadIdx.x, 0)] = scaled(out[0], TILE);
  out[INDEX(get_global_id(0), 0)] = scaled(out[0], TILE);
}
