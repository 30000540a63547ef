// Stencils, shaped by macros and by build options:
//   -DRADIUS=r            the stencil reaches r cells each way
//   -DGROUP_W=w -DGROUP_H=h   the 2D kernel's work-group size
#if !defined(RADIUS) || !defined(GROUP_W) || !defined(GROUP_H)
#error "build with -DRADIUS=... -DGROUP_W=... -DGROUP_H=..."
#endif

#define DIAMETER (2 * RADIUS + 1)
#define TILE_W (GROUP_W + 2 * RADIUS)
#define TILE_H (GROUP_H + 2 * RADIUS)
#define CLAMPED(v, size) clamp((int)(v), 0, (int)(size)-1)
#define AT(grid, x, y, width) (grid)[(y) * (width) + (x)]

// Weight by Manhattan distance from the centre: powers of two, so every
// product is exact and the sums are the same on every platform.
__constant float falloff[] = {0.25f, 0.125f, 0.0625f, 0.03125f, 0.015625f, 0.0078125f, 0.00390625f};
#define WEIGHT(dx, dy) falloff[abs(dx) + abs(dy)]

// 2D: the group's tile and its halo in local memory, loaded cooperatively
// with the borders clamped, then a (2 RADIUS + 1)^2 weighted sum per cell.
__kernel __attribute__((reqd_work_group_size(GROUP_W, GROUP_H, 1))) void
stencil_2d(__global const float *in, __global float *out, int width, int height) {
  __local float tile[TILE_H][TILE_W];
  int lx = get_local_id(0), ly = get_local_id(1);
  int origin_x = get_group_id(0) * GROUP_W - RADIUS;
  int origin_y = get_group_id(1) * GROUP_H - RADIUS;
  for (int ty = ly; ty < TILE_H; ty += GROUP_H)
    for (int tx = lx; tx < TILE_W; tx += GROUP_W)
      tile[ty][tx] = AT(in, CLAMPED(origin_x + tx, width), CLAMPED(origin_y + ty, height), width);
  barrier(CLK_LOCAL_MEM_FENCE);

  int x = get_global_id(0), y = get_global_id(1);
  if (x >= width || y >= height)
    return;
  float sum = 0.0f;
  for (int dy = -RADIUS; dy <= RADIUS; ++dy)
    for (int dx = -RADIUS; dx <= RADIUS; ++dx)
      sum += WEIGHT(dx, dy) * tile[ly + RADIUS + dy][lx + RADIUS + dx];
  AT(out, x, y, width) = sum;
}

// 1D integers: taps weighted RADIUS + 1 - |k|, written out by a macro.
#define TAP(k) (in[CLAMPED(i + (k), n)] * (RADIUS + 1 - abs(k)))

__kernel void stencil_1d(__global const int *in, __global int *out, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  int sum = 0;
  for (int k = -RADIUS; k <= RADIUS; ++k)
    sum += TAP(k);
  out[i] = sum;
}
