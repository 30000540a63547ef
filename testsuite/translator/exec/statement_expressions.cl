// GNU statement expressions (darktable's kernels switch inside one): one
// whose value is discarded, and two whose values are used, one from a macro.
#define CLAMPED(v) ({ int c = (v); c < 0 ? 0 : c > 100 ? 100 : c; })
kernel void statement_expressions(global int *out, int kind) {
  int i = get_global_id(0);
  int x = 0;
  ({ switch ((i + kind) % 3) { case 0: { x = i; break; } case 1: { x = -i; break; } default: { x = 2 * i; break; } } });
  int total = ({ int s = 0; for (int n = 0; n < i % 7; ++n) { if (n > 4) break; s = s * 3 + n; } s; });
  out[i] = CLAMPED(x) * 1000 + total;
}
