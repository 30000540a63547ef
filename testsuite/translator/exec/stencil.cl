// A 5-point stencil written with macros, on a 2D NDRange with a global offset;
// its buffers restrict (the SPIR-V a compiler makes of it marks them NoAlias).
#define IDX(x, y, w) ((y) * (w) + (x))
#define AT(img, x, y) img[IDX(x, y, width)]
#define CLAMP_COORD(v, hi) clamp((int)(v), 0, (int)(hi) - 1)
// READABLE: #define CLAMP_COORD(v, hi) clc::clamp((int)(v), 0, (int)(hi) - 1)
// READABLE: float lap = AT(in, xl, y) + AT(in, xr, y) + AT(in, x, yu) + AT(in, x, yd) - 4.0f * AT(in, x, y);
// COMPILE: int xl = clc::clamp((int)(x - 1), 0, (int)(width) - 1)
kernel void stencil(global const float *restrict in, global float *restrict out, int width, int height, float alpha) {
  int x = get_global_id(0) - get_global_offset(0), y = get_global_id(1) - get_global_offset(1);
  if (x >= width || y >= height)
    return;
  int xl = CLAMP_COORD(x - 1, width), xr = CLAMP_COORD(x + 1, width);
  int yu = CLAMP_COORD(y - 1, height), yd = CLAMP_COORD(y + 1, height);
  float lap = AT(in, xl, y) + AT(in, xr, y) + AT(in, x, yu) + AT(in, x, yd) - 4.0f * AT(in, x, y);
  AT(out, x, y) = AT(in, x, y) + alpha * lap;
}
