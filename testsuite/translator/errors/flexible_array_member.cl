// EXPECT-STATUS: 1
// C99's flexible array member has no equivalent in NVRTC's C++.
typedef struct { int count; int rest[]; } Flexible;

__kernel void size(__global int *out) { out[0] = sizeof(Flexible); }
// LOG: flexible_array_member.cl:3:33: error: flexible array member 'rest' has no CUDA equivalent: give the array a size [CLC2002]
