// printf's conversions as OpenCL C defines them (one work-item: the order of
// lines across work-items is unspecified). exec_printf_test.cpp compares what
// each platform prints with the spec's text; result[] holds the return values.
kernel void print_conversions(global int *result) {
  // CHECK: result[0] = (printf("hh: %d %d %x %o %u %X\n", (signed char)127, (signed char)-128, (unsigned char)127, (unsigned char)-128, (unsigned char)257, (unsigned char)171) < 0 ? -1 : 0);
  result[0] = printf("hh: %hhd %hhd %hhx %hho %hhu %hhX\n", 127, -128, 127, -128, 257, 171);
  result[1] = printf("h: %hd %hx %ho l: %ld %lx %lu\n", (short)-32767, (short)-32767,
                     (short)32767, 9223372036854775807L, -9223372036854775807L,
                     18446744073709551615UL);
  uchar2 u = (uchar2)(0xFA, 0xFB);
  char4 c = (char4)(-1, 2, -3, 4);
  result[2] = printf("v: %#v2hhx|%v4hhd|%#v2hx|%+v4hli|%v2ld|%2.2v4hlf|%05v4hlu\n", u, c,
                     (ushort2)(0x1234, 0x8765), (int4)(1, -2, 3, -4), (long2)(12345678, -98765432),
                     (float4)(1.0f, 2.0f, 3.0f, 4.0f), (uint4)(512, 1024, 262144, 1048576));
  result[3] = printf("f: %.6a %10.2a %.0f %.0f %4.2g %4G %-#20.15e %+8.2f\n", 0.5f, 1.5f, 0.1f,
                     0.6f, 12345.6789f, 0.0000023f, 789456123.0f, -10.3456f);
  result[4] = printf("limits: %f %e %G %F\n", 1.0f / 0.0f, -1.0f / 0.0f, 1.0f / 0.0f,
                     -1.0f / 0.0f);
  result[5] = printf("s: %s|%4s|%.1s|%%|%c|%s|%%s%s\n", "foo", "foo", "foo", 'B', "foo%%bar", "x");
  result[6] = printf("plain\n");
}

// Double arguments (cl_khr_fp64, which clcuda reports).
kernel void print_doubles(global int *result) {
  result[0] = printf("d: %f %.2f %g %a %E\n", 10.3456, 10.3456, 12345.6789, 1.5, 789456123.0);
}
