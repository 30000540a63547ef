// printf: %vN conversions become N comma-separated elements.
kernel void print(global float4 *v, global int2 *i, global uchar8 *c) {
  float4 x = v[0];
  // CHECK: printf("x = %f,%f,%f,%f\n", x.x, x.y, x.z, x.w);
  printf("x = %v4hlf\n", x);
  // CHECK: printf("%d: %5.2f,%5.2f|%d,%d\n", 3, clc::swizzle<0, 1>((x + 1.0f)).x, clc::swizzle<0, 1>((x + 1.0f)).y, i[0].x, i[0].y);
  printf("%d: %5.2v2hlf|%v2hld\n", 3, (x + 1.0f).xy, i[0]);
  // CHECK: printf("%u,%u,%u,%u,%u,%u,%u,%u\n", (unsigned char)c[0].s0, (unsigned char)c[0].s1, (unsigned char)c[0].s2, (unsigned char)c[0].s3, (unsigned char)c[0].s4, (unsigned char)c[0].s5, (unsigned char)c[0].s6, (unsigned char)c[0].s7);
  printf("%v8hhu\n", c[0]);
  // A vector argument with side effects is evaluated once.
  // COMPILE: { const auto clc_printf_arg1 = i[clc::get_global_id(clc_ndrange, 0)]++; printf("%d,%d\n", clc_printf_arg1.x, clc_printf_arg1.y); }
  // READABLE: { const auto clc_printf_arg1 = i[(size_t)blockIdx.x * blockDim.x + threadIdx.x]++; printf("%d,%d\n", clc_printf_arg1.x, clc_printf_arg1.y); }
  printf("%v2hld\n", i[get_global_id(0)]++);
  // CHECK: printf("%s %%v4f %d\n", "plain", 1);
  printf("%s %%v4f %d\n", "plain", 1);
}
