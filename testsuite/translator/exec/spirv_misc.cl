// The OpenCL C twin of spirv/misc.spvasm (exec_spirv_test.cpp): the
// remainder with the divisor's sign (SPIR-V's OpFMod), a vector times a
// scalar, a vector comparison and a copied object.
// COMPILE: clc::fmod(x, y)
__kernel void misc(__global const float *a, __global const float *b, __global float *r,
                   __global float4 *v, __global int4 *less) {
  size_t i = get_global_id(0);
  float x = a[i], y = b[i];
  float m = fmod(x, y);
  if (m != 0.0f && signbit(m) != signbit(y))
    m += y;
  r[i] = m;
  float4 scaled = v[i] * x;
  v[i] = scaled;
  less[i] = scaled < (float4)(0.5f);
}
