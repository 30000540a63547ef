// Math builtins against the reference within the spec's ULP bounds.
kernel void math(global const float *x, global float *trig, global float *explog, global float *powers,
                 global float *roots, global float *exact) {
  size_t i = get_global_id(0);
  float v = x[i];
  float s, c;
  s = sincos(v, &c);
  trig[2 * i] = sin(v) + s * 0.0f;
  trig[2 * i + 1] = cos(v) + c * 0.0f;
  explog[2 * i] = exp(v * 0.1f);
  explog[2 * i + 1] = log(fabs(v) + 1.0f);
  powers[i] = pow(fabs(v) + 0.5f, 1.7f);
  roots[i] = sqrt(fabs(v));
  float ip;
  exact[3 * i] = floor(v) + ceil(v * 0.5f) + fract(v, &ip) + ip + fmax(v, 0.25f) + copysign(1.0f, v);
  exact[3 * i + 1] = fma(v, 2.0f, 1.0f) + fabs(v) + rint(v) + trunc(v);
  exact[3 * i + 2] = ldexp(v, 3) + (float)ilogb(v + 100.0f) + fmin(v, -v) + step(0.0f, v);
}
