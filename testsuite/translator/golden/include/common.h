// A user header that needs translation (inlined in readable output).
#ifndef COMMON_H
#define COMMON_H
#define TILE 16
typedef float4 vec_t;
inline float4 scaled(float4 v, float s) { return v * s; }
#endif
