// Jacobi relaxation of the heat equation on an n x n grid of temperatures in
// fixed point (1/65536 degree), all in integers, so every platform computes
// the same bits.

// One relaxation of the interior: each cell becomes half itself and an
// eighth of each of its four neighbours, rounded to nearest. The edges are
// the boundary's (next kernel).
__kernel void relax(__global const int *from, __global int *to, int n) {
  int x = get_global_id(0);
  int y = get_global_id(1);
  if (x < 1 || y < 1 || x >= n - 1 || y >= n - 1)
    return; // an edge, or beyond the grid: the global size is whole work-groups
  int i = y * n + x;
  int sum = 4 * from[i] + from[i - 1] + from[i + 1] + from[i - n] + from[i + n];
  to[i] = (sum + 4) >> 3;
}

// The edges of the grid just relaxed: the left edge is a heater (`hot` in
// its middle half, `ambient` elsewhere), the right edge is held at 0, the top
// and bottom are insulated (each copies the row inside it). Work-item i does
// row i's two ends and column i's two ends.
__kernel void boundary(__global int *grid, int n, int hot, int ambient) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  grid[i * n] = (i >= n / 4 && i < n - n / 4) ? hot : ambient;
  grid[i * n + n - 1] = 0;
  if (i >= 1 && i < n - 1) {
    grid[i] = grid[n + i];
    grid[(n - 1) * n + i] = grid[(n - 2) * n + i];
  }
}

// One work-item: appends the centre cell's temperature to `history`.
// `count` is the number of probes so far, kept on the device so that the
// same recorded command appends at the next place every time.
__kernel void probe(__global const int *grid, int n, __global int *history,
                    __global uint *count, uint capacity) {
  uint k = *count;
  if (k < capacity)
    history[k] = grid[(n / 2) * n + n / 2];
  *count = k + 1;
}
