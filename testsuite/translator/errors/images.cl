// EXPECT-STATUS: 1
// RUN-OPTIONS: -cl-std=CL3.0
// Mipmaps and multi-sample images are not supported: Clang
// declares none of their builtins, so each use is a build error at the user's
// file:line:col.
kernel void blur(read_only image2d_t image, sampler_t sampler, global float4 *out) {
  out[0] = read_imagef(image, sampler, (float2)(0.0f, 0.0f), 1.0f);
  out[1].x = get_image_num_mip_levels(image);
}
// LOG: images.cl:7:12: error: no matching function for call to 'read_imagef'
// LOG: images.cl:8:14: error: use of undeclared identifier 'get_image_num_mip_levels'
