// 3x3 Laplacian edge filter on an 8-bit grayscale image:
//   1  1  1
//   1 -8  1
//   1  1  1
// Pixels beyond the border repeat the border's; |response| is saturated to 0..255.
__kernel void laplacian(__global const uchar *in, __global uchar *out, int width, int height) {
  int x = get_global_id(0);
  int y = get_global_id(1);
  if (x >= width || y >= height)
    return; // the global size is rounded up to whole work-groups

  int sum = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      sum += in[clamp(y + dy, 0, height - 1) * width + clamp(x + dx, 0, width - 1)];
  int response = sum - 9 * in[y * width + x]; // eight neighbours minus 8 x centre
  out[y * width + x] = convert_uchar_sat(abs(response));
}
