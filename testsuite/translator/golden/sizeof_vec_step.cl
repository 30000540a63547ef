// vec_step is folded to its value; sizeof keeps the (CUDA) type, whose layout
// equals OpenCL's (a 3-vector takes 4 slots), but for images and samplers,
// whose sizeof is OpenCL's (a handle's), not their CUDA stand-ins'.
kernel void sizes(global uint *out, global float3 *v, read_only image2d_t image) {
  // CHECK: out[0] = 4 + 4 + 16 + 1;
  out[0] = vec_step(float4) + vec_step(float3) + vec_step(uchar16) + vec_step(float);
  // CHECK: out[1] = 4;
  out[1] = vec_step(v[0]);
  // CHECK: out[2] = sizeof(clc::float3) + sizeof(clc::double2) + sizeof(v[0]);
  out[2] = sizeof(float3) + sizeof(double2) + sizeof(v[0]);
  // CHECK: out[3] = sizeof(int *);
  out[3] = sizeof(__global int *);
  // CHECK: out[4] = 8 + 8 + 8 + 8;
  out[4] = sizeof(image2d_t) + sizeof(image3d_t) + sizeof(image) + __alignof__(image1d_t);
  // CHECK: out[5] = 8;
  out[5] = sizeof(sampler_t);
}
