// Readable mode keeps macros: an edit inside a macro body is made in the
// #define when every expansion needs it, an edit in an argument in the
// argument; otherwise the call is replaced by its expansion.
#define GID get_global_id(0)
// READABLE: #define GID ((size_t)blockIdx.x * blockDim.x + threadIdx.x)
#define REAL float4
// READABLE: #define REAL clc::float4
#define SQUARE(x) ((x) * (x))
// READABLE: #define SQUARE(x) ((x) * (x))
#define LOAD(p, i) vload4(i, p)
// READABLE: #define LOAD(p, i) clc::vload<4>(i, p)
#define FIRST(v) v.x
// READABLE: #define FIRST(v) v.x
#define PAIR(v) v.xy
// READABLE: #define PAIR(v) v.xy
#define STR(x) #x

kernel void macros(global float *in, global float4 *out, global float2 *pairs, global float *scalars) {
  // COMPILE: size_t i = clc::get_global_id(clc_ndrange, 0);
  // READABLE: size_t i = GID;
  size_t i = GID;
  // READABLE: REAL v = LOAD(in, i);
  REAL v = LOAD(in, i);
  // An argument edit: the swizzle is made inside the argument.
  // READABLE: out[i] = SQUARE(clc::float4(v.x));
  out[i] = SQUARE((float4)(v.x));
  // FIRST works on a vector and on a struct-like value alike: no edit.
  // READABLE: scalars[i] = FIRST(v) + FIRST(out[0]);
  scalars[i] = FIRST(v) + FIRST(out[0]);
  // PAIR's body needs clc::swizzle for a vector: its calls are expanded.
  // READABLE: pairs[i] = clc::swizzle<0, 1>(v);
  pairs[i] = PAIR(v);
  // A swizzle with a comma inside a macro argument would split it: expanded.
  // READABLE: pairs[0] = ((clc::swizzle<1, 0>(v)) * (clc::swizzle<1, 0>(v)));
  pairs[0] = SQUARE(v.yx);
  printf("%s\n", STR(v.x + 1));
}

// A macro body or argument that several expansions share takes each edit
// once, however often it is expanded (SHOC's S3D indexing macros). The
// global offset keeps the NDRange parameter in readable mode.
#define THREAD (get_global_id(0))
// READABLE: #define THREAD (clc::get_global_id(clc_ndrange, 0))
#define AT(p, z) (p[(z) + THREAD])
#define TWICE(x) ((x) + (x))
float scaled(float x) { return x * get_global_size(0) + get_global_offset(0); }
#define SCALED(x) scaled(x)
// READABLE: #define SCALED(x) scaled(x, clc_ndrange)

kernel void shared_expansions(global float *data) {
  // READABLE: AT(data, 0) = AT(data, 1) + AT(data, 2);
  AT(data, 0) = AT(data, 1) + AT(data, 2);
  // READABLE: data[1] = TWICE(clc::get_global_id(clc_ndrange, 0)) + TWICE(scaled(data[0], clc_ndrange));
  data[1] = TWICE(get_global_id(0)) + TWICE(scaled(data[0]));
  // READABLE: data[2] = SCALED(data[0]) + SCALED(data[1]);
  data[2] = SCALED(data[0]) + SCALED(data[1]);
}
