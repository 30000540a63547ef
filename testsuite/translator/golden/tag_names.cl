// C keeps struct, union and enum tags apart from typedef names; C++ does not.
// A tag that names another type than a typedef of the same name is renamed
// (the CTS's svm_set_kernel_exec_info_svm_ptrs declares `struct BufPtrs;`
// beside `typedef struct {...} BufPtrs;`).
// CHECK: struct BufPtrs_tag;
struct BufPtrs;

typedef struct {
  __global int *pA;
} BufPtrs;

// The usual `typedef struct S {...} S;` names one type: unchanged.
// CHECK: typedef struct Same { int x; } Same;
typedef struct Same { int x; } Same;
// CHECK: struct Other_tag { int y; };
struct Other { int y; };
typedef int Other;
// CHECK: enum Mode_tag { A };
enum Mode { A };
typedef float Mode;
// OpenCL C's own typedef names are free as tags too; CUDA has a struct float4.
// CHECK: typedef struct float4_tag { int x; } Quad;
typedef struct float4 { int x; } Quad;

// CHECK: void tags(BufPtrs *buffers, struct Other_tag *other, Same *same
kernel void tags(global BufPtrs *buffers, global struct Other *other, global Same *same,
                 global struct float4 *quad) {
  // CHECK: struct Other_tag copy = *other;
  struct Other copy = *other;
  Other n = copy.y;
  // CHECK: enum Mode_tag m = A;
  enum Mode m = A;
  Mode f = 1.0f;
  // CHECK: struct float4_tag q = *quad;
  struct float4 q = *quad;
  buffers->pA[get_global_id(0)] += n + same->x + m + (int)f + q.x;
}
