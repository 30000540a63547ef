// A declaration specifier written twice, which C takes with a warning and
// NVRTC's C++ refuses (a repeated typedef, static, extern, inline or signed)
// or warns of (a repeated const): the repeat goes, the one written in the
// file where a macro wrote the other, so that readable output keeps the
// macro's definition (found by a mutation run).
// READABLE: #define STATIC static
#define STATIC static
// CHECK-NOT: typedef typedef
// CHECK: typedef int count_t;
typedef typedef int count_t;
// CHECK-NOT: typedef typedef
// CHECK: typedef float first_t, second_t;
typedef typedef float first_t, second_t;
// CHECK-NOT: static static
// COMPILE: __device__ static int twice(int x) { return 2 * x; }
// READABLE: __device__ STATIC int twice(int x) { return 2 * x; }
static STATIC int twice(int x) { return 2 * x; }
// CHECK-NOT: inline inline
// CHECK: __device__ inline int thrice(int x) { return 3 * x; }
inline inline int thrice(int x) { return 3 * x; }
// CHECK-NOT: extern extern
// CHECK: __device__ extern int four(int x);
extern extern int four(int x);
int four(int x) { return 4 * x; }

kernel void specifiers(global int *out) {
  // CHECK: signed int s = -1;
  signed signed int s = -1;
  // CHECK: const int c = 5;
  const const int c = 5;
  count_t n = twice(1) + thrice(1) + four(1);
  first_t f = 0.5f;
  second_t g = 0.25f;
  out[get_global_id(0)] = n + s + c + (int)(f + g);
}
