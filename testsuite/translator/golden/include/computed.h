// Included through a computed name (includes.cl).
typedef float2 pair_t;
