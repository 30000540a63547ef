// EXPECT-STATUS: 1
// Images are not supported: a build error at the user's file:line:col.
kernel void blur(read_only image2d_t image, sampler_t sampler, global float4 *out) {
  out[0] = read_imagef(image, sampler, (int2)(0, 0));
}
// LOG: images.cl:3:28: error: type 'image2d_t' is not supported by clcuda: Images are not supported.
// LOG: images.cl:3:45: error: type 'sampler_t' is not supported by clcuda: Samplers are not supported (no images).
// LOG: images.cl:4:12: error: 'read_imagef' is not supported by clcuda: Images are not supported.
