// printf: the hh length modifier, which CUDA's printf misreads, becomes a cast
// to the char type the conversion reads; OpenCL's return value (0 or -1).
kernel void print(global int *out, global char2 *c, global uchar4 *u, global int2 *i) {
  // CHECK: printf("%d %i\n", (signed char)127, (signed char)(out[0] + 1));
  printf("%hhd %hhi\n", 127, out[0] + 1);
  // CHECK: printf("%x %#o %u %X\n", (unsigned char)-128, (unsigned char)out[1], (unsigned char)3, (unsigned char)4);
  printf("%hhx %#hho %hhu %hhX\n", -128, out[1], 3, 4);
  // Other length modifiers and conversions stay as they are.
  // CHECK: printf("%hd %hx %ld %c %s %%hhd\n", (short)1, (short)2, 3L, 'c', "s");
  printf("%hd %hx %ld %c %s %%hhd\n", (short)1, (short)2, 3L, 'c', "s");
  // CHECK: printf("%d,%d|%#x,%#x,%#x,%#x\n", (signed char)c[0].x, (signed char)c[0].y, (unsigned char)u[0].x, (unsigned char)u[0].y, (unsigned char)u[0].z, (unsigned char)u[0].w);
  printf("%v2hhd|%#v4hhx\n", c[0], u[0]);
  // A vector with side effects next to a cast scalar.
  // COMPILE: { const auto clc_printf_arg2 = i[clc::get_global_id(clc_ndrange, 0)]++; printf("%u %d,%d\n", (unsigned char)out[2], clc_printf_arg2.x, clc_printf_arg2.y); }
  // READABLE: { const auto clc_printf_arg2 = i[(size_t)blockIdx.x * blockDim.x + threadIdx.x]++; printf("%u %d,%d\n", (unsigned char)out[2], clc_printf_arg2.x, clc_printf_arg2.y); }
  printf("%hhu %v2hld\n", out[2], i[get_global_id(0)]++);
  // The value of a printf is OpenCL's: 0 on success, -1 on failure.
  // CHECK: out[3] = (printf("%d\n", 5) < 0 ? -1 : 0);
  out[3] = printf("%d\n", 5);
  // CHECK: if ((printf("%x\n", (unsigned char)6) < 0 ? -1 : 0) != 0)
  if (printf("%hhx\n", 6) != 0)
    out[4] = 1;
  // CHECK: (void)printf("x\n");
  (void)printf("x\n");
  // CHECK: printf("statement\n");
  printf("statement\n");
  // hh's cast is for integers: C++ refuses it on a pointer (found by the
  // translator's fuzz target).
  // CHECK: printf("%x\n", "abc");
  printf("%hhx\n", "abc");
}
